//! Claiming: at login, an anonymous user's records move into the account,
//! merged as any write is, then the rest of what it holds moves and the
//! device carries on as the account.

use super::apply::apply_one;
use super::counters::Counters;
use super::{ClaimGate, Writer};
use crate::error::AppError;
use crate::store::Store;
use manna_sync_protocol::{Mutation, Op};
use std::sync::Arc;

/// Records moved in one transaction: a long anonymous history is claimed in
/// short steps, so other users' writes never wait long for the lock.
const CLAIM_BATCH: i64 = 500;

/// Moves device `device` of user `from` to the account `into`. When `from`
/// is anonymous, its live records are merged into the account (as puts
/// based on nothing, so a clash keeps the account's value as a revision) in
/// batches of [`CLAIM_BATCH`], each in its own transaction that also records
/// how far the claim got; then its subscriptions and proven emails move and
/// `from` is marked merged. Running it again (or after a crash) changes
/// nothing already done. Answers how many records moved.
pub async fn claim(
    store: &Store,
    from: &str,
    into: &str,
    device: &str,
    now_ms: i64,
) -> Result<usize, AppError> {
    if from == into {
        return Ok(0);
    }
    let writer = Writer {
        user: into.to_owned(),
        device: device.to_owned(),
        now_ms,
        // The records are the person's already: nothing new is started, and
        // a locked journal keeps its key.
        gate: Arc::new(ClaimGate),
    };
    let mut moved = 0;
    loop {
        let (writer, from) = (writer.clone(), from.to_owned());
        let batch = store
            .sync_write(into, Vec::new(), move |tx| {
                if !tx.still_anonymous(&from)? {
                    return Ok::<_, AppError>(None);
                }
                let Some((records, last)) = tx.unclaimed(&from, &writer.user, CLAIM_BATCH)? else {
                    return Ok(None);
                };
                let mut counters = Counters::holding(tx, &writer.user, &[])?;
                let mut moved = 0;
                for (table, id, record) in records {
                    let m = Mutation {
                        seq: 0,
                        table,
                        id,
                        op: Op::Put,
                        fields: record.fields,
                        base_version: None,
                    };
                    if apply_one(tx, &writer, m, &mut counters)?.is_ok() {
                        moved += 1;
                    }
                }
                counters.save(tx)?;
                tx.claimed_through(&from, &writer.user, last)?;
                Ok(Some(moved))
            })
            .await?;
        match batch {
            Some(n) => moved += n,
            None => break,
        }
    }
    store.finish_claim(from, into, device).await?;
    Ok(moved)
}
