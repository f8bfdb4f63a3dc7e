//! Subscriptions: Stripe calls, the local copy of each subscription, and the
//! webhook that keeps that copy current.
//!
//! The copy is only ever written from what Stripe says now: every event makes
//! Manna read the subscription back, so events arriving twice, late or out of
//! order all end in Stripe's current state. A cancelled subscription stays
//! cancelled (Stripe never reactivates one), and an event older than the last
//! one applied changes nothing.

mod ledger;
pub mod reconcile;
mod stripe_api;
pub mod webhook;

pub use ledger::Ledger;
pub use stripe_api::{
    CheckoutState, DEFAULT_EMULATOR, Plan, StripeApi, SubscriptionState, parse_plan,
};

use crate::store::Subscription;

impl SubscriptionState {
    /// What the store keeps of it.
    pub fn stored(&self) -> Subscription {
        Subscription {
            id: self.id.clone(),
            customer_id: self.customer_id.clone(),
            status: self.status.clone(),
            plan: self.plan.wire().to_string(),
            trial_end: self.trial_end,
            current_period_end: self.current_period_end,
            user_id: self.user_id.clone(),
            started: self.started,
        }
    }
}

/// Subscription statuses that make a user premium.
pub const PREMIUM_STATUSES: [&str; 2] = ["active", "trialing"];

/// How long past the end of its paid (or trial) period a subscription still
/// counts, waiting for the renewal's webhook or the reconciliation to say it
/// was renewed.
pub const PREMIUM_GRACE_SECS: i64 = 2 * 24 * 60 * 60;

/// Whether a subscription Stripe last described as `status`, paid (or on
/// trial) until `period_end` (seconds), gives premium at `now_secs`. Without
/// a known period end only the status counts.
pub fn subscription_gives_premium(status: &str, period_end: Option<i64>, now_secs: i64) -> bool {
    PREMIUM_STATUSES.contains(&status)
        && period_end.is_none_or(|end| now_secs < end.saturating_add(PREMIUM_GRACE_SECS))
}

/// The webhook secret of test mode (the emulator signs with it). With a real
/// Stripe key, `STRIPE_WEBHOOK_SECRET` must be set.
pub const DEFAULT_WEBHOOK_SECRET: &str = "whsec_manna_emulator";
