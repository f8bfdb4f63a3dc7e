//! Claiming, in storage terms: at login, an anonymous user's records are
//! read out in batches for the sync service to merge into the account (see
//! `crate::sync::claim`), then its subscriptions, proven emails, calendar
//! address and group memberships move, and the device carries on as the account.

use super::super::Store;
use super::super::sql::Sql;
use super::records::decode_record;
use crate::store::StoreError;
use manna_sync_protocol::{StoredRecord, Table};

impl Store {
    /// Ends a claim of `from` into `into` once its records have moved: when
    /// `from` is still anonymous, its subscriptions, proven emails and
    /// calendar address move too and it is marked merged; the device
    /// `device`, if still `from`'s, becomes the account's. Running it again
    /// changes nothing.
    pub async fn finish_claim(
        &self,
        from: &str,
        into: &str,
        device: &str,
    ) -> Result<(), StoreError> {
        let (from, into, device) = (from.to_owned(), into.to_owned(), device.to_owned());
        self.db
            .call(move |c| finish(c, &from, &into, &device))
            .await
    }
}

fn finish(c: &mut Sql<'_>, from: &str, into: &str, device: &str) -> Result<(), StoreError> {
    c.write(|tx| {
        tx.lock_user(into)?;
        if still_anonymous(tx, from)? {
            tx.execute(
                "UPDATE subscriptions SET user_id = ?2 WHERE user_id = ?1",
                &[&from, &into],
            )?;
            tx.execute(
                "INSERT INTO verified_emails (user_id, email, verified_at)
                 SELECT CAST(?2 AS TEXT), email, verified_at FROM verified_emails WHERE user_id = ?1
                 ON CONFLICT DO NOTHING",
                &[&from, &into],
            )?;
            tx.execute(
                "UPDATE checkout_sessions SET user_id = ?2 WHERE user_id = ?1",
                &[&from, &into],
            )?;
            // A calendar address made before logging in keeps working, now for
            // the account (unless the account has its own, which stays).
            tx.execute(
                "UPDATE calendar_feeds SET user_id = ?2 WHERE user_id = ?1
                 AND NOT EXISTS (SELECT 1 FROM calendar_feeds WHERE user_id = ?2)",
                &[&from, &into],
            )?;
            tx.execute("DELETE FROM calendar_feeds WHERE user_id = ?1", &[&from])?;
            // The groups joined before logging in are the account's groups.
            super::super::groups::move_memberships(tx, from, into)?;
            tx.execute(
                "UPDATE users SET merged_into = ?2 WHERE id = ?1",
                &[&from, &into],
            )?;
            tx.execute(
                "DELETE FROM claims WHERE from_user = ?1 AND into_user = ?2",
                &[&from, &into],
            )?;
        }
        let owner: Option<String> = tx.query_opt(
            "SELECT user_id FROM devices WHERE id = ?1",
            &[&device],
            |r| r.get(0),
        )?;
        if owner.as_deref() == Some(from) {
            tx.execute(
                "UPDATE devices SET user_id = ?2 WHERE id = ?1",
                &[&device, &into],
            )?;
            // What rang on the device rings on as the account's.
            tx.execute(
                "UPDATE push_subscriptions SET user_id = ?3 WHERE device_id = ?1 AND user_id = ?2",
                &[&device, &from, &into],
            )?;
        }
        Ok(())
    })
}

/// Whether `from` is an anonymous user not yet merged into an account.
pub(super) fn still_anonymous(tx: &mut Sql<'_>, from: &str) -> Result<bool, StoreError> {
    let (email, merged): (Option<String>, Option<String>) = tx.query_one(
        "SELECT email, merged_into FROM users WHERE id = ?1",
        &[&from],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(email.is_none() && merged.is_none())
}

/// A batch of an anonymous user's live records (table, id, record), and the
/// version the last of them reached.
pub type Unclaimed = (Vec<(Table, String, StoredRecord)>, i64);

/// The next `limit` live records of `from`, after the last version a claim
/// into `into` reached, and the version the last of them has (none when
/// none are left).
pub(super) fn unclaimed(
    tx: &mut Sql<'_>,
    from: &str,
    into: &str,
    limit: i64,
) -> Result<Option<Unclaimed>, StoreError> {
    let through: i64 = tx
        .query_opt(
            "SELECT through_version FROM claims WHERE from_user = ?1 AND into_user = ?2",
            &[&from, &into],
            |r| r.get(0),
        )?
        .unwrap_or(0);
    let rows: Vec<(String, String, String, i64)> = tx.query(
        "SELECT tbl, id, body, version FROM records
         WHERE user_id = ?1 AND deleted = FALSE AND version > ?2
         ORDER BY version LIMIT CAST(?3 AS BIGINT)",
        &[&from, &through, &limit],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let Some(last) = rows.last().map(|r| r.3) else {
        return Ok(None);
    };
    let mut records = Vec::with_capacity(rows.len());
    for (tbl, id, body, _) in rows {
        if let Some(table) = Table::from_name(&tbl) {
            records.push((table, id, decode_record(&body)?));
        }
    }
    Ok(Some((records, last)))
}

/// Records that a claim of `from` into `into` reached `version`.
pub(super) fn claimed_through(
    tx: &mut Sql<'_>,
    from: &str,
    into: &str,
    version: i64,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO claims (from_user, into_user, through_version) VALUES (?1, ?2, ?3)
         ON CONFLICT(from_user, into_user) DO UPDATE SET through_version = excluded.through_version",
        &[&from, &into, &version],
    )?;
    Ok(())
}
