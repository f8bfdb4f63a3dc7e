//! Claiming: at login, an anonymous user's records, subscriptions, proven
//! emails and calendar address move into the account, and the device carries
//! on as the account.

use super::super::sql::Sql;
use super::push::{Author, apply_one, set_version};
use super::records::user_version;
use crate::error::AppError;
use manna_sync_protocol::{Mutation, Op, Table};

/// Records moved in one transaction: a long anonymous history is claimed in
/// short steps, so other users' writes never wait long for the lock.
const CLAIM_BATCH: i64 = 500;

/// Moves device `device` of user `from` to the account `into`. When `from` is
/// anonymous, its live records are merged into the account (as puts based on
/// nothing, so a clash keeps the account's value as a revision) together with
/// its subscriptions and proven emails, and `from` is marked merged. The
/// records move in batches of [`CLAIM_BATCH`], each in its own transaction
/// that also records how far the claim got; the rest moves in a last one.
/// Running it again (or after a crash) changes nothing already done. Answers
/// how many records moved.
pub fn claim_into(
    c: &mut Sql<'_>,
    from: &str,
    into: &str,
    device: &str,
    now_ms: i64,
) -> Result<usize, AppError> {
    if from == into {
        return Ok(0);
    }
    let author = Author {
        user: into,
        device,
        now_ms,
        // The records are the person's already: nothing new is started.
        gate: &super::Open,
    };
    let mut moved = 0;
    loop {
        let batch = c.write(|tx| {
            tx.lock_user(into)?;
            if !still_anonymous(tx, from)? {
                return Ok(None);
            }
            merge_batch(tx, from, author)
        })?;
        match batch {
            Some(n) => moved += n,
            None => break,
        }
    }
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
        Ok(moved)
    })
}

/// Whether `from` is an anonymous user not yet merged into an account.
fn still_anonymous(tx: &mut Sql<'_>, from: &str) -> Result<bool, AppError> {
    let (email, merged): (Option<String>, Option<String>) = tx.query_one(
        "SELECT email, merged_into FROM users WHERE id = ?1",
        &[&from],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(email.is_none() && merged.is_none())
}

/// Merges the next batch of `from`'s live records into `into.user`, after the
/// last version an earlier batch reached. Answers how many moved, or `None`
/// when none were left.
fn merge_batch(tx: &mut Sql<'_>, from: &str, into: Author<'_>) -> Result<Option<usize>, AppError> {
    let through: i64 = tx
        .query_opt(
            "SELECT through_version FROM claims WHERE from_user = ?1 AND into_user = ?2",
            &[&from, &into.user],
            |r| r.get(0),
        )?
        .unwrap_or(0);
    let rows: Vec<(String, String, String, i64)> = tx.query(
        "SELECT tbl, id, body, version FROM records
         WHERE user_id = ?1 AND deleted = FALSE AND version > ?2
         ORDER BY version LIMIT ?3",
        &[&from, &through, &CLAIM_BATCH],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let Some(last) = rows.last().map(|r| r.3) else {
        return Ok(None);
    };
    let (mut version, _) = user_version(tx, into.user)?;
    let mut moved = 0;
    for (tbl, id, body, _) in rows {
        let Some(table) = Table::from_name(&tbl) else {
            continue;
        };
        let record = super::records::decode_record(&body)?;
        let m = Mutation {
            seq: 0,
            table,
            id,
            op: Op::Put,
            fields: record.fields,
            base_version: None,
        };
        if apply_one(tx, into, &m, &mut version)?.is_ok() {
            moved += 1;
        }
    }
    set_version(tx, into.user, version)?;
    tx.execute(
        "INSERT INTO claims (from_user, into_user, through_version) VALUES (?1, ?2, ?3)
         ON CONFLICT(from_user, into_user) DO UPDATE SET through_version = excluded.through_version",
        &[&from, &into.user, &last],
    )?;
    Ok(Some(moved))
}
