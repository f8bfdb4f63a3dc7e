//! The sync service: what a write of synced records keeps. A device's push,
//! a REST call on a record and a claim at login all go through `apply`:
//! defaults for what a new record leaves out, the merge of
//! `manna_sync_protocol`, the server's gate and the quota, against one
//! transaction of the store (`crate::store::SyncTx`).
//!
//! # Layout
//! - `apply`: one mutation, a device's step of them, a REST call's.
//! - `counters`: the change counters a write moves on.
//! - `gate`: the rules of a write that need the server's knowledge.
//! - `quota`: what one person, and the new anonymous users of one network,
//!   may keep, and the words of a refusal.
//! - `claim`: moving an anonymous user's records into an account at login.
//! - `pull`: what a device is sent of its user's and its groups' changes.

mod apply;
mod claim;
mod counters;
mod gate;
mod pull;
pub mod quota;

pub use claim::claim;
pub use gate::{ClaimGate, Gate, Open};

use crate::error::AppError;
use crate::store::{Charge, Store, Unflushed};
use manna_sync_protocol::{
    FieldError, Mutation, PullRequest, PullResponse, PushRequest, PushResponse, StoredRecord,
};
use std::sync::Arc;

/// The most mutations applied in one transaction of a push.
pub const PUSH_STEP: usize = 500;

/// The work after which a step of a push ends, with what it applied so far
/// committed: each commit waits for the disk, so a step takes as many
/// mutations as this allows, and another user's write waits for it about
/// this long at most.
pub const STEP_TIME: std::time::Duration = std::time::Duration::from_millis(5);

/// The context of a write: whose records it changes (`user`, the owner the
/// store files them under), the device that made it (or `rest:<device>` for
/// REST calls), the server's time of the write and the gate its records
/// pass.
#[derive(Debug, Clone)]
pub struct Writer {
    pub user: String,
    pub device: String,
    pub now_ms: i64,
    pub gate: Arc<dyn Gate + Send>,
}

/// The sync service as the routes and other services use it (cheap to
/// clone: it shares the store).
#[derive(Debug, Clone)]
pub struct SyncService {
    store: Store,
}

impl SyncService {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// The store the records are kept in, for the services that read them
    /// (the REST resources, planning).
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// Applies a device's push (see [`push`]).
    pub async fn push(
        &self,
        writer: Writer,
        req: PushRequest,
        charge: Option<Charge>,
    ) -> Result<PushResponse, AppError> {
        push(&self.store, writer, req, charge).await
    }

    /// The changes of `user` and of their groups after the request's
    /// cursor, for `device`.
    pub async fn pull(
        &self,
        user: &str,
        device: &str,
        req: PullRequest,
    ) -> Result<PullResponse, AppError> {
        pull(&self.store, user, device, req).await
    }

    /// Applies one change of a REST call (see [`apply_direct`]).
    pub async fn apply_direct(
        &self,
        writer: Writer,
        m: Mutation,
    ) -> Result<Result<Option<StoredRecord>, FieldError>, AppError> {
        apply_direct(&self.store, writer, m).await
    }

    /// Applies the changes of one call together (see [`apply_all`]).
    pub async fn apply_all(
        &self,
        writer: Writer,
        mutations: Vec<Mutation>,
    ) -> Result<Result<(), FieldError>, AppError> {
        apply_all(&self.store, writer, mutations).await
    }
}

/// Applies a device's push in steps (at most [`PUSH_STEP`] mutations or
/// [`STEP_TIME`] of work), each in a transaction of its own and queued like
/// any other call: a long push never holds the write lock long, and other
/// users' writes go between its steps. Each step acknowledges what it
/// applied, so a push cut short is sent again from there, exactly once (a
/// step lost with the disk's unflushed pages lost its acknowledgement too).
/// The push's rate limits, when `charge` names them, are taken by its first
/// step.
pub async fn push(
    store: &Store,
    writer: Writer,
    req: PushRequest,
    mut charge: Option<Charge>,
) -> Result<PushResponse, AppError> {
    let mut answer = PushResponse::default();
    let mut left = std::collections::VecDeque::from(req.mutations);
    // A step goes on while the one before is still being flushed: the
    // device hears once the last is on disk (flushes come in order).
    let mut unflushed = Unflushed::default();
    // An empty push still answers where the device stands.
    loop {
        let step = apply::push_step(store, writer.clone(), left, charge.take());
        let (done, rest, written) = match step.await {
            Ok(step) => step,
            Err(e) => {
                store.flushed(unflushed).await?;
                return Err(e);
            }
        };
        unflushed = unflushed.and(written);
        answer.acked_seq = done.acked_seq;
        answer.rejected.extend(done.rejected);
        if done.gap.is_some() {
            answer.gap = done.gap;
        }
        if done.gap.is_some() || rest.is_empty() {
            store.flushed(unflushed).await?;
            return Ok(answer);
        }
        left = rest;
    }
}

/// The changes of `user` and of their groups after the request's cursor,
/// for `device`, each group's as the user's place in it lets them see.
pub async fn pull(
    store: &Store,
    user: &str,
    device: &str,
    req: PullRequest,
) -> Result<PullResponse, AppError> {
    Ok(pull::answer(store.pull(user, device, req).await?))
}

/// Applies one change made through a REST call (not a device's outbox), in
/// its own transaction. Answers the stored record, or the reason it was
/// refused.
pub async fn apply_direct(
    store: &Store,
    writer: Writer,
    m: Mutation,
) -> Result<Result<Option<StoredRecord>, FieldError>, AppError> {
    let user = writer.user.clone();
    let ahead = apply::own_ahead(store, &user, std::slice::from_ref(&m));
    store
        .sync_write(&user, ahead, move |tx| {
            let mut counters =
                counters::Counters::holding(tx, &writer.user, std::slice::from_ref(&m))?;
            apply::read_ahead(tx, &writer.user, std::slice::from_ref(&m))?;
            let (table, bucket) = (
                m.table,
                m.table
                    .group_of(&m.id)
                    .map(crate::store::sync::group_bucket),
            );
            let id = m.id.clone();
            if let Err(refusal) = apply::apply_one(tx, &writer, m, &mut counters)? {
                return Err(Refused::Change(refusal));
            }
            counters.save(tx)?;
            Ok(tx.load(bucket.as_deref().unwrap_or(&writer.user), table, &id)?)
        })
        .await
        .map_or_else(Refused::answer, |stored| Ok(Ok(stored)))
}

/// Applies several changes made by one call (a generated plan, a list and
/// its items) in one transaction: all of them, or, when one is refused, none.
pub async fn apply_all(
    store: &Store,
    writer: Writer,
    mutations: Vec<Mutation>,
) -> Result<Result<(), FieldError>, AppError> {
    let user = writer.user.clone();
    let ahead = apply::own_ahead(store, &user, &mutations);
    store
        .sync_write(&user, ahead, move |tx| {
            let mut counters = counters::Counters::holding(tx, &writer.user, &mutations)?;
            apply::read_ahead(tx, &writer.user, &mutations)?;
            for m in mutations {
                if let Err(refusal) = apply::apply_one(tx, &writer, m, &mut counters)? {
                    return Err(Refused::Change(refusal));
                }
            }
            counters.save(tx)?;
            Ok(())
        })
        .await
        .map_or_else(Refused::answer, |()| Ok(Ok(())))
}

/// Why a write of several changes was rolled back: a change refused by its
/// rules, or an error.
enum Refused {
    Change(FieldError),
    Error(AppError),
}

impl Refused {
    fn answer<T>(self) -> Result<Result<T, FieldError>, AppError> {
        match self {
            Self::Change(refusal) => Ok(Err(refusal)),
            Self::Error(e) => Err(e),
        }
    }
}

impl From<AppError> for Refused {
    fn from(e: AppError) -> Self {
        Self::Error(e)
    }
}

impl From<crate::store::StoreError> for Refused {
    fn from(e: crate::store::StoreError) -> Self {
        Self::Error(e.into())
    }
}
