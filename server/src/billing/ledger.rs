//! Billing as the routes use it: the local copy of checkouts and
//! subscriptions, what Stripe's webhook tells of them, and the trial a user
//! already had.

use super::StripeApi;
use super::webhook::{self, Outcome};
use crate::clock::Clock;
use crate::error::AppError;
use crate::store::{Store, Subscription};

/// The billing service's record of checkouts and subscriptions (cheap to
/// clone: it shares the store).
#[derive(Debug, Clone)]
pub struct Ledger {
    store: Store,
}

impl Ledger {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// Notes that `user` started the checkout `id` for `plan`.
    pub async fn record_checkout(
        &self,
        id: &str,
        user: &str,
        plan: &str,
        now_ms: i64,
    ) -> Result<(), AppError> {
        Ok(self.store.record_checkout(id, user, plan, now_ms).await?)
    }

    /// Who started the checkout `id`, if it is known.
    pub async fn checkout_owner(&self, id: &str) -> Result<Option<String>, AppError> {
        Ok(self.store.checkout_owner(id).await?)
    }

    /// Keeps what Stripe says of a subscription; answers whether it changed
    /// what was kept.
    pub async fn save_subscription(
        &self,
        sub: Subscription,
        email: Option<String>,
        user_hint: Option<String>,
        seen_at: i64,
        now_ms: i64,
    ) -> Result<bool, AppError> {
        Ok(self
            .store
            .save_subscription(sub, email, user_hint, seen_at, now_ms)
            .await?)
    }

    /// The status, plan and period end of the subscription `user` names by
    /// its customer and subscription ids, if it is theirs.
    pub async fn owned_subscription(
        &self,
        user: &str,
        customer_id: &str,
        subscription_id: &str,
    ) -> Result<Option<(String, String, Option<i64>)>, AppError> {
        Ok(self
            .store
            .owned_subscription(user, customer_id, subscription_id)
            .await?)
    }

    /// The Stripe customer of `user`, if they have one.
    pub async fn customer_of(&self, user: &str) -> Result<Option<String>, AppError> {
        Ok(self.store.customer_of(user).await?)
    }

    /// Whether `user` had a trial that ended before `now_secs`.
    pub async fn has_lapsed_trial(&self, user: &str, now_secs: i64) -> Result<bool, AppError> {
        Ok(self.store.has_lapsed_trial(user, now_secs).await?)
    }

    /// Takes one webhook event (see [`webhook::handle`]).
    pub async fn webhook(
        &self,
        clock: &Clock,
        stripe: &StripeApi,
        secret: &str,
        payload: &str,
        signature: &str,
    ) -> Result<Outcome, AppError> {
        webhook::handle(&self.store, clock, stripe, secret, payload, signature).await
    }
}
