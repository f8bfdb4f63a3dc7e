//! The SQLite engine: the database threads, pragmas, migrations, and the one
//! helper through which every database call runs off the async threads.

use super::checkpoints::Checkpoints;
use super::device_memo::DeviceMemo;
use super::durable::Durable;
use super::private::{make_private, private_folder};
use super::sql::Sql;
use crate::store::StoreError;
use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, TransactionBehavior};
use rusqlite_migration::{M, Migrations};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(vec![
        M::up(include_str!("../../migrations/sqlite/001_content.sql")),
        M::up(include_str!("../../migrations/sqlite/002_sync.sql")),
        M::up(include_str!("../../migrations/sqlite/003_accounts.sql")),
        M::up(include_str!("../../migrations/sqlite/004_hardening.sql")),
        M::up(include_str!("../../migrations/sqlite/005_member_since.sql")),
        M::up(include_str!(
            "../../migrations/sqlite/006_archive_search.sql"
        )),
        M::up(include_str!(
            "../../migrations/sqlite/007_calendar_feeds.sql"
        )),
        M::up(include_str!(
            "../../migrations/sqlite/008_quota_history.sql"
        )),
        M::up(include_str!("../../migrations/sqlite/009_known_logins.sql")),
        M::up(include_str!(
            "../../migrations/sqlite/010_archive_in_memory.sql"
        )),
        M::up(include_str!("../../migrations/sqlite/011_push.sql")),
        M::up(include_str!("../../migrations/sqlite/012_places.sql")),
        M::up(include_str!(
            "../../migrations/sqlite/013_place_fetches.sql"
        )),
        M::up(include_str!(
            "../../migrations/sqlite/014_places_box_by_kind.sql"
        )),
        M::up(include_str!("../../migrations/sqlite/015_push_leases.sql")),
        M::up(include_str!("../../migrations/sqlite/016_origins.sql")),
        M::up(include_str!("../../migrations/sqlite/017_groups.sql")),
        M::up(include_str!(
            "../../migrations/sqlite/018_group_notices.sql"
        )),
    ])
});

/// The numbered migrations, in order (exposed for their validation test).
pub fn migrations() -> &'static Migrations<'static> {
    &MIGRATIONS
}

/// Threads that run database calls, each with a connection of its own: one a
/// core, at least two (so one long call never stops the others). A call is
/// queued (no thread waits for it) and the next free thread takes it; under
/// load a thread goes from one call to the next without sleeping. More
/// threads than cores measured slower (`make soak`: 4 threads on 2 cores,
/// 10,341 req/s and p99 52 ms; 2 threads, 11,055 req/s and p99 46 ms).
fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

type Job = super::workers::Job<Connection>;

#[derive(Debug, Clone)]
pub struct Sqlite {
    jobs: crossbeam_channel::Sender<Job>,
    file: PathBuf,
    devices: Arc<DeviceMemo>,
    /// Calls that found the write lock taken and waited for it.
    lock_waits: Arc<AtomicU64>,
    /// The commits' shared flushes (none in memory).
    durable: Option<Arc<Durable>>,
}

thread_local! {
    /// Set by the `devices` triggers on the thread whose statement changed it.
    static DEVICES_CHANGED: Cell<bool> = const { Cell::new(false) };
}

/// The settings every connection runs with.
fn configure(c: &mut Connection) -> Result<(), rusqlite::Error> {
    // A transaction that writes takes the write lock when it begins: a
    // deferred one that upgraded later would fail at once with "database is
    // locked" instead of waiting its turn (busy handler). Read-only
    // transactions ask for `Deferred` themselves.
    c.set_transaction_behavior(TransactionBehavior::Immediate);
    // FULL: a commit waits until it is on disk. The database threads' own
    // connections commit with NORMAL instead and share their flushes
    // (`durable`): either way a write the server acknowledged survives a
    // power cut, not only a crash of the process.
    // secure_delete: what is deleted (an account, a journal entry) is
    // overwritten in the file, not left in free pages.
    c.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;
         PRAGMA secure_delete = ON;",
    )?;
    // Room for every statement of the request paths, each parsed once.
    c.set_prepared_statement_cache_capacity(64);
    c.busy_handler(Some(wait_for_lock))
}

/// Marks the calling thread when a statement changes who a token belongs to
/// (temporary triggers: the database file itself needs no Manna function).
fn watch_devices(c: &Connection) -> Result<(), rusqlite::Error> {
    c.create_scalar_function(
        "manna_devices_changed",
        0,
        FunctionFlags::SQLITE_UTF8,
        |_| {
            DEVICES_CHANGED.with(|changed| changed.set(true));
            Ok(0)
        },
    )?;
    c.execute_batch(
        "CREATE TEMP TRIGGER devices_deleted AFTER DELETE ON main.devices
             BEGIN SELECT manna_devices_changed(); END;
         CREATE TEMP TRIGGER devices_moved AFTER UPDATE OF user_id, token_hash ON main.devices
             BEGIN SELECT manna_devices_changed(); END;",
    )
}

impl Sqlite {
    /// Opens (creating when missing) `manna.sqlite3` in `dir` and migrates it.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        private_folder(dir)?;
        let file = dir.join("manna.sqlite3");
        // Migrate on a connection of its own first: the pool's connections
        // watch tables the migrations create.
        let mut conn = Connection::open(&file)?;
        configure(&mut conn)?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|e| StoreError::Engine(format!("migrating the database: {e}")))?;
        drop(conn);
        let durable = Durable::start(dir.join("manna.sqlite3-wal"))?;
        let mut checkpointing = Connection::open(&file)?;
        configure(&mut checkpointing)?;
        let checkpoints = Checkpoints::start(checkpointing)?;
        let mut conns = Vec::new();
        for _ in 0..workers() {
            let mut conn = Connection::open(&file)?;
            configure(&mut conn)?;
            conn.execute_batch("PRAGMA synchronous = NORMAL;")?;
            conns.push(conn);
        }
        let lock_waits = Arc::<AtomicU64>::default();
        let jobs = start_workers(conns, &lock_waits, Some((&durable, &checkpoints)))?;
        for name in ["manna.sqlite3", "manna.sqlite3-wal", "manna.sqlite3-shm"] {
            let path = dir.join(name);
            if path.exists() {
                make_private(&path, 0o600)?;
            }
        }
        Ok(Self {
            jobs,
            file,
            devices: Arc::default(),
            lock_waits,
            durable: Some(durable),
        })
    }

    /// A database in memory, on one thread, gone when the last handle is
    /// dropped: for simulations that run thousands of servers.
    pub fn open_memory() -> Result<Self, StoreError> {
        let mut conn = Connection::open_in_memory()?;
        configure(&mut conn)?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|e| StoreError::Engine(format!("migrating the database: {e}")))?;
        let lock_waits = Arc::<AtomicU64>::default();
        Ok(Self {
            jobs: start_workers(vec![conn], &lock_waits, None)?,
            file: PathBuf::from(":memory:"),
            devices: Arc::default(),
            lock_waits,
            durable: None,
        })
    }

    /// The devices already looked up by token (see `DeviceMemo`).
    pub fn devices(&self) -> &DeviceMemo {
        &self.devices
    }

    /// A connection of its own, for the command-line tools (handlers use
    /// `call`).
    pub(super) fn connection(&self) -> Result<Connection, StoreError> {
        let mut conn = Connection::open(&self.file)?;
        configure(&mut conn)?;
        Ok(conn)
    }

    /// Runs `f` on one of the database threads, and answers once what it
    /// wrote, and what it read of others' writes, is on disk. A panic in `f`
    /// is re-raised here rather than turned into an error.
    pub(super) async fn call<F, R>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&mut Sql<'_>) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let (answer, commit) = self.call_unflushed(f).await?;
        self.flushed(commit).await?;
        answer
    }

    /// Waits until `commit` (from [`Sqlite::call_unflushed`]) is on disk.
    pub(super) async fn flushed(&self, commit: Option<u64>) -> Result<(), StoreError> {
        match (&self.durable, commit) {
            (Some(durable), Some(commit)) => durable.flushed(commit).await,
            _ => Ok(()),
        }
    }

    /// [`Sqlite::call`] that answers at once, with the commit whose flush
    /// must come before anyone hears of what it wrote or read.
    pub(super) async fn call_unflushed<F, R>(
        &self,
        f: F,
    ) -> Result<(Result<R, StoreError>, Option<u64>), StoreError>
    where
        F: FnOnce(&mut Sql<'_>) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let devices = self.devices.clone();
        let durable = self.durable.clone();
        let run = move |conn: &mut Connection| {
            DEVICES_CHANGED.with(|changed| changed.set(false));
            let answer = f(&mut Sql::Lite(conn));
            Ok((answer, durable.as_deref().map(Durable::call_ends)))
        };
        let settled = self.durable.clone();
        let settle = move |conn: &mut Connection| {
            // A call that panicked inside a transaction leaves it open.
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            // A call that panicked after a commit: the commit is marked
            // written all the same, so no other call waits for it forever.
            if let Some(durable) = &settled {
                durable.call_ends();
            }
            // The call has committed or rolled back by now: forgetting after
            // a rollback costs a lookup, never a wrong answer.
            if DEVICES_CHANGED.with(|changed| changed.replace(false)) {
                devices.forget_all();
            }
        };
        super::workers::ask(&self.jobs, run, settle).await
    }

    /// Calls waiting for a database thread.
    pub fn waiting(&self) -> usize {
        self.jobs.len()
    }

    /// How many calls so far found the write lock held by another
    /// connection and waited for it.
    pub fn lock_waits(&self) -> u64 {
        self.lock_waits.load(Ordering::Relaxed)
    }
}

/// A thread for each connection, taking calls from one queue. With a file
/// (`durable` and its `checkpoints`), each connection's commits are
/// numbered for the shared flushes from here on (every commit after this
/// is made by a call, `Sqlite::call`, which waits for its flush), and ask
/// the checkpointing thread to copy the WAL back instead of doing it.
fn start_workers(
    conns: Vec<Connection>,
    lock_waits: &Arc<AtomicU64>,
    file: Option<(&Arc<Durable>, &Arc<Checkpoints>)>,
) -> Result<crossbeam_channel::Sender<Job>, StoreError> {
    let (jobs, queue) = crossbeam_channel::unbounded::<Job>();
    for (n, mut conn) in conns.into_iter().enumerate() {
        watch_devices(&conn)?;
        if let Some((durable, _)) = file {
            let flushes = durable.clone();
            conn.commit_hook(Some(move || {
                flushes.commit_begins();
                false
            }))?;
        }
        let checkpoints = file.map(|(_, c)| c.clone());
        let queue = queue.clone();
        let lock_waits = lock_waits.clone();
        std::thread::Builder::new()
            .name(format!("manna-db-{n}"))
            .spawn(move || {
                LOCK_WAITS.with(|w| *w.borrow_mut() = Some(lock_waits));
                if let Some(checkpoints) = checkpoints {
                    checkpoints.watch(&conn);
                }
                // Ends when the last `Sqlite` is dropped.
                for job in queue {
                    job(&mut conn);
                }
            })
            .map_err(|e| StoreError::Engine(format!("starting a database thread: {e}")))?;
    }
    Ok(jobs)
}

thread_local! {
    /// The count of lock waits of the store whose database thread this is.
    static LOCK_WAITS: std::cell::RefCell<Option<Arc<AtomicU64>>> =
        const { std::cell::RefCell::new(None) };
}

/// While another connection writes: try again every 0.1 ms, for up to
/// 5 seconds. SQLite's own `busy_timeout` backs off to 100 ms between tries,
/// so under many writers a waiting one could sleep long after the lock was
/// free (pushes had a p99 of half a second under load).
fn wait_for_lock(attempt: i32) -> bool {
    if attempt == 0 {
        LOCK_WAITS.with(|w| {
            if let Some(waits) = &*w.borrow() {
                waits.fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    std::thread::sleep(std::time::Duration::from_micros(100));
    attempt < 50_000
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_store_just_opened_answers_a_read_and_a_write_and_a_read() {
        let dir = tempfile::tempdir().expect("dir");
        let db = super::Sqlite::open(dir.path()).expect("opened");
        let count = || {
            db.call(|c| {
                c.query_one("SELECT count(*) FROM meta", &[], |r| {
                    let n: i64 = r.get(0)?;
                    Ok(n)
                })
            })
        };
        let wait = std::time::Duration::from_secs(30);
        // The first call of a command-line tool is often a read: nothing
        // made while opening may leave it waiting for a flush that never comes.
        let before = tokio::time::timeout(wait, count())
            .await
            .expect("answered")
            .expect("read");
        let written = db.call(|c| {
            c.write(|tx| {
                tx.execute(
                    "INSERT INTO meta (key, value) VALUES ('opened', 'yes')",
                    &[],
                )
            })
        });
        let changed = tokio::time::timeout(wait, written)
            .await
            .expect("answered")
            .expect("written");
        assert_eq!(changed, 1);
        let after = tokio::time::timeout(wait, count())
            .await
            .expect("answered")
            .expect("read");
        assert_eq!(after, before + 1);
    }

    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }

    #[test]
    fn stored_places_keep_their_boxes_when_each_kind_gets_its_own_tree() {
        let mut conn = rusqlite::Connection::open_in_memory().expect("db");
        super::migrations()
            .to_version(&mut conn, 13)
            .expect("migrated to 13");
        conn.execute_batch(
            "INSERT INTO places (id, kind, osm_type, osm_id, name, fields, points, source) VALUES
               (1, 'farm', 'node', 10, 'Hill Farm', '{}', x'', 'overpass'),
               (2, 'trail', 'way', 20, 'Creek Path', '{}', x'', 'overpass');
             INSERT INTO places_box VALUES (1, 40.0, 40.0, -75.0, -75.0), (2, 41.0, 41.5, -76.0, -75.5);",
        )
        .expect("places stored");
        super::migrations().to_latest(&mut conn).expect("migrated");
        let boxes = |table: &str| -> Vec<(i64, f64, f64)> {
            conn.prepare(&format!("SELECT id, min_lat, max_lat FROM {table}"))
                .expect("table")
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .expect("rows")
                .collect::<Result<_, _>>()
                .expect("read")
        };
        assert_eq!(boxes("farms_box"), vec![(1, 40.0, 40.0)]);
        assert_eq!(boxes("trails_box"), vec![(2, 41.0, 41.5)]);
        assert!(
            conn.prepare("SELECT * FROM places_box").is_err(),
            "the shared tree is gone"
        );
    }
}
