//! Accounts: registration, login, sessions, logout, set-password, claiming an
//! anonymous user's records, and the request guards.

use crate::common;

use common::{Device, TestServer, cookie_pair, form};
use reqwest::Method;
use serde_json::json;

async fn log_weight(s: &TestServer, d: &Device, date: &str, weight: u32) {
    let (status, body) = s
        .call_as(
            d,
            Method::POST,
            "/api/weight-entries",
            Some(json!({ "date": date, "weight": weight })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

async fn weights(s: &TestServer, d: &Device) -> Vec<(String, u64)> {
    let (status, body) = s
        .call_as(
            d,
            Method::GET,
            &format!("/api/weight-entries/{}", d.user),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body.as_array()
        .map(|l| {
            l.iter()
                .map(|e| {
                    (
                        e["date"].as_str().unwrap_or_default().to_string(),
                        e["weight"].as_u64().unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn registration_checks_every_field_with_the_spec_messages() {
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-regv").await;
    for (body, message) in [
        (
            form("ruth", "longenough", "longenough", "Ruth"),
            "Invalid email address",
        ),
        (
            form("ruth@example.org", "short", "short", "Ruth"),
            "Password must be at least 8 characters",
        ),
        (
            form("ruth@example.org", "longenough", "different1", "Ruth"),
            "Passwords don't match",
        ),
        (
            form("ruth@example.org", "longenough", "longenough", " "),
            "First name is required",
        ),
    ] {
        let (status, answer) = s
            .call_as(&d, Method::POST, "/api/auth/register", Some(body))
            .await;
        assert_eq!((status, answer["message"].as_str()), (400, Some(message)));
    }
    let (status, _) = s.call_as(&d, Method::GET, "/api/auth/me", None).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn register_log_out_and_log_in_keep_the_records_and_merge_devices() {
    let s = TestServer::start().await;
    let a = s.register("user-1700000000000-acca").await;
    log_weight(&s, &a, "2026-11-20", 1800).await;
    // The form first: a code goes to the address.
    let ruth = form("Ruth@Example.org", "correct horse", "correct horse", "Ruth");
    let (status, sent) = s
        .call_as(&a, Method::POST, "/api/auth/register", Some(ruth.clone()))
        .await;
    assert_eq!(
        (status, sent["message"].as_str()),
        (
            202,
            Some(
                "We sent a 6-digit code to ruth@example.org. Enter it to finish creating your account."
            )
        )
    );
    // A wrong code creates nothing.
    let mut wrong = ruth.clone();
    wrong["code"] = json!("000000");
    let (status, _) = s
        .call_as(&a, Method::POST, "/api/auth/register", Some(wrong))
        .await;
    assert_eq!(status, 400);
    let (status, body, cookie) = s.register_account(&a, ruth).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["userId"], a.user.as_str());
    let cookie = cookie.expect("a session cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    let (status, me, _) = s
        .call_with_cookie(
            &a,
            Method::GET,
            "/api/auth/me",
            None,
            Some(&cookie_pair(&cookie)),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            me["user"]["email"].clone(),
            me["user"]["subscriptionStatus"].clone()
        ),
        (json!("ruth@example.org"), json!("free"))
    );
    // The weight recorded while anonymous is still there.
    assert_eq!(
        weights(&s, &a).await,
        vec![("2026-11-20".to_string(), 1800)]
    );
    // Registering a taken address answers exactly as for a new one (nobody
    // learns who has an account); its owner is told, and no code works.
    let c = s.register("user-1700000000000-accc").await;
    let again = form("ruth@example.org", "something8", "something8", "R");
    let (status, body) = s
        .call_as(&c, Method::POST, "/api/auth/register", Some(again.clone()))
        .await;
    assert_eq!((status, &body["message"]), (202, &sent["message"]));
    let told = s.last_email_to("ruth@example.org").await;
    assert!(
        told["subject"]
            .as_str()
            .unwrap_or_default()
            .contains("Someone tried"),
        "{told}"
    );
    let mut guess = again;
    guess["code"] = json!("123456");
    let (status, body) = s
        .call_as(&c, Method::POST, "/api/auth/register", Some(guess))
        .await;
    assert_eq!(status, 400, "{body}");

    // A second browser, anonymous with its own weight, logs in.
    let b = s.register("user-1700000000000-accb").await;
    log_weight(&s, &b, "2026-11-21", 1790).await;
    let (status, body) = s
        .call_as(
            &b,
            Method::POST,
            "/api/auth/login",
            Some(json!({ "email": "ruth@example.org", "password": "wrong password" })),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (401, Some("Invalid email or password"))
    );
    let (status, body, cookie_b) = s
        .call_with_cookie(
            &b,
            Method::POST,
            "/api/auth/login",
            Some(json!({ "email": "ruth@example.org", "password": "correct horse" })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["userId"].clone(), body["claimedRecords"].clone()),
        (json!(a.user), json!(1))
    );
    // From now on the browser speaks as the account, and both devices see both weights.
    let b_as_account = Device {
        user: a.user.clone(),
        ..b.clone()
    };
    let both = vec![
        ("2026-11-20".to_string(), 1800),
        ("2026-11-21".to_string(), 1790),
    ];
    let mut seen = weights(&s, &b_as_account).await;
    seen.sort_by(|x, y| x.0.cmp(&y.0));
    assert_eq!(seen, both);
    let mut seen = weights(&s, &a).await;
    seen.sort_by(|x, y| x.0.cmp(&y.0));
    assert_eq!(seen, both);
    // The old anonymous id no longer answers for this device.
    let (status, _) = s
        .call_as(
            &b,
            Method::GET,
            &format!("/api/weight-entries/{}", b.user),
            None,
        )
        .await;
    assert_eq!(status, 401);
    // Logging in again claims nothing more.
    let (_, again) = s
        .call_as(
            &b_as_account,
            Method::POST,
            "/api/auth/login",
            Some(json!({ "email": "ruth@example.org", "password": "correct horse" })),
        )
        .await;
    assert_eq!(again["claimedRecords"], 0);

    // Logging out ends the session and this device's token.
    let session = cookie_pair(&cookie_b.expect("cookie"));
    let (status, _, cleared) = s
        .call_with_cookie(
            &b_as_account,
            Method::POST,
            "/api/auth/logout",
            None,
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    assert!(cleared.is_some_and(|c| c.contains("Max-Age=0")));
    let (status, _, _) = s
        .call_with_cookie(
            &b_as_account,
            Method::GET,
            "/api/auth/me",
            None,
            Some(&session),
        )
        .await;
    assert_eq!(status, 401);
    let (status, _) = s
        .call_as(
            &b_as_account,
            Method::GET,
            &format!("/api/weight-entries/{}", a.user),
            None,
        )
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn set_password_secures_an_anonymous_user_and_refuses_someone_elses_email() {
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-setp").await;
    // An address not proven on this device is refused, whoever owns it.
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/auth/set-password",
            Some(form(
                "paid@example.org",
                "new password",
                "new password",
                "Lydia",
            )),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("confirm this email"),
        "{body}"
    );
    prove_email(&s, &d, "paid@example.org").await;
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/auth/set-password",
            Some(form(
                "paid@example.org",
                "new password",
                "new password",
                "Lydia",
            )),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/auth/login",
            Some(json!({ "email": "paid@example.org", "password": "new password" })),
        )
        .await;
    assert_eq!(status, 200);
    let stranger = s.register("user-1700000000000-strg").await;
    let (status, body) = s
        .call_as(
            &stranger,
            Method::POST,
            "/api/auth/set-password",
            Some(form("paid@example.org", "takeover!!", "takeover!!", "Eve")),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = s
        .call_as(
            &stranger,
            Method::POST,
            "/api/auth/login",
            Some(json!({ "email": "paid@example.org", "password": "takeover!!" })),
        )
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn cross_site_and_form_posts_change_nothing() {
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-csrf").await;
    let post = |headers: Vec<(&'static str, &'static str)>, body: &'static str| {
        let mut req = s
            .client
            .post(format!("{}/api/weight-entries", s.base))
            .header("X-User-ID", &d.user)
            .bearer_auth(&d.token)
            .body(body);
        for (k, v) in headers {
            req = req.header(k, v);
        }
        req.send()
    };
    let json_body = r#"{"date":"2026-11-22","weight":150}"#;
    let r = post(
        vec![
            ("content-type", "application/json"),
            ("sec-fetch-site", "cross-site"),
        ],
        json_body,
    )
    .await
    .expect("send");
    assert_eq!(r.status().as_u16(), 403);
    let r = post(
        vec![
            ("content-type", "application/json"),
            ("origin", "https://evil.example"),
        ],
        json_body,
    )
    .await
    .expect("send");
    assert_eq!(r.status().as_u16(), 403);
    let r = post(vec![("content-type", "text/plain")], json_body)
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 415);
    let r = post(
        vec![("content-type", "application/x-www-form-urlencoded")],
        "date=2026-11-22&weight=150",
    )
    .await
    .expect("send");
    assert_eq!(r.status().as_u16(), 415);
    assert!(weights(&s, &d).await.is_empty());
    // The app's own requests pass.
    let r = post(
        vec![
            ("content-type", "application/json"),
            ("sec-fetch-site", "same-origin"),
        ],
        json_body,
    )
    .await
    .expect("send");
    assert_eq!(r.status().as_u16(), 201);
}

/// Proves `email` for `d` with the emailed code, as /quick-access does.
async fn prove_email(s: &TestServer, d: &Device, email: &str) {
    let path = "/api/check-subscription-by-email";
    let (status, _) = s
        .call_as(d, Method::POST, path, Some(json!({ "email": email })))
        .await;
    assert_eq!(status, 200);
    let code = common::pay::emailed_code(s, email).await;
    let (status, body) = s
        .call_as(
            d,
            Method::POST,
            path,
            Some(json!({ "email": email, "code": code })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}
