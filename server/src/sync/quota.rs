//! What one person, and the new anonymous users of one network, may keep on
//! the server, and what a refused write says. The store counts (its
//! `Usage` of each row, and the totals); the limits are decided here.

use crate::error::AppError;
use crate::store::SyncTx;
use crate::store::sync::Usage;
use manna_sync_protocol::FieldError;

/// Live records one user may keep.
pub const MAX_RECORDS_PER_USER: i64 = 50_000;
/// Bytes one user may keep: live records, and the edits the merge kept aside
/// (values overwritten by another device, edits that arrived after a delete).
pub const MAX_BYTES_PER_USER: i64 = 50 * 1024 * 1024;
/// Bytes of what a user deleted that the server keeps for a while (the
/// tombstones' last fields and the deleted values): not part of the quota, so
/// deleting frees room at once, and bounded here, oldest forgotten first.
pub const MAX_HISTORY_BYTES_PER_USER: i64 = 20 * 1024 * 1024;

/// Live records a never-signed-in user keeps without counting against its
/// origin: a phone's ordinary use (its settings, reminders, months of
/// journal and weights) never does, so it is never refused for what others
/// on its network stored.
pub const FREE_RECORDS_ANONYMOUS: i64 = 2_000;
/// Bytes the same.
pub const FREE_BYTES_ANONYMOUS: i64 = 2 * 1024 * 1024;
/// Live records the never-signed-in users first seen from one address (an
/// origin) in the last [`ORIGIN_WEEK_MS`] may keep together past their own
/// allowances: a script making devices by the hundred on one address gets
/// no more; a person who needs more signs in.
pub const MAX_RECORDS_PER_ORIGIN: i64 = 250_000;
/// Bytes they may keep together past their own allowances.
pub const MAX_BYTES_PER_ORIGIN: i64 = 256 * 1024 * 1024;
/// How long a new anonymous user counts in its origin's allowance (a mobile
/// carrier's shared address is shared for good; a week of its new users is
/// what is bounded).
pub const ORIGIN_WEEK_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// What an anonymous user keeps without counting in its origin's allowance.
pub const FREE_ANONYMOUS: (i64, i64) = (FREE_RECORDS_ANONYMOUS, FREE_BYTES_ANONYMOUS);

/// Takes `change` into the user's totals, unless it takes them past a quota:
/// then answers the refusal and changes nothing. Growing history past its
/// bound forgets the oldest of it.
pub fn charge(
    tx: &mut SyncTx<'_, '_>,
    user: &str,
    change: Usage,
    now_ms: i64,
) -> Result<Result<(), FieldError>, AppError> {
    if change == Usage::default() {
        return Ok(Ok(()));
    }
    let (count, bytes, origin) = tx.totals(user, now_ms - ORIGIN_WEEK_MS)?;
    // A group's records are kept under a row of their own, within the same
    // bounds as one person's.
    let (whose, whom) = match crate::store::sync::is_group_bucket(user) {
        true => ("this group", "one group"),
        false => ("this account", "one person"),
    };
    if change.records > 0 && count + change.records > MAX_RECORDS_PER_USER {
        return Ok(Err(FieldError::new(
            "id",
            format!(
                "{whose} already keeps {MAX_RECORDS_PER_USER} records, the most Manna stores for {whom}; delete some to add more"
            ),
        )));
    }
    if change.bytes > 0 && bytes + change.bytes > MAX_BYTES_PER_USER {
        return Ok(Err(FieldError::new(
            "id",
            format!(
                "{whose}'s records already take {} MB, the most Manna stores for {whom}; delete some to add more",
                MAX_BYTES_PER_USER / (1024 * 1024)
            ),
        )));
    }
    if let Some(origin) = origin {
        // What this change adds to (or takes from) the user's usage past
        // its own allowance.
        let past = |total: i64, free: i64| (total - free).max(0);
        let beyond = (
            past(count + change.records, FREE_RECORDS_ANONYMOUS)
                - past(count, FREE_RECORDS_ANONYMOUS),
            past(bytes + change.bytes, FREE_BYTES_ANONYMOUS) - past(bytes, FREE_BYTES_ANONYMOUS),
        );
        if beyond != (0, 0)
            && let Err(refused) = charge_origin(tx, &origin, beyond)?
        {
            return Ok(Err(refused));
        }
    }
    let history = tx.add_to_totals(user, change)?;
    if history > MAX_HISTORY_BYTES_PER_USER {
        tx.forget_history(user, history - MAX_HISTORY_BYTES_PER_USER)?;
    }
    Ok(Ok(()))
}

/// Takes `(records, bytes)` past their users' own allowances into
/// `origin`'s usage, unless growing takes it past the origin's bound.
fn charge_origin(
    tx: &mut SyncTx<'_, '_>,
    origin: &str,
    (records, bytes): (i64, i64),
) -> Result<Result<(), FieldError>, AppError> {
    let (kept_records, kept_bytes) = tx.origin_totals(origin)?;
    if (records > 0 && kept_records + records > MAX_RECORDS_PER_ORIGIN)
        || (bytes > 0 && kept_bytes + bytes > MAX_BYTES_PER_ORIGIN)
    {
        return Ok(Err(FieldError::new(
            "id",
            "phones on this network that have not signed in have saved as much as Manna keeps for them this week; create a free account (or log in) to keep saving".to_string(),
        )));
    }
    tx.add_to_origin(origin, (records, bytes))?;
    Ok(Ok(()))
}
