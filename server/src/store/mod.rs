//! The store: every query Manna makes, in Manna's terms (apply these mutations
//! for this user, pull from this cursor, find this account, record this
//! webhook event, find places near a point…). No other module writes SQL or
//! knows how rows are laid out; routes and services take the `Store` from the
//! state, and tests use the same methods.
//!
//! # Layout
//! - `sql`: the one way queries are written for both engines.
//! - `sqlite` (embedded, the default) and `postgres` (`MANNA_DATABASE_URL`,
//!   shared by replicas): the engines, each with its migrations, on the
//!   database threads of `workers`.
//! - one file a domain, each adding its methods to `Store`: `accounts`,
//!   `codes`, `sessions`, `devices`, `deletion`, `billing`, `sync` (the synced records),
//!   `resources`, `calendar`, `push`, `places`, `content`, `shared` (what
//!   replicas agree on), and `backup` (SQLite's file).

mod accounts;
mod backup;
mod billing;
mod calendar;
mod checkpoints;
mod codes;
mod content;
mod deletion;
mod device_memo;
mod devices;
mod durable;
mod error;
mod groups;
mod pg_conn;
mod places;
mod postgres;
pub mod private;
mod push;
mod resources;
mod sessions;
mod shared;
mod sql;
mod sqlite;
pub mod sync;
mod workers;

pub use accounts::{Account, SignIn};
pub use backup::{backup, restore};
pub use billing::{Held, Standing, Subscription};
pub use calendar::FeedSource;
pub use codes::CodeCheck;
pub use content::{ContentRows, StoredContent};
pub use device_memo::DeviceMemo;
pub use error::{BackupRefusal, StoreError};
pub use groups::{GroupRow, GroupTx, InvitationRow, MemberRow, Noted, Pending, Prayed};
pub use places::{Bounds, LIVE, PlaceRow, Saved, SourceRow};
pub use push::{Claimed, PushSubscription, PushTx, Settled, Subscribed};
pub use resources::{ChildCount, Listed, RecordQuery};
pub use sessions::{NewBrowser, NewSession};
pub use shared::{Charge, LimitTake};
pub use sqlite::migrations;
pub use sync::{LiveRecord, StoredRevision, SyncTx};

use std::path::Path;

/// Where the database is: SQLite's file in a folder, or a PostgreSQL
/// server (its address, and how many connections each replica keeps).
#[derive(Debug, Clone, Copy)]
pub enum Database<'a> {
    Sqlite(&'a Path),
    Postgres { url: &'a str, pool: usize },
}

/// The database the server keeps, behind the methods of its domain files.
#[derive(Debug, Clone)]
pub struct Store {
    db: Engine,
}

/// The engine under the store: SQLite embedded, or PostgreSQL shared by
/// replicas.
#[derive(Debug, Clone)]
enum Engine {
    Sqlite(sqlite::Sqlite),
    Postgres(postgres::Postgres),
}

impl Engine {
    async fn call<F, R>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&mut sql::Sql<'_>) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        match self {
            Engine::Sqlite(e) => e.call(f).await,
            Engine::Postgres(e) => e.call(f).await,
        }
    }

    /// [`Engine::call`] that answers before its commit is on disk, with
    /// what to wait for before anyone hears of it ([`Engine::flushed`]).
    /// PostgreSQL's commits are on disk when they answer.
    async fn call_unflushed<F, R>(&self, f: F) -> Result<(R, Unflushed), StoreError>
    where
        F: FnOnce(&mut sql::Sql<'_>) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        match self {
            Engine::Sqlite(e) => {
                let (answer, commit) = e.call_unflushed(f).await?;
                Ok((answer?, Unflushed(commit)))
            }
            Engine::Postgres(e) => Ok((e.call(f).await?, Unflushed(None))),
        }
    }

    async fn flushed(&self, unflushed: Unflushed) -> Result<(), StoreError> {
        match self {
            Engine::Sqlite(e) => e.flushed(unflushed.0).await,
            Engine::Postgres(_) => Ok(()),
        }
    }
}

/// A write committed whose flush to disk may still be to come (SQLite's
/// shared flushes): no one may hear of it before [`Store::flushed`].
#[derive(Debug, Clone, Copy, Default)]
#[must_use]
pub struct Unflushed(Option<u64>);

impl Unflushed {
    /// The later of two (flushes come in order: the later covers both).
    pub fn and(self, other: Self) -> Self {
        Self(self.0.max(other.0))
    }
}

impl Store {
    /// Waits until the writes of `unflushed` are on disk.
    pub async fn flushed(&self, unflushed: Unflushed) -> Result<(), StoreError> {
        self.db.flushed(unflushed).await
    }
}

impl Store {
    /// Opens the database `at` names.
    pub fn open_at(at: Database<'_>) -> Result<Self, StoreError> {
        match at {
            Database::Postgres { url, pool } => Self::open_postgres(url, pool),
            Database::Sqlite(dir) => Self::open(dir),
        }
    }

    /// Opens (creating when missing) the SQLite database in `dir` and migrates it.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        Ok(Self {
            db: Engine::Sqlite(sqlite::Sqlite::open(dir)?),
        })
    }

    /// Connects `pool` connections to the PostgreSQL database at `url` and
    /// migrates it.
    pub fn open_postgres(url: &str, pool: usize) -> Result<Self, StoreError> {
        Ok(Self {
            db: Engine::Postgres(postgres::Postgres::open(url, pool)?),
        })
    }

    /// A SQLite database in memory (see `Sqlite::open_memory`).
    pub fn open_memory() -> Result<Self, StoreError> {
        Ok(Self {
            db: Engine::Sqlite(sqlite::Sqlite::open_memory()?),
        })
    }

    /// Whether this store is PostgreSQL (shared by replicas).
    pub fn is_shared(&self) -> bool {
        matches!(self.db, Engine::Postgres(_))
    }

    /// Calls waiting for the database now (none are, while it keeps up).
    pub fn waiting(&self) -> usize {
        match &self.db {
            Engine::Sqlite(e) => e.waiting(),
            Engine::Postgres(e) => e.waiting(),
        }
    }

    /// How many calls so far found SQLite's write lock held by another
    /// connection and waited their turn (none is counted on PostgreSQL,
    /// whose writers lock rows, not the file).
    pub fn lock_waits(&self) -> Option<u64> {
        match &self.db {
            Engine::Sqlite(e) => Some(e.lock_waits()),
            Engine::Postgres(_) => None,
        }
    }

    /// The devices already looked up by token (see `DeviceMemo`).
    pub fn devices(&self) -> &DeviceMemo {
        match &self.db {
            Engine::Sqlite(e) => e.devices(),
            Engine::Postgres(e) => e.devices(),
        }
    }

    /// Answers once the database can be read.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.db
            .call(|c| c.query_one("SELECT 1", &[], |_| Ok(())))
            .await
    }

    /// Runs one SQL statement written for both engines and answers how many
    /// rows it changed: for tests that put the store in a state no request
    /// can (a user at the edge of a quota, a lost row).
    #[doc(hidden)]
    pub async fn execute_for_tests(&self, sql: &str) -> Result<usize, StoreError> {
        let sql = sql.to_owned();
        self.db.call(move |c| c.execute(&sql, &[])).await
    }

    /// Writes, in one transaction, each of `writes` (a statement written for
    /// both engines, and its whole-number parameters) as a write whose
    /// answer nobody reads ([`sql::Sql::execute_later`]): for tests of how
    /// such a transaction ends when one of them cannot be written.
    #[doc(hidden)]
    pub async fn later_writes_for_tests(
        &self,
        writes: Vec<(String, Vec<i64>)>,
    ) -> Result<(), StoreError> {
        self.db
            .call(move |c| {
                c.write(|c| {
                    for (sql, params) in writes {
                        let params = params
                            .into_iter()
                            .map(|p| Box::new(p) as sql::Owned)
                            .collect();
                        c.execute_later(&sql, params)?;
                    }
                    Ok(())
                })
            })
            .await
    }

    /// The whole numbers of the first column of a query written for both
    /// engines, for tests that look at what is stored.
    #[doc(hidden)]
    pub async fn numbers_for_tests(&self, sql: &str) -> Result<Vec<i64>, StoreError> {
        let sql = sql.to_owned();
        self.db
            .call(move |c| c.query(&sql, &[], |r| r.get(0)))
            .await
    }

    /// The texts of the first column of a query written for both engines.
    #[doc(hidden)]
    pub async fn texts_for_tests(&self, sql: &str) -> Result<Vec<String>, StoreError> {
        let sql = sql.to_owned();
        self.db
            .call(move |c| c.query(&sql, &[], |r| r.get(0)))
            .await
    }
}
