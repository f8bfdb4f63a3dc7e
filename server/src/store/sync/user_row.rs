//! What the rows of `users`, `devices` and `origin_usage` keep for writes:
//! a user's change counter and totals, a device's last sequence number
//! applied, an origin's totals; and the writer's own row, read once with its
//! lock as a write begins and stored once as it ends (`UserRow`).

use super::super::sql::{Dialect, Param, Row, Sql};
use super::records::{Many, ReadAhead, RecordKey};
use super::usage::Usage;
use crate::store::Charge;
use crate::store::StoreError;
use manna_sync_protocol::StoredRecord;

/// What a write needs of its writer's row of `users`, read in one statement
/// with the row's lock (on PostgreSQL, where each statement is a round trip,
/// three were: the lock, the change counter, the totals); and a change
/// counter set in the write, stored with the totals or as it ends.
#[derive(Debug)]
pub struct UserRow {
    pub(super) user: String,
    pub(super) version: u64,
    pub(super) records: i64,
    pub(super) bytes: i64,
    /// The bytes of history kept, while known (the write changed it only by
    /// [`UserRow`]'s own totals).
    pub(super) history: Option<i64>,
    /// Never signed in, nor merged into an account.
    pub(super) anonymous: bool,
    pub(super) created_at: i64,
    pub(super) origin: Option<String>,
    pub(super) unsaved_version: bool,
    /// The writing device's last sequence number applied, when a device
    /// writes (a push), and whether a new one is yet to be stored.
    pub(super) device: Option<DeviceSeq>,
}

#[derive(Debug)]
pub struct DeviceSeq {
    pub(super) id: String,
    pub(super) acked: u64,
    pub(super) unsaved: bool,
}

impl UserRow {
    /// The statement that reads `user`'s row holding it (with a device's
    /// last sequence number when `device` is).
    fn statement(dialect: Dialect, device: bool) -> &'static str {
        // On PostgreSQL the device's row is locked with the user's: a
        // statement that waited for another write of the user reads the rows
        // that write left (a value read in a subquery would be as it was
        // when this statement began, and a change that write applied would
        // be applied again).
        match (dialect, device) {
            (Dialect::Postgres, true) => {
                "SELECT u.version, u.record_count, u.stored_bytes,
                        u.email IS NULL AND u.merged_into IS NULL, u.created_at, u.origin,
                        d.acked_seq, u.history_bytes
                 FROM users u JOIN devices d ON d.id = ?2 AND d.user_id = u.id
                 WHERE u.id = ?1 FOR UPDATE"
            }
            (Dialect::Postgres, false) => {
                "SELECT version, record_count, stored_bytes, email IS NULL AND merged_into IS NULL,
                        created_at, origin, CAST(NULL AS BIGINT), history_bytes
                 FROM users WHERE id = ?1 FOR UPDATE"
            }
            (Dialect::Sqlite, _) => {
                "SELECT version, record_count, stored_bytes, email IS NULL AND merged_into IS NULL,
                        created_at, origin,
                        (SELECT acked_seq FROM devices WHERE id = ?2 AND user_id = ?1), history_bytes
                 FROM users WHERE id = ?1"
            }
        }
    }

    /// The row [`UserRow::statement`] answers.
    fn read(user: &str, device: Option<&str>, r: &Row<'_, '_>) -> Result<Self, StoreError> {
        let acked: Option<i64> = r.get(6)?;
        Ok(Self {
            user: user.to_owned(),
            version: r.get::<i64>(0)? as u64,
            records: r.get(1)?,
            bytes: r.get(2)?,
            history: Some(r.get(7)?),
            anonymous: r.get(3)?,
            created_at: r.get(4)?,
            origin: r.get(5)?,
            unsaved_version: false,
            device: device.zip(acked).map(|(id, acked)| DeviceSeq {
                id: id.to_owned(),
                acked: acked as u64,
                unsaved: false,
            }),
        })
    }

    /// The writing device, when it is `device` of `user`.
    pub(super) fn device(&mut self, user: &str, device: &str) -> Option<&mut DeviceSeq> {
        match self.user == user {
            true => self.device.as_mut().filter(|d| d.id == device),
            false => None,
        }
    }

    /// The writing device's sequence number, when one is yet to be stored.
    pub(super) fn unsaved_acked(&mut self) -> Option<(&str, u64)> {
        let d = self.device.as_mut().filter(|d| d.unsaved)?;
        d.unsaved = false;
        Some((d.id.as_str(), d.acked))
    }
}

/// What a write reads as it begins, in one round trip on PostgreSQL.
#[derive(Debug)]
pub(super) struct Opened {
    /// The writer's row, held until the write ends (none: no such user).
    pub row: Option<UserRow>,
    /// The records named to be read ahead, as stored now.
    pub read: ReadAhead,
    /// How long until the window of a rate limit that refused the write's
    /// charge ends (ms), if one did.
    pub limited: Option<i64>,
}

/// Begins a write of `user`'s (by `device` when given): takes `charge`
/// (on replicas, a push's rate limits), then reads and holds the user's row,
/// then reads the records `ahead` names, each once the one before has ended.
/// A device that is no longer the user's is refused with
/// [`StoreError::DeviceGone`].
pub(super) fn open(
    c: &mut Sql<'_>,
    user: &str,
    device: Option<&str>,
    ahead: &[RecordKey],
    charge: Option<&Charge>,
) -> Result<Opened, StoreError> {
    enum Got {
        Limited(Option<i64>),
        Row(UserRow),
        Record((RecordKey, (StoredRecord, Usage))),
    }
    let dialect = c.dialect();
    let row_sql = UserRow::statement(dialect, device.is_some());
    // On PostgreSQL a statement names only the parameters it uses: the
    // device's only when a device writes (its row joined).
    let with_device: [&dyn Param; 2] = [&user, &device];
    let row_params = match (dialect, device) {
        (Dialect::Postgres, None) => &with_device[..1],
        _ => &with_device[..],
    };
    let charged = charge.map(|ch| (ch.sql(), ch.params()));
    let named = match ahead {
        [] => None,
        keys => Some(Many::named(keys)?),
    };
    let named_params: Vec<&dyn Param> = named.iter().map(|n| n as &dyn Param).collect();
    let mut queries: Vec<(&str, &[&dyn Param])> = Vec::with_capacity(3);
    if let Some((sql, params)) = &charged {
        queries.push((sql, params));
    }
    let row_at = queries.len();
    queries.push((row_sql, row_params));
    if named.is_some() {
        queries.push((Many::SQL, &named_params));
    }
    let answers = c.query_each(&queries, |i, r| {
        Ok(match (i, charge) {
            (i, _) if i == row_at => Got::Row(UserRow::read(user, device, r)?),
            (i, Some(ch)) if i < row_at => Got::Limited(ch.refused(r)?),
            _ => Got::Record(Many::row(r)?),
        })
    })?;
    let mut opened = Opened {
        row: None,
        read: Vec::new(),
        limited: None,
    };
    let mut found = Vec::new();
    for got in answers.into_iter().flatten() {
        match got {
            Got::Limited(wait) => opened.limited = wait,
            Got::Row(row) => opened.row = Some(row),
            Got::Record(record) => found.push(record),
        }
    }
    if device.is_some() && opened.row.as_ref().is_none_or(|r| r.device.is_none()) {
        // The device is no longer the user's (signed out, or moved to another
        // account, while this write waited for the row).
        return Err(StoreError::DeviceGone);
    }
    opened.read = Many::answers(ahead, found);
    Ok(opened)
}

/// A user's totals as the quota counts them: live records, their bytes, and
/// the origin whose allowance the user still counts in (an anonymous user
/// made after `origin_since_ms`).
pub fn totals(
    c: &mut Sql<'_>,
    user: &str,
    origin_since_ms: i64,
) -> Result<(i64, i64, Option<String>), StoreError> {
    c.query_one(
        "SELECT record_count, stored_bytes,
                CASE WHEN email IS NULL AND merged_into IS NULL AND created_at > ?2 THEN origin END
         FROM users WHERE id = ?1",
        &[&user, &origin_since_ms],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
}

/// Adds `change` to the user's totals; answers the bytes of history now
/// kept.
pub fn add_to_totals(c: &mut Sql<'_>, user: &str, change: Usage) -> Result<i64, StoreError> {
    c.query_one(
        "UPDATE users SET record_count = record_count + ?2, stored_bytes = stored_bytes + ?3,
           history_bytes = history_bytes + ?4
         WHERE id = ?1 RETURNING history_bytes",
        &[&user, &change.records, &change.bytes, &change.history],
        |r| r.get(0),
    )
}

/// The bytes of history `user` keeps.
pub fn history_bytes(c: &mut Sql<'_>, user: &str) -> Result<i64, StoreError> {
    c.query_one(
        "SELECT history_bytes FROM users WHERE id = ?1",
        &[&user],
        |r| r.get(0),
    )
}

/// Adds `change` to the writer's totals, and stores their change counter
/// `version` and a device's last sequence number applied `acked` when
/// given, answering nothing: on PostgreSQL in one statement, sent with the
/// commit.
pub fn store_writer_totals(
    c: &mut Sql<'_>,
    user: &str,
    change: Usage,
    version: u64,
    acked: Option<(&str, u64)>,
) -> Result<(), StoreError> {
    const TOTALS: &str =
        "UPDATE users SET record_count = record_count + ?2, stored_bytes = stored_bytes + ?3,
           history_bytes = history_bytes + ?4, version = ?5
         WHERE id = ?1";
    let version = version as i64;
    match (acked, c.dialect()) {
        (Some((device, seq)), Dialect::Postgres) => c.execute_later(
            &format!("WITH acked AS (UPDATE devices SET acked_seq = ?7 WHERE id = ?6) {TOTALS}"),
            vec![
                Box::new(user.to_owned()),
                Box::new(change.records),
                Box::new(change.bytes),
                Box::new(change.history),
                Box::new(version),
                Box::new(device.to_owned()),
                Box::new(seq as i64),
            ],
        ),
        (acked, _) => {
            if let Some((device, seq)) = acked {
                store_acked_seq(c, device, seq)?;
            }
            c.execute(
                TOTALS,
                &[
                    &user,
                    &change.records,
                    &change.bytes,
                    &change.history,
                    &version,
                ],
            )
            .map(drop)
        }
    }
}

/// Records that `device` has had everything through `seq` applied.
pub fn store_acked_seq(c: &mut Sql<'_>, device: &str, seq: u64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE devices SET acked_seq = ?1 WHERE id = ?2",
        &[&(seq as i64), &device],
    )?;
    Ok(())
}

/// What the users of `origin` keep together past their own allowances.
pub fn origin_totals(c: &mut Sql<'_>, origin: &str) -> Result<(i64, i64), StoreError> {
    Ok(c.query_opt(
        "SELECT records, bytes FROM origin_usage WHERE origin = ?1",
        &[&origin],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?
    .unwrap_or((0, 0)))
}

/// Adds `(records, bytes)` to what `origin`'s users keep, never below none.
pub fn add_to_origin(
    c: &mut Sql<'_>,
    origin: &str,
    (records, bytes): (i64, i64),
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO origin_usage (origin, records, bytes)
         VALUES (?1, CASE WHEN CAST(?2 AS BIGINT) > 0 THEN CAST(?2 AS BIGINT) ELSE 0 END,
                     CASE WHEN CAST(?3 AS BIGINT) > 0 THEN CAST(?3 AS BIGINT) ELSE 0 END)
         ON CONFLICT (origin) DO UPDATE SET
           records = CASE WHEN origin_usage.records + ?2 > 0 THEN origin_usage.records + ?2 ELSE 0 END,
           bytes = CASE WHEN origin_usage.bytes + ?3 > 0 THEN origin_usage.bytes + ?3 ELSE 0 END",
        &[&origin, &records, &bytes],
    )?;
    Ok(())
}

/// Counts every origin's usage again from its users: those who signed in, or
/// were made before `since_ms`, leave it. Answers how many origins keep any.
pub fn recount_origins(
    c: &mut Sql<'_>,
    since_ms: i64,
    (free_records, free_bytes): (i64, i64),
) -> Result<usize, StoreError> {
    c.write(|tx| {
        tx.execute("DELETE FROM origin_usage", &[])?;
        tx.execute(
            "INSERT INTO origin_usage (origin, records, bytes)
             SELECT origin,
                    CAST(SUM(CASE WHEN record_count > ?2 THEN record_count - ?2 ELSE 0 END) AS BIGINT),
                    CAST(SUM(CASE WHEN stored_bytes > ?3 THEN stored_bytes - ?3 ELSE 0 END) AS BIGINT)
             FROM users
             WHERE origin IS NOT NULL AND created_at > ?1 AND email IS NULL AND merged_into IS NULL
               AND (record_count > ?2 OR stored_bytes > ?3)
             GROUP BY origin",
            &[&since_ms, &free_records, &free_bytes],
        )
    })
}

/// Stores `user`'s change counter.
pub fn store_version(c: &mut Sql<'_>, user: &str, version: u64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE users SET version = ?1 WHERE id = ?2",
        &[&(version as i64), &user],
    )?;
    Ok(())
}

/// A user's change counter and the version through which tombstones were
/// forgotten.
pub fn user_version(c: &mut Sql<'_>, user: &str) -> Result<(u64, u64), StoreError> {
    c.query_one(
        "SELECT version, purged_through FROM users WHERE id = ?1",
        &[&user],
        |r| Ok((r.get::<i64>(0)? as u64, r.get::<i64>(1)? as u64)),
    )
}
