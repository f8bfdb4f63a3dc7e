//! What the store answers when a call does not succeed: the engines' own
//! errors, and the outcomes only storage can know (an email already taken, a
//! file that is not a backup). Each is data; the words a person reads are
//! chosen above the store (`crate::error`), so the store never speaks HTTP.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused or failed.
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL refused or failed.
    #[error("postgres: {0}")]
    Postgres(#[from] postgres::Error),
    /// A file of the database could not be read, written or restricted.
    #[error("database file: {0}")]
    Io(#[from] std::io::Error),
    /// The engine itself failed: its threads, a migration, a stored value
    /// it cannot read. What was being done, for the log.
    #[error("{0}")]
    Engine(String),
    /// Another account already has this email.
    #[error("the email belongs to another account")]
    EmailTaken,
    /// The device is signed in to an account (whose email this is) and asked
    /// to secure a different one.
    #[error("the device is signed in as another account")]
    SignedInAs { email: String },
    /// A new user's id is already registered.
    #[error("the user id is already registered")]
    UserTaken,
    /// The writing device is no longer its user's (signed out, or moved to
    /// another account, while its write waited for the user's row).
    #[error("the writing device is no longer its user's")]
    DeviceGone,
    /// A rate limit taken in the write refused it: the window ends in
    /// `wait_ms`.
    #[error("a rate limit refused the write")]
    Limited { wait_ms: i64 },
    /// A backup or a restore that cannot be done.
    #[error("backup: {0:?}")]
    Backup(BackupRefusal),
}

/// Why a backup or a restore cannot be done.
#[derive(Debug)]
pub enum BackupRefusal {
    /// The server runs on PostgreSQL, whose own tool (named) does this.
    Postgres { instead: &'static str },
    /// The backup's file already exists.
    Exists(PathBuf),
    /// There is no database to back up at this path.
    NoDatabase(PathBuf),
    /// The backup's path is not valid UTF-8.
    PathNotUtf8,
    /// The file is not a database with Manna's tables (the engine's reason).
    NotABackup { file: PathBuf, reason: String },
}

impl StoreError {
    /// Whether a unique index refused a second row.
    pub fn is_unique_violation(&self) -> bool {
        match self {
            Self::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
                f.code == rusqlite::ErrorCode::ConstraintViolation
            }
            Self::Postgres(p) => p.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION),
            _ => false,
        }
    }
}
