//! The Stripe webhook: signatures, duplicates and events out of order.

use crate::common;

use common::pay::{
    emulator_events as events, entitlement, no_redirects, now_secs, post_webhook, signed_now,
    subscribe,
};
use common::{TestServer, WEBHOOK_SECRET};
use serde_json::json;

#[tokio::test]
async fn webhooks_are_authenticated_applied_once_and_order_safe() {
    let (s, emu) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-hook").await;
    subscribe(&s, &d, "monthly", "eli@example.org").await;
    let all = events(&emu).await;
    let created = all
        .iter()
        .find(|e| e["type"] == "customer.subscription.created")
        .expect("created event")
        .clone();
    let payload = created.to_string();

    // A bad signature is refused and changes nothing.
    let (status, body) = post_webhook(
        &s,
        &payload,
        &manna_stripe_emulator::signature_header(&payload, "whsec_wrong", now_secs()),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Stripe-Signature")
    );
    let (status, _) = post_webhook(&s, &payload, "t=1,v1=00").await;
    assert_eq!(status, 400);
    // A signature older than 5 minutes is refused too.
    let (status, _) = post_webhook(
        &s,
        &payload,
        &manna_stripe_emulator::signature_header(&payload, WEBHOOK_SECRET, now_secs() - 301),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(entitlement(&s, &d).await["isPremium"], true);

    // The same event again is recognised and applied once.
    let (status, body) = post_webhook(&s, &payload, &signed_now(&payload)).await;
    assert_eq!(status, 200);
    assert_eq!(body["outcome"], "duplicate");

    // The subscription is cancelled, but Manna first hears of the deletion and
    // only then of an older update saying it was active: it stays cancelled.
    let sub = entitlement(&s, &d).await["subscriptionId"]
        .as_str()
        .expect("sub")
        .to_string();
    let mut deleted = created.clone();
    deleted["id"] = json!("evt_test_deleted_first");
    deleted["type"] = json!("customer.subscription.deleted");
    deleted["created"] = json!(now_secs());
    deleted["data"]["object"]["status"] = json!("canceled");
    let mut updated = created.clone();
    updated["id"] = json!("evt_test_updated_late");
    updated["type"] = json!("customer.subscription.updated");
    updated["created"] = json!(now_secs() - 60);
    updated["data"]["object"]["status"] = json!("active");
    // Stripe cancels it (the emulator also delivers its own deletion event).
    let res = no_redirects()
        .delete(format!("{emu}/v1/subscriptions/{sub}"))
        .bearer_auth("sk_test_x")
        .send()
        .await
        .expect("cancel");
    assert!(res.status().is_success());
    for event in [deleted, updated] {
        let p = event.to_string();
        let (status, body) = post_webhook(&s, &p, &signed_now(&p)).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);
}
