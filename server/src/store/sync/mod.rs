//! Server-authoritative sync: pushes applied exactly once in device order, pulls
//! by the user's change counter, all inside transactions.
//!
//! # Layout
//! - `push`: applying a device's mutations (idempotent, gap-refusing).
//! - `pull`: changes after a cursor, snapshots, and the reset rules.
//! - `claim`: moving an anonymous user's records into an account at login.
//! - `maintenance`: forgetting old tombstones and revisions, changing the epoch.
//! - `records`: reading and writing stored records and revisions, and the
//!   quota they count in.
//! - `gate`: the rules of a write that need the server's knowledge.

mod claim;
mod gate;
mod maintenance;
mod pull;
mod push;
pub mod records;

/// Mutations applied in one transaction of a push.
pub const PUSH_STEP: usize = 50;

pub(super) use claim::claim_into;
pub use gate::{Gate, Open, Reads};
pub(super) use maintenance::rotate_epoch;
pub use maintenance::{REVISION_RETENTION_MS, REVISIONS_PER_USER, TOMBSTONE_RETENTION_MS};
pub(super) use records::live_records;
pub use records::{LiveRecord, StoredRevision};

use super::Store;
use crate::error::AppError;
use manna_sync_protocol::{
    FieldError, Mutation, PullRequest, PullResponse, PushRequest, PushResponse, StoredRecord, Table,
};
use serde_json::{Map, Value};
use std::sync::Arc;

/// Who is writing and when: the user, the device (or `rest:<device>` for REST
/// calls), the server's time of the write and the gate its records pass.
#[derive(Debug, Clone)]
pub struct Writer {
    pub user: String,
    pub device: String,
    pub now_ms: i64,
    pub gate: Arc<dyn Gate + Send>,
}

impl Writer {
    fn author(&self) -> push::Author<'_> {
        push::Author {
            user: &self.user,
            device: &self.device,
            now_ms: self.now_ms,
            gate: &*self.gate,
        }
    }
}

impl Store {
    /// Applies a device's push in steps of [`PUSH_STEP`] mutations, each in a
    /// transaction of its own and queued like any other call: a long push
    /// never holds the write lock long, and other users' writes go between
    /// its steps. Each step acknowledges what it applied, so a push cut
    /// short is sent again from there, exactly once.
    pub async fn push(&self, writer: Writer, req: PushRequest) -> Result<PushResponse, AppError> {
        let mut answer = PushResponse::default();
        let mut steps = req.mutations.chunks(PUSH_STEP).map(<[Mutation]>::to_vec);
        // An empty push still answers where the device stands.
        let mut step = steps.next().unwrap_or_default();
        loop {
            let writer = writer.clone();
            let done = self
                .db
                .call(move |conn| push::push(conn, writer.author(), &step))
                .await?;
            answer.acked_seq = done.acked_seq;
            answer.rejected.extend(done.rejected);
            if done.gap.is_some() {
                answer.gap = done.gap;
                return Ok(answer);
            }
            match steps.next() {
                Some(next) => step = next,
                None => return Ok(answer),
            }
        }
    }

    /// The changes of `user` after the request's cursor (see `pull`).
    pub async fn pull(
        &self,
        user: &str,
        device: &str,
        req: PullRequest,
    ) -> Result<PullResponse, AppError> {
        let (user, device) = (user.to_owned(), device.to_owned());
        self.db
            .call(move |conn| pull::pull(conn, &user, &device, &req))
            .await
    }

    /// Applies one change made through a REST call, in its own transaction.
    /// Answers the stored record, or the reason it was refused.
    pub async fn apply_direct(
        &self,
        writer: Writer,
        m: Mutation,
    ) -> Result<Result<Option<StoredRecord>, FieldError>, AppError> {
        self.db
            .call(move |conn| push::apply_direct(conn, writer.author(), &m))
            .await
    }

    /// Applies several changes of one call in one transaction: all of them,
    /// or, when one is refused, none.
    pub async fn apply_all(
        &self,
        writer: Writer,
        mutations: Vec<Mutation>,
    ) -> Result<Result<(), FieldError>, AppError> {
        self.db
            .call(move |conn| push::apply_all(conn, writer.author(), &mutations))
            .await
    }

    /// The last sequence number of `device` the server applied.
    pub async fn acked_seq(&self, device: &str) -> Result<u64, AppError> {
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
    ) -> Result<Option<Map<String, Value>>, AppError> {
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
    ) -> Result<Vec<(String, String, u64)>, AppError> {
        self.db
            .call(move |conn| records::naming(conn, table, field, &value))
            .await
    }

    /// Every live record of one table for a user, oldest change first.
    pub async fn live_records(
        &self,
        user: &str,
        table: Table,
    ) -> Result<Vec<LiveRecord>, AppError> {
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
    ) -> Result<Vec<StoredRevision>, AppError> {
        let (user, id) = (user.to_owned(), id.to_owned());
        self.db
            .call(move |conn| records::revisions_of(conn, &user, table, &id))
            .await
    }

    /// Counts every origin's usage again from its users (see
    /// `records::recount_origins`); answers how many origins keep any.
    pub async fn recount_origins(&self, since_ms: i64) -> Result<usize, AppError> {
        self.db
            .call(move |c| records::recount_origins(c, since_ms))
            .await
    }

    /// Forgets tombstones last changed before `cutoff_ms` (older cursors then
    /// reset); answers how many went.
    pub async fn purge_tombstones(&self, cutoff_ms: i64) -> Result<usize, AppError> {
        self.db
            .call(move |conn| maintenance::purge_tombstones(conn, cutoff_ms))
            .await
    }

    /// Forgets revisions older than `cutoff_ms`, and each user's beyond the
    /// newest [`REVISIONS_PER_USER`]; answers how many went.
    pub async fn purge_revisions(&self, cutoff_ms: i64) -> Result<usize, AppError> {
        self.db
            .call(move |conn| maintenance::purge_revisions(conn, cutoff_ms))
            .await
    }

    /// Gives the database a new epoch (see `rotate_epoch`); answers it.
    pub async fn rotate_epoch(&self, epoch: String) -> Result<String, AppError> {
        self.db.call(move |conn| rotate_epoch(conn, epoch)).await
    }
}
