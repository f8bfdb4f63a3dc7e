//! The operations of the calls of devices and sync, accounts, billing and
//! premium, the calendar feed, push notifications and the service itself.

use super::super::CalendarFeed;
use super::super::auth::{DeleteAccountForm, LoginForm, RegisterForm};
use super::super::billing::{IdsForm, PlanForm, SessionForm};
use super::super::entitlement::EmailForm;
use super::super::push::{
    PushPublicKey, PushSubscriptionSaved, PushTested, SubscribeBody, UnsubscribeBody,
};
use super::doc::{Doc, Op, Who, op};
use crate::api::{
    About, BillingConfig, CheckoutStarted, CheckoutVerified, CodeSent, Done, EmailCheck, Health,
    KeySet, Me, PaymentStatus, PortalLink, PremiumStatus, SignedIn, SubscriptionCheck,
    SubscriptionStarted, TrialStatus, WebhookReceived,
};
use crate::identity::Registration;
use manna_sync_protocol::{PullRequest, PullResponse, PushRequest, PushResponse};
use serde_json::json;

/// `POST /api/devices`.
pub fn devices_create(doc: &mut Doc) -> Op {
    let registration = doc.schema::<Registration>();
    op(
        "Registers an anonymous user's device: its token",
        Who::Anyone,
    )
    .header(
        "X-User-ID",
        "The anonymous user id the browser made (user-<time>-<random>)",
    )
    .answers(201, Some(registration), "The device and its token")
}

/// `POST /api/sync/push`.
pub fn sync_push(doc: &mut Doc) -> Op {
    let (push, pushed) = (doc.schema::<PushRequest>(), doc.schema::<PushResponse>());
    op("A device's changes, applied in order", Who::Device)
        .body(push)
        .ok(pushed)
}

/// `POST /api/sync/pull`.
pub fn sync_pull(doc: &mut Doc) -> Op {
    let (pull, pulled) = (doc.schema::<PullRequest>(), doc.schema::<PullResponse>());
    op("The user's changes after a cursor", Who::Device)
        .body(pull)
        .ok(pulled)
}

/// `POST /api/auth/register`.
pub fn auth_register(doc: &mut Doc) -> Op {
    let (form, sent, signed_in) = (
        doc.schema::<RegisterForm>(),
        doc.schema::<CodeSent>(),
        doc.schema::<SignedIn>(),
    );
    op(
        "Creates an account: the form sends a code, the form with the code creates it",
        Who::Device,
    )
    .body(form)
    .answers(202, Some(sent), "A code was sent to the address")
    .answers(201, Some(signed_in), "The account, signed in")
}

/// `POST /api/auth/login`.
pub fn auth_login(doc: &mut Doc) -> Op {
    let (login, signed_in) = (doc.schema::<LoginForm>(), doc.schema::<SignedIn>());
    op("Signs in", Who::Device).body(login).ok(signed_in)
}

/// `POST /api/auth/logout`.
pub fn auth_logout(doc: &mut Doc) -> Op {
    let done = doc.schema::<Done>();
    op(
        "Signs out (this device starts again as a new user)",
        Who::Anyone,
    )
    .ok(done)
}

/// `POST /api/auth/logout-everywhere`.
pub fn auth_logout_everywhere(doc: &mut Doc) -> Op {
    let done = doc.schema::<Done>();
    op(
        "Ends every other session and device of the account",
        Who::Account,
    )
    .ok(done)
}

/// `DELETE /api/account`.
pub fn account_delete(doc: &mut Doc) -> Op {
    let (deletion, done) = (doc.schema::<DeleteAccountForm>(), doc.schema::<Done>());
    op(
        "Deletes the account and everything kept of it (its Stripe subscription cancelled first), proven by its password or an emailed code",
        Who::Account,
    )
    .body(deletion)
    .ok(done)
}

/// `POST /api/account/deletion-code`.
pub fn deletion_code_create(doc: &mut Doc) -> Op {
    let sent = doc.schema::<CodeSent>();
    op(
        "Emails a code to delete an account that has no password",
        Who::Account,
    )
    .ok(sent)
}

/// `GET /api/auth/me`.
pub fn auth_me(doc: &mut Doc) -> Op {
    let me = doc.schema::<Me>();
    op("The signed-in account", Who::Account).ok(me)
}

/// `POST /api/auth/set-password`.
pub fn auth_set_password(doc: &mut Doc) -> Op {
    let (form, done) = (doc.schema::<RegisterForm>(), doc.schema::<Done>());
    op("Gives the device's proven email a password", Who::Device)
        .body(form)
        .ok(done)
}

/// `POST /api/create-checkout-session`.
pub fn checkout_session_create(doc: &mut Doc) -> Op {
    let (plan, started) = (doc.schema::<PlanForm>(), doc.schema::<CheckoutStarted>());
    op("Starts a Stripe Checkout", Who::Device)
        .body(plan)
        .ok(started)
}

/// `POST /api/create-subscription`.
pub fn subscription_create(doc: &mut Doc) -> Op {
    let (plan, subscription) = (
        doc.schema::<PlanForm>(),
        doc.schema::<SubscriptionStarted>(),
    );
    op(
        "Starts a subscription for the embedded payment form",
        Who::Device,
    )
    .body(plan)
    .ok(subscription)
}

/// `POST /api/verify-checkout-session`.
pub fn checkout_session_verify(doc: &mut Doc) -> Op {
    let (session, verified) = (
        doc.schema::<SessionForm>(),
        doc.schema::<CheckoutVerified>(),
    );
    op("Whether a checkout was paid", Who::Device)
        .body(session)
        .ok(verified)
}

/// `GET /api/verify-payment/{id}`.
pub fn payment_verify(doc: &mut Doc) -> Op {
    let payment = doc.schema::<PaymentStatus>();
    op("A payment's status", Who::Device)
        .path("id", "The payment intent's id")
        .ok(payment)
}

/// `POST /api/verify-subscription-status` and `POST /api/verify-subscription`
/// (two names of one call).
pub fn subscription_verify(doc: &mut Doc) -> Op {
    let (ids, check) = (doc.schema::<IdsForm>(), doc.schema::<SubscriptionCheck>());
    op("Whether stored Stripe ids give premium", Who::Device)
        .body(ids)
        .ok(check)
}

/// `POST /api/check-subscription-by-email`.
pub fn subscription_check_by_email(doc: &mut Doc) -> Op {
    let (email, checked) = (doc.schema::<EmailForm>(), doc.schema::<EmailCheck>());
    op(
        "Restores premium by proving the payment email with a code",
        Who::Device,
    )
    .body(email)
    .ok(checked)
}

/// `GET /api/trial-status`.
pub fn trial_status(doc: &mut Doc) -> Op {
    let trial = doc.schema::<TrialStatus>();
    op("The trial notice's status", Who::Device)
        .query(
            "email",
            json!({"type": "string"}),
            "The email the device knows",
        )
        .ok(trial)
}

/// `POST /api/billing-portal`.
pub fn billing_portal_create(doc: &mut Doc) -> Op {
    let portal = doc.schema::<PortalLink>();
    op("A link to Stripe's billing portal", Who::Member).ok(portal)
}

/// `GET /api/billing/config`.
pub fn billing_config(doc: &mut Doc) -> Op {
    let config = doc.schema::<BillingConfig>();
    op("Test mode and the publishable key", Who::Anyone).ok(config)
}

/// `GET /api/entitlement`.
pub fn entitlement(doc: &mut Doc) -> Op {
    let status = doc.schema::<PremiumStatus>();
    op(
        "Whether the device's user is premium now, with a signed entitlement",
        Who::Device,
    )
    .ok(status)
}

/// `GET /api/entitlement/keys`.
pub fn entitlement_keys(doc: &mut Doc) -> Op {
    let keys = doc.schema::<KeySet>();
    op("The keys entitlements are signed with", Who::Anyone).ok(keys)
}

/// `POST /api/stripe/webhook`.
pub fn stripe_webhook(doc: &mut Doc) -> Op {
    let received = doc.schema::<WebhookReceived>();
    op(
        "Stripe's events (signed with Stripe-Signature)",
        Who::Anyone,
    )
    .body(json!({"type": "object"}))
    .ok(received)
}

/// `GET /api/calendar-feed`.
pub fn feed_status(doc: &mut Doc) -> Op {
    let feed = doc.schema::<CalendarFeed>();
    op("The user's calendar address", Who::Device).ok(feed)
}

/// `POST /api/calendar-feed`.
pub fn feed_create(doc: &mut Doc) -> Op {
    let feed = doc.schema::<CalendarFeed>();
    op(
        "A new calendar address (the old one stops working)",
        Who::Device,
    )
    .answers(201, Some(feed), "The address")
}

/// `DELETE /api/calendar-feed`.
pub fn feed_delete(_doc: &mut Doc) -> Op {
    op("Turns the calendar address off", Who::Device).answers(204, None, "Turned off")
}

/// `GET /api/calendar/{file}`.
pub fn feed(_doc: &mut Doc) -> Op {
    op(
        "The calendar feed (iCalendar) of an address's secret",
        Who::Anyone,
    )
    .path("file", "The secret, then .ics")
    .answers_text(200, "text/calendar", "The feed")
}

/// `GET /api/push/public-key`.
pub fn push_public_key(doc: &mut Doc) -> Op {
    let key = doc.schema::<PushPublicKey>();
    op(
        "The key browsers subscribe to notifications with",
        Who::Anyone,
    )
    .ok(key)
}

/// `POST /api/push/subscriptions`.
pub fn push_subscription_create(doc: &mut Doc) -> Op {
    let (subscribe, saved) = (
        doc.schema::<SubscribeBody>(),
        doc.schema::<PushSubscriptionSaved>(),
    );
    op(
        "Keeps this device's push subscription and the time zone its reminders ring in",
        Who::Device,
    )
    .body(subscribe)
    .answers(201, Some(saved), "Kept")
}

/// `DELETE /api/push/subscriptions`.
pub fn push_subscription_delete(doc: &mut Doc) -> Op {
    let unsubscribe = doc.schema::<UnsubscribeBody>();
    op("This device no longer rings", Who::Device)
        .body(unsubscribe)
        .answers(204, None, "Forgotten")
}

/// `POST /api/push/test`.
pub fn push_test(doc: &mut Doc) -> Op {
    let tested = doc.schema::<PushTested>();
    op("A test notification to this device now", Who::Device).ok(tested)
}

/// `GET /api/health`.
pub fn health(doc: &mut Doc) -> Op {
    let health = doc.schema::<Health>();
    op("Whether the server and its database answer", Who::Anyone).ok(health)
}

/// `GET /api/about`.
pub fn about(doc: &mut Doc) -> Op {
    let about = doc.schema::<About>();
    op("The privacy contact", Who::Anyone).ok(about)
}

/// `GET /api/openapi.json`.
pub fn openapi(_doc: &mut Doc) -> Op {
    op("This document", Who::Anyone).ok(json!({"type": "object"}))
}
