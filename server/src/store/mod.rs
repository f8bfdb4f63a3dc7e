//! The store: every query Manna makes, in Manna's terms (apply these mutations
//! for this user, pull from this cursor, find this account, record this
//! webhook event, find places near a point…). No other module writes SQL or
//! knows how rows are laid out; routes and services take the `Store` from the
//! state, and tests use the same methods.
//!
//! # Layout
//! - `sqlite`: the engine (database threads, pragmas, migrations).
//! - one file a domain, each adding its methods to `Store`: `accounts`,
//!   `devices`, `billing`, `records` and `sync` (the synced records),
//!   `calendar`, `push`, `places`, `content`, `maintenance`, `backup`.

mod sqlite;

pub use sqlite::{DeviceMemo, migrations};

use crate::error::AppError;
use std::path::Path;

/// The database the server keeps, behind the methods of its domain files.
#[derive(Debug, Clone)]
pub struct Store {
    db: sqlite::Sqlite,
}

impl Store {
    /// Opens (creating when missing) the database in `dir` and migrates it.
    pub fn open(dir: &Path) -> Result<Self, AppError> {
        Ok(Self {
            db: sqlite::Sqlite::open(dir)?,
        })
    }

    /// The devices already looked up by token (see `DeviceMemo`).
    pub fn devices(&self) -> &DeviceMemo {
        self.db.devices()
    }

    /// Runs `f` on one of the database threads (until every domain has its
    /// methods here).
    pub async fn call<F, R>(&self, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut rusqlite::Connection) -> Result<R, AppError> + Send + 'static,
        R: Send + 'static,
    {
        self.db.call(f).await
    }

    /// A connection of its own, for the command-line tools.
    pub fn connection(&self) -> Result<rusqlite::Connection, AppError> {
        self.db.connection()
    }

    /// Answers once the database can be read.
    pub async fn ping(&self) -> Result<(), AppError> {
        self.db.ping().await
    }
}
