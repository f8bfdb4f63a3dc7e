//! What stored rows take of a user's allowances: live records, bytes in the
//! quota, and bytes of deleted things kept as history.

use manna_sync_protocol::merge::{Revision, RevisionReason};

/// What a stored row takes of a user's allowances.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Live records.
    pub records: i64,
    /// Bytes counted in the quota.
    pub bytes: i64,
    /// Bytes of deleted things kept as history.
    pub history: i64,
}

impl Usage {
    /// A record row: live, it is one record and counts in the quota; a
    /// tombstone is history.
    pub fn of_record(deleted: bool, len: i64) -> Self {
        Self {
            records: i64::from(!deleted),
            ..Self::of_revision(deleted, len)
        }
    }

    /// A kept value: what was deleted is history; an edit set aside counts in
    /// the quota (a device cannot store without limit by editing a deleted
    /// record or fighting another device).
    pub fn of_revision(deleted: bool, len: i64) -> Self {
        if deleted {
            Self {
                history: len,
                ..Self::default()
            }
        } else {
            Self {
                bytes: len,
                ..Self::default()
            }
        }
    }

    pub fn plus(self, o: Self) -> Self {
        Self {
            records: self.records + o.records,
            bytes: self.bytes + o.bytes,
            history: self.history + o.history,
        }
    }

    pub fn minus(self, o: Self) -> Self {
        self.plus(Self {
            records: -o.records,
            bytes: -o.bytes,
            history: -o.history,
        })
    }
}

/// What storing `new_row` (a record row's body, and whether it is a
/// tombstone) in place of a row that takes `stored`, and keeping `revisions`,
/// adds to a user's usage.
pub fn usage_change(stored: Usage, new_row: Option<(&str, bool)>, revisions: &[Revision]) -> Usage {
    let row = new_row.map_or_else(Usage::default, |(body, deleted)| {
        Usage::of_record(deleted, body.len() as i64).minus(stored)
    });
    revisions.iter().fold(row, |change, rev| {
        change.plus(Usage::of_revision(
            rev.reason == RevisionReason::Deleted,
            rev.value.to_string().len() as i64,
        ))
    })
}
