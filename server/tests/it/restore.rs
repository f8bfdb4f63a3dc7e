//! Restoring premium on another device with an emailed one-time code, and
//! owners from the server configuration.

use crate::common;

use common::TestServer;
use common::pay::{emailed_code, entitlement, subscribe};
use reqwest::Method;
use serde_json::json;

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
    let code = emailed_code(&s, "hannah@example.org").await;

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
    let code = emailed_code(&s, "nobody@example.org").await;
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
    let code = emailed_code(&s, "owner@manna.test").await;
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
