//! Reconciliation: a webhook can be lost (Stripe gives up after days of
//! failures, or a secret was rotated). Every subscription whose paid or trial
//! period has ended while the copy still says active or trialing is read back
//! from Stripe, so a missed renewal or cancellation is caught within one round.

use super::StripeApi;
use crate::clock::Clock;
use crate::error::AppError;
use crate::periodic::{CLAIM_SLACK, take_run};
use crate::store::Store;
use std::time::Duration;

/// How often the server looks for subscriptions to read back.
pub const RECONCILE_EVERY: Duration = Duration::from_secs(60 * 60);

/// At most this many subscriptions are read back in one round.
const ROUND_LIMIT: i64 = 500;

/// Reads back every still-premium subscription whose period ended before now.
/// Answers how many were read back; a subscription Stripe cannot answer for is
/// logged and tried again next round.
pub async fn reconcile(db: &Store, clock: &Clock, stripe: &StripeApi) -> Result<usize, AppError> {
    let now_secs = clock.now_secs();
    let due = db
        .subscriptions_past_their_period(now_secs, ROUND_LIMIT)
        .await?;
    let mut read = 0;
    for id in due {
        let sub = match stripe.subscription(&id).await {
            Ok(sub) => sub,
            Err(e) => {
                tracing::warn!(subscription = %id, error = %e, "reconciliation could not read a subscription");
                continue;
            }
        };
        let (now_ms, now_secs) = (clock.now_ms(), clock.now_secs());
        db.save_subscription(sub.stored(), None, None, now_secs, now_ms)
            .await?;
        read += 1;
    }
    Ok(read)
}

/// Runs [`reconcile`] every [`RECONCILE_EVERY`] for as long as the server runs.
pub fn spawn(db: Store, clock: Clock, stripe: StripeApi) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(RECONCILE_EVERY);
        let due_after = RECONCILE_EVERY - CLAIM_SLACK;
        loop {
            every.tick().await;
            // Once for the cluster: the first replica whose hour comes.
            if !take_run(&db, &clock, "reconcile", due_after).await {
                continue;
            }
            match reconcile(&db, &clock, &stripe).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(subscriptions = n, "reconciled with Stripe"),
                Err(e) => tracing::warn!(error = %e, "reconciliation failed"),
            }
        }
    });
}
