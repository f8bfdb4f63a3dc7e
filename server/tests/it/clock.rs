//! Time-bound things expire when the server's clock says so: one-time codes
//! after 15 minutes, sessions after 30 days, entitlements 7 days after they
//! were issued. The clock is pinned and moved; nothing waits.

use crate::common::TestServer;
use crate::common::pay::emailed_code;
use reqwest::Method;
use serde_json::json;

/// 2026-11-22T12:00:00Z.
const NOON: i64 = 1_795_348_800_000;
const MINUTE: i64 = 60_000;
const DAY: i64 = 86_400_000;

#[tokio::test]
async fn a_one_time_code_works_for_fifteen_minutes_only() {
    let s = TestServer::start_pinned(NOON, |_| {}).await;
    let d = s.register("user-1795348800000-codes").await;
    let ask = json!({ "email": "ruth@example.com" });
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(ask.clone()),
        )
        .await;
    assert_eq!(status, 200);
    let code = emailed_code(&s, "ruth@example.com").await;
    s.clock.advance(15 * MINUTE + 1);
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({ "email": "ruth@example.com", "code": code })),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("expired")),
        "{body}"
    );

    // A new code, used within its 15 minutes, is accepted.
    s.call_as(
        &d,
        Method::POST,
        "/api/check-subscription-by-email",
        Some(ask),
    )
    .await;
    let code = emailed_code(&s, "ruth@example.com").await;
    s.clock.advance(15 * MINUTE - 1);
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({ "email": "ruth@example.com", "code": code })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["verifiedEmail"], "ruth@example.com");
}

#[tokio::test]
async fn a_session_ends_after_thirty_days() {
    let s = TestServer::start_pinned(NOON, |_| {}).await;
    let d = s.register("user-1795348800000-session").await;
    let form = json!({ "email": "naomi@example.com", "password": "long enough",
                       "confirmPassword": "long enough", "firstName": "Naomi" });
    let (status, body, cookie) = s.register_account(&d, form).await;
    assert_eq!(status, 201, "{body}");
    let cookie = cookie.expect("a session cookie");
    let cookie = cookie.split(';').next().expect("name=value");

    s.clock.advance(30 * DAY - 1);
    let (status, body, _) = s
        .call_with_cookie(&d, Method::GET, "/api/auth/me", None, Some(cookie))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["email"], "naomi@example.com");

    s.clock.advance(1);
    let (status, _, _) = s
        .call_with_cookie(&d, Method::GET, "/api/auth/me", None, Some(cookie))
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn an_entitlement_lasts_seven_days_from_when_it_was_issued() {
    let s =
        TestServer::start_pinned(NOON, |c| c.owner_emails = vec!["owner@manna.test".into()]).await;
    let d = s.register("user-1795348800000-owner").await;
    let path = "/api/check-subscription-by-email";
    let ask = json!({ "email": "owner@manna.test" });
    s.call_as(&d, Method::POST, path, Some(ask)).await;
    let code = emailed_code(&s, "owner@manna.test").await;
    let prove = json!({ "email": "owner@manna.test", "code": code });
    let (status, answer) = s.call_as(&d, Method::POST, path, Some(prove)).await;
    assert_eq!(
        (status, &answer["isOwner"]),
        (200, &json!(true)),
        "{answer}"
    );
    let (_, ent) = s.call_as(&d, Method::GET, "/api/entitlement", None).await;
    assert_eq!(ent["isPremium"], true, "{ent}");
    assert_eq!(ent["entitlement"]["expiresAt"], NOON + 7 * DAY);
    let token = ent["entitlement"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    let (_, keys) = s.get("/api/entitlement/keys").await;
    let keys: Vec<manna_core::premium::PublicKey> =
        serde_json::from_value(keys["keys"].clone()).expect("key set");

    let check = |at: i64| manna_core::premium::verify(&token, &keys, &d.user, at);
    assert!(check(NOON + 7 * DAY - 1).is_ok());
    assert_eq!(
        check(NOON + 7 * DAY).map(drop),
        Err(manna_core::premium::Refusal::Expired)
    );

    // Eight days later the server issues a fresh one, valid from then.
    s.clock.advance(8 * DAY);
    let (_, fresh) = s.call_as(&d, Method::GET, "/api/entitlement", None).await;
    assert_eq!(fresh["entitlement"]["expiresAt"], NOON + 15 * DAY);
}
