//! The PostgreSQL engine, for any number of replicas on one database: a pool
//! of connections, each on a thread of its own that takes calls from one
//! queue (the same shape as the SQLite engine, so the store's queries run on
//! either), numbered migrations applied once under a lock, and the device
//! memo forgotten on every replica when any of them changes a device.

use super::device_memo::DeviceMemo;
use super::sql::{PgConn, Sql};
use crate::store::StoreError;
use fallible_iterator::FallibleIterator;
use std::sync::Arc;
use std::time::Duration;

/// The numbered migrations of the PostgreSQL schema, in order.
const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../../migrations/postgres/001_schema.sql")),
    (
        2,
        include_str!("../../migrations/postgres/002_shared_state.sql"),
    ),
    (
        3,
        include_str!("../../migrations/postgres/003_push_leases.sql"),
    ),
    (4, include_str!("../../migrations/postgres/004_origins.sql")),
    (5, include_str!("../../migrations/postgres/005_groups.sql")),
    (
        6,
        include_str!("../../migrations/postgres/006_group_notices.sql"),
    ),
    (
        7,
        include_str!("../../migrations/postgres/007_unlogged_limits.sql"),
    ),
];

/// A lock key no other program takes: held while migrating, so replicas
/// starting together migrate once.
const MIGRATION_LOCK: i64 = 0x6d61_6e6e_615f_6d67;

/// The channel the devices triggers notify.
const DEVICES_CHANNEL: &str = "manna_devices";

type Job = super::workers::Job<PgConn>;

#[derive(Debug, Clone)]
pub struct Postgres {
    jobs: crossbeam_channel::Sender<Job>,
    devices: Arc<DeviceMemo>,
}

/// Connects, and answers the error in words that name the setting.
fn connect(url: &str) -> Result<postgres::Client, StoreError> {
    postgres::Client::connect(url, postgres::NoTls).map_err(|e| {
        StoreError::Engine(format!(
            "cannot reach the PostgreSQL database of MANNA_DATABASE_URL: {e}"
        ))
    })
}

/// Applies the migrations not applied yet, in one transaction under a lock
/// every replica takes.
fn migrate(client: &mut postgres::Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    // First the lock, then even the table of migrations: two replicas
    // creating it at once would collide.
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS manna_migrations (
             version BIGINT PRIMARY KEY,
             applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )?;
    for (version, sql) in MIGRATIONS {
        let done = tx
            .query_opt(
                "SELECT 1 FROM manna_migrations WHERE version = $1",
                &[version],
            )?
            .is_some();
        if !done {
            tx.batch_execute(sql)?;
            tx.execute(
                "INSERT INTO manna_migrations (version) VALUES ($1)",
                &[version],
            )?;
            tracing::info!(version, "PostgreSQL migration applied");
        }
    }
    tx.commit()?;
    Ok(())
}

/// Forgets the remembered devices when a notification came (from this
/// connection's own commit, or another replica's).
fn forget_on_notice(conn: &mut PgConn, memo: &DeviceMemo) {
    if conn.take_noticed() {
        memo.forget_all();
    }
}

/// A connection of the pool, listening for changes to devices.
fn pool_connection(url: &str) -> Result<PgConn, StoreError> {
    let mut conn = PgConn::connect(url).map_err(|e| {
        StoreError::Engine(format!(
            "cannot reach the PostgreSQL database of MANNA_DATABASE_URL: {e}"
        ))
    })?;
    conn.batch(&format!("LISTEN {DEVICES_CHANNEL}"))?;
    Ok(conn)
}

impl Postgres {
    /// Connects `pool` connections to `url`, migrating first. (The driver
    /// runs its own small runtime per connection, so connecting happens on
    /// threads of its own, never on the server's async threads.)
    pub fn open(url: &str, pool: usize) -> Result<Self, StoreError> {
        let url = url.to_owned();
        std::thread::spawn(move || Self::open_here(&url, pool))
            .join()
            .map_err(|_| StoreError::Engine("opening PostgreSQL panicked".into()))?
    }

    fn open_here(url: &str, pool: usize) -> Result<Self, StoreError> {
        let mut first = connect(url)?;
        migrate(&mut first)?;
        drop(first);
        let devices: Arc<DeviceMemo> = Arc::default();
        let (jobs, queue) = crossbeam_channel::unbounded::<Job>();
        for n in 0..pool.max(1) {
            let mut conn = pool_connection(url)?;
            let queue = queue.clone();
            let url = url.to_owned();
            std::thread::Builder::new()
                .name(format!("manna-pg-{n}"))
                .spawn(move || {
                    for job in queue {
                        if conn.is_closed() {
                            match pool_connection(&url) {
                                Ok(c) => conn = c,
                                Err(e) => tracing::warn!(error = %e, "reconnecting to PostgreSQL"),
                            }
                        }
                        job(&mut conn);
                    }
                })
                .map_err(|e| StoreError::Engine(format!("starting a database thread: {e}")))?;
        }
        Self::listen(url, Arc::downgrade(&devices))?;
        Ok(Self { jobs, devices })
    }

    /// A connection that only listens: another replica's change to a device
    /// reaches this one's memo within moments, even while its workers idle.
    /// Ends once the engine is gone (its memo no longer held).
    fn listen(url: &str, memo: std::sync::Weak<DeviceMemo>) -> Result<(), StoreError> {
        let url = url.to_owned();
        std::thread::Builder::new()
            .name("manna-pg-listen".into())
            .spawn(move || {
                while memo.strong_count() > 0 {
                    let listened: Result<(), StoreError> = connect(&url).and_then(|mut client| {
                        client.batch_execute(&format!("LISTEN {DEVICES_CHANNEL}"))?;
                        let forget = || memo.upgrade().map(|m| m.forget_all());
                        // Whatever changed while this connection was away.
                        forget();
                        while memo.strong_count() > 0 {
                            // A new wait each time: one whose second has run
                            // out answers at once from then on.
                            let mut notices = client.notifications();
                            match notices.timeout_iter(Duration::from_secs(1)).next() {
                                Ok(Some(_)) => {
                                    forget();
                                }
                                Ok(None) => {}
                                Err(e) => return Err(StoreError::from(e)),
                            }
                        }
                        Ok(())
                    });
                    if let Err(e) = listened {
                        tracing::warn!(error = %e, "listening for device changes");
                    }
                    std::thread::sleep(Duration::from_secs(1));
                }
            })
            .map_err(|e| StoreError::Engine(format!("starting a database thread: {e}")))?;
        Ok(())
    }

    /// The devices already looked up by token.
    pub fn devices(&self) -> &DeviceMemo {
        &self.devices
    }

    /// Calls waiting for a database connection.
    pub fn waiting(&self) -> usize {
        self.jobs.len()
    }

    /// Runs `f` on one of the database threads. A panic in `f` is re-raised
    /// here rather than turned into an error.
    pub async fn call<F, R>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&mut Sql<'_>) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let memo = self.devices.clone();
        let run = move |conn: &mut PgConn| f(&mut Sql::Pg(conn));
        let settle = move |conn: &mut PgConn| {
            conn.settle();
            // A device this call changed is forgotten before it answers, as
            // on SQLite (its own notification arrived with the commit).
            forget_on_notice(conn, &memo);
        };
        super::workers::ask(&self.jobs, run, settle).await
    }
}
