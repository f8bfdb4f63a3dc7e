//! Applying mutations: a device's step of them in one transaction, each
//! sequence number once, in order. `seq <= acked` is a retry and is skipped;
//! `seq == acked + 1` is applied (or, when invalid, rejected and still
//! acknowledged so it never blocks the queue); anything later is a gap and
//! stops the step.

use super::counters::Counters;
use super::{PUSH_STEP, STEP_TIME, Writer, quota};
use crate::error::AppError;
use crate::store::sync::{RecordKey, Usage, encode_record, group_bucket, usage_change};
use crate::store::{Charge, Store, SyncTx, Unflushed};
use manna_sync_protocol::date::{Date, iso_time};
use manna_sync_protocol::groups::Role;
use manna_sync_protocol::groups::permissions::{Act, may};
use manna_sync_protocol::groups::requests::check_daily_posts;
use manna_sync_protocol::groups::shared::{Write, judge, parent_field, stamped};
use manna_sync_protocol::records::journal::{JOURNAL_KEY_ID, check_key_kept, is_locked};
use manna_sync_protocol::records::read::Fields;
use manna_sync_protocol::{
    FieldError, Gap, MergeOutcome, Mutation, Op, PushResponse, Rejection, StoredRecord, Table,
    merge,
};
use serde_json::Value;
use std::collections::VecDeque;
use std::time::Instant;

/// Applies the first step of a device's mutations (at most [`PUSH_STEP`],
/// or as many as [`STEP_TIME`] of work allows) in one transaction; answers
/// what it applied, the mutations left for the next step, and the flush to
/// wait for before the device hears of it.
pub(super) async fn push_step(
    store: &Store,
    writer: Writer,
    mut mutations: VecDeque<Mutation>,
    charge: Option<Charge>,
) -> Result<(PushResponse, VecDeque<Mutation>, Unflushed), AppError> {
    let user = writer.user.clone();
    let device = writer.device.clone();
    let ahead = own_ahead(store, &user, mutations.iter().take(PUSH_STEP));
    let (written, unflushed) = store
        .sync_write_unflushed(&user, Some(&device), ahead, charge, move |tx| {
            let started = Instant::now();
            let (user, device) = (&writer.user, &writer.device);
            let mut acked = tx.acked_seq(user, device)?;
            let before = acked;
            let step = mutations.iter().take(PUSH_STEP);
            let mut counters = Counters::holding(tx, user, step.clone())?;
            read_ahead(tx, user, step)?;
            let mut response = PushResponse::default();
            for _ in 0..PUSH_STEP {
                let Some(m) = mutations.pop_front() else {
                    break;
                };
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
                let seq = m.seq;
                if let Err(refusal) = apply_one(tx, &writer, m, &mut counters)? {
                    response.rejected.push(Rejection::new(seq, &refusal));
                }
                acked = seq;
                if started.elapsed() >= STEP_TIME {
                    break;
                }
            }
            tx.set_acked_seq(device, acked)?;
            counters.save(tx)?;
            response.acked_seq = acked;
            Ok::<_, AppError>((response, before, mutations))
        })
        .await?;
    let (response, before, mutations) = written?;
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
    Ok((response, mutations, unflushed))
}

/// Reads ahead, in one statement, the stored records a write of `mutations`
/// by `user` loads that were not read with the user's row (a group's).
/// Named only where the store reads ahead.
pub(super) fn read_ahead<'m>(
    tx: &mut SyncTx<'_, '_>,
    user: &str,
    mutations: impl IntoIterator<Item = &'m Mutation>,
) -> Result<(), AppError> {
    Ok(tx.read_ahead(|| loaded(user, mutations))?)
}

/// What a write of `mutations` by `user` loads of the user's own records,
/// to be read with their row where the store reads ahead (none elsewhere).
pub(super) fn own_ahead<'m>(
    store: &Store,
    user: &str,
    mutations: impl IntoIterator<Item = &'m Mutation>,
) -> Vec<RecordKey> {
    match store.reads_ahead() {
        true => loaded(user, mutations),
        false => Vec::new(),
    }
}

/// The stored records a write of `mutations` by `user` loads: each
/// change's own, and the journal's key when an entry is among them (its
/// lock is checked for each).
fn loaded<'m>(user: &str, mutations: impl IntoIterator<Item = &'m Mutation>) -> Vec<RecordKey> {
    let mut keys = Vec::new();
    let mut journal = false;
    for m in mutations {
        let bucket = m
            .table
            .group_of(&m.id)
            .map_or_else(|| user.to_owned(), group_bucket);
        journal |= m.table == Table::PrayerJournal;
        keys.push((bucket, m.table, m.id.clone()));
    }
    if journal {
        keys.push((
            user.to_owned(),
            Table::JournalKeys,
            JOURNAL_KEY_ID.to_owned(),
        ));
    }
    keys
}

/// The writer's place in the group a shared record belongs to.
#[derive(Debug)]
struct Place {
    group: String,
    bucket: String,
    role: Option<Role>,
    member_id: Option<String>,
    display_name: Option<String>,
    reflections_on: bool,
}

/// Where a write to a shared table goes, and the writer's place there now
/// (a member removed since they wrote it has none); refused when its id
/// names no group, or the group is gone.
fn place_of(
    tx: &mut SyncTx<'_, '_>,
    user: &str,
    m: &Mutation,
) -> Result<Result<Place, FieldError>, AppError> {
    let Some(group) = m.table.group_of(&m.id) else {
        return Ok(Err(FieldError::new(
            "id",
            "a shared record is named <kind>:<groupId>:<random>",
        )));
    };
    let Some((reflections_on, place)) = tx.group_place(group, user)? else {
        return Ok(Err(FieldError::new(
            "group",
            "this group no longer exists: it was deleted",
        )));
    };
    let (member_id, display_name, role) = match place {
        Some((id, name, role)) => (Some(id), Some(name), Role::from_wire(&role)),
        None => (None, None, None),
    };
    Ok(Ok(Place {
        group: group.to_string(),
        bucket: group_bucket(group),
        role,
        member_id,
        display_name,
        reflections_on,
    }))
}

/// The mutation as the server stores it: who wrote a new shared record is
/// set from the writer's membership, and never changes after.
fn stamp(m: &mut Mutation, place: &Place, fresh: bool) {
    for field in stamped(m.table) {
        if fresh {
            let value = match *field {
                "authorName" => place.display_name.clone(),
                _ => place.member_id.clone(),
            };
            m.fields.insert(
                (*field).to_string(),
                value.map_or(Value::Null, Value::String),
            );
        } else {
            m.fields.remove(*field);
        }
    }
    // A prayer shows the name its maker goes by in the group, or none.
    if m.table == Table::GroupPrayers
        && m.fields.get("name").is_some_and(|n| !n.is_null())
        && let Some(name) = &place.display_name
    {
        m.fields.insert("name".into(), Value::String(name.clone()));
    }
}

/// The live request an update or a prayer belongs to.
fn parent_of(
    tx: &mut SyncTx<'_, '_>,
    place: &Place,
    table: Table,
    fields: &Fields,
) -> Result<Option<Fields>, AppError> {
    let Some(id) = parent_field(table)
        .and_then(|f| fields.get(f))
        .and_then(Value::as_str)
    else {
        return Ok(None);
    };
    Ok(tx
        .load(&place.bucket, Table::GroupRequests, id)?
        .filter(|r| !r.deleted)
        .map(|r| r.fields))
}

/// Merges one mutation into the records it belongs to (the writer's own, or
/// a group's); `counters` move on when a record changes. A refused
/// mutation answers its reason and changes nothing.
pub(super) fn apply_one(
    tx: &mut SyncTx<'_, '_>,
    writer: &Writer,
    mut m: Mutation,
    counters: &mut Counters,
) -> Result<Result<(), FieldError>, AppError> {
    let Writer {
        user,
        device,
        now_ms,
        gate,
    } = writer;
    let place = match m.table.is_shared() {
        false => None,
        true => match place_of(tx, user, &m)? {
            Ok(place) => Some(place),
            Err(refusal) => return Ok(Err(refusal)),
        },
    };
    // Someone outside the group leaves nothing in it, not even a value the
    // merge would set aside.
    if let Some(place) = &place
        && let Err(refusal) = may(place.role, Act::Read)
    {
        return Ok(Err(refusal));
    }
    let bucket = place.as_ref().map_or(user.as_str(), |p| p.bucket.as_str());
    let (existing, stored) = match tx.load_with_usage(bucket, m.table, &m.id)? {
        Some((record, usage)) => (Some(record), usage),
        None => (None, Usage::default()),
    };
    let fresh = existing.as_ref().is_none_or(|r| r.deleted);
    // A new record gets its table's defaults for what it leaves out (an older
    // app does not know a newer field; a REST client may leave out the
    // spec's optional ones).
    if m.op == Op::Put && fresh {
        m.table.fill_defaults(&mut m.fields, &iso_time(*now_ms));
    }
    if let Some(place) = &place {
        stamp(&mut m, place, fresh);
    }
    let m = &m;
    if let Err(refusal) = check_key_kept(m.table, m.op == Op::Delete) {
        return Ok(Err(refusal));
    }
    let next = counters.current(tx, bucket)? + 1;
    match merge(existing.as_ref(), m, device, next) {
        MergeOutcome::Changed { record, revisions } => {
            let before = existing.as_ref().filter(|r| !r.deleted).map(|r| &r.fields);
            let after = (!record.deleted).then_some(&record.fields);
            match &place {
                Some(place) => {
                    if let Err(refusal) = judge_shared(tx, place, m.table, before, after, *now_ms)?
                    {
                        return Ok(Err(refusal));
                    }
                }
                None => {
                    if let Some(after) = after
                        && let Err(refusal) = gate.admit(tx, user, m.table, before, after)?
                    {
                        return Ok(Err(refusal));
                    }
                }
            }
            let body = encode_record(&record)?;
            let change = usage_change(stored, Some((&body, record.deleted)), &revisions);
            if let Err(over_quota) =
                quota::charge(tx, &mut counters.tally, bucket, change, *now_ms)?
            {
                return Ok(Err(over_quota));
            }
            counters.set(bucket, next);
            tx.save(
                bucket,
                m.table,
                &m.id,
                Some((&record, &body)),
                &revisions,
                *now_ms,
            )?;
            match &place {
                Some(place) => {
                    after_shared_write(tx, place, m, before, &record, counters, *now_ms)?;
                }
                None => after_own_write(tx, user, m, before, &record, counters, *now_ms)?,
            }
        }
        MergeOutcome::Unchanged { revisions } => {
            // An edit set aside keeps its words: in a locked journal, only
            // sealed ones.
            if m.table == Table::PrayerJournal
                && !revisions.is_empty()
                && ["title", "content", "category"]
                    .iter()
                    .any(|f| m.fields.contains_key(*f))
                && let Err(refusal) = gate.admit(tx, user, m.table, None, &m.fields)?
            {
                return Ok(Err(refusal));
            }
            let change = usage_change(stored, None, &revisions);
            if let Err(over_quota) =
                quota::charge(tx, &mut counters.tally, bucket, change, *now_ms)?
            {
                return Ok(Err(over_quota));
            }
            tx.save(bucket, m.table, &m.id, None, &revisions, *now_ms)?;
        }
        MergeOutcome::Rejected(refusal) => return Ok(Err(refusal)),
    }
    Ok(Ok(()))
}

/// What a stored write to a person's own records brings along: once their
/// journal is locked, the server keeps no open copy of its text. A new lock
/// forgets every entry's kept older values and deleted entries' last
/// fields; an entry sealed forgets its own older values (which the write
/// itself may just have set aside), and so does an entry still in the open
/// deleted from a locked journal, with its last fields.
fn after_own_write(
    tx: &mut SyncTx<'_, '_>,
    user: &str,
    m: &Mutation,
    before: Option<&Fields>,
    record: &StoredRecord,
    counters: &mut Counters,
    now_ms: i64,
) -> Result<(), AppError> {
    let forget = match m.table {
        Table::JournalKeys if before.is_none() && !record.deleted => Some(None),
        Table::PrayerJournal
            if !record.deleted
                && is_locked(&record.fields)
                && before.is_none_or(|b| !is_locked(b)) =>
        {
            Some(Some(m.id.as_str()))
        }
        Table::PrayerJournal
            if record.deleted
                && !is_locked(&record.fields)
                && tx
                    .load(user, Table::JournalKeys, JOURNAL_KEY_ID)?
                    .is_some_and(|key| !key.deleted) =>
        {
            Some(Some(m.id.as_str()))
        }
        _ => None,
    };
    if let Some(id) = forget {
        let freed = tx.forget_open_journal(user, id)?;
        counters
            .tally
            .add(tx, user, Usage::default().minus(freed), now_ms)?;
    }
    Ok(())
}

/// The UTC day of `now_ms` (`2026-12-01`), the day a post counts on.
fn day_of(now_ms: i64) -> String {
    Date::from_epoch_ms(now_ms, 0).to_string()
}

/// The group's rules for a write to its records (`judge`), and the daily
/// limit of new requests.
fn judge_shared(
    tx: &mut SyncTx<'_, '_>,
    place: &Place,
    table: Table,
    before: Option<&Fields>,
    after: Option<&Fields>,
    now_ms: i64,
) -> Result<Result<(), FieldError>, AppError> {
    let parent = match after.or(before) {
        Some(fields) => parent_of(tx, place, table, fields)?,
        None => None,
    };
    let write = Write {
        table,
        role: place.role,
        me: place.member_id.as_deref(),
        before,
        after,
        parent: parent.as_ref(),
        reflections_on: place.reflections_on,
    };
    if let Err(refusal) = judge(write) {
        return Ok(Err(refusal));
    }
    if table == Table::GroupRequests
        && before.is_none()
        && after.is_some()
        && let Some(member) = &place.member_id
    {
        let posted = tx.posts_on(&place.group, member, &day_of(now_ms))?;
        if let Err(refusal) = check_daily_posts(posted) {
            return Ok(Err(refusal));
        }
    }
    Ok(Ok(()))
}

/// What a stored write to a group's records brings along: a new request
/// counts in its writer's day (and, with a new prayer, is noted for the
/// notifications to come), and a request hidden or shown again sends
/// its updates and prayers again (each member is sent them, or told to
/// delete them, as the request now is).
fn after_shared_write(
    tx: &mut SyncTx<'_, '_>,
    place: &Place,
    m: &Mutation,
    before: Option<&Fields>,
    record: &StoredRecord,
    counters: &mut Counters,
    now_ms: i64,
) -> Result<(), AppError> {
    let new = before.is_none() && !record.deleted;
    if new
        && m.table == Table::GroupPrayers
        && let Some(member) = &place.member_id
        && let Some(request) = record.fields.get("requestId").and_then(Value::as_str)
    {
        tx.note_for_notices(&place.group, "prayed", request, member, now_ms)?;
    }
    if m.table != Table::GroupRequests {
        return Ok(());
    }
    if new && let Some(member) = &place.member_id {
        tx.count_post(&place.group, member, &day_of(now_ms))?;
        tx.note_for_notices(&place.group, "request", &m.id, member, now_ms)?;
    }
    let hidden = |f: Option<&Fields>| f.and_then(|f| f.get("hidden")).and_then(Value::as_bool);
    let after = (!record.deleted).then_some(&record.fields);
    if before.is_none() || hidden(before) == hidden(after) {
        return Ok(());
    }
    let children = tx.live_naming(
        &place.bucket,
        &[Table::GroupUpdates, Table::GroupPrayers],
        "requestId",
        &m.id,
    )?;
    for (table, id, mut child) in children {
        let stored = tx
            .load_with_usage(&place.bucket, table, &id)?
            .map_or_else(Usage::default, |(_, usage)| usage);
        let next = counters.current(tx, &place.bucket)? + 1;
        child.version = next;
        let body = encode_record(&child)?;
        // The same record, renumbered: its bytes barely change.
        let change = usage_change(stored, Some((&body, false)), &[]);
        counters.tally.add(tx, &place.bucket, change, now_ms)?;
        counters.set(&place.bucket, next);
        tx.save(
            &place.bucket,
            table,
            &id,
            Some((&child, &body)),
            &[],
            now_ms,
        )?;
    }
    Ok(())
}
