//! The change counters a write moves on (the writer's own and its groups'),
//! read once each in a transaction and stored at its end.

use super::quota;
use crate::error::AppError;
use crate::store::SyncTx;
use crate::store::sync::group_bucket;
use manna_sync_protocol::Mutation;
use std::collections::BTreeMap;

/// The change counters a write moves on: the writer's own, and those of the
/// groups it writes in, read once each and stored at the end; with the
/// totals the quotas count (`quota::Tally`), the same way.
#[derive(Debug)]
pub(super) struct Counters {
    versions: BTreeMap<String, u64>,
    pub(super) tally: quota::Tally,
}

impl Counters {
    /// The counters of a write by `user` of `mutations`: the rows of the
    /// groups they write in are held first, in one order (the writer's own
    /// row is held already), so two writes never wait on each other.
    pub(super) fn holding<'m>(
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        mutations: impl IntoIterator<Item = &'m Mutation>,
    ) -> Result<Self, AppError> {
        let mut versions = BTreeMap::new();
        versions.insert(user.to_string(), tx.version(user)?);
        let groups: std::collections::BTreeSet<String> = mutations
            .into_iter()
            .filter_map(|m| m.table.group_of(&m.id))
            .map(group_bucket)
            .collect();
        for bucket in groups {
            tx.lock_bucket(&bucket)?;
        }
        Ok(Self {
            versions,
            tally: quota::Tally::default(),
        })
    }

    /// The counter of `bucket` now.
    pub(super) fn current(
        &mut self,
        tx: &mut SyncTx<'_, '_>,
        bucket: &str,
    ) -> Result<u64, AppError> {
        if let Some(v) = self.versions.get(bucket) {
            return Ok(*v);
        }
        let v = tx.version(bucket)?;
        self.versions.insert(bucket.to_string(), v);
        Ok(v)
    }

    pub(super) fn set(&mut self, bucket: &str, version: u64) {
        self.versions.insert(bucket.to_string(), version);
    }

    /// Stores every counter and total the write moved on.
    pub(super) fn save(self, tx: &mut SyncTx<'_, '_>) -> Result<(), AppError> {
        for (bucket, version) in self.versions {
            tx.set_version(&bucket, version)?;
        }
        self.tally.save(tx)
    }
}
