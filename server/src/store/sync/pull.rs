//! Changes after a cursor, oldest first, a page at a time (at most the
//! request's limit, and about 256 KB): the user's own, then those of each
//! group they belong to, all read on one snapshot with the memberships. No
//! cursor asks for a snapshot of the live records. A cursor from another
//! epoch, or older than the forgotten tombstones, gets `reset`. Which of a
//! group's records each member is sent is the sync service's to decide
//! (`crate::sync`); the store reads them.

use super::super::sql::Sql;
use super::records::decode_sent;
use super::user_row::user_version;
use crate::store::StoreError;
use manna_sync_protocol::groups::Role;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, GroupCursor, MAX_PULL_LIMIT, PullRequest, ResetReason, StoredRecord,
    Table,
};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The stored bytes a page of changes carries at most (past the first record).
pub const PAGE_BYTES: usize = 256 * 1024;

/// The bucket a group's records are kept in (a row of `users`, with its own
/// change counter).
pub fn group_bucket(group: &str) -> String {
    format!("{GROUP_BUCKET}{group}")
}

const GROUP_BUCKET: &str = "group:";

/// Whether a bucket of records is a group's (else a person's).
pub fn is_group_bucket(bucket: &str) -> bool {
    bucket.starts_with(GROUP_BUCKET)
}

/// What a pull read: the user's own changes (whole), and a page of each of
/// their groups' records for the sync service to filter.
#[derive(Debug)]
pub enum Pulled {
    Reset(ResetReason),
    Page(Page),
}

#[derive(Debug)]
pub struct Page {
    pub changes: Vec<Change>,
    /// The epoch and the user's own version (the groups' follow).
    pub cursor: Cursor,
    pub has_more: bool,
    pub acked_seq: u64,
    pub groups: Vec<GroupPage>,
    /// Groups in the cursor the user no longer belongs to.
    pub left: Vec<String>,
}

/// Stored records with their tables and ids, oldest change first.
pub type Rows = Vec<(Table, String, StoredRecord)>;

/// A page of one group's records as stored, for one member.
#[derive(Debug)]
pub struct GroupPage {
    pub group: String,
    pub member_id: String,
    pub role: Role,
    /// The records changed after the device's place (tombstones included,
    /// unless `snapshot`).
    pub rows: Rows,
    /// The device starts this group from nothing: a first page, or again
    /// after a new role or a cursor older than the forgotten tombstones
    /// (`restarted`: its records must be forgotten first).
    pub snapshot: bool,
    pub restarted: bool,
    /// The group's version the device reaches with this page.
    pub version: u64,
    /// The live requests the page's updates and prayers belong to.
    pub parents: HashMap<String, Map<String, Value>>,
}

pub fn pull(
    c: &mut Sql<'_>,
    user: &str,
    device: &str,
    req: &PullRequest,
) -> Result<Pulled, StoreError> {
    // Reads only, on one snapshot: it need not wait for the write lock.
    c.read(|tx| pull_in(tx, user, device, req))
}

/// The changes of one bucket after `after`, at most `limit` rows and about
/// `budget` bytes (the first row always); answers them and whether more
/// are left.
fn changed(
    tx: &mut Sql<'_>,
    bucket: &str,
    after: u64,
    snapshot: bool,
    limit: usize,
    budget: &mut usize,
) -> Result<(Rows, bool), StoreError> {
    // Read in order until the page is full (by count or by bytes): the
    // rows past it are not read at all.
    let (mut more, mut taken) = (false, 0);
    let out = tx.query_while(
        "SELECT tbl, id, body FROM records
         WHERE user_id = ?1 AND version > ?2 AND (?3 = FALSE OR deleted = FALSE)
         ORDER BY version LIMIT ?4",
        &[&bucket, &(after as i64), &snapshot, &(limit as i64 + 1)],
        |r| {
            // A page ends at its byte budget too: one pull of large records
            // costs the server a bounded amount, and the rest follows.
            if taken == limit || (*budget == 0 && taken > 0) {
                more = true;
                return Ok(None);
            }
            let (tbl, body): (String, String) = (r.get(0)?, r.get(2)?);
            *budget = budget.saturating_sub(body.len());
            taken += 1;
            let table = Table::from_name(&tbl)
                .ok_or_else(|| StoreError::Engine(format!("unknown table {tbl}")))?;
            Ok(Some((table, r.get(1)?, decode_sent(&body)?)))
        },
    )?;
    Ok((out, more))
}

/// A stored record as a device is sent it.
pub fn as_change(table: Table, id: String, record: StoredRecord) -> Change {
    let (op, fields) = match record.deleted {
        true => (ChangeOp::Delete, Map::new()),
        false => (ChangeOp::Put, record.fields),
    };
    Change {
        table,
        id,
        op,
        version: record.version,
        fields,
    }
}

fn pull_in(
    tx: &mut Sql<'_>,
    user: &str,
    device: &str,
    req: &PullRequest,
) -> Result<Pulled, StoreError> {
    // Where the database, the user and the device stand, in one statement.
    let (epoch, latest, purged_through, acked_seq): (String, i64, i64, i64) = tx.query_one(
        "SELECT (SELECT value FROM meta WHERE key = 'epoch'), version, purged_through,
                (SELECT acked_seq FROM devices WHERE id = ?2)
         FROM users WHERE id = ?1",
        &[&user, &device],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let (latest, purged_through) = (latest as u64, purged_through as u64);
    let after = match &req.cursor {
        Some(c) if c.epoch != epoch => return Ok(Pulled::Reset(ResetReason::EpochChanged)),
        Some(c) if c.version < purged_through => {
            return Ok(Pulled::Reset(ResetReason::CursorTooOld));
        }
        Some(c) if c.version > latest => return Ok(Pulled::Reset(ResetReason::EpochChanged)),
        Some(c) => c.version,
        None => 0,
    };
    let limit = req.limit.clamp(1, MAX_PULL_LIMIT) as usize;
    let mut budget = PAGE_BYTES;
    let (own, own_more) = changed(tx, user, after, req.cursor.is_none(), limit, &mut budget)?;
    let version = match (own_more, own.last()) {
        (true, Some((_, _, last))) => last.version,
        (true, None) => after,
        (false, _) => latest,
    };
    let mut room = limit - own.len();
    let changes: Vec<Change> = own
        .into_iter()
        .map(|(table, id, record)| as_change(table, id, record))
        .collect();

    let had: Vec<GroupCursor> = req
        .cursor
        .as_ref()
        .map(|c| c.groups.clone())
        .unwrap_or_default();
    let memberships: Vec<(String, String, String)> = tx.query(
        "SELECT group_id, member_id, role FROM group_members WHERE user_id = ?1 ORDER BY group_id",
        &[&user],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let mut has_more = own_more;
    let mut groups = Vec::with_capacity(memberships.len());
    for (group, member_id, role) in memberships {
        let role = Role::from_wire(&role).ok_or_else(|| {
            StoreError::Engine(format!("a stored group role is not known: {role}"))
        })?;
        let bucket = group_bucket(&group);
        let (group_latest, group_purged) = user_version(tx, &bucket)?;
        let before = had.iter().find(|g| g.group == group);
        let restarted = before.is_some_and(|b| {
            b.role != role
                || b.member != member_id
                || b.version < group_purged
                || b.version > group_latest
        });
        let after = match before {
            Some(b) if !restarted => b.version,
            _ => 0,
        };
        let snapshot = after == 0;
        let (rows, more) = match room == 0 || budget == 0 {
            // This page is full: the group waits for the next.
            true => (Vec::new(), after < group_latest),
            false => changed(tx, &bucket, after, snapshot, room, &mut budget)?,
        };
        room -= rows.len();
        has_more |= more;
        let reached = match (more, rows.last()) {
            (true, Some((_, _, last))) => last.version,
            (true, None) => after,
            (false, _) => group_latest,
        };
        let parents = parents_of(tx, &bucket, &rows)?;
        groups.push(GroupPage {
            group,
            member_id,
            role,
            rows,
            snapshot,
            restarted,
            version: reached,
            parents,
        });
    }
    let left = had
        .iter()
        .filter(|g| !groups.iter().any(|p| p.group == g.group))
        .map(|g| g.group.clone())
        .collect();
    Ok(Pulled::Page(Page {
        changes,
        cursor: Cursor {
            epoch,
            version,
            groups: Vec::new(),
        },
        has_more,
        acked_seq: acked_seq as u64,
        groups,
        left,
    }))
}

/// The live requests that the updates and prayers among `rows` belong to.
fn parents_of(
    tx: &mut Sql<'_>,
    bucket: &str,
    rows: &Rows,
) -> Result<HashMap<String, Map<String, Value>>, StoreError> {
    let mut parents = HashMap::new();
    for (table, _, record) in rows {
        let Some(field) = manna_sync_protocol::groups::shared::parent_field(*table) else {
            continue;
        };
        let Some(id) = record.fields.get(field).and_then(Value::as_str) else {
            continue;
        };
        if parents.contains_key(id) {
            continue;
        }
        if let Some(parent) = super::records::load(tx, bucket, Table::GroupRequests, id)?
            && !parent.deleted
        {
            parents.insert(id.to_string(), parent.fields);
        }
    }
    Ok(parents)
}
