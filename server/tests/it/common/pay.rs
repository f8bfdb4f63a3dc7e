//! Paying through the Stripe emulator and reading what the server then says.

use super::{Device, TestServer, WEBHOOK_SECRET};
use reqwest::Method;
use serde_json::{Value, json};

pub fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// Fills the emulator's hosted checkout as a person would; answers the status
/// and where the browser is sent.
pub async fn pay_checkout(url: &str, email: &str, card: &str) -> (u16, String, String) {
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

pub async fn subscribe(s: &TestServer, d: &Device, plan: &str, email: &str) -> String {
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

pub async fn entitlement(s: &TestServer, d: &Device) -> Value {
    let (status, body) = s.call_as(d, Method::GET, "/api/entitlement", None).await;
    assert_eq!(status, 200, "{body}");
    body
}

pub fn verify_token(
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

/// The 6-digit code in the newest email to `to`.
pub async fn emailed_code(s: &TestServer, to: &str) -> String {
    let email = s.last_email_to(to).await;
    let text = email["text"].as_str().expect("an email with the code");
    let code: String = text.chars().filter(char::is_ascii_digit).take(6).collect();
    assert_eq!(code.len(), 6, "{text}");
    code
}

/// A device whose user is premium as an owner (`email` must be one of the
/// server's owner emails): the email proved with its emailed code.
pub async fn owner_device(s: &TestServer, user: &str, email: &str) -> Device {
    let d = s.register(user).await;
    let path = "/api/check-subscription-by-email";
    s.call_as(&d, Method::POST, path, Some(json!({ "email": email })))
        .await;
    let code = emailed_code(s, email).await;
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            path,
            Some(json!({ "email": email, "code": code })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["isPremium"], true, "{body}");
    d
}

/// The events the emulator sent, oldest first.
pub async fn emulator_events(emu: &str) -> Vec<Value> {
    let body: Value = reqwest::get(format!("{emu}/emulator/events"))
        .await
        .expect("events")
        .json()
        .await
        .expect("json");
    body["data"].as_array().cloned().unwrap_or_default()
}

/// Seconds since the epoch, as Stripe dates its events and signatures.
pub fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// `payload` signed now with the server's webhook secret, as Stripe would.
pub fn signed_now(payload: &str) -> String {
    manna_stripe_emulator::signature_header(payload, WEBHOOK_SECRET, now_secs())
}

/// Posts a webhook with the `Stripe-Signature` given; answers the status and
/// the JSON answer.
pub async fn post_webhook(s: &TestServer, payload: &str, signature: &str) -> (u16, Value) {
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
