//! Premium ends when Stripe's period does: a webhook dated in the future cannot
//! freeze a subscription, a lost cancellation does not leave premium on for
//! ever, and reconciliation reads back what the webhooks missed.

use crate::common;

use common::pay::{emulator_events, entitlement, post_webhook, signed_now, subscribe};
use common::{Device, TestServer};
use manna_server::Clock;
use manna_server::billing::PREMIUM_GRACE_SECS;
use reqwest::Method;
use serde_json::{Value, json};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

async fn emulator_post(url: String) -> Value {
    reqwest::Client::new()
        .post(url)
        .send()
        .await
        .expect("emulator")
        .json()
        .await
        .expect("json")
}

/// Subscribes at the hosted checkout and has the server read the checkout back
/// (as the success page does), so premium does not wait for a webhook.
async fn subscribe_and_verify(s: &TestServer, d: &Device, email: &str) -> String {
    let session = subscribe(s, d, "monthly", email).await;
    let (status, body) = s
        .call_as(
            d,
            Method::POST,
            "/api/verify-checkout-session",
            Some(json!({ "sessionId": session })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["verified"], true, "{body}");
    body["subscriptionId"]
        .as_str()
        .expect("subscription id")
        .to_string()
}

async fn premium_biohack_status(s: &TestServer, d: &Device) -> u16 {
    s.call_as(d, Method::GET, "/api/premium-biohacks/today", None)
        .await
        .0
}

#[tokio::test]
async fn a_webhook_dated_in_the_future_does_not_freeze_a_subscription() {
    let (s, emu) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-future").await;
    subscribe(&s, &d, "monthly", "future@example.org").await;
    assert_eq!(entitlement(&s, &d).await["isPremium"], true);

    // A correctly signed event that claims to come from the year 3000.
    let all = emulator_events(&emu).await;
    let mut event = all
        .iter()
        .find(|e| e["type"] == "customer.subscription.updated")
        .or_else(|| {
            all.iter()
                .find(|e| e["type"] == "customer.subscription.created")
        })
        .cloned()
        .expect("a subscription event");
    let subscription = event["data"]["object"]["id"]
        .as_str()
        .expect("id")
        .to_string();
    event["id"] = json!("evt_from_the_year_3000");
    event["created"] = json!(32_503_680_000_i64);
    let payload = event.to_string();
    let (status, body) = post_webhook(&s, &payload, &signed_now(&payload)).await;
    assert_eq!(status, 200, "{body}");

    // The member cancels: the cancellation still ends premium.
    emulator_post(format!(
        "{emu}/emulator/subscriptions/{subscription}/cancel"
    ))
    .await;
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);
    assert_eq!(premium_biohack_status(&s, &d).await, 403);
}

#[tokio::test]
async fn premium_ends_with_the_paid_period_when_no_webhook_arrives() {
    let (s, emu) = TestServer::with_emulator_using(Clock::pinned(now_ms()), false).await;
    let d = s.register("user-1700000000000-lapsed").await;
    let subscription = subscribe_and_verify(&s, &d, "lapsed@example.org").await;
    assert_eq!(premium_biohack_status(&s, &d).await, 200);

    // Cancelled at Stripe, and the webhook is lost: the server cannot know yet.
    emulator_post(format!(
        "{emu}/emulator/subscriptions/{subscription}/cancel"
    ))
    .await;
    assert_eq!(premium_biohack_status(&s, &d).await, 200);

    // The trial (the paid period) ends; within the grace window premium holds.
    s.clock
        .advance(7 * DAY_MS + PREMIUM_GRACE_SECS * 1000 - 60_000);
    assert_eq!(premium_biohack_status(&s, &d).await, 200);
    // Past it, premium is gone, with no webhook ever saying so.
    s.clock.advance(2 * 60_000);
    assert_eq!(premium_biohack_status(&s, &d).await, 403);
    let status = entitlement(&s, &d).await;
    assert_eq!(status["isPremium"], false, "{status}");
}

#[tokio::test]
async fn reconciliation_reads_back_what_the_webhooks_missed() {
    let (s, emu) = TestServer::with_emulator_using(Clock::pinned(now_ms()), false).await;
    let kept = s.register("user-1700000000000-kept").await;
    let gone = s.register("user-1700000000000-gone").await;
    subscribe_and_verify(&s, &kept, "kept@example.org").await;
    let cancelled = subscribe_and_verify(&s, &gone, "gone@example.org").await;
    emulator_post(format!("{emu}/emulator/subscriptions/{cancelled}/cancel")).await;

    // Before the period ends nothing is due for a read-back.
    let st = &s.state;
    let read = manna_server::billing::reconcile::reconcile(&st.store, &st.clock, &st.stripe)
        .await
        .expect("reconcile");
    assert_eq!(read, 0);

    // Just past the period end (inside the grace window) both are read back:
    // the cancelled one loses premium at once, the other keeps what Stripe says.
    s.clock.advance(7 * DAY_MS + 60_000);
    let read = manna_server::billing::reconcile::reconcile(&st.store, &st.clock, &st.stripe)
        .await
        .expect("reconcile");
    assert_eq!(read, 2);
    assert_eq!(premium_biohack_status(&s, &gone).await, 403);
    assert_eq!(premium_biohack_status(&s, &kept).await, 200);
}
