//! Server-authoritative sync: pushes applied exactly once in device order,
//! inside transactions; pulls by the user's change counter, each read on one
//! snapshot.
//!
//! # Layout
//! - `tx`: one write of records inside a transaction, for the sync service
//!   (`crate::sync`), which decides what is kept.
//! - `pull`: changes after a cursor (the user's own and their groups'),
//!   snapshots, and the reset rules.
//! - `claim`: an anonymous user's records read out at login, and the rest of
//!   what moves into the account.
//! - `maintenance`: forgetting old tombstones and revisions, changing the epoch.
//! - `records`: reading and writing stored records and revisions.
//! - `usage`: what a stored row takes of a user's allowances.

mod claim;
mod maintenance;
mod pull;
pub mod records;
mod tx;
mod usage;
mod user_row;

pub(super) use maintenance::rotate_epoch;
pub(super) use records::live_records;
pub use records::{LiveRecord, RecordKey, StoredRevision, encode_record};
pub use tx::SyncTx;
pub use usage::{Usage, usage_change};

use super::Store;
use crate::store::StoreError;
use manna_sync_protocol::{PullRequest, Table};
pub use pull::{GroupPage, Page, Pulled, as_change, group_bucket, is_group_bucket};
use serde_json::{Map, Value};

impl Store {
    /// The changes of `user` and of their groups after the request's
    /// cursor (see `pull`).
    pub async fn pull(
        &self,
        user: &str,
        device: &str,
        req: PullRequest,
    ) -> Result<Pulled, StoreError> {
        let (user, device) = (user.to_owned(), device.to_owned());
        self.db
            .call(move |conn| pull::pull(conn, &user, &device, &req))
            .await
    }

    /// The last sequence number of `device` the server applied.
    pub async fn acked_seq(&self, device: &str) -> Result<u64, StoreError> {
        let device = device.to_owned();
        self.db
            .call(move |c| {
                Ok(c.query_one(
                    "SELECT acked_seq FROM devices WHERE id = ?1",
                    &[&device],
                    |r| r.get::<i64>(0),
                )? as u64)
            })
            .await
    }

    /// The fields of one live record, if it exists and is not deleted.
    pub async fn live_record(
        &self,
        user: &str,
        table: Table,
        id: &str,
    ) -> Result<Option<Map<String, Value>>, StoreError> {
        let (user, id) = (user.to_owned(), id.to_owned());
        self.db
            .call(move |conn| records::live_record(conn, &user, table, &id))
            .await
    }

    /// Every live record of `table`, of any user, whose `field` holds
    /// `value`: its user, id and version.
    pub async fn records_naming(
        &self,
        table: Table,
        field: &'static str,
        value: String,
    ) -> Result<Vec<(String, String, u64)>, StoreError> {
        self.db
            .call(move |conn| records::naming(conn, table, field, &value))
            .await
    }

    /// Every live record of one table for a user, oldest change first.
    pub async fn live_records(
        &self,
        user: &str,
        table: Table,
    ) -> Result<Vec<LiveRecord>, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |conn| live_records(conn, &user, table))
            .await
    }

    /// The values kept aside of one record (overwritten or deleted), oldest
    /// first, as support tools read them.
    pub async fn revisions_of(
        &self,
        user: &str,
        table: Table,
        id: &str,
    ) -> Result<Vec<StoredRevision>, StoreError> {
        let (user, id) = (user.to_owned(), id.to_owned());
        self.db
            .call(move |conn| records::revisions_of(conn, &user, table, &id))
            .await
    }

    /// Counts every origin's usage again from its users made after
    /// `since_ms`, past their own `free` allowances (records, bytes) (see
    /// `user_row::recount_origins`); answers how many origins keep any.
    pub async fn recount_origins(
        &self,
        since_ms: i64,
        free: (i64, i64),
    ) -> Result<usize, StoreError> {
        self.db
            .call(move |c| user_row::recount_origins(c, since_ms, free))
            .await
    }

    /// Forgets tombstones last changed before `cutoff_ms` (older cursors then
    /// reset); answers how many went.
    pub async fn purge_tombstones(&self, cutoff_ms: i64) -> Result<usize, StoreError> {
        self.db
            .call(move |conn| maintenance::purge_tombstones(conn, cutoff_ms))
            .await
    }

    /// Forgets revisions older than `cutoff_ms`, and each user's beyond the
    /// newest `per_user`; answers how many went.
    pub async fn purge_revisions(
        &self,
        cutoff_ms: i64,
        per_user: i64,
    ) -> Result<usize, StoreError> {
        self.db
            .call(move |conn| maintenance::purge_revisions(conn, cutoff_ms, per_user))
            .await
    }

    /// Gives the database a new epoch (see `rotate_epoch`); answers it.
    pub async fn rotate_epoch(&self, epoch: String) -> Result<String, StoreError> {
        self.db.call(move |conn| rotate_epoch(conn, epoch)).await
    }
}
