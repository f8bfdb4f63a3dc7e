//! Applying a device's mutations: a step of them in one transaction (see
//! `Store::push`), each sequence number once,
//! in order. `seq <= acked` is a retry and is skipped; `seq == acked + 1` is
//! applied (or, when invalid, rejected and still acknowledged so it never blocks
//! the queue); anything later is a gap and stops the batch.

use super::super::sql::Sql;
use super::Gate;
use super::records::{
    Usage, charge, encode_record, load, load_with_usage, save, save_revisions, usage_change,
    user_version,
};
use crate::error::AppError;
use manna_sync_protocol::date::iso_time;
use manna_sync_protocol::{
    FieldError, Gap, MergeOutcome, Mutation, Op, PushResponse, Rejection, StoredRecord, merge,
};

/// Who is writing and when: the user, the device (or `rest:<device>` for REST
/// calls), the server's time of the write and the gate its records pass.
#[derive(Debug, Clone, Copy)]
pub struct Author<'a> {
    pub user: &'a str,
    pub device: &'a str,
    pub now_ms: i64,
    pub gate: &'a dyn Gate,
}

/// Applies `mutations` of the author's device in one transaction.
pub fn push(
    c: &mut Sql<'_>,
    author: Author<'_>,
    mutations: &[Mutation],
) -> Result<PushResponse, AppError> {
    let (user, device) = (author.user, author.device);
    let (response, before) = c.write(|tx| {
        tx.lock_user(user)?;
        let mut acked: u64 = tx.query_one(
            "SELECT acked_seq FROM devices WHERE id = ?1 AND user_id = ?2",
            &[&device, &user],
            |r| Ok(r.get::<i64>(0)? as u64),
        )?;
        let before = acked;
        let (mut version, _) = user_version(tx, user)?;
        let mut response = PushResponse::default();
        for m in mutations {
            if m.seq <= acked {
                continue;
            }
            if m.seq != acked + 1 {
                response.gap = Some(Gap {
                    expected: acked + 1,
                    received: m.seq,
                });
                break;
            }
            if let Err(refusal) = apply_one(tx, author, m, &mut version)? {
                response.rejected.push(Rejection::new(m.seq, &refusal));
            }
            acked = m.seq;
        }
        tx.execute(
            "UPDATE devices SET acked_seq = ?1 WHERE id = ?2",
            &[&(acked as i64), &device],
        )?;
        set_version(tx, user, version)?;
        response.acked_seq = acked;
        Ok((response, before))
    })?;
    // Once committed: which of the device's sequence numbers this push applied
    // (an operator can follow a device's queue; the cluster tests check that
    // no number is applied twice across replicas).
    if response.acked_seq > before {
        tracing::debug!(
            device = %device,
            from = before + 1,
            through = response.acked_seq,
            "mutations applied"
        );
    }
    Ok(response)
}

/// Stores the user's change counter.
pub(super) fn set_version(c: &mut Sql<'_>, user: &str, version: u64) -> Result<(), AppError> {
    c.execute(
        "UPDATE users SET version = ?1 WHERE id = ?2",
        &[&(version as i64), &user],
    )?;
    Ok(())
}

/// Merges one mutation into the user's records; `version` is the user's change
/// counter, moved on when the record changes. An invalid mutation answers its
/// reason and changes nothing.
pub fn apply_one(
    c: &mut Sql<'_>,
    author: Author<'_>,
    m: &Mutation,
    version: &mut u64,
) -> Result<Result<(), FieldError>, AppError> {
    let Author {
        user,
        device,
        now_ms,
        gate,
    } = author;
    let (existing, stored) = match load_with_usage(c, user, m.table, &m.id)? {
        Some((record, usage)) => (Some(record), usage),
        None => (None, Usage::default()),
    };
    // A new record gets its table's defaults for what it leaves out (an older
    // app does not know a newer field; a REST client may leave out the
    // spec's optional ones).
    let filled;
    let m = if m.op == Op::Put && existing.as_ref().is_none_or(|r| r.deleted) {
        let mut with = m.clone();
        with.table
            .fill_defaults(&mut with.fields, &iso_time(now_ms));
        filled = with;
        &filled
    } else {
        m
    };
    match merge(existing.as_ref(), m, device, *version + 1) {
        MergeOutcome::Changed { record, revisions } => {
            if !record.deleted {
                let before = existing.as_ref().filter(|r| !r.deleted).map(|r| &r.fields);
                if let Err(refusal) =
                    gate.admit(&mut super::Reads(c), user, m.table, before, &record.fields)?
                {
                    return Ok(Err(refusal));
                }
            }
            let body = encode_record(&record)?;
            let change = usage_change(stored, Some((&body, record.deleted)), &revisions);
            if let Err(over_quota) = charge(c, user, change, now_ms)? {
                return Ok(Err(over_quota));
            }
            *version += 1;
            save(c, user, m.table, &m.id, &record, &body, now_ms)?;
            save_revisions(c, user, m.table, &m.id, &revisions, now_ms)?;
        }
        MergeOutcome::Unchanged { revisions } => {
            let change = usage_change(stored, None, &revisions);
            if let Err(over_quota) = charge(c, user, change, now_ms)? {
                return Ok(Err(over_quota));
            }
            save_revisions(c, user, m.table, &m.id, &revisions, now_ms)?
        }
        MergeOutcome::Rejected(refusal) => return Ok(Err(refusal)),
    }
    Ok(Ok(()))
}

/// Applies one change made through a REST call (not a device's outbox), in its
/// own transaction. Answers the stored record, or the reason it was refused.
pub fn apply_direct(
    c: &mut Sql<'_>,
    author: Author<'_>,
    m: &Mutation,
) -> Result<Result<Option<StoredRecord>, FieldError>, AppError> {
    c.write_or_refuse(|tx| {
        tx.lock_user(author.user)?;
        let (mut version, _) = user_version(tx, author.user)?;
        if let Err(refusal) = apply_one(tx, author, m, &mut version)? {
            return Ok(Err(refusal));
        }
        set_version(tx, author.user, version)?;
        Ok(Ok(load(tx, author.user, m.table, &m.id)?))
    })
}

/// Applies several changes made by one call (a generated plan, a list and its
/// items) in one transaction: all of them, or, when one is refused, none.
pub fn apply_all(
    c: &mut Sql<'_>,
    author: Author<'_>,
    mutations: &[Mutation],
) -> Result<Result<(), FieldError>, AppError> {
    c.write_or_refuse(|tx| {
        tx.lock_user(author.user)?;
        let (mut version, _) = user_version(tx, author.user)?;
        for m in mutations {
            if let Err(refusal) = apply_one(tx, author, m, &mut version)? {
                // A refusal rolls the transaction back.
                return Ok(Err(refusal));
            }
        }
        set_version(tx, author.user, version)?;
        Ok(Ok(()))
    })
}
