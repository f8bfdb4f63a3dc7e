//! The periodic jobs of a running server: Stripe reconciliation, the hourly
//! tidy, and each minute's reminders, each run taken by one replica.

use crate::periodic::{CLAIM_SLACK, take_run};
use crate::state::AppState;
use std::time::Duration;

/// How often old history is forgotten.
const TIDY_EVERY: Duration = Duration::from_secs(60 * 60);

/// Starts the periodic jobs for as long as the server runs.
pub fn start(state: &AppState) {
    let starting = state.clone();
    tokio::spawn(async move {
        crate::places::search::tell_operator_if_empty(&starting.store, starting.asking.is_some())
            .await;
    });
    crate::billing::reconcile::spawn(
        state.store.clone(),
        state.clock.clone(),
        state.stripe.clone(),
    );
    let tidying = state.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TIDY_EVERY);
        every.tick().await; // the first tick is now, and start-up just tidied
        loop {
            every.tick().await;
            if take_run(
                &tidying.store,
                &tidying.clock,
                "tidy",
                TIDY_EVERY - CLAIM_SLACK,
            )
            .await
                && let Err(e) = crate::retention::tidy(&tidying.store, &tidying.clock).await
            {
                tracing::warn!(error = %e, "tidying the database failed");
            }
        }
    });
    look_when_asked(state);
    let ringing = state.clone();
    tokio::spawn(async move {
        loop {
            // Just after each minute turns, when reminders fall due.
            let into_minute = ringing.clock.now_ms().rem_euclid(60_000) as u64;
            tokio::time::sleep(Duration::from_millis(60_000 - into_minute + 200)).await;
            // Once for the cluster: the first replica past the minute.
            if take_run(
                &ringing.store,
                &ringing.clock,
                "push",
                Duration::from_secs(50),
            )
            .await
                && let Err(e) = ring_due(&ringing).await
            {
                tracing::warn!(error = %e, "sending the notifications due failed");
            }
        }
    });
}

/// How long a look asked for waits, so a burst of posts is told at once.
const SOON_GATHER: Duration = Duration::from_secs(2);

/// Looks at the group notifications when asked (a request or prayer was
/// posted), at most once every `SOON_GATHER`.
fn look_when_asked(state: &AppState) {
    let asked = state.clone();
    tokio::spawn(async move {
        loop {
            asked.soon.asked().await;
            tokio::time::sleep(SOON_GATHER).await;
            let now = asked.clock.now_ms();
            match crate::push::schedule::claim_group_due(&asked.store, now).await {
                Ok(claimed) => asked.senders.hand(claimed),
                Err(e) => tracing::warn!(error = %e, "telling the groups' news failed"),
            }
        }
    });
}

/// Claims the notifications that fell due since the last look and hands
/// them to the senders; answers once they are handed over, not sent (the
/// next minute's look never waits for this one's sends).
pub async fn ring_due(state: &AppState) -> Result<(), crate::error::AppError> {
    let (set, now) = (state.content(), state.clock.now_ms());
    let claimed = crate::push::schedule::claim_due(&state.store, set, now).await?;
    state.senders.hand(claimed);
    Ok(())
}
