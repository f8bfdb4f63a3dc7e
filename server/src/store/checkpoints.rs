//! The WAL copied back into the database file (SQLite's checkpoint) on a
//! thread of its own. Left to SQLite, the commit that takes the WAL past
//! its size runs the checkpoint itself, on its database thread, before its
//! call can answer: a person's push waited about 11 ms for pages other
//! people wrote. Here the commit only asks, and the checkpointing thread
//! copies the pages while the database threads go on (a passive checkpoint
//! takes no lock a writer or reader waits for).

use crate::store::StoreError;
use rusqlite::Connection;
use rusqlite::hooks::Wal;
use std::cell::RefCell;
use std::ffi::c_int;
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

/// The WAL's pages (of 4 KB) past which a commit asks for a checkpoint, as
/// SQLite's own default.
pub const CHECKPOINT_PAGES: c_int = 1000;

/// The checkpointing thread's wake-up, shared with the database threads.
#[derive(Debug, Default)]
pub struct Checkpoints {
    asked: Mutex<bool>,
    wake: Condvar,
    /// Checkpoints run so far (for tests).
    done: Mutex<u64>,
}

thread_local! {
    /// The checkpoints a database thread's commits ask for.
    static HERE: RefCell<Option<Arc<Checkpoints>>> = const { RefCell::new(None) };
}

impl Checkpoints {
    /// Starts the checkpointing thread on `conn`, a connection of its own to
    /// the database. It ends once the last database thread is gone.
    pub fn start(conn: Connection) -> Result<Arc<Self>, StoreError> {
        let checkpoints = Arc::new(Self::default());
        let weak = Arc::downgrade(&checkpoints);
        std::thread::Builder::new()
            .name("manna-db-checkpoint".into())
            .spawn(move || checkpoint_while_open(&conn, &weak))
            .map_err(|e| StoreError::Engine(format!("starting the checkpointing thread: {e}")))?;
        Ok(checkpoints)
    }

    /// Makes `conn`'s commits, on the calling thread, ask for a checkpoint
    /// instead of running one (which also ends SQLite's own).
    pub fn watch(self: &Arc<Self>, conn: &Connection) {
        HERE.with(|here| *here.borrow_mut() = Some(self.clone()));
        conn.wal_hook(Some(after_commit));
    }

    fn ask(&self) {
        *lock(&self.asked) = true;
        self.wake.notify_one();
    }

    /// Checkpoints run so far.
    #[cfg(test)]
    pub fn done(&self) -> u64 {
        *lock(&self.done)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// SQLite's WAL hook: `pages` are in the WAL once a commit is written.
#[allow(clippy::unnecessary_wraps)] // the hook's signature
fn after_commit(_: &Wal, pages: c_int) -> rusqlite::Result<()> {
    if pages >= CHECKPOINT_PAGES {
        HERE.with(|here| {
            if let Some(checkpoints) = &*here.borrow() {
                checkpoints.ask();
            }
        });
    }
    Ok(())
}

/// Runs a passive checkpoint whenever a commit asked, until the database
/// threads are gone. One that cannot run now (another connection's, say)
/// is asked for again by the next commit past the size.
fn checkpoint_while_open(conn: &Connection, checkpoints: &Weak<Checkpoints>) {
    loop {
        let Some(c) = checkpoints.upgrade() else {
            return;
        };
        {
            let asked = lock(&c.asked);
            let (mut asked, _) = c
                .wake
                .wait_timeout_while(asked, Duration::from_secs(1), |asked| !*asked)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if !*asked {
                continue;
            }
            *asked = false;
        }
        match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            Ok(()) => *lock(&c.done) += 1,
            Err(e) => tracing::warn!(error = %e, "copying the log into the database file"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection to `file` in WAL mode.
    fn open(file: &std::path::Path) -> Connection {
        let conn = Connection::open(file).expect("opened");
        conn.execute_batch("PRAGMA journal_mode = WAL;")
            .expect("WAL");
        conn
    }

    /// Writes about 6 MB (1,500 pages) in one commit.
    fn write_pages(conn: &Connection) {
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS t (b BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
             INSERT INTO t SELECT randomblob(4000) FROM n;",
        )
        .expect("written");
    }

    fn file_len(file: &std::path::Path) -> u64 {
        std::fs::metadata(file).expect("file").len()
    }

    #[test]
    fn a_commit_past_the_size_asks_and_does_not_copy_the_log_itself() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("db");
        let writer = open(&file);
        // No checkpointing thread: whatever reaches the file, the commit copied.
        let checkpoints = Arc::new(Checkpoints::default());
        checkpoints.watch(&writer);
        write_pages(&writer);
        assert!(*lock(&checkpoints.asked), "the commit asked");
        assert!(file_len(&file) < 1024 * 1024, "the pages stayed in the log");
    }

    #[test]
    fn the_checkpointing_thread_copies_the_log_once_asked() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("db");
        let writer = open(&file);
        let checkpoints = Checkpoints::start(open(&file)).expect("started");
        checkpoints.watch(&writer);
        write_pages(&writer);
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while checkpoints.done() == 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(checkpoints.done(), 1);
        assert!(
            file_len(&file) > 5 * 1024 * 1024,
            "the pages reached the file"
        );
    }
}
