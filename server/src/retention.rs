//! How long what the server keeps is kept: tidying forgets tombstones and
//! revisions past their windows, browsers known longer than their cookies
//! last, old notification sendings and day-old limit counts, and counts each
//! network's new anonymous users again.

use crate::accounts::known::known_since;
use crate::clock::Clock;
use crate::error::AppError;
use crate::store::Store;
use crate::sync::quota::{FREE_ANONYMOUS, ORIGIN_WEEK_MS};

/// Deletions are remembered this long; a device offline for longer resets.
pub const TOMBSTONE_RETENTION_MS: i64 = 90 * 24 * 60 * 60 * 1000;

/// Overwritten and deleted values are kept this long for support to restore.
pub const REVISION_RETENTION_MS: i64 = 90 * 24 * 60 * 60 * 1000;

/// At most this many kept values per user (the newest stay): a device that
/// edits one record in a loop cannot fill the disk.
pub const REVISIONS_PER_USER: i64 = 10_000;

/// How long the record of a notification's sending is kept (its claim matters
/// only within its time to live).
const SENDS_KEPT_MS: i64 = 2 * 24 * 60 * 60 * 1000;

/// How long a shared rate-limit window or wrong-password count is kept.
const LIMITS_KEPT_MS: i64 = 24 * 60 * 60 * 1000;

/// Forgets what is past its time (see the module's header).
pub async fn tidy(store: &Store, clock: &Clock) -> Result<(), AppError> {
    let now = clock.now_ms();
    let tombstones = store.purge_tombstones(now - TOMBSTONE_RETENTION_MS).await?;
    let revisions = store
        .purge_revisions(now - REVISION_RETENTION_MS, REVISIONS_PER_USER)
        .await?;
    let mut browsers = store.forget_browsers(known_since(now)).await?
        + store.forget_sends(now - SENDS_KEPT_MS).await?;
    if store.is_shared() {
        browsers += store.forget_limits(now - LIMITS_KEPT_MS).await?;
    }
    // Those who signed in, or were made over a week ago, leave their
    // origin's usage; what a write missed is counted.
    store
        .recount_origins(now - ORIGIN_WEEK_MS, FREE_ANONYMOUS)
        .await?;
    // A deleted account's pages, still in SQLite's log while a reader held
    // it, leave it now.
    store.clear_log().await?;
    if tombstones + revisions + browsers > 0 {
        tracing::info!(tombstones, revisions, browsers, "old history forgotten");
    }
    Ok(())
}
