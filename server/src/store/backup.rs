//! Backups: a consistent copy of the live database while the server runs, and
//! a restore that puts one back and tells every device to send again what it
//! holds (so nothing a device synced after the backup is lost).

use super::Database;
use super::error::{BackupRefusal, StoreError};
use super::private::make_private;
use std::path::Path;

const DATABASE: &str = "manna.sqlite3";

/// These commands copy the SQLite file; PostgreSQL has its own tools.
fn sqlite_only<'a>(at: Database<'a>, instead: &'static str) -> Result<&'a Path, StoreError> {
    match at {
        Database::Postgres { .. } => Err(StoreError::Backup(BackupRefusal::Postgres { instead })),
        Database::Sqlite(dir) => Ok(dir),
    }
}

/// Writes a consistent copy of the database to `file` (which must not exist):
/// SQLite's `VACUUM INTO` reads one snapshot, so writes may go on meanwhile.
pub fn backup(at: Database<'_>, file: &Path) -> Result<(), StoreError> {
    let data_dir = sqlite_only(at, "pg_dump")?;
    if file.exists() {
        return Err(StoreError::Backup(BackupRefusal::Exists(file.to_owned())));
    }
    let live = data_dir.join(DATABASE);
    if !live.exists() {
        return Err(StoreError::Backup(BackupRefusal::NoDatabase(live)));
    }
    let conn = rusqlite::Connection::open(&live)?;
    conn.busy_timeout(std::time::Duration::from_secs(30))?;
    let target = file
        .to_str()
        .ok_or(StoreError::Backup(BackupRefusal::PathNotUtf8))?;
    conn.execute("VACUUM INTO ?1", [target])?;
    Ok(make_private(file, 0o600)?)
}

/// Replaces the database with the backup `file` (stop the server first): the
/// copy is checked, moved in, migrated, and given a new epoch with every
/// device's acknowledged changes reset, so devices send again what they hold.
pub fn restore(at: Database<'_>, file: &Path, new_epoch: String) -> Result<String, StoreError> {
    let data_dir = sqlite_only(
        at,
        "pg_restore, then start one server with MANNA_ROTATE_EPOCH=true",
    )?;
    let epoch: String =
        rusqlite::Connection::open_with_flags(file, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .and_then(|c| {
                c.query_row("SELECT value FROM meta WHERE key = 'epoch'", [], |r| {
                    r.get(0)
                })
            })
            .map_err(|e| {
                StoreError::Backup(BackupRefusal::NotABackup {
                    file: file.to_owned(),
                    reason: e.to_string(),
                })
            })?;
    std::fs::create_dir_all(data_dir)
        .map_err(|e| StoreError::Engine(format!("cannot create {}: {e}", data_dir.display())))?;
    let live = data_dir.join(DATABASE);
    let incoming = data_dir.join(format!("{DATABASE}.restoring"));
    std::fs::copy(file, &incoming)
        .map_err(|e| StoreError::Engine(format!("copying the backup: {e}")))?;
    make_private(&incoming, 0o600)?;
    for stale in ["-wal", "-shm"] {
        let path = data_dir.join(format!("{DATABASE}{stale}"));
        if path.exists() {
            std::fs::remove_file(&path)
                .map_err(|e| StoreError::Engine(format!("removing {}: {e}", path.display())))?;
        }
    }
    std::fs::rename(&incoming, &live)
        .map_err(|e| StoreError::Engine(format!("moving the backup in: {e}")))?;
    let db = super::sqlite::Sqlite::open(data_dir)?;
    let mut conn = db.connection()?;
    let new_epoch = super::sync::rotate_epoch(&mut super::sql::Sql::Lite(&mut conn), new_epoch)?;
    tracing::info!(backup_epoch = %epoch, %new_epoch, "database restored");
    Ok(new_epoch)
}
