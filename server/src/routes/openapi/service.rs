//! The calls of devices and sync, accounts, billing and premium, the
//! calendar feed, push notifications and the service itself.

use super::super::CalendarFeed;
use super::super::auth::{DeleteAccountForm, LoginForm, RegisterForm};
use super::super::billing::{IdsForm, PlanForm, SessionForm};
use super::super::entitlement::EmailForm;
use super::super::push::{
    PushPublicKey, PushSubscriptionSaved, PushTested, SubscribeBody, UnsubscribeBody,
};
use super::doc::{Doc, Who, op};
use crate::api::{
    About, BillingConfig, CheckoutStarted, CheckoutVerified, CodeSent, Done, EmailCheck, Health,
    KeySet, Me, PaymentStatus, PortalLink, PremiumStatus, SignedIn, SubscriptionCheck,
    SubscriptionStarted, TrialStatus, WebhookReceived,
};
use crate::identity::Registration;
use manna_sync_protocol::{PullRequest, PullResponse, PushRequest, PushResponse};
use serde_json::json;

/// Adds these calls.
pub fn add(doc: &mut Doc) {
    sync(doc);
    accounts(doc);
    billing(doc);
    calendar(doc);
    push(doc);
    service(doc);
}

fn sync(doc: &mut Doc) {
    let registration = doc.schema::<Registration>();
    doc.add(
        "post",
        "/api/devices",
        op(
            "Registers an anonymous user's device: its token",
            Who::Anyone,
        )
        .header(
            "X-User-ID",
            "The anonymous user id the browser made (user-<time>-<random>)",
        )
        .answers(201, Some(registration), "The device and its token"),
    );
    let (push, pushed) = (doc.schema::<PushRequest>(), doc.schema::<PushResponse>());
    doc.add(
        "post",
        "/api/sync/push",
        op("A device's changes, applied in order", Who::Device)
            .body(push)
            .ok(pushed),
    );
    let (pull, pulled) = (doc.schema::<PullRequest>(), doc.schema::<PullResponse>());
    doc.add(
        "post",
        "/api/sync/pull",
        op("The user's changes after a cursor", Who::Device)
            .body(pull)
            .ok(pulled),
    );
}

fn accounts(doc: &mut Doc) {
    let (form, sent, signed_in) = (
        doc.schema::<RegisterForm>(),
        doc.schema::<CodeSent>(),
        doc.schema::<SignedIn>(),
    );
    doc.add(
        "post",
        "/api/auth/register",
        op(
            "Creates an account: the form sends a code, the form with the code creates it",
            Who::Device,
        )
        .body(form.clone())
        .answers(202, Some(sent), "A code was sent to the address")
        .answers(201, Some(signed_in.clone()), "The account, signed in"),
    );
    let login = doc.schema::<LoginForm>();
    doc.add(
        "post",
        "/api/auth/login",
        op("Signs in", Who::Device).body(login).ok(signed_in),
    );
    let done = doc.schema::<Done>();
    doc.add(
        "post",
        "/api/auth/logout",
        op(
            "Signs out (this device starts again as a new user)",
            Who::Anyone,
        )
        .ok(done.clone()),
    );
    doc.add(
        "post",
        "/api/auth/logout-everywhere",
        op(
            "Ends every other session and device of the account",
            Who::Account,
        )
        .ok(done.clone()),
    );
    let deletion = doc.schema::<DeleteAccountForm>();
    doc.add(
        "delete",
        "/api/account",
        op(
            "Deletes the account and everything kept of it (its Stripe subscription cancelled first), proven by its password or an emailed code",
            Who::Account,
        )
        .body(deletion)
        .ok(done.clone()),
    );
    let sent = doc.schema::<CodeSent>();
    doc.add(
        "post",
        "/api/account/deletion-code",
        op(
            "Emails a code to delete an account that has no password",
            Who::Account,
        )
        .ok(sent),
    );
    let me = doc.schema::<Me>();
    doc.add(
        "get",
        "/api/auth/me",
        op("The signed-in account", Who::Account).ok(me),
    );
    doc.add(
        "post",
        "/api/auth/set-password",
        op("Gives the device's proven email a password", Who::Device)
            .body(form)
            .ok(done),
    );
}

fn billing(doc: &mut Doc) {
    let (plan, started) = (doc.schema::<PlanForm>(), doc.schema::<CheckoutStarted>());
    doc.add(
        "post",
        "/api/create-checkout-session",
        op("Starts a Stripe Checkout", Who::Device)
            .body(plan.clone())
            .ok(started),
    );
    let subscription = doc.schema::<SubscriptionStarted>();
    doc.add(
        "post",
        "/api/create-subscription",
        op(
            "Starts a subscription for the embedded payment form",
            Who::Device,
        )
        .body(plan)
        .ok(subscription),
    );
    let (session, verified) = (
        doc.schema::<SessionForm>(),
        doc.schema::<CheckoutVerified>(),
    );
    doc.add(
        "post",
        "/api/verify-checkout-session",
        op("Whether a checkout was paid", Who::Device)
            .body(session)
            .ok(verified),
    );
    let payment = doc.schema::<PaymentStatus>();
    doc.add(
        "get",
        "/api/verify-payment/{id}",
        op("A payment's status", Who::Device)
            .path("id", "The payment intent's id")
            .ok(payment),
    );
    let (ids, check) = (doc.schema::<IdsForm>(), doc.schema::<SubscriptionCheck>());
    doc.add(
        "post",
        "/api/verify-subscription-status",
        op("Whether stored Stripe ids give premium", Who::Device)
            .body(ids.clone())
            .ok(check.clone()),
    );
    doc.add(
        "post",
        "/api/verify-subscription",
        op("Whether stored Stripe ids give premium", Who::Device)
            .body(ids)
            .ok(check),
    );
    let (email, checked) = (doc.schema::<EmailForm>(), doc.schema::<EmailCheck>());
    doc.add(
        "post",
        "/api/check-subscription-by-email",
        op(
            "Restores premium by proving the payment email with a code",
            Who::Device,
        )
        .body(email)
        .ok(checked),
    );
    let trial = doc.schema::<TrialStatus>();
    doc.add(
        "get",
        "/api/trial-status",
        op("The trial notice's status", Who::Device)
            .query(
                "email",
                json!({"type": "string"}),
                "The email the device knows",
            )
            .ok(trial),
    );
    let portal = doc.schema::<PortalLink>();
    doc.add(
        "post",
        "/api/billing-portal",
        op("A link to Stripe's billing portal", Who::Member).ok(portal),
    );
    let config = doc.schema::<BillingConfig>();
    doc.add(
        "get",
        "/api/billing/config",
        op("Test mode and the publishable key", Who::Anyone).ok(config),
    );
    let status = doc.schema::<PremiumStatus>();
    doc.add(
        "get",
        "/api/entitlement",
        op(
            "Whether the device's user is premium now, with a signed entitlement",
            Who::Device,
        )
        .ok(status),
    );
    let keys = doc.schema::<KeySet>();
    doc.add(
        "get",
        "/api/entitlement/keys",
        op("The keys entitlements are signed with", Who::Anyone).ok(keys),
    );
    let received = doc.schema::<WebhookReceived>();
    doc.add(
        "post",
        "/api/stripe/webhook",
        op(
            "Stripe's events (signed with Stripe-Signature)",
            Who::Anyone,
        )
        .body(json!({"type": "object"}))
        .ok(received),
    );
}

fn calendar(doc: &mut Doc) {
    let feed = doc.schema::<CalendarFeed>();
    doc.add(
        "get",
        "/api/calendar-feed",
        op("The user's calendar address", Who::Device).ok(feed.clone()),
    );
    doc.add(
        "post",
        "/api/calendar-feed",
        op(
            "A new calendar address (the old one stops working)",
            Who::Device,
        )
        .answers(201, Some(feed), "The address"),
    );
    doc.add(
        "delete",
        "/api/calendar-feed",
        op("Turns the calendar address off", Who::Device).answers(204, None, "Turned off"),
    );
    doc.add(
        "get",
        "/api/calendar/{file}",
        op(
            "The calendar feed (iCalendar) of an address's secret",
            Who::Anyone,
        )
        .path("file", "The secret, then .ics")
        .answers_text(200, "text/calendar", "The feed"),
    );
}

fn push(doc: &mut Doc) {
    let key = doc.schema::<PushPublicKey>();
    doc.add(
        "get",
        "/api/push/public-key",
        op(
            "The key browsers subscribe to notifications with",
            Who::Anyone,
        )
        .ok(key),
    );
    let saved = doc.schema::<PushSubscriptionSaved>();
    let subscribe = doc.schema::<SubscribeBody>();
    let unsubscribe = doc.schema::<UnsubscribeBody>();
    doc.add(
        "post",
        "/api/push/subscriptions",
        op(
            "Keeps this device's push subscription and the time zone its reminders ring in",
            Who::Device,
        )
        .body(subscribe)
        .answers(201, Some(saved), "Kept"),
    );
    doc.add(
        "delete",
        "/api/push/subscriptions",
        op("This device no longer rings", Who::Device)
            .body(unsubscribe)
            .answers(204, None, "Forgotten"),
    );
    let tested = doc.schema::<PushTested>();
    doc.add(
        "post",
        "/api/push/test",
        op("A test notification to this device now", Who::Device).ok(tested),
    );
}

fn service(doc: &mut Doc) {
    let health = doc.schema::<Health>();
    doc.add(
        "get",
        "/api/health",
        op("Whether the server and its database answer", Who::Anyone).ok(health),
    );
    let about = doc.schema::<About>();
    doc.add(
        "get",
        "/api/about",
        op("The privacy contact", Who::Anyone).ok(about),
    );
    doc.add(
        "get",
        "/api/openapi.json",
        op("This document", Who::Anyone).ok(json!({"type": "object"})),
    );
}
