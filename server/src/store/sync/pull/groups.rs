//! The page of someone who belongs to groups: their own changes, then a
//! page of each group's records, with the memberships, on one snapshot.

use super::super::super::sql::Sql;
use super::super::records;
use super::super::user_row::user_version;
use super::{
    Fill, GroupPage, PAGE_BYTES, Page, Pulled, Rows, Standing, as_change, changed, group_bucket,
};
use crate::store::StoreError;
use manna_sync_protocol::groups::Role;
use manna_sync_protocol::{Change, Cursor, GroupCursor, MAX_PULL_LIMIT, PullRequest, Table};
use serde_json::{Map, Value};
use std::collections::HashMap;

pub(super) fn pull_with_groups(
    tx: &mut Sql<'_>,
    user: &str,
    device: &str,
    req: &PullRequest,
) -> Result<Pulled, StoreError> {
    // Where the database, the user and the device stand, in one statement.
    let standing = tx.query_one(
        "SELECT (SELECT value FROM meta WHERE key = 'epoch'), version, purged_through,
                (SELECT acked_seq FROM devices WHERE id = ?2)
         FROM users WHERE id = ?1",
        &[&user, &device],
        |r| {
            Ok(Standing {
                epoch: r.get(0)?,
                latest: r.get::<i64>(1)? as u64,
                purged_through: r.get::<i64>(2)? as u64,
                acked_seq: r.get::<i64>(3)? as u64,
            })
        },
    )?;
    let after = match standing.after(req) {
        Ok(after) => after,
        Err(reason) => return Ok(Pulled::Reset(reason)),
    };
    let limit = req.limit.clamp(1, MAX_PULL_LIMIT) as usize;
    let mut budget = PAGE_BYTES;
    let (own, fill) = changed(tx, user, after, req.cursor.is_none(), limit, &mut budget)?;
    let version = fill.reached(after, standing.latest, &own);
    let own_more = fill.more;
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
        let (rows, fill) = match room == 0 || budget == 0 {
            // This page is full: the group waits for the next.
            true => {
                let mut fill = Fill::within(0, 0);
                fill.more = after < group_latest;
                (Vec::new(), fill)
            }
            false => changed(tx, &bucket, after, snapshot, room, &mut budget)?,
        };
        room -= rows.len();
        has_more |= fill.more;
        let reached = fill.reached(after, group_latest, &rows);
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
            epoch: standing.epoch,
            version,
            groups: Vec::new(),
        },
        has_more,
        acked_seq: standing.acked_seq,
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
        if let Some(parent) = records::load(tx, bucket, Table::GroupRequests, id)?
            && !parent.deleted
        {
            parents.insert(id.to_string(), parent.fields);
        }
    }
    Ok(parents)
}
