//! Push subscriptions, the sendings claimed for them (each once, whichever
//! process looks first) and the scheduler's mark.

use super::Store;
use super::sql::{Row, Sql};
use super::sync::{LiveRecord, live_records};
use crate::store::StoreError;
use manna_sync_protocol::Table;

/// One device's push subscription, as the push service needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushSubscription {
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
    pub subscription: PushSubscription,
    pub source: String,
    pub due_at: i64,
    pub payload: String,
    /// How many times it has been tried, this one included.
    pub attempts: u32,
}

/// What became of a subscription asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscribed {
    /// Kept (new, or replacing the same endpoint of the same user).
    Kept,
    /// The endpoint is another user's: it stays theirs.
    AnotherUsers,
    /// The device already has this many other subscriptions.
    DeviceFull(i64),
    /// The user already has this many other subscriptions.
    UserFull(i64),
}

/// Keeps a device's subscription. The same endpoint subscribed again by its
/// user (the same browser, another zone, a new device token) is replaced; an
/// endpoint of another user is never taken over; a new one is refused past
/// `per_device` subscriptions of the device or `per_user` of the user.
fn subscribe(
    c: &mut Sql<'_>,
    s: &PushSubscription,
    per_device: i64,
    per_user: i64,
    now_ms: i64,
) -> Result<Subscribed, StoreError> {
    let owner: Option<String> = c.query_opt(
        "SELECT user_id FROM push_subscriptions WHERE endpoint = ?1",
        &[&s.endpoint],
        |r| r.get(0),
    )?;
    match owner {
        Some(owner) if owner != s.user_id => return Ok(Subscribed::AnotherUsers),
        Some(_) => {}
        None => {
            let (of_device, of_user): (i64, i64) = c.query_one(
                "SELECT CAST(COALESCE(SUM(CASE WHEN device_id = ?2 THEN 1 ELSE 0 END), 0) AS BIGINT),
                        CAST(COUNT(*) AS BIGINT)
                 FROM push_subscriptions WHERE user_id = ?1",
                &[&s.user_id, &s.device_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            if of_device >= per_device {
                return Ok(Subscribed::DeviceFull(of_device));
            }
            if of_user >= per_user {
                return Ok(Subscribed::UserFull(of_user));
            }
        }
    }
    let kept = c.execute(
        "INSERT INTO push_subscriptions (endpoint, user_id, device_id, p256dh, auth, time_zone, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT(endpoint) DO UPDATE SET device_id = excluded.device_id,
           p256dh = excluded.p256dh, auth = excluded.auth, time_zone = excluded.time_zone
         WHERE push_subscriptions.user_id = excluded.user_id",
        &[&s.endpoint, &s.user_id, &s.device_id, &s.p256dh, &s.auth, &s.time_zone, &now_ms],
    )?;
    // Nothing written: another user subscribed it meanwhile.
    Ok(if kept == 0 {
        Subscribed::AnotherUsers
    } else {
        Subscribed::Kept
    })
}

/// Forgets the subscriptions of a device that is forgotten (logged out, or
/// signed out everywhere): its user's reminders no longer ring there.
pub(super) fn forget_device_pushes(c: &mut Sql<'_>, device_id: &str) -> Result<(), StoreError> {
    c.execute(
        "DELETE FROM push_subscriptions WHERE device_id = ?1",
        &[&device_id],
    )?;
    Ok(())
}

/// Forgets a subscription the push service says is gone.
fn remove(c: &mut Sql<'_>, endpoint: &str) -> Result<(), StoreError> {
    c.execute(
        "DELETE FROM push_subscriptions WHERE endpoint = ?1",
        &[&endpoint],
    )?;
    Ok(())
}

fn subscription(r: &Row<'_, '_>) -> Result<PushSubscription, StoreError> {
    Ok(PushSubscription {
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
fn all(c: &mut Sql<'_>) -> Result<Vec<PushSubscription>, StoreError> {
    c.query(
        &format!("SELECT {COLUMNS} FROM push_subscriptions ORDER BY user_id, created_at"),
        &[],
        subscription,
    )
}

/// The subscriptions of one user.
pub(super) fn subscriptions_of(
    c: &mut Sql<'_>,
    user: &str,
) -> Result<Vec<PushSubscription>, StoreError> {
    c.query(
        &format!("SELECT {COLUMNS} FROM push_subscriptions WHERE user_id = ?1 ORDER BY created_at"),
        &[&user],
        subscription,
    )
}

/// Claims one sending: true when this call made the claim, false when it
/// was already made (by this process or another one on the same database).
/// The claim is a lease: a sending still `sending` at `lease_until` (its
/// process stopped mid-way) is claimed again.
fn claim(
    c: &mut Sql<'_>,
    endpoint: &str,
    source: &str,
    due_at: i64,
    payload: &str,
    lease_until: i64,
) -> Result<bool, StoreError> {
    Ok(c.execute(
        "INSERT INTO push_sends (endpoint, source, due_at, payload, state, attempts, next_try_at)
         VALUES (?1, ?2, ?3, ?4, 'sending', 1, ?5) ON CONFLICT DO NOTHING",
        &[&endpoint, &source, &due_at, &payload, &lease_until],
    )? == 1)
}

/// Claims the sendings waiting for a retry whose time has come, and those
/// whose lease ran out while `sending` (their process stopped), each with a
/// new lease.
fn take_retries(
    c: &mut Sql<'_>,
    now_ms: i64,
    lease_until: i64,
) -> Result<Vec<Claimed>, StoreError> {
    let due: Vec<(String, String, i64, String, i64)> = c.query(
        "UPDATE push_sends SET state = 'sending', attempts = attempts + 1, next_try_at = ?2
         WHERE state IN ('retry', 'sending') AND next_try_at <= ?1
         RETURNING endpoint, source, due_at, payload, attempts",
        &[&now_ms, &lease_until],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    )?;
    let mut claimed = Vec::with_capacity(due.len());
    for (endpoint, source, due_at, payload, attempts) in due {
        let found = c.query_opt(
            &format!("SELECT {COLUMNS} FROM push_subscriptions WHERE endpoint = ?1"),
            &[&endpoint],
            subscription,
        )?;
        if let Some(subscription) = found {
            claimed.push(Claimed {
                subscription,
                source,
                due_at,
                payload,
                attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
            });
        }
    }
    Ok(claimed)
}

/// What became of a sending, as kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    Sent,
    /// The push service says the subscription has ended: it is forgotten.
    Gone,
    /// To be tried again at this instant (ms).
    RetryAt(i64),
    /// Given up.
    Failed,
}

impl Settled {
    fn state(self) -> (&'static str, Option<i64>) {
        match self {
            Self::Sent => ("sent", None),
            Self::Gone => ("gone", None),
            Self::RetryAt(at) => ("retry", Some(at)),
            Self::Failed => ("failed", None),
        }
    }
}

/// Records what became of a sending, unless it was claimed again meanwhile
/// (its lease ran out and another try holds it now).
fn settle(c: &mut Sql<'_>, claimed: &Claimed, settled: Settled) -> Result<(), StoreError> {
    let attempts = i64::from(claimed.attempts);
    if settled == Settled::Gone {
        return remove(c, &claimed.subscription.endpoint);
    }
    let (state, next_try_at) = settled.state();
    c.execute(
        "UPDATE push_sends SET state = ?4, next_try_at = ?5
         WHERE endpoint = ?1 AND source = ?2 AND due_at = ?3 AND attempts = ?6 AND state = 'sending'",
        &[
            &claimed.subscription.endpoint,
            &claimed.source,
            &claimed.due_at,
            &state,
            &next_try_at,
            &attempts,
        ],
    )?;
    Ok(())
}

/// Moves a job's mark to `to_ms` and answers where it stood (None the first
/// time). A mark never moves back.
fn advance_mark(c: &mut Sql<'_>, job: &str, to_ms: i64) -> Result<Option<i64>, StoreError> {
    let before = c.query_opt(
        "SELECT through_at FROM scheduler_marks WHERE job = ?1",
        &[&job],
        |r| r.get::<i64>(0),
    )?;
    let sql = c.pick(
        "INSERT INTO scheduler_marks (job, through_at) VALUES (?1, ?2)
         ON CONFLICT(job) DO UPDATE SET through_at = max(through_at, excluded.through_at)",
        "INSERT INTO scheduler_marks (job, through_at) VALUES (?1, ?2)
         ON CONFLICT(job) DO UPDATE SET through_at = GREATEST(scheduler_marks.through_at, excluded.through_at)",
    );
    c.execute(sql, &[&job, &to_ms])?;
    Ok(before)
}

/// The push tables inside one write transaction, for the scheduler
/// (`crate::push::schedule`), which decides what falls due.
#[derive(Debug)]
pub struct PushTx<'a, 'c>(pub(in crate::store) &'a mut Sql<'c>);

impl PushTx<'_, '_> {
    /// Moves a job's mark to `to_ms` and answers where it stood (none the
    /// first time). A mark never moves back.
    pub fn advance_mark(&mut self, job: &str, to_ms: i64) -> Result<Option<i64>, StoreError> {
        advance_mark(self.0, job, to_ms)
    }

    /// Claims the sendings waiting for a retry whose time has come, and
    /// those whose lease ran out, each with a lease until `lease_until`.
    pub fn take_retries(
        &mut self,
        now_ms: i64,
        lease_until: i64,
    ) -> Result<Vec<Claimed>, StoreError> {
        take_retries(self.0, now_ms, lease_until)
    }

    /// Every subscription, grouped by user.
    pub fn subscriptions(&mut self) -> Result<Vec<PushSubscription>, StoreError> {
        all(self.0)
    }

    /// Every live record of `table` for `user`, oldest change first.
    pub fn live_records(
        &mut self,
        user: &str,
        table: Table,
    ) -> Result<Vec<LiveRecord>, StoreError> {
        live_records(self.0, user, table)
    }

    /// Claims one sending to `sub` (see `claim`): the claim, or none when it
    /// was already made.
    pub fn claim(
        &mut self,
        sub: &PushSubscription,
        source: String,
        due_at: i64,
        payload: String,
        lease_until: i64,
    ) -> Result<Option<Claimed>, StoreError> {
        Ok(claim(
            self.0,
            &sub.endpoint,
            &source,
            due_at,
            &payload,
            lease_until,
        )?
        .then(|| Claimed {
            subscription: sub.clone(),
            source,
            due_at,
            payload,
            attempts: 1,
        }))
    }
}

impl Store {
    /// Keeps a device's subscription (replacing its user's own at the same
    /// endpoint), within `per_device` and `per_user` subscriptions.
    pub async fn subscribe_push(
        &self,
        s: PushSubscription,
        per_device: i64,
        per_user: i64,
        now_ms: i64,
    ) -> Result<Subscribed, StoreError> {
        self.db
            .call(move |c| c.write(|tx| subscribe(tx, &s, per_device, per_user, now_ms)))
            .await
    }

    /// Forgets `user`'s subscription at `endpoint`; answers whether there was one.
    pub async fn unsubscribe_push(&self, user: &str, endpoint: &str) -> Result<bool, StoreError> {
        let (user, endpoint) = (user.to_owned(), endpoint.to_owned());
        self.db
            .call(move |c| {
                Ok(c.execute(
                    "DELETE FROM push_subscriptions WHERE endpoint = ?1 AND user_id = ?2",
                    &[&endpoint, &user],
                )? > 0)
            })
            .await
    }

    /// Forgets a subscription the push service says is gone.
    pub async fn remove_push(&self, endpoint: &str) -> Result<(), StoreError> {
        let endpoint = endpoint.to_owned();
        self.db.call(move |c| remove(c, &endpoint)).await
    }

    /// The subscriptions of one device of `user`.
    pub async fn device_pushes(
        &self,
        user: &str,
        device: &str,
    ) -> Result<Vec<PushSubscription>, StoreError> {
        let (user, device) = (user.to_owned(), device.to_owned());
        self.db
            .call(move |c| {
                c.query(
                    &format!(
                        "SELECT {COLUMNS} FROM push_subscriptions WHERE user_id = ?1 AND device_id = ?2"
                    ),
                    &[&user, &device],
                    subscription,
                )
            })
            .await
    }

    /// Runs `look` in one write transaction with the push tables at hand
    /// (see [`PushTx`]): a look at what fell due claims its sendings and
    /// moves the scheduler's mark together, or, if it fails, neither.
    pub async fn push_write<R, E, F>(&self, look: F) -> Result<R, E>
    where
        F: FnOnce(&mut PushTx<'_, '_>) -> Result<R, E> + Send + 'static,
        E: From<StoreError> + Send + 'static,
        R: Send + 'static,
    {
        self.db
            .call(move |c| c.write_or_refuse(|tx| Ok(look(&mut PushTx(tx)))))
            .await?
    }

    /// Records what became of a sending: a gone subscription is forgotten,
    /// otherwise the sending's state (and when to try again) is kept.
    pub async fn settle_push(&self, claimed: Claimed, settled: Settled) -> Result<(), StoreError> {
        self.db.call(move |c| settle(c, &claimed, settled)).await
    }

    /// Forgets sendings due before `before_ms` (their claims can no longer
    /// matter); answers how many.
    pub async fn forget_sends(&self, before_ms: i64) -> Result<usize, StoreError> {
        self.db
            .call(move |c| c.execute("DELETE FROM push_sends WHERE due_at < ?1", &[&before_ms]))
            .await
    }
}
