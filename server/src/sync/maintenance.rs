//! Keeping the database small and honest about its history.

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
    let purged = tx.execute(
        "DELETE FROM records WHERE deleted = 1 AND updated_at < ?1",
        params![cutoff_ms],
    )?;
    tx.commit()?;
    Ok(purged)
}

/// Gives the database a new epoch: run after restoring a backup, so every device
/// starts again from a snapshot instead of trusting cursors from the lost future.
pub fn rotate_epoch(conn: &Connection) -> Result<String, AppError> {
    let epoch = crate::tokens::random_hex(8)?;
    conn.execute("UPDATE meta SET value = ?1 WHERE key = 'epoch'", [&epoch])?;
    Ok(epoch)
}
