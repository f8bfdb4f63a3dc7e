//! Changes after a cursor, oldest first, a page at a time (at most the
//! request's limit, and about 256 KB): the user's own, then those of each
//! group they belong to, all read on one snapshot with the memberships. No
//! cursor asks for a snapshot of the live records. A cursor from another
//! epoch, or older than the forgotten tombstones, gets `reset`. Which of a
//! group's records each member is sent is the sync service's to decide
//! (`crate::sync`); the store reads them.

mod groups;

use super::super::sql::Sql;
use super::records::{decode_sent, stored_table};
use crate::store::StoreError;
use manna_sync_protocol::groups::Role;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, MAX_PULL_LIMIT, PullRequest, ResetReason, StoredRecord, Table,
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
    // Most people belong to no group: their page is one statement, which
    // reads on one snapshot of its own (one round trip on PostgreSQL).
    if let Some(pulled) = pull_alone(c, user, device, req)? {
        return Ok(pulled);
    }
    // Reads only, on one snapshot: it need not wait for the write lock.
    c.read(|tx| groups::pull_with_groups(tx, user, device, req))
}

/// Where the database, the user and the device stand.
struct Standing {
    epoch: String,
    latest: u64,
    purged_through: u64,
    acked_seq: u64,
}

impl Standing {
    /// The version the page starts after, or why the device must start again.
    fn after(&self, req: &PullRequest) -> Result<u64, ResetReason> {
        match &req.cursor {
            Some(c) if c.epoch != self.epoch => Err(ResetReason::EpochChanged),
            Some(c) if c.version < self.purged_through => Err(ResetReason::CursorTooOld),
            Some(c) if c.version > self.latest => Err(ResetReason::EpochChanged),
            Some(c) => Ok(c.version),
            None => Ok(0),
        }
    }
}

/// A pull's one statement for a user in no group: one row for where they
/// stand joined with each change after the cursor (or with none). Its limit
/// is cast: SQLite parses again a statement whose LIMIT is a bare parameter
/// each time a value is bound.
const PULL_ALONE: &str =
    "SELECT (SELECT value FROM meta WHERE key = 'epoch'), h.version, h.purged_through,
            (SELECT acked_seq FROM devices WHERE id = ?2),
            EXISTS (SELECT 1 FROM group_members WHERE user_id = ?1),
            p.tbl, p.id, p.body
     FROM users AS h
     LEFT JOIN records AS p ON p.user_id = h.id AND p.version > ?3
                            AND (?4 = FALSE OR p.deleted = FALSE)
     WHERE h.id = ?1
     ORDER BY p.version LIMIT CAST(?5 AS BIGINT)";

/// The page of a user who belongs to no group, read in one statement with
/// where they stand; `None` when they belong to one (their page is read in
/// a transaction, with their groups').
fn pull_alone(
    c: &mut Sql<'_>,
    user: &str,
    device: &str,
    req: &PullRequest,
) -> Result<Option<Pulled>, StoreError> {
    let after = req.cursor.as_ref().map_or(0, |c| c.version);
    let limit = req.limit.clamp(1, MAX_PULL_LIMIT) as usize;
    let (mut standing, mut grouped) = (None, false);
    let mut fill = Fill::new(limit);
    let rows = c.query_while(
        PULL_ALONE,
        &[
            &user,
            &device,
            &(after as i64),
            &req.cursor.is_none(),
            &(limit as i64 + 1),
        ],
        |r| {
            if standing.is_none() {
                grouped = r.get::<bool>(4)?;
                if grouped {
                    return Ok(None);
                }
                standing = Some(Standing {
                    epoch: r.get(0)?,
                    latest: r.get::<i64>(1)? as u64,
                    purged_through: r.get::<i64>(2)? as u64,
                    acked_seq: r.get::<i64>(3)? as u64,
                });
            }
            match r.get::<Option<String>>(5)? {
                // No change after the cursor: the one row is the standing's.
                None => Ok(None),
                Some(tbl) => fill.take(tbl, r.get(6)?, r.get(7)?),
            }
        },
    )?;
    if grouped {
        return Ok(None);
    }
    let standing = standing
        .ok_or_else(|| StoreError::Engine("a query that answers one row answered none".into()))?;
    let after = match standing.after(req) {
        Ok(after) => after,
        Err(reason) => return Ok(Some(Pulled::Reset(reason))),
    };
    let version = fill.reached(after, standing.latest, &rows);
    Ok(Some(Pulled::Page(Page {
        changes: rows
            .into_iter()
            .map(|(table, id, record)| as_change(table, id, record))
            .collect(),
        cursor: Cursor {
            epoch: standing.epoch,
            version,
            groups: Vec::new(),
        },
        has_more: fill.more,
        acked_seq: standing.acked_seq,
        groups: Vec::new(),
        left: req
            .cursor
            .iter()
            .flat_map(|c| c.groups.iter().map(|g| g.group.clone()))
            .collect(),
    })))
}

/// A page being filled in version order: at most `limit` rows, and about
/// `budget` bytes (the first row always).
struct Fill {
    limit: usize,
    budget: usize,
    taken: usize,
    /// Rows were left for the next page.
    more: bool,
}

impl Fill {
    fn new(limit: usize) -> Self {
        Self::within(limit, PAGE_BYTES)
    }

    fn within(limit: usize, budget: usize) -> Self {
        Self {
            limit,
            budget,
            taken: 0,
            more: false,
        }
    }

    /// Takes the next stored row, or answers `None` once the page is full.
    fn take(
        &mut self,
        tbl: String,
        id: String,
        body: String,
    ) -> Result<Option<(Table, String, StoredRecord)>, StoreError> {
        // A page ends at its byte budget too: one pull of large records
        // costs the server a bounded amount, and the rest follows.
        if self.taken == self.limit || (self.budget == 0 && self.taken > 0) {
            self.more = true;
            return Ok(None);
        }
        self.budget = self.budget.saturating_sub(body.len());
        self.taken += 1;
        Ok(Some((stored_table(&tbl)?, id, decode_sent(&body)?)))
    }

    /// The version a device reaches with the page's `rows` of a bucket read
    /// after `after`, whose latest version is `latest`.
    fn reached(&self, after: u64, latest: u64, rows: &Rows) -> u64 {
        match (self.more, rows.last()) {
            (true, Some((_, _, last))) => last.version,
            (true, None) => after,
            (false, _) => latest,
        }
    }
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
) -> Result<(Rows, Fill), StoreError> {
    // Read in order until the page is full (by count or by bytes): the
    // rows past it are not read at all.
    let mut fill = Fill::within(limit, *budget);
    let out = tx.query_while(
        "SELECT tbl, id, body FROM records
         WHERE user_id = ?1 AND version > ?2 AND (?3 = FALSE OR deleted = FALSE)
         ORDER BY version LIMIT CAST(?4 AS BIGINT)",
        &[&bucket, &(after as i64), &snapshot, &(limit as i64 + 1)],
        |r| fill.take(r.get(0)?, r.get(1)?, r.get(2)?),
    )?;
    *budget = fill.budget;
    Ok((out, fill))
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

#[cfg(test)]
mod tests {
    use super::{PULL_ALONE, Pulled, pull};
    use crate::store::sql::Sql;
    use manna_sync_protocol::PullRequest;
    use rusqlite::StatementStatus;

    #[test]
    fn a_pull_on_sqlite_parses_its_statement_once_whatever_its_limit() {
        let mut conn = rusqlite::Connection::open_in_memory().expect("db");
        crate::store::sqlite::migrations()
            .to_latest(&mut conn)
            .expect("migrated");
        conn.execute_batch(
            "INSERT INTO users (id, created_at) VALUES ('user-1', 0);
             INSERT INTO devices (id, user_id, token_hash, created_at) VALUES ('device-1', 'user-1', 'hash-1', 0);
             INSERT INTO records (user_id, tbl, id, body, version, deleted, updated_at) VALUES
               ('user-1', 'weightEntries', 'w1',
                '{\"fields\":{\"weight\":70},\"stamps\":{},\"version\":1,\"deleted\":false}', 1, FALSE, 0),
               ('user-1', 'weightEntries', 'w2',
                '{\"fields\":{\"weight\":71},\"stamps\":{},\"version\":2,\"deleted\":false}', 2, FALSE, 0);
             UPDATE users SET version = 2 WHERE id = 'user-1';",
        )
        .expect("stored");
        for (limit, expected) in [(1, 1), (100, 2), (7, 2)] {
            let req: PullRequest = serde_json::from_value(serde_json::json!({
                "protocolVersion": 1, "deviceId": "device-1", "cursor": null, "limit": limit
            }))
            .expect("request");
            match pull(&mut Sql::Lite(&mut conn), "user-1", "device-1", &req).expect("pulled") {
                Pulled::Page(page) => {
                    assert_eq!(page.changes.len(), expected, "limit {limit}");
                    assert_eq!(page.has_more, limit == 1);
                }
                Pulled::Reset(reason) => panic!("reset: {reason:?}"),
            }
        }
        let statement = conn.prepare_cached(PULL_ALONE).expect("cached");
        assert_eq!(statement.get_status(StatementStatus::RePrepare), 0);
    }
}
