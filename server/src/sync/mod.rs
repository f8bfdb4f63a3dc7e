//! Server-authoritative sync: pushes applied exactly once in device order, pulls
//! by the user's change counter, all inside SQLite transactions. These functions
//! take a connection, not the app, so tests and the simulation drive them directly.
//!
//! # Layout
//! - `push`: applying a device's mutations (idempotent, gap-refusing).
//! - `pull`: changes after a cursor, snapshots, and the reset rules.
//! - `maintenance`: forgetting old tombstones and revisions, changing the epoch.
//! - `records`: reading and writing stored records and revisions, and the
//!   quota they count in.
//! - `gate`: the rules of a write that need the server's knowledge.

pub mod gate;
mod maintenance;
mod pull;
mod push;
pub mod records;

pub use gate::{Gate, Open};
pub use maintenance::{
    REVISION_RETENTION_MS, REVISIONS_PER_USER, TOMBSTONE_RETENTION_MS, purge_revisions,
    purge_tombstones, rotate_epoch,
};
pub use pull::pull;
pub use push::{Author, apply_all, apply_direct, apply_one, push};
pub use records::{LiveRecord, StoredRevision, live_record, live_records, revisions_of};
