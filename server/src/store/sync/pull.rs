//! Changes after a cursor, oldest first, a page at a time (at most the
//! request's limit, and about 256 KB). No cursor asks for a snapshot of the
//! live records. A cursor from another epoch, or older than the forgotten
//! tombstones, gets `reset`.

use super::super::sql::Sql;
use super::records::{decode_record, user_version};
use crate::store::StoreError;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, MAX_PULL_LIMIT, PullRequest, PullResponse, ResetReason, Table,
};

/// The stored bytes a page of changes carries at most (past the first record).
pub const PAGE_BYTES: usize = 256 * 1024;

pub fn epoch(c: &mut Sql<'_>) -> Result<String, StoreError> {
    c.query_one("SELECT value FROM meta WHERE key = 'epoch'", &[], |r| {
        r.get(0)
    })
}

pub fn pull(
    c: &mut Sql<'_>,
    user: &str,
    device: &str,
    req: &PullRequest,
) -> Result<PullResponse, StoreError> {
    // Reads only, on one snapshot: it need not wait for the write lock.
    c.read(|tx| pull_in(tx, user, device, req))
}

fn pull_in(
    tx: &mut Sql<'_>,
    user: &str,
    device: &str,
    req: &PullRequest,
) -> Result<PullResponse, StoreError> {
    let epoch = epoch(tx)?;
    let (latest, purged_through) = user_version(tx, user)?;
    let after = match &req.cursor {
        Some(c) if c.epoch != epoch => {
            return Ok(PullResponse::Reset {
                reset: ResetReason::EpochChanged,
            });
        }
        Some(c) if c.version < purged_through => {
            return Ok(PullResponse::Reset {
                reset: ResetReason::CursorTooOld,
            });
        }
        Some(c) if c.version > latest => {
            return Ok(PullResponse::Reset {
                reset: ResetReason::EpochChanged,
            });
        }
        Some(c) => c.version,
        None => 0,
    };
    let snapshot = req.cursor.is_none();
    let limit = req.limit.clamp(1, MAX_PULL_LIMIT);
    let rows: Vec<(String, String, String)> = tx.query(
        "SELECT tbl, id, body FROM records
         WHERE user_id = ?1 AND version > ?2 AND (?3 = FALSE OR deleted = FALSE)
         ORDER BY version LIMIT ?4",
        &[&user, &(after as i64), &snapshot, &(i64::from(limit) + 1)],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let (found, mut bytes, mut full) = (rows.len(), 0, false);
    let mut changes = Vec::new();
    for (tbl, id, body) in rows {
        // A page ends at its byte budget too: one pull of large records
        // costs the server a bounded amount, and the rest follows.
        if bytes >= PAGE_BYTES && !changes.is_empty() {
            full = true;
            break;
        }
        bytes += body.len();
        let table = Table::from_name(&tbl)
            .ok_or_else(|| StoreError::Engine(format!("unknown table {tbl}")))?;
        let record = decode_record(&body)?;
        let op = if record.deleted {
            ChangeOp::Delete
        } else {
            ChangeOp::Put
        };
        let fields = if record.deleted {
            Default::default()
        } else {
            record.fields
        };
        changes.push(Change {
            table,
            id,
            op,
            version: record.version,
            fields,
        });
    }
    let has_more = full || found > limit as usize;
    changes.truncate(limit as usize);
    let version = if has_more {
        changes.last().map_or(after, |c| c.version)
    } else {
        latest
    };
    let acked_seq: i64 = tx.query_one(
        "SELECT acked_seq FROM devices WHERE id = ?1",
        &[&device],
        |r| r.get(0),
    )?;
    Ok(PullResponse::Changes {
        changes,
        cursor: Cursor { epoch, version },
        has_more,
        acked_seq: acked_seq as u64,
    })
}
