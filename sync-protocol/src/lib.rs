//! # manna-sync-protocol
//!
//! What the PWA and the server say to each other to keep a user's records in
//! step, and the rules both apply. No I/O, no clock, no randomness: it builds
//! for wasm32 and every rule is a pure function tested natively. The PWA's
//! TypeScript types are generated from the types here (`make types`).
//!
//! # Layout
//! - `account`: the account forms' rules (email, password, names).
//! - `books`: the books of the Bible and the place of a verse in them.
//! - `date`: the one civil date type (records, content and the core use it).
//! - `defaults`: what a new record gets for the fields it leaves out.
//! - `messages`: push and pull requests and answers, the protocol version and
//!   the reasons a peer is refused or told to reset.
//! - `tables`: the synced tables, how their records are named and checked.
//! - `schema`: the record schema's versions, and what an older app knows.
//! - `records`: the shape and rules of a valid record, one module per domain.
//! - `field_error`: the field at fault and the message for a person.
//! - `groups`: praying together: roles, who may do what in a group, shared
//!   requests, invitations and when a group's notices may go.
//! - `ids`: id schemes (once-a-day records are named by their date).
//! - `merge`: field-level merge of one mutation into a stored record.
//! - `verse_counts`: the verses of each chapter (KJV), written from the
//!   installed module by `tests/content/extract-bible.mjs`.
//! - `wire_enum`: enums that travel as fixed words, with their value lists.

pub mod account;
pub mod books;
pub mod date;
pub mod defaults;
pub mod field_error;
pub mod groups;
pub mod ids;
pub mod merge;
pub mod messages;
pub mod records;
pub mod schema;
pub mod tables;
mod verse_counts;
pub mod wire_enum;

pub use date::{Date, DateError};
pub use field_error::FieldError;
pub use ids::{IdScheme, daily_id};
pub use merge::{MergeOutcome, Revision, StoredRecord, merge};
pub use messages::*;
pub use tables::Table;
pub use wire_enum::WireEnum;
