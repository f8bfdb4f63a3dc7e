//! Applying mutations: a device's step of them in one transaction, each
//! sequence number once, in order. `seq <= acked` is a retry and is skipped;
//! `seq == acked + 1` is applied (or, when invalid, rejected and still
//! acknowledged so it never blocks the queue); anything later is a gap and
//! stops the step.

use super::{Writer, quota};
use crate::error::AppError;
use crate::store::sync::{Usage, encode_record, usage_change};
use crate::store::{Store, SyncTx};
use manna_sync_protocol::date::iso_time;
use manna_sync_protocol::{
    FieldError, Gap, MergeOutcome, Mutation, Op, PushResponse, Rejection, merge,
};

/// Applies one step of a device's mutations in one transaction.
pub(super) async fn push_step(
    store: &Store,
    writer: Writer,
    mutations: Vec<Mutation>,
) -> Result<PushResponse, AppError> {
    let user = writer.user.clone();
    let device = writer.device.clone();
    let (response, before) = store
        .sync_write(&user, move |tx| {
            let (user, device) = (&writer.user, &writer.device);
            let mut acked = tx.acked_seq(user, device)?;
            let before = acked;
            let mut version = tx.version(user)?;
            let mut response = PushResponse::default();
            for m in &mutations {
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
                if let Err(refusal) = apply_one(tx, &writer, m, &mut version)? {
                    response.rejected.push(Rejection::new(m.seq, &refusal));
                }
                acked = m.seq;
            }
            tx.set_acked_seq(device, acked)?;
            tx.set_version(user, version)?;
            response.acked_seq = acked;
            Ok::<_, AppError>((response, before))
        })
        .await?;
    // Once committed: which of the device's sequence numbers this step
    // applied (an operator can follow a device's queue; the cluster tests
    // check that no number is applied twice across replicas).
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

/// Merges one mutation into the writer's records; `version` is the user's
/// change counter, moved on when the record changes. A refused mutation
/// answers its reason and changes nothing.
pub(super) fn apply_one(
    tx: &mut SyncTx<'_, '_>,
    writer: &Writer,
    m: &Mutation,
    version: &mut u64,
) -> Result<Result<(), FieldError>, AppError> {
    let Writer {
        user,
        device,
        now_ms,
        gate,
    } = writer;
    let (existing, stored) = match tx.load_with_usage(user, m.table, &m.id)? {
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
            .fill_defaults(&mut with.fields, &iso_time(*now_ms));
        filled = with;
        &filled
    } else {
        m
    };
    match merge(existing.as_ref(), m, device, *version + 1) {
        MergeOutcome::Changed { record, revisions } => {
            if !record.deleted {
                let before = existing.as_ref().filter(|r| !r.deleted).map(|r| &r.fields);
                if let Err(refusal) = gate.admit(tx, user, m.table, before, &record.fields)? {
                    return Ok(Err(refusal));
                }
            }
            let body = encode_record(&record)?;
            let change = usage_change(stored, Some((&body, record.deleted)), &revisions);
            if let Err(over_quota) = quota::charge(tx, user, change, *now_ms)? {
                return Ok(Err(over_quota));
            }
            *version += 1;
            tx.save(
                user,
                m.table,
                &m.id,
                Some((&record, &body)),
                &revisions,
                *now_ms,
            )?;
        }
        MergeOutcome::Unchanged { revisions } => {
            let change = usage_change(stored, None, &revisions);
            if let Err(over_quota) = quota::charge(tx, user, change, *now_ms)? {
                return Ok(Err(over_quota));
            }
            tx.save(user, m.table, &m.id, None, &revisions, *now_ms)?;
        }
        MergeOutcome::Rejected(refusal) => return Ok(Err(refusal)),
    }
    Ok(Ok(()))
}
