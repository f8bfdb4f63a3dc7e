//! Keeping the database small and honest about its history: old tombstones
//! and revisions are forgotten, at start and every hour, as far back as
//! `crate::retention` says.

use super::super::sql::{Dialect, Sql};
use super::records::DELETED_REASON;
use crate::store::StoreError;

/// Forgets tombstones last changed before `cutoff_ms`, and moves each affected
/// user's `purged_through` so older cursors get `reset`. Answers how many went.
pub fn purge_tombstones(c: &mut Sql<'_>, cutoff_ms: i64) -> Result<usize, StoreError> {
    let greatest = c.pick("max", "GREATEST");
    c.write(|tx| {
        tx.execute(
            &format!(
                "UPDATE users SET purged_through = {greatest}(purged_through, (
                    SELECT max(version) FROM records r
                    WHERE r.user_id = users.id AND r.deleted = TRUE AND r.updated_at < ?1))
                 WHERE EXISTS (SELECT 1 FROM records r WHERE r.user_id = users.id AND r.deleted = TRUE AND r.updated_at < ?1)"
            ),
            &[&cutoff_ms],
        )?;
        // A tombstone is history, not part of the quota (see `records::Usage`).
        tx.execute(
            "UPDATE users SET
               history_bytes = history_bytes - (SELECT CAST(COALESCE(sum(octet_length(body)), 0) AS BIGINT) FROM records r
                 WHERE r.user_id = users.id AND r.deleted = TRUE AND r.updated_at < ?1)
             WHERE EXISTS (SELECT 1 FROM records r WHERE r.user_id = users.id AND r.deleted = TRUE AND r.updated_at < ?1)",
            &[&cutoff_ms],
        )?;
        tx.execute(
            "DELETE FROM records WHERE deleted = TRUE AND updated_at < ?1",
            &[&cutoff_ms],
        )
    })
}

/// Forgets revisions older than `cutoff_ms`, and each user's beyond the newest
/// `per_user`. Answers how many went.
pub fn purge_revisions(
    c: &mut Sql<'_>,
    cutoff_ms: i64,
    per_user: i64,
) -> Result<usize, StoreError> {
    c.write(|tx| {
        tx.batch(
            "CREATE TEMP TABLE IF NOT EXISTS forgotten (rowid_ BIGINT PRIMARY KEY);
             DELETE FROM forgotten;",
        )?;
        tx.execute(
            "INSERT INTO forgotten SELECT rowid FROM revisions WHERE created_at < ?1",
            &[&cutoff_ms],
        )?;
        let over: Vec<String> = tx.query(
            "SELECT user_id FROM revisions GROUP BY user_id HAVING count(*) > ?1",
            &[&per_user],
            |r| r.get(0),
        )?;
        for user in over {
            tx.execute(
                "INSERT INTO forgotten
                   SELECT rowid FROM revisions WHERE user_id = ?1
                   ORDER BY rowid DESC LIMIT 9223372036854775807 OFFSET CAST(?2 AS BIGINT)
                 ON CONFLICT DO NOTHING",
                &[&user, &per_user],
            )?;
        }
        // What each user's forgotten values took, back to their totals:
        // deleted values were history, edits set aside counted in the quota.
        // On PostgreSQL in one statement that counts only the rows it
        // deletes itself (a push forgetting history, or another replica
        // purging, may have deleted some since they were chosen).
        let purged = match tx.dialect() {
            Dialect::Postgres => tx.query_one(
                "WITH gone AS (
                     DELETE FROM revisions WHERE rowid IN (SELECT rowid_ FROM forgotten)
                     RETURNING user_id, reason, octet_length(value) AS len
                 ), f AS (
                     SELECT user_id,
                       CAST(sum(CASE WHEN reason = ?1 THEN 0 ELSE len END) AS BIGINT) AS quota,
                       CAST(sum(CASE WHEN reason = ?1 THEN len ELSE 0 END) AS BIGINT) AS history,
                       count(*) AS n
                     FROM gone GROUP BY user_id
                 ), counted AS (
                     UPDATE users SET stored_bytes = stored_bytes - f.quota,
                       history_bytes = history_bytes - f.history
                     FROM f WHERE users.id = f.user_id RETURNING f.n
                 )
                 SELECT CAST(COALESCE(sum(n), 0) AS BIGINT) FROM counted",
                &[&DELETED_REASON],
                |r| Ok(r.get::<i64>(0)? as usize),
            )?,
            Dialect::Sqlite => {
                tx.execute(
                    "UPDATE users SET
                       stored_bytes = stored_bytes - f.quota, history_bytes = history_bytes - f.history
                     FROM (SELECT v.user_id,
                             CAST(sum(CASE WHEN v.reason = ?1 THEN 0 ELSE octet_length(v.value) END) AS BIGINT) AS quota,
                             CAST(sum(CASE WHEN v.reason = ?1 THEN octet_length(v.value) ELSE 0 END) AS BIGINT) AS history
                           FROM revisions v JOIN forgotten g ON g.rowid_ = v.rowid GROUP BY v.user_id) AS f
                     WHERE users.id = f.user_id",
                    &[&DELETED_REASON],
                )?;
                tx.execute(
                    "DELETE FROM revisions WHERE rowid IN (SELECT rowid_ FROM forgotten)",
                    &[],
                )?
            }
        };
        tx.execute("DELETE FROM forgotten", &[])?;
        Ok(purged)
    })
}

/// Gives the database a new epoch: run after restoring a backup. Every device
/// starts again from a snapshot instead of trusting cursors from the lost
/// future, and its numbering of changes starts again from 1 (the backup may
/// not have the changes it acknowledged since), which tells it to send again
/// what it holds.
pub fn rotate_epoch(c: &mut Sql<'_>, epoch: String) -> Result<String, StoreError> {
    c.write(|tx| {
        tx.execute("UPDATE meta SET value = ?1 WHERE key = 'epoch'", &[&epoch])?;
        tx.execute("UPDATE devices SET acked_seq = 0", &[])?;
        Ok(())
    })?;
    Ok(epoch)
}
