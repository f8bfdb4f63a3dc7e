//! Push subscriptions and the sendings claimed for them, in SQLite.

use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

/// One device's subscription, as the push service needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: String,
    pub user_id: String,
    pub device_id: String,
    /// The device's P-256 public key and auth secret, base64url.
    pub p256dh: String,
    pub auth: String,
    pub time_zone: String,
}

/// A sending this process claimed: where it goes and what it says.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub subscription: Subscription,
    pub source: String,
    pub due_at: i64,
    pub payload: String,
    /// How many times it has been tried, this one included.
    pub attempts: u32,
}

/// Keeps a device's subscription; an endpoint already known (the same browser
/// subscribing again, or after signing into another account) is replaced.
pub fn subscribe(conn: &Connection, s: &Subscription, now_ms: i64) -> Result<(), AppError> {
    conn.execute(
        "INSERT INTO push_subscriptions (endpoint, user_id, device_id, p256dh, auth, time_zone, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT(endpoint) DO UPDATE SET user_id = excluded.user_id, device_id = excluded.device_id,
           p256dh = excluded.p256dh, auth = excluded.auth, time_zone = excluded.time_zone",
        params![s.endpoint, s.user_id, s.device_id, s.p256dh, s.auth, s.time_zone, now_ms],
    )?;
    Ok(())
}

/// Forgets `user`'s subscription at `endpoint`; answers whether there was one.
pub fn unsubscribe(conn: &Connection, user: &str, endpoint: &str) -> Result<bool, AppError> {
    Ok(conn.execute(
        "DELETE FROM push_subscriptions WHERE endpoint = ?1 AND user_id = ?2",
        params![endpoint, user],
    )? > 0)
}

/// Forgets a subscription the push service says is gone.
pub fn remove(conn: &Connection, endpoint: &str) -> Result<(), AppError> {
    conn.execute(
        "DELETE FROM push_subscriptions WHERE endpoint = ?1",
        [endpoint],
    )?;
    Ok(())
}

fn subscription(r: &rusqlite::Row<'_>) -> rusqlite::Result<Subscription> {
    Ok(Subscription {
        endpoint: r.get(0)?,
        user_id: r.get(1)?,
        device_id: r.get(2)?,
        p256dh: r.get(3)?,
        auth: r.get(4)?,
        time_zone: r.get(5)?,
    })
}

const COLUMNS: &str = "endpoint, user_id, device_id, p256dh, auth, time_zone";

/// Every subscription, grouped by user.
pub fn all(conn: &Connection) -> Result<Vec<Subscription>, AppError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM push_subscriptions ORDER BY user_id, created_at"
    ))?;
    let rows = stmt.query_map([], subscription)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The subscriptions of one device of `user`.
pub fn of_device(
    conn: &Connection,
    user: &str,
    device: &str,
) -> Result<Vec<Subscription>, AppError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM push_subscriptions WHERE user_id = ?1 AND device_id = ?2"
    ))?;
    let rows = stmt.query_map([user, device], subscription)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Claims one sending: true when this call made the claim, false when it
/// was already made (by this process or another one on the same database).
pub fn claim(
    conn: &Connection,
    endpoint: &str,
    source: &str,
    due_at: i64,
    payload: &str,
) -> Result<bool, AppError> {
    Ok(conn.execute(
        "INSERT INTO push_sends (endpoint, source, due_at, payload, state, attempts)
         VALUES (?1, ?2, ?3, ?4, 'sending', 1) ON CONFLICT DO NOTHING",
        params![endpoint, source, due_at, payload],
    )? == 1)
}

/// Claims the sendings waiting for a retry whose time has come.
pub fn take_retries(conn: &Connection, now_ms: i64) -> Result<Vec<Claimed>, AppError> {
    let mut stmt = conn.prepare_cached(
        "UPDATE push_sends SET state = 'sending', attempts = attempts + 1
         WHERE state = 'retry' AND next_try_at <= ?1
         RETURNING endpoint, source, due_at, payload, attempts",
    )?;
    let due: Vec<(String, String, i64, String, u32)> = stmt
        .query_map([now_ms], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut claimed = Vec::with_capacity(due.len());
    for (endpoint, source, due_at, payload, attempts) in due {
        let found = conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM push_subscriptions WHERE endpoint = ?1"),
                [&endpoint],
                subscription,
            )
            .optional()?;
        if let Some(subscription) = found {
            claimed.push(Claimed {
                subscription,
                source,
                due_at,
                payload,
                attempts,
            });
        }
    }
    Ok(claimed)
}

/// What became of a sending.
pub fn settle(
    conn: &Connection,
    c: &Claimed,
    state: &str,
    next_try_at: Option<i64>,
) -> Result<(), AppError> {
    conn.execute(
        "UPDATE push_sends SET state = ?4, next_try_at = ?5
         WHERE endpoint = ?1 AND source = ?2 AND due_at = ?3",
        params![
            c.subscription.endpoint,
            c.source,
            c.due_at,
            state,
            next_try_at
        ],
    )?;
    Ok(())
}

/// Forgets sendings due before `before_ms` (their claims can no longer matter).
pub fn forget_sends(conn: &Connection, before_ms: i64) -> Result<usize, AppError> {
    Ok(conn.execute("DELETE FROM push_sends WHERE due_at < ?1", [before_ms])?)
}

/// Moves a job's mark to `to_ms` and answers where it stood (None the first
/// time). A mark never moves back.
pub fn advance_mark(conn: &Connection, job: &str, to_ms: i64) -> Result<Option<i64>, AppError> {
    let before = conn
        .query_row(
            "SELECT through_at FROM scheduler_marks WHERE job = ?1",
            [job],
            |r| r.get::<_, i64>(0),
        )
        .optional()?;
    conn.execute(
        "INSERT INTO scheduler_marks (job, through_at) VALUES (?1, ?2)
         ON CONFLICT(job) DO UPDATE SET through_at = max(through_at, excluded.through_at)",
        params![job, to_ms],
    )?;
    Ok(before)
}
