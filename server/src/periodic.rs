//! A periodic job's run, taken by one replica of a cluster: the first whose
//! timer fires claims it in the store, and the others skip it.

use crate::clock::Clock;
use crate::store::Store;
use std::time::Duration;

/// How much sooner than its period a periodic job may be claimed again: a
/// timer that fires a little early still finds its run due.
pub const CLAIM_SLACK: Duration = Duration::from_secs(60);

/// Whether this replica takes the run of the periodic `job` due now; the
/// next run is due `every` later. A store that cannot answer skips the run.
pub async fn take_run(store: &Store, clock: &Clock, job: &'static str, every: Duration) -> bool {
    let every_ms = i64::try_from(every.as_millis()).unwrap_or(i64::MAX);
    match store.claim_job(job, clock.now_ms(), every_ms).await {
        Ok(claimed) => claimed,
        Err(e) => {
            tracing::warn!(error = %e, job, "claiming a periodic job");
            false
        }
    }
}
