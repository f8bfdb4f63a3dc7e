//! Subscriptions end to end against the Stripe emulator: hosted checkout, the
//! embedded flow, cancellation, and bad input.

use crate::common;

use common::TestServer;
use common::pay::{entitlement, pay_checkout, subscribe, verify_token};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn checkout_with_the_test_card_makes_the_user_premium_on_the_server() {
    let (s, _) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-pay1").await;
    // Not premium yet: the premium endpoint refuses with a reason.
    let (status, body) = s
        .call_as(&d, Method::GET, "/api/premium-biohacks/today", None)
        .await;
    assert_eq!(status, 403);
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Premium membership required"),
        "{body}"
    );
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);

    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/create-checkout-session",
            Some(json!({ "plan": "monthly" })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let url = body["url"].as_str().expect("url");
    let (paid, location, _) = pay_checkout(url, "ruth@example.org", "4242 4242 4242 4242").await;
    assert_eq!(paid, 303);
    let session = body["sessionId"].as_str().expect("id");
    assert!(
        location.ends_with(&format!(
            "/subscription-success?session_id={session}&plan=monthly"
        )),
        "{location}"
    );

    // The webhook already told the server.
    let ent = entitlement(&s, &d).await;
    assert_eq!(
        (
            ent["isPremium"].clone(),
            ent["plan"].clone(),
            ent["status"].clone()
        ),
        (json!(true), json!("monthly"), json!("trialing"))
    );
    let (_, keys) = s.get("/api/entitlement/keys").await;
    let token = ent["entitlement"]["token"].as_str().expect("token");
    let claims = verify_token(token, &keys, &d.user).expect("a valid token");
    assert_eq!(claims.plan, "monthly");
    assert!(claims.exp - claims.iat <= 7 * 86_400_000);
    // Someone else cannot use it.
    assert_eq!(
        verify_token(token, &keys, "user-1-other").err(),
        Some(manna_core::premium::Refusal::OtherUser)
    );

    // The success page's check confirms it for the same user only.
    let (status, v) = s
        .call_as(
            &d,
            Method::POST,
            "/api/verify-checkout-session",
            Some(json!({ "sessionId": session })),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(v["verified"], true, "{v}");
    assert!(
        v["subscriptionId"]
            .as_str()
            .is_some_and(|id| id.starts_with("sub_"))
    );
    assert!(
        v["customerId"]
            .as_str()
            .is_some_and(|id| id.starts_with("cus_"))
    );
    let other = s.register("user-1700000000000-pay2").await;
    let (_, v2) = s
        .call_as(
            &other,
            Method::POST,
            "/api/verify-checkout-session",
            Some(json!({ "sessionId": session })),
        )
        .await;
    assert_eq!(v2["verified"], false);
    assert_eq!(entitlement(&s, &other).await["isPremium"], false);
    // Knowing the ids is not enough either.
    let ids = json!({ "stripeCustomerId": v["customerId"], "subscriptionId": v["subscriptionId"] });
    let (_, v3) = s
        .call_as(
            &other,
            Method::POST,
            "/api/verify-subscription",
            Some(ids.clone()),
        )
        .await;
    assert_eq!(
        (v3["verified"].clone(), v3["active"].clone()),
        (json!(false), json!(false))
    );
    let (_, v4) = s
        .call_as(
            &d,
            Method::POST,
            "/api/verify-subscription-status",
            Some(ids),
        )
        .await;
    assert_eq!(
        (v4["active"].clone(), v4["plan"].clone()),
        (json!(true), json!("monthly"))
    );

    // The premium biohack now comes in full.
    let (status, hack) = s
        .call_as(&d, Method::GET, "/api/premium-biohacks/today", None)
        .await;
    assert_eq!(status, 200);
    assert!(hack["howTo"].is_string(), "{hack}");
    // So do the daily cards and the offline prefetch, on premium-only days.
    let (_, range) = s
        .call_as(
            &d,
            Method::GET,
            "/api/daily-content?from=2026-01-01&days=31",
            None,
        )
        .await;
    let days = range["days"].as_array().expect("days");
    let premium_days: Vec<&serde_json::Value> = days
        .iter()
        .filter(|day| day["dailyBiohack"]["isPremium"] == 1)
        .collect();
    assert!(!premium_days.is_empty());
    assert!(
        premium_days
            .iter()
            .all(|day| day["dailyBiohack"]["howTo"].is_string()),
        "{range}"
    );
    let date = premium_days[0]["date"].as_str().expect("date");
    let (_, card) = s
        .call_as(
            &d,
            Method::GET,
            &format!("/api/biohacks/today?date={date}"),
            None,
        )
        .await;
    assert!(card["howTo"].is_string(), "{card}");
    // A member is never prompted to upgrade; the trial's days are still known.
    let (_, trial) = s.call_as(&d, Method::GET, "/api/trial-status", None).await;
    assert_eq!(
        (
            trial["showUpgradePrompt"].clone(),
            trial["isTrialing"].clone(),
            trial["daysRemaining"].clone(),
            trial["urgencyLevel"].clone()
        ),
        (json!(false), json!(true), json!(7), json!("normal"))
    );
    // And the member can manage the subscription.
    let (status, portal) = s
        .call_as(&d, Method::POST, "/api/billing-portal", Some(json!({})))
        .await;
    assert_eq!(status, 200);
    assert!(
        portal["url"]
            .as_str()
            .is_some_and(|u| u.contains("/p/session/")),
        "{portal}"
    );
}

#[tokio::test]
async fn a_declined_card_shows_the_error_and_grants_nothing() {
    let (s, _) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-decl").await;
    let (_, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/create-checkout-session",
            Some(json!({ "plan": "annual" })),
        )
        .await;
    let (status, _, page) = pay_checkout(
        body["url"].as_str().expect("url"),
        "ruth@example.org",
        "4000 0000 0000 0002",
    )
    .await;
    assert_eq!(status, 402);
    assert!(page.contains("Your card was declined."));
    // The page keeps what was typed except the card number and CVC.
    assert!(page.contains("value=\"ruth@example.org\""));
    assert!(page.contains("value=\"12 / 34\""));
    assert!(page.contains("value=\"Ruth\""));
    assert!(!page.contains("4000 0000 0000 0002\""));
    assert!(!page.contains("value=\"123\""));
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);
    let (_, v) = s
        .call_as(
            &d,
            Method::POST,
            "/api/verify-checkout-session",
            Some(json!({ "sessionId": body["sessionId"] })),
        )
        .await;
    assert_eq!(v["verified"], false);
}

#[tokio::test]
async fn cancelling_in_stripe_ends_premium() {
    let (s, emu) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-canc").await;
    subscribe(&s, &d, "annual", "naomi@example.org").await;
    let ent = entitlement(&s, &d).await;
    assert_eq!(ent["plan"], "annual");
    let sub = ent["subscriptionId"].as_str().expect("sub");
    let res = reqwest::Client::new()
        .post(format!("{emu}/emulator/subscriptions/{sub}/cancel"))
        .send()
        .await
        .expect("cancel");
    assert!(res.status().is_success());
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);
    let (status, _) = s
        .call_as(&d, Method::GET, "/api/premium-biohacks/today", None)
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn the_embedded_payment_flow_pays_the_first_invoice() {
    let (s, emu) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-embd").await;
    let (status, body) = s
        .call_as(&d, Method::POST, "/api/create-subscription", Some(json!({ "plan": "annual", "email": "placeholder@example.com", "userId": "ignored" })))
        .await;
    assert_eq!(status, 200, "{body}");
    let secret = body["clientSecret"].as_str().expect("client secret");
    let pi = secret.split("_secret_").next().expect("pi id");
    let (status, v) = s
        .call_as(&d, Method::GET, &format!("/api/verify-payment/{pi}"), None)
        .await;
    assert_eq!(
        (status, v["status"].clone()),
        (200, json!("requires_payment_method"))
    );
    let pay = |card: &'static str| {
        let secret = secret.to_string();
        let emu = emu.clone();
        async move {
            reqwest::Client::new()
                .post(format!("{emu}/elements/confirm"))
                .json(
                    &json!({ "client_secret": secret, "card": card, "exp": "12/34", "cvc": "123" }),
                )
                .send()
                .await
                .expect("confirm")
        }
    };
    let declined = pay("4000000000000002").await;
    assert_eq!(declined.status().as_u16(), 402);
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);
    assert!(pay("4242424242424242").await.status().is_success());
    let (_, v) = s
        .call_as(&d, Method::GET, &format!("/api/verify-payment/{pi}"), None)
        .await;
    assert_eq!(v["status"], "succeeded");
    let ent = entitlement(&s, &d).await;
    assert_eq!(
        (
            ent["isPremium"].clone(),
            ent["plan"].clone(),
            ent["status"].clone()
        ),
        (json!(true), json!("annual"), json!("active"))
    );
    let (status, _) = s
        .call_as(&d, Method::GET, "/api/verify-payment/not-an-id", None)
        .await;
    assert_eq!(status, 400);

    // A member is not sold a second subscription, by either flow.
    for path in ["/api/create-subscription", "/api/create-checkout-session"] {
        let (status, body) = s
            .call_as(&d, Method::POST, path, Some(json!({ "plan": "monthly" })))
            .await;
        assert_eq!(status, 409, "{path}: {body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("You already have an active premium subscription (Annual plan)"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn bad_plans_and_missing_ids_are_refused_with_a_reason() {
    let (s, _) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-badp").await;
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/create-checkout-session",
            Some(json!({ "plan": "weekly" })),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("plan"),
        "{body}"
    );
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/verify-subscription",
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 400);
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/verify-checkout-session",
            Some(json!({ "sessionId": "" })),
        )
        .await;
    assert_eq!(status, 400);
    let (status, body) = s
        .call_as(&d, Method::POST, "/api/billing-portal", Some(json!({})))
        .await;
    assert_eq!(status, 404, "{body}");
    // Without a device token nothing is answered.
    let (status, _) = s.post("/api/create-checkout-session").await;
    assert_eq!(status, 401);
}
