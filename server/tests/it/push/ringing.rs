//! Reminders and the verse of the day ring once at their local minute, on
//! both sides of a clock change; ended subscriptions are forgotten and busy
//! services tried again; subscriptions are checked field by field.

use super::{Phone, add_reminder, at, push_service, ring_at, subscribe};
use crate::common::TestServer;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::Method;
use serde_json::{Value, json};

#[tokio::test]
async fn a_reminder_rings_once_at_its_local_minute_on_both_sides_of_a_clock_change() {
    // Friday 12 March 2027; New York's clocks go forward early on Sunday 14th.
    let s = TestServer::start_pinned(at("2027-03-12T12:00:00Z"), |_| {}).await;
    let (service, base) = push_service().await;
    let me = s.register("user-1801310400000-push").await;
    let phone = Phone::new(&base, "phone-1");
    subscribe(&s, &me, &phone, "America/New_York").await;
    add_reminder(&s, &me, "r-sat-sun", "08:00", json!(["saturday", "sunday"])).await;
    let (_, key) = s.get("/api/push/public-key").await;
    let public_key = key["publicKey"].as_str().expect("key").to_string();

    // Saturday, 08:00 EST is 13:00 UTC.
    ring_at(&s, "2027-03-13T12:59:30Z").await;
    assert!(
        service.to(&phone.path).is_empty(),
        "nothing before its minute"
    );
    ring_at(&s, "2027-03-13T13:00:20Z").await;
    let got = service.to(&phone.path);
    assert_eq!(got.len(), 1, "rang at 08:00 New York time");
    let message = phone.read(&got[0]);
    assert_eq!(message["title"], "Morning prayer");
    assert_eq!(message["body"], "Psalm 5:3");
    assert_eq!(message["url"], "/prayer-reminders");

    // How it was sent: encrypted content, an hour to live, a VAPID signature
    // by the key browsers subscribe with, for this push service's origin.
    let h = &got[0].headers;
    assert_eq!(h["content-encoding"], "aes128gcm");
    assert_eq!(h["ttl"], "3600");
    let authorization = h["authorization"].to_str().expect("text");
    let (token, k) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .expect("vapid t=…, k=…");
    assert_eq!(k, public_key);
    use web_push_native::jwt_simple::prelude::*;
    let verifier =
        ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(k).expect("b64")).expect("key");
    // (The signature's times are the machine's, not the pinned clock's.)
    let claims = verifier
        .verify_token::<NoCustomClaims>(token, None)
        .expect("signed by the server's key");
    assert_eq!(
        claims.audiences.map(|a| a.into_string().expect("one")),
        Some(base.clone())
    );
    let lifetime = claims.expires_at.expect("exp") - claims.issued_at.expect("iat");
    assert!(
        lifetime <= Duration::from_hours(24),
        "RFC 8292: at most a day"
    );

    // Once: the same minute looked at again, and by a second server process
    // on the same database at the same time, sends nothing more.
    let second = manna_server::AppState::open(
        manna_server::Config::for_tests(s.data_dir().to_path_buf()),
        s.clock.clone(),
    )
    .await
    .expect("second process");
    let (a, b) = tokio::join!(
        manna_server::jobs::ring_due(&s.state),
        manna_server::jobs::ring_due(&second)
    );
    a.expect("first");
    b.expect("second");
    s.state.senders.settled().await;
    second.senders.settled().await;
    assert_eq!(service.to(&phone.path).len(), 1, "sent once");

    // Sunday, after the change: 08:00 EDT is 12:00 UTC, an hour earlier.
    ring_at(&s, "2027-03-14T11:59:30Z").await;
    assert_eq!(service.to(&phone.path).len(), 1);
    ring_at(&s, "2027-03-14T12:00:20Z").await;
    assert_eq!(service.to(&phone.path).len(), 2, "rang at 08:00 EDT");
    // Monday is not one of its days.
    ring_at(&s, "2027-03-15T12:30:00Z").await;
    assert_eq!(service.to(&phone.path).len(), 2);
}

#[tokio::test]
async fn the_verse_of_the_day_rings_at_the_chosen_time_with_that_days_reading() {
    let s = TestServer::start_pinned(at("2026-11-24T08:00:00Z"), |_| {}).await;
    let (service, base) = push_service().await;
    let me = s.register("user-1801310400001-verse").await;
    let phone = Phone::new(&base, "verse");
    subscribe(&s, &me, &phone, "Asia/Tokyo").await;
    let (status, body) = s
        .call_as(
            &me,
            Method::POST,
            "/api/sync/push",
            Some(
                json!({"protocolVersion": 1, "deviceId": me.id, "mutations": [
                {"seq": 1, "table": "userSettings", "id": "settings-preferences", "op": "put",
                 "fields": {"verseTime": "06:30"}}]}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // 06:30 in Tokyo on 25 November is 21:30 UTC on the 24th.
    ring_at(&s, "2026-11-24T21:29:00Z").await;
    assert!(service.to(&phone.path).is_empty());
    ring_at(&s, "2026-11-24T21:30:10Z").await;
    let got = service.to(&phone.path);
    assert_eq!(got.len(), 1);
    let message = phone.read(&got[0]);
    let (_, home) = s.get("/api/home?date=2026-11-25").await;
    let reading = &home["bibleReading"];
    let reference = reading["reference"].as_str().expect("reference");
    assert_eq!(
        message["title"].as_str(),
        Some(format!("Today's verse: {reference}").as_str()),
        "the reading of Tokyo's date, not the server's"
    );
    let first_words: Vec<&str> = reading["verse"]
        .as_str()
        .expect("verse")
        .split_whitespace()
        .take(5)
        .collect();
    assert!(
        message["body"]
            .as_str()
            .expect("body")
            .starts_with(&first_words.join(" ")),
        "{message}"
    );
}

#[tokio::test]
async fn ended_subscriptions_are_forgotten_and_busy_services_tried_again() {
    let s = TestServer::start_pinned(at("2026-11-23T13:59:00Z"), |_| {}).await;
    let (service, base) = push_service().await;
    let me = s.register("user-1801310400002-gone").await;
    let gone = Phone::new(&base, "gone");
    let busy = Phone::new(&base, "busy");
    subscribe(&s, &me, &gone, "Europe/London").await;
    let other = s.register("user-1801310400002-busy").await;
    subscribe(&s, &other, &busy, "Europe/London").await;
    add_reminder(&s, &me, "r-daily", "14:00", json!(["monday"])).await;
    add_reminder(&s, &other, "r-daily", "14:00", json!(["monday"])).await;
    service.answer("gone", &[410]);
    service.answer("busy", &[503, 503]);

    ring_at(&s, "2026-11-23T14:00:05Z").await;
    assert_eq!(service.to(&gone.path).len(), 1);
    assert_eq!(service.to(&busy.path).len(), 1);
    // The ended one is forgotten: its device is told notifications are off.
    let (status, body) = s.call_as(&me, Method::POST, "/api/push/test", None).await;
    assert_eq!(status, 404, "{body}");
    // The busy one is tried again after a minute, then two more.
    ring_at(&s, "2026-11-23T14:00:40Z").await;
    assert_eq!(service.to(&busy.path).len(), 1, "not before its wait");
    ring_at(&s, "2026-11-23T14:01:10Z").await;
    assert_eq!(service.to(&busy.path).len(), 2);
    ring_at(&s, "2026-11-23T14:03:20Z").await;
    let got = service.to(&busy.path);
    assert_eq!(got.len(), 3);
    assert_eq!(busy.read(&got[2])["title"], "Morning prayer");
    ring_at(&s, "2026-11-23T14:30:00Z").await;
    assert_eq!(service.to(&busy.path).len(), 3, "delivered: no more tries");
    assert_eq!(service.to(&gone.path).len(), 1);
}

#[tokio::test]
async fn subscriptions_are_checked_field_by_field_and_kept_per_device() {
    let s = TestServer::start().await;
    let (service, base) = push_service().await;
    let me = s.register("user-1801310400003-checks").await;
    let phone = Phone::new(&base, "checked");
    let good = phone.subscription("America/Chicago");
    let with = |path: &str, value: Value| {
        let mut body = good.clone();
        let mut at = &mut body;
        let parts: Vec<&str> = path.split('.').collect();
        for p in &parts[..parts.len() - 1] {
            at = &mut at[*p];
        }
        at[parts[parts.len() - 1]] = value;
        body
    };
    for (body, field) in [
        (
            with("endpoint", json!("http://10.0.0.7/push/x")),
            "endpoint",
        ),
        (
            with("endpoint", json!("https://localhost.localdomain")),
            "endpoint",
        ),
        (with("endpoint", json!("not an address")), "endpoint"),
        (with("keys.p256dh", json!("AAAA")), "keys.p256dh"),
        (with("keys.auth", json!("short")), "keys.auth"),
        (with("timeZone", json!("Mars/Olympus")), "timeZone"),
        (
            json!({"endpoint": phone.endpoint, "timeZone": "UTC"}),
            "keys",
        ),
    ] {
        let (status, answer) = s
            .call_as(&me, Method::POST, "/api/push/subscriptions", Some(body))
            .await;
        assert_eq!(status, 400, "{answer}");
        let text = answer.to_string();
        assert!(text.contains(field), "{field} named in {text}");
    }
    // Without a device token: refused.
    let res = s
        .client
        .post(format!("{}/api/push/subscriptions", s.base))
        .json(&good)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), 401);

    // No subscription yet: a test has nowhere to go.
    let (status, _) = s.call_as(&me, Method::POST, "/api/push/test", None).await;
    assert_eq!(status, 404);
    subscribe(&s, &me, &phone, "America/Chicago").await;
    let (status, body) = s.call_as(&me, Method::POST, "/api/push/test", None).await;
    assert_eq!((status, body["sent"].clone()), (200, json!(1)), "{body}");
    let got = service.to(&phone.path);
    assert_eq!(phone.read(&got[0])["title"], "Manna");

    // Another user cannot remove it; its own device can, once.
    let stranger = s.register("user-1801310400004-stranger").await;
    let forget = json!({"endpoint": phone.endpoint});
    let (status, _) = s
        .call_as(
            &stranger,
            Method::DELETE,
            "/api/push/subscriptions",
            Some(forget.clone()),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = s
        .call_as(
            &me,
            Method::DELETE,
            "/api/push/subscriptions",
            Some(forget.clone()),
        )
        .await;
    assert_eq!(status, 204);
    let (status, _) = s
        .call_as(&me, Method::DELETE, "/api/push/subscriptions", Some(forget))
        .await;
    assert_eq!(status, 404);
}
