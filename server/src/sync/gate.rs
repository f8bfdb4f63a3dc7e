//! What only the server can say of a write: rules that need more than the
//! record itself (the content it names, the user's membership). The record's
//! own rules are `manna_sync_protocol`'s; a gate runs after them, on the
//! record as it would be stored, for pushes and REST calls alike.

use crate::error::AppError;
use crate::store::SyncTx;
use manna_sync_protocol::records::journal::check_same_key;
use manna_sync_protocol::records::read::Fields;
use manna_sync_protocol::{FieldError, Table};

pub trait Gate: std::fmt::Debug + Send + Sync {
    /// Whether `user` may store `after` in `table`, where `before` is the live
    /// record it replaces (none for a new one), reading what it needs inside
    /// the write's transaction. Answers the refusal as a refused change, or
    /// an error (which ends the whole call).
    fn admit(
        &self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Result<(), FieldError>, AppError>;
}

/// A gate that admits every valid record: for moving records a user already
/// holds (claiming an anonymous history) and for tests of the merge alone.
#[derive(Debug)]
pub struct Open;

impl Gate for Open {
    fn admit(
        &self,
        _: &mut SyncTx<'_, '_>,
        _: &str,
        _: Table,
        _: Option<&Fields>,
        _: &Fields,
    ) -> Result<Result<(), FieldError>, AppError> {
        Ok(Ok(()))
    }
}

/// The gate of claiming an anonymous history into an account: the records
/// are the person's already, so only the journal's key is judged (a key
/// from the anonymous history never replaces the one the account's journal
/// is locked with). Plain entries move as they are; the account's devices
/// seal them when they open the journal.
#[derive(Debug)]
pub struct ClaimGate;

impl Gate for ClaimGate {
    fn admit(
        &self,
        _tx: &mut SyncTx<'_, '_>,
        _user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Result<(), FieldError>, AppError> {
        Ok(match table {
            Table::JournalKeys => check_same_key(before, after),
            _ => Ok(()),
        })
    }
}
