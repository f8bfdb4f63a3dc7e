//! Subscriptions end to end against the Stripe emulator: checkout, the webhook,
//! entitlements, restoring by email with a code, and premium checks.

mod common;

use common::{Device, TestServer, WEBHOOK_SECRET};
use reqwest::Method;
use serde_json::{Value, json};

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// Fills the emulator's hosted checkout as a person would; answers the status
/// and where the browser is sent.
async fn pay_checkout(url: &str, email: &str, card: &str) -> (u16, String, String) {
    let res = no_redirects()
        .post(url)
        .form(&[
            ("email", email),
            ("card", card),
            ("exp", "12 / 34"),
            ("cvc", "123"),
            ("name", "Ruth"),
        ])
        .send()
        .await
        .expect("pay");
    let status = res.status().as_u16();
    let location = res
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, location, res.text().await.unwrap_or_default())
}

async fn subscribe(s: &TestServer, d: &Device, plan: &str, email: &str) -> String {
    let (status, body) = s
        .call_as(
            d,
            Method::POST,
            "/api/create-checkout-session",
            Some(json!({ "plan": plan })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (paid, _location, page) = pay_checkout(
        body["url"].as_str().expect("url"),
        email,
        "4242 4242 4242 4242",
    )
    .await;
    assert_eq!(paid, 303, "{page}");
    body["sessionId"].as_str().expect("session id").to_string()
}

async fn entitlement(s: &TestServer, d: &Device) -> Value {
    let (status, body) = s.call_as(d, Method::GET, "/api/entitlement", None).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn verify_token(
    token: &str,
    keys: &Value,
    user: &str,
) -> Result<manna_core::premium::Claims, manna_core::premium::Refusal> {
    let keys: Vec<manna_core::premium::PublicKey> =
        serde_json::from_value(keys["keys"].clone()).expect("key set");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    manna_core::premium::verify(token, &keys, user, now)
}

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
    // The trial notice knows the days left.
    let (_, trial) = s.call_as(&d, Method::GET, "/api/trial-status", None).await;
    assert_eq!(
        (
            trial["showUpgradePrompt"].clone(),
            trial["daysRemaining"].clone(),
            trial["urgencyLevel"].clone()
        ),
        (json!(true), json!(7), json!("normal"))
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

async fn events(emu: &str) -> Vec<Value> {
    let body: Value = reqwest::get(format!("{emu}/emulator/events"))
        .await
        .expect("events")
        .json()
        .await
        .expect("json");
    body["data"].as_array().cloned().unwrap_or_default()
}

async fn post_webhook(s: &TestServer, payload: &str, signature: &str) -> (u16, Value) {
    let res = s
        .client
        .post(format!("{}/api/stripe/webhook", s.base))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(payload.to_string())
        .send()
        .await
        .expect("webhook");
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

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
    let (status, body) = post_webhook(
        &s,
        &payload,
        &manna_stripe_emulator::signature_header(&payload, WEBHOOK_SECRET, now_secs()),
    )
    .await;
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
        let (status, body) = post_webhook(
            &s,
            &p,
            &manna_stripe_emulator::signature_header(&p, WEBHOOK_SECRET, now_secs()),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(entitlement(&s, &d).await["isPremium"], false);
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
}

#[tokio::test]
async fn premium_moves_to_another_device_only_with_the_emailed_code() {
    let (s, _) = TestServer::with_emulator().await;
    let payer = s.register("user-1700000000000-paya").await;
    subscribe(&s, &payer, "monthly", "hannah@example.org").await;
    let other = s.register("user-1700000000000-othr").await;
    let ask = |email: &str, code: Option<&str>| json!({ "email": email, "code": code });

    // Typing the email alone grants nothing: a code goes to that address.
    let (status, body) = s
        .call_as(
            &other,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask(" Hannah@Example.org ", None)),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["codeSent"].clone(), body["isPremium"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(entitlement(&s, &other).await["isPremium"], false);
    let email = s.last_email_to("hannah@example.org").await;
    let text = email["text"].as_str().expect("an email with the code");
    let code: String = text.chars().filter(char::is_ascii_digit).take(6).collect();
    assert_eq!(code.len(), 6, "{text}");

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (status, body) = s
        .call_as(
            &other,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask("hannah@example.org", Some(wrong))),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("not right"),
        "{body}"
    );
    let (status, body) = s
        .call_as(
            &other,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask("hannah@example.org", Some(&code))),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["isPremium"].clone(),
            body["plan"].clone(),
            body["isOwner"].clone()
        ),
        (json!(true), json!("monthly"), json!(false))
    );
    assert!(
        body["stripeCustomerId"].is_string()
            && body["subscriptionId"].is_string()
            && body["entitlement"]["token"].is_string()
    );
    assert_eq!(entitlement(&s, &other).await["isPremium"], true);
    // The code works once.
    let (status, _) = s
        .call_as(
            &other,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask("hannah@example.org", Some(&code))),
        )
        .await;
    assert_eq!(status, 400);

    // An address with no subscription answers the spec's error after its code.
    let third = s.register("user-1700000000000-thrd").await;
    s.call_as(
        &third,
        Method::POST,
        "/api/check-subscription-by-email",
        Some(ask("nobody@example.org", None)),
    )
    .await;
    let text = s.last_email_to("nobody@example.org").await["text"]
        .as_str()
        .expect("email")
        .to_string();
    let code: String = text.chars().filter(char::is_ascii_digit).take(6).collect();
    let (_, body) = s
        .call_as(
            &third,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask("nobody@example.org", Some(&code))),
        )
        .await;
    assert_eq!(
        (body["isPremium"].clone(), body["error"].clone()),
        (
            json!(false),
            json!("No premium subscription found for this email")
        )
    );
    let (status, body) = s
        .call_as(
            &third,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask("   ", None)),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Please enter your email address");
}

#[tokio::test]
async fn owners_come_from_the_server_configuration_and_a_proven_email() {
    let (s, _) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-ownr").await;
    s.call_as(
        &d,
        Method::POST,
        "/api/check-subscription-by-email",
        Some(json!({ "email": "owner@manna.test" })),
    )
    .await;
    let text = s.last_email_to("owner@manna.test").await["text"]
        .as_str()
        .expect("email")
        .to_string();
    let code: String = text.chars().filter(char::is_ascii_digit).take(6).collect();
    let (_, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({ "email": "owner@manna.test", "code": code })),
        )
        .await;
    assert_eq!(
        (body["isPremium"].clone(), body["isOwner"].clone()),
        (json!(true), json!(true)),
        "{body}"
    );
    // A query parameter grants nothing.
    let other = s.register("user-1700000000000-qery").await;
    let (status, _) = s
        .call_as(
            &other,
            Method::GET,
            "/api/premium-biohacks/today?admin=true&adminMode=true",
            None,
        )
        .await;
    assert_eq!(status, 403);
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
