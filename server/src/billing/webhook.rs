//! `POST /api/stripe/webhook`: checks Stripe's signature on the raw body, applies
//! each event once (its id is stored in the same transaction as its change), and
//! takes the subscription's state from a fresh read, never from the event alone.

use super::StripeApi;
use crate::clock::Clock;
use crate::error::AppError;
use crate::store::Store;
use stripe_webhook::{EventObject, Webhook};

/// What became of one delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Applied,
    Duplicate,
    Ignored,
}

pub async fn handle(
    db: &Store,
    clock: &Clock,
    stripe: &StripeApi,
    secret: &str,
    payload: &str,
    signature: &str,
) -> Result<Outcome, AppError> {
    let event = Webhook::construct_event(payload, signature, secret).map_err(|e| {
        AppError::BadRequest(format!(
            "Stripe-Signature: the event is not authentic ({e})"
        ))
    })?;
    let id = event.id.to_string();
    let kind = event.type_.as_str().to_string();
    let seen = db.stripe_event_seen(&id).await?;
    if seen {
        return Ok(Outcome::Duplicate);
    }
    // Which subscription the event concerns, and what a read-back adds: never
    // an email taken from the event's body (the customer is read instead).
    let (subscription_id, mut email, user_hint) = match &event.data.object {
        EventObject::CheckoutSessionCompleted(s) => {
            let checkout = stripe.checkout_session(s.id.as_str()).await?;
            (checkout.subscription_id, checkout.email, checkout.user_id)
        }
        EventObject::CustomerSubscriptionCreated(s)
        | EventObject::CustomerSubscriptionUpdated(s)
        | EventObject::CustomerSubscriptionDeleted(s) => (Some(s.id.to_string()), None, None),
        EventObject::InvoicePaid(inv) | EventObject::InvoicePaymentFailed(inv) => (
            inv.parent
                .as_ref()
                .and_then(|p| p.subscription_details.as_ref())
                .map(|d| d.subscription.id().to_string()),
            None,
            None,
        ),
        _ => (None, None, None),
    };
    let state = match &subscription_id {
        Some(sid) => Some(stripe.subscription(sid).await?),
        None => None,
    };
    if email.is_none()
        && let Some(sub) = &state
        && matches!(
            event.data.object,
            EventObject::InvoicePaid(_) | EventObject::InvoicePaymentFailed(_)
        )
    {
        email = stripe.customer_email(&sub.customer_id).await?;
    }
    let (now_ms, now_secs) = (clock.now_ms(), clock.now_secs());
    // The subscription was read back just now, so what is stored is Stripe's
    // state as of now. The event's own `created` is not used: a signed event
    // dated in the future would otherwise freeze the subscription.
    let seen_at = now_secs;
    let saved = state.is_some();
    let sub = state.map(|sub| (sub.stored(), email, user_hint));
    Ok(
        match db
            .apply_stripe_event(&id, &kind, sub, seen_at, now_ms)
            .await?
        {
            false => Outcome::Duplicate,
            // The read happened now, after the event: it is at least as new.
            true if saved => Outcome::Applied,
            true => Outcome::Ignored,
        },
    )
}
