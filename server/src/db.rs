//! SQLite: connection pool, pragmas, migrations, and the one helper through which
//! every database call runs off the async threads.

use crate::error::AppError;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, TransactionBehavior};
use rusqlite_migration::{M, Migrations};
use std::path::Path;
use std::sync::LazyLock;

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(vec![
        M::up(include_str!("../migrations/001_content.sql")),
        M::up(include_str!("../migrations/002_sync.sql")),
        M::up(include_str!("../migrations/003_accounts.sql")),
        M::up(include_str!("../migrations/004_hardening.sql")),
    ])
});

/// The numbered migrations, in order (exposed for their validation test).
pub fn migrations() -> &'static Migrations<'static> {
    &MIGRATIONS
}

#[derive(Debug, Clone)]
pub struct Db {
    pool: r2d2::Pool<SqliteConnectionManager>,
}

impl Db {
    /// Opens (creating when missing) `manna.sqlite3` in `dir` and migrates it.
    pub fn open(dir: &Path) -> Result<Self, AppError> {
        std::fs::create_dir_all(dir).map_err(|e| {
            AppError::Internal(format!("cannot create data folder {}: {e}", dir.display()))
        })?;
        make_private(dir, 0o700)?;
        let manager = SqliteConnectionManager::file(dir.join("manna.sqlite3")).with_init(|c| {
            // A transaction that writes takes the write lock when it begins: a
            // deferred one that upgraded later would fail at once with
            // "database is locked" instead of waiting its turn (busy_timeout).
            // Read-only transactions ask for `Deferred` themselves.
            c.set_transaction_behavior(TransactionBehavior::Immediate);
            // FULL: a write the server acknowledged survives a power cut, not
            // only a crash of the process (NORMAL may lose the last commits).
            c.execute_batch(
                "PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 PRAGMA foreign_keys = ON;",
            )?;
            c.busy_handler(Some(wait_for_lock))
        });
        let pool = r2d2::Pool::builder().max_size(8).build(manager)?;
        let mut conn = pool.get()?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|e| AppError::Internal(format!("migrating the database: {e}")))?;
        for file in ["manna.sqlite3", "manna.sqlite3-wal", "manna.sqlite3-shm"] {
            let path = dir.join(file);
            if path.exists() {
                make_private(&path, 0o600)?;
            }
        }
        Ok(Self { pool })
    }

    /// A pooled connection, for the command-line tools (handlers use `call`).
    pub fn connection(&self) -> Result<r2d2::PooledConnection<SqliteConnectionManager>, AppError> {
        Ok(self.pool.get()?)
    }

    /// Answers once the database can be read.
    pub async fn ping(&self) -> Result<(), AppError> {
        self.call(|c| {
            Ok(c.query_row("SELECT 1", [], |r| r.get::<_, i64>(0))
                .map(drop)?)
        })
        .await
    }

    /// Runs `f` with a pooled connection on the blocking thread pool. A panic in
    /// `f` is re-raised here rather than turned into an error.
    pub async fn call<F, R>(&self, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut Connection) -> Result<R, AppError> + Send + 'static,
        R: Send + 'static,
    {
        let pool = self.pool.clone();
        match tokio::task::spawn_blocking(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await
        {
            Ok(result) => result,
            Err(join) if join.is_panic() => std::panic::resume_unwind(join.into_panic()),
            Err(join) => Err(AppError::Internal(format!("database task: {join}"))),
        }
    }
}

/// While another connection writes: try again every millisecond, for up to
/// 5 seconds. SQLite's own `busy_timeout` backs off to 100 ms between tries,
/// so under many writers a waiting one could sleep long after the lock was
/// free (pushes had a p99 of half a second under load).
fn wait_for_lock(attempt: i32) -> bool {
    std::thread::sleep(std::time::Duration::from_millis(1));
    attempt < 5000
}

/// Gives `path` the permission bits `mode` (owner only): the database, its
/// journal, the signing key and the outbox are nobody else's to read.
pub fn make_private(path: &Path, mode: u32) -> Result<(), AppError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| {
            AppError::Internal(format!("cannot restrict access to {}: {e}", path.display()))
        })?;
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }
}
