//! What only the server can say of a write: rules that need more than the
//! record itself (the content it names, the user's membership). The record's
//! own rules are `manna_sync_protocol`'s; a gate runs after them, on the
//! record as it would be stored, for pushes and REST calls alike.

use super::super::sql::Sql;
use manna_sync_protocol::records::read::Fields;
use manna_sync_protocol::{FieldError, Table};

/// What a gate may read of the store, inside the write's transaction.
#[derive(Debug)]
pub struct Reads<'a, 'c>(pub(in crate::store) &'a mut Sql<'c>);

impl Reads<'_, '_> {
    /// What the premium rule needs of `user`.
    pub fn standing(
        &mut self,
        user: &str,
        with_emails: bool,
    ) -> Result<crate::store::Standing, crate::error::AppError> {
        crate::store::billing::standing(self.0, user, with_emails)
    }
}

pub trait Gate: std::fmt::Debug + Send + Sync {
    /// Whether `user` may store `after` in `table`, where `before` is the live
    /// record it replaces (none for a new one). Answers the refusal, or an
    /// error of the database.
    fn admit(
        &self,
        reads: &mut Reads<'_, '_>,
        user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Result<(), FieldError>, crate::error::AppError>;
}

/// A gate that admits every valid record: for moving records a user already
/// holds (claiming an anonymous history) and for tests of the merge alone.
#[derive(Debug)]
pub struct Open;

impl Gate for Open {
    fn admit(
        &self,
        _: &mut Reads<'_, '_>,
        _: &str,
        _: Table,
        _: Option<&Fields>,
        _: &Fields,
    ) -> Result<Result<(), FieldError>, crate::error::AppError> {
        Ok(Ok(()))
    }
}
