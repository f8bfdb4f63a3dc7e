//! # manna-sync-protocol
//!
//! What the PWA and the server say to each other to keep a user's records in
//! step, and the rules both apply. No I/O, no clock, no randomness: it builds
//! for wasm32 and every rule is a pure function tested natively.
//!
//! # Layout
//! - `messages`: push and pull requests and answers, the protocol version and
//!   the reasons a peer is refused or told to reset.
//! - `tables`: the synced tables and how a record is validated.
//! - `records`: the shape of a valid record of each table.
//! - `merge`: field-level merge of one mutation into a stored record.
//! - `ids`: deterministic ids for records made once a day.

pub mod ids;
pub mod merge;
pub mod messages;
mod records;
pub mod tables;

pub use ids::daily_id;
pub use merge::{MergeOutcome, Revision, StoredRecord, merge};
pub use messages::*;
pub use tables::Table;
