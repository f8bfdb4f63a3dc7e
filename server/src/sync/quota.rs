//! What one person, and the new anonymous users of one network, may keep on
//! the server, and what a refused write says. The store counts (its
//! `Usage` of each row, and the totals); the limits are decided here.

use crate::error::AppError;
use crate::store::SyncTx;
use crate::store::sync::Usage;
use manna_sync_protocol::FieldError;
use std::collections::BTreeMap;

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

/// What a step of writes adds to the totals of each user (or group) and of
/// each origin it charges: each one's row is read once, the sums are kept
/// here and stored once, at the end of the step ([`Tally::save`]), in the
/// same transaction.
#[derive(Debug, Default)]
pub struct Tally {
    users: BTreeMap<String, Kept>,
    origins: BTreeMap<String, Kept>,
}

/// One row's totals as read, and what the step has added to them.
#[derive(Debug, Default)]
struct Kept {
    records: i64,
    bytes: i64,
    /// The origin a user counts in (see `totals`); none for an origin's own row.
    origin: Option<String>,
    added: Usage,
}

impl Kept {
    /// The records and bytes with what the step added.
    fn now(&self) -> (i64, i64) {
        (
            self.records + self.added.records,
            self.bytes + self.added.bytes,
        )
    }
}

/// The entry of `key` in `rows`, read by `read` the first time a step needs it.
fn kept_or_read<'a>(
    rows: &'a mut BTreeMap<String, Kept>,
    key: &str,
    read: impl FnOnce() -> Result<Kept, AppError>,
) -> Result<&'a mut Kept, AppError> {
    if !rows.contains_key(key) {
        rows.insert(key.to_string(), read()?);
    }
    Ok(rows.get_mut(key).expect("kept just now"))
}

impl Tally {
    /// `user`'s totals, read the first time the step needs them.
    fn user(
        &mut self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        now_ms: i64,
    ) -> Result<&mut Kept, AppError> {
        kept_or_read(&mut self.users, user, || {
            let (records, bytes, origin) = tx.totals(user, now_ms - ORIGIN_WEEK_MS)?;
            Ok(Kept {
                records,
                bytes,
                origin,
                added: Usage::default(),
            })
        })
    }

    /// What `origin`'s users keep together, read the first time the step needs it.
    fn origin(&mut self, tx: &mut SyncTx<'_, '_>, origin: &str) -> Result<&mut Kept, AppError> {
        kept_or_read(&mut self.origins, origin, || {
            let (records, bytes) = tx.origin_totals(origin)?;
            Ok(Kept {
                records,
                bytes,
                ..Kept::default()
            })
        })
    }

    /// Adds `change` to `user`'s totals without judging it: what a write
    /// freed, or a record renumbered.
    pub fn add(
        &mut self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        change: Usage,
        now_ms: i64,
    ) -> Result<(), AppError> {
        self.added(tx, user, change, now_ms).map(|_| ())
    }

    /// `user`'s totals with `change` added.
    fn added(
        &mut self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        change: Usage,
        now_ms: i64,
    ) -> Result<&mut Kept, AppError> {
        let kept = self.user(tx, user, now_ms)?;
        kept.added = kept.added.plus(change);
        Ok(kept)
    }

    /// Takes a judged `change` into `user`'s totals: kept here, or, when it
    /// adds to the history, stored at once with what is kept, so that the
    /// history's bound forgets the oldest of it before the write's own is
    /// stored.
    fn take(
        &mut self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        change: Usage,
        now_ms: i64,
    ) -> Result<(), AppError> {
        let kept = self.added(tx, user, change, now_ms)?;
        if change.history > 0 {
            let added = std::mem::take(&mut kept.added);
            kept.records += added.records;
            kept.bytes += added.bytes;
            store(tx, user, added)?;
        }
        Ok(())
    }

    /// Stores what the step added to each total.
    pub fn save(self, tx: &mut SyncTx<'_, '_>) -> Result<(), AppError> {
        for (user, kept) in self.users {
            if kept.added != Usage::default() {
                store(tx, &user, kept.added)?;
            }
        }
        for (origin, kept) in self.origins {
            if kept.added != Usage::default() {
                tx.add_to_origin(&origin, (kept.added.records, kept.added.bytes))?;
            }
        }
        Ok(())
    }
}

/// Adds `added` to `user`'s stored totals. Growing history past its bound
/// forgets the oldest of it.
fn store(tx: &mut SyncTx<'_, '_>, user: &str, added: Usage) -> Result<(), AppError> {
    let history = tx.add_to_totals(user, added)?;
    if history > MAX_HISTORY_BYTES_PER_USER {
        tx.forget_history(user, history - MAX_HISTORY_BYTES_PER_USER)?;
    }
    Ok(())
}

/// Takes `change` into the user's totals (in `tally`, stored at the end of
/// the step), unless it takes them past a quota: then answers the refusal
/// and changes nothing.
pub fn charge(
    tx: &mut SyncTx<'_, '_>,
    tally: &mut Tally,
    user: &str,
    change: Usage,
    now_ms: i64,
) -> Result<Result<(), FieldError>, AppError> {
    if change == Usage::default() {
        return Ok(Ok(()));
    }
    let kept = tally.user(tx, user, now_ms)?;
    let (count, bytes) = kept.now();
    let origin = kept.origin.clone();
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
            && let Err(refused) = charge_origin(tx, tally, &origin, beyond)?
        {
            return Ok(Err(refused));
        }
    }
    tally.take(tx, user, change, now_ms)?;
    Ok(Ok(()))
}

/// Takes `(records, bytes)` past their users' own allowances into
/// `origin`'s usage, unless growing takes it past the origin's bound.
fn charge_origin(
    tx: &mut SyncTx<'_, '_>,
    tally: &mut Tally,
    origin: &str,
    (records, bytes): (i64, i64),
) -> Result<Result<(), FieldError>, AppError> {
    let kept = tally.origin(tx, origin)?;
    let (kept_records, kept_bytes) = kept.now();
    if (records > 0 && kept_records + records > MAX_RECORDS_PER_ORIGIN)
        || (bytes > 0 && kept_bytes + bytes > MAX_BYTES_PER_ORIGIN)
    {
        return Ok(Err(FieldError::new(
            "id",
            "phones on this network that have not signed in have saved as much as Manna keeps for them this week; create a free account (or log in) to keep saving".to_string(),
        )));
    }
    kept.added = kept.added.plus(Usage {
        records,
        bytes,
        history: 0,
    });
    Ok(Ok(()))
}
