//! Keeping the database small and honest about its history: old tombstones
//! and revisions are forgotten, at start and every hour.

use super::records::DELETED_REASON;
use crate::error::AppError;
use rusqlite::{Connection, params};

/// Deletions are remembered this long; a device offline for longer resets.
pub const TOMBSTONE_RETENTION_MS: i64 = 90 * 24 * 60 * 60 * 1000;

/// Forgets tombstones last changed before `cutoff_ms`, and moves each affected
/// user's `purged_through` so older cursors get `reset`. Answers how many went.
pub fn purge_tombstones(conn: &mut Connection, cutoff_ms: i64) -> Result<usize, AppError> {
    let tx = conn.transaction()?;
    tx.execute(
        "UPDATE users SET purged_through = max(purged_through, (
            SELECT max(version) FROM records r
            WHERE r.user_id = users.id AND r.deleted = 1 AND r.updated_at < ?1))
         WHERE EXISTS (SELECT 1 FROM records r WHERE r.user_id = users.id AND r.deleted = 1 AND r.updated_at < ?1)",
        params![cutoff_ms],
    )?;
    // A tombstone is history, not part of the quota (see `records::Usage`).
    tx.execute(
        "UPDATE users SET
           history_bytes = history_bytes - (SELECT COALESCE(sum(octet_length(body)), 0) FROM records r
             WHERE r.user_id = users.id AND r.deleted = 1 AND r.updated_at < ?1)
         WHERE EXISTS (SELECT 1 FROM records r WHERE r.user_id = users.id AND r.deleted = 1 AND r.updated_at < ?1)",
        params![cutoff_ms],
    )?;
    let purged = tx.execute(
        "DELETE FROM records WHERE deleted = 1 AND updated_at < ?1",
        params![cutoff_ms],
    )?;
    tx.commit()?;
    Ok(purged)
}

/// Overwritten and deleted values are kept this long for support to restore.
pub const REVISION_RETENTION_MS: i64 = 90 * 24 * 60 * 60 * 1000;

/// At most this many kept values per user (the newest stay): a device that
/// edits one record in a loop cannot fill the disk.
pub const REVISIONS_PER_USER: i64 = 10_000;

/// Forgets revisions older than `cutoff_ms`, and each user's beyond the newest
/// [`REVISIONS_PER_USER`]. Answers how many went.
pub fn purge_revisions(conn: &mut Connection, cutoff_ms: i64) -> Result<usize, AppError> {
    let tx = conn.transaction()?;
    tx.execute(
        "CREATE TEMP TABLE IF NOT EXISTS forgotten (rowid_ INTEGER PRIMARY KEY)",
        [],
    )?;
    tx.execute("DELETE FROM temp.forgotten", [])?;
    tx.execute(
        "INSERT INTO temp.forgotten SELECT rowid FROM revisions WHERE created_at < ?1",
        params![cutoff_ms],
    )?;
    let over: Vec<String> = tx
        .prepare("SELECT user_id FROM revisions GROUP BY user_id HAVING count(*) > ?1")?
        .query_map(params![REVISIONS_PER_USER], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for user in over {
        tx.execute(
            "INSERT OR IGNORE INTO temp.forgotten
               SELECT rowid FROM revisions WHERE user_id = ?1
               ORDER BY rowid DESC LIMIT -1 OFFSET ?2",
            params![user, REVISIONS_PER_USER],
        )?;
    }
    // What each user's forgotten values took, back to their totals: deleted
    // values were history, edits set aside counted in the quota.
    tx.execute(
        "UPDATE users SET
           stored_bytes = stored_bytes - f.quota, history_bytes = history_bytes - f.history
         FROM (SELECT v.user_id,
                 sum(CASE WHEN v.reason = ?1 THEN 0 ELSE octet_length(v.value) END) AS quota,
                 sum(CASE WHEN v.reason = ?1 THEN octet_length(v.value) ELSE 0 END) AS history
               FROM revisions v JOIN temp.forgotten g ON g.rowid_ = v.rowid GROUP BY v.user_id) AS f
         WHERE users.id = f.user_id",
        [DELETED_REASON],
    )?;
    let purged = tx.execute(
        "DELETE FROM revisions WHERE rowid IN (SELECT rowid_ FROM temp.forgotten)",
        [],
    )?;
    tx.execute("DELETE FROM temp.forgotten", [])?;
    tx.commit()?;
    Ok(purged)
}

/// Gives the database a new epoch: run after restoring a backup. Every device
/// starts again from a snapshot instead of trusting cursors from the lost
/// future, and its numbering of changes starts again from 1 (the backup may
/// not have the changes it acknowledged since), which tells it to send again
/// what it holds.
pub fn rotate_epoch(conn: &mut Connection, epoch: String) -> Result<String, AppError> {
    let tx = conn.transaction()?;
    tx.execute("UPDATE meta SET value = ?1 WHERE key = 'epoch'", [&epoch])?;
    tx.execute("UPDATE devices SET acked_seq = 0", [])?;
    tx.commit()?;
    Ok(epoch)
}
