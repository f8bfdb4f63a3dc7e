//! Claiming: at login, an anonymous user's records, subscriptions and proven
//! emails move into the account, and the device carries on as the account.

use crate::error::AppError;
use crate::sync::records::user_version;
use crate::sync::{Author, apply_one};
use manna_sync_protocol::{Mutation, Op, Table};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

/// Moves device `device` of user `from` to the account `into`. When `from` is
/// anonymous, its live records are merged into the account (as puts based on
/// nothing, so a clash keeps the account's value as a revision) together with
/// its subscriptions and proven emails, and `from` is marked merged. One
/// transaction; running it again changes nothing. Answers how many records moved.
pub fn claim_into(
    conn: &mut Connection,
    from: &str,
    into: &str,
    device: &str,
    now_ms: i64,
) -> Result<usize, AppError> {
    if from == into {
        return Ok(0);
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let (from_email, merged): (Option<String>, Option<String>) = tx.query_row(
        "SELECT email, merged_into FROM users WHERE id = ?1",
        [from],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let mut moved = 0;
    if from_email.is_none() && merged.is_none() {
        moved = merge_records(
            &tx,
            from,
            Author {
                user: into,
                device,
                now_ms,
            },
        )?;
        tx.execute(
            "UPDATE subscriptions SET user_id = ?2 WHERE user_id = ?1",
            params![from, into],
        )?;
        tx.execute(
            "INSERT OR IGNORE INTO verified_emails (user_id, email, verified_at)
             SELECT ?2, email, verified_at FROM verified_emails WHERE user_id = ?1",
            params![from, into],
        )?;
        tx.execute(
            "UPDATE checkout_sessions SET user_id = ?2 WHERE user_id = ?1",
            params![from, into],
        )?;
        tx.execute(
            "UPDATE users SET merged_into = ?2 WHERE id = ?1",
            params![from, into],
        )?;
    }
    let owner: Option<String> = tx
        .query_row("SELECT user_id FROM devices WHERE id = ?1", [device], |r| {
            r.get(0)
        })
        .optional()?;
    if owner.as_deref() == Some(from) {
        tx.execute(
            "UPDATE devices SET user_id = ?2 WHERE id = ?1",
            params![device, into],
        )?;
    }
    tx.commit()?;
    Ok(moved)
}

fn merge_records(tx: &Connection, from: &str, into: Author<'_>) -> Result<usize, AppError> {
    let rows: Vec<(String, String, String)> = {
        let mut stmt = tx.prepare(
            "SELECT tbl, id, body FROM records WHERE user_id = ?1 AND deleted = 0 ORDER BY version",
        )?;
        stmt.query_map([from], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?
    };
    let (mut version, _) = user_version(tx, into.user)?;
    let mut moved = 0;
    for (tbl, id, body) in rows {
        let Some(table) = Table::from_name(&tbl) else {
            continue;
        };
        let record = crate::sync::records::decode_record(&body)?;
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
    tx.execute(
        "UPDATE users SET version = ?1 WHERE id = ?2",
        params![version as i64, into.user],
    )?;
    Ok(moved)
}
