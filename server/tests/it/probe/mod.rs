//! The security probe's findings, each as the attacker or the owner met it:
//! premium plans and the calendar (M1), the webhook's email (L2), deep
//! nesting (L5), answers never stored by a cache and text of invisible
//! characters here; storage bounded by the quota and pushes by a rate (M2)
//! and deletes that free the quota (L4) in `storage`; wrong passwords and code
//! requests that slow the guesser, not the owner (L1), and the calendar address
//! after "log out everywhere" and a new password (L3) in `logins`.

mod logins;
mod storage;

use crate::common;

use common::pay::{emailed_code, emulator_events, post_webhook, signed_now};
use common::{Device, TestServer, second_device};
use manna_server::sync::quota::{
    MAX_BYTES_PER_USER, MAX_HISTORY_BYTES_PER_USER, MAX_RECORDS_PER_USER,
};
use reqwest::Method;
use serde_json::{Value, json};

pub(super) const OWNER: &str = "owner@manna.test";

pub(super) fn with_owner(c: &mut manna_server::Config) {
    c.owner_emails = vec![OWNER.into()];
}

pub(super) fn behind_proxy(c: &mut manna_server::Config) {
    c.trusted_proxies = vec!["127.0.0.1".parse().expect("network")];
}

pub(super) async fn push(s: &TestServer, d: &Device, mutations: Value) -> (u16, Value) {
    s.call_as(
        d,
        Method::POST,
        "/api/sync/push",
        Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
    )
    .await
}

/// The messages of a push's refusals.
pub(super) fn refusals(answer: &Value) -> Vec<String> {
    answer["rejected"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|x| x["message"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A user's storage totals: live records, quota bytes, history bytes.
pub(super) async fn totals(s: &TestServer, user: &str) -> (i64, i64, i64) {
    let of = |column: &str| {
        let sql = format!("SELECT {column} FROM users WHERE id = '{user}'");
        async move { s.state.store.numbers_for_tests(&sql).await.expect("totals")[0] }
    };
    (
        of("record_count").await,
        of("stored_bytes").await,
        of("history_bytes").await,
    )
}

pub(super) fn journal(seq: u64, id: &str, content: &str, base: Option<u64>) -> Value {
    let mut m = json!({"seq": seq, "table": "prayerJournal", "id": id, "op": "put",
        "fields": {"date": "2026-11-22", "title": "Psalm 121", "content": content, "category": "gratitude"}});
    if let Some(b) = base {
        m["baseVersion"] = json!(b);
    }
    m
}

#[tokio::test]
async fn m1_a_premium_meal_plan_is_started_and_shown_in_the_calendar_only_for_members() {
    let s = TestServer::start_with(with_owner).await;
    let free = s.register("user-1763790000000-m1free").await;
    let path = format!("/api/users/{}/meal-plans", free.user);
    let start = |plan: &str| json!({"mealPlanId": plan, "startDate": "2026-11-23"});

    let (status, body) = s
        .call_as(
            &free,
            Method::POST,
            &path,
            Some(start("whole-foods-reset-30day")),
        )
        .await;
    assert_eq!(status, 403, "a premium plan: {body}");
    let (status, body) = s
        .call_as(&free, Method::POST, &path, Some(start("no-such-plan")))
        .await;
    assert_eq!(status, 404, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("mealPlanId")
    );
    let (status, body) = s
        .call_as(
            &free,
            Method::POST,
            &path,
            Some(start("whole-foods-reset-7day")),
        )
        .await;
    assert_eq!(status, 201, "a free plan: {body}");

    // Through sync, the same rule: refused with its reason, nothing stored.
    let (status, answer) = push(
        &s,
        &free,
        json!([{"seq": 1, "table": "mealPlanEnrollments", "id": "enrollment-0123456789abcdef",
            "op": "put", "fields": {"mealPlanId": "anti-inflammatory-30day", "startDate": "2026-11-23",
            "preferences": null}}]),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["rejected"][0]["field"], "mealPlanId", "{answer}");
    let (_, list) = s.call_as(&free, Method::GET, &path, None).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");

    // A premium plan started while a member (stored as then), then the feed
    // of someone who is not a member now: no day of the plan shows.
    let earlier = manna_server::sync::Writer {
        user: free.user.clone(),
        device: "rest:earlier".into(),
        now_ms: 0,
        gate: std::sync::Arc::new(manna_server::sync::Open),
    };
    let stored = manna_server::sync::apply_direct(
            &s.state.store,
            earlier,
            serde_json::from_value(json!({"seq": 0, "table": "mealPlanEnrollments",
            "id": "enrollment-fedcba9876543210", "op": "put",
            "fields": {"mealPlanId": "anti-inflammatory-30day", "startDate": "2026-11-23", "preferences": null}}))
            .expect("mutation"),
        )
        .await
        .expect("stored");
    assert!(stored.is_ok());
    let (_, made) = s
        .call_as(&free, Method::POST, "/api/calendar-feed", Some(json!({})))
        .await;
    let (_, ics) = common::calendar_feed(&s, made["url"].as_str().expect("url")).await;
    assert!(ics.contains(", day 7:"), "the free plan's days show");
    assert!(!ics.contains("Anti-Inflammatory Lifestyle"), "{ics}");

    // A member sees the premium plan's days.
    let member = common::pay::owner_device(&s, "user-1763790000000-m1owner", OWNER).await;
    let path = format!("/api/users/{}/meal-plans", member.user);
    let (status, body) = s
        .call_as(
            &member,
            Method::POST,
            &path,
            Some(start("anti-inflammatory-30day")),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (_, made) = s
        .call_as(&member, Method::POST, "/api/calendar-feed", Some(json!({})))
        .await;
    let (_, ics) = common::calendar_feed(&s, made["url"].as_str().expect("url")).await;
    assert!(
        ics.contains("Anti-Inflammatory Lifestyle\\, day 30"),
        "{ics}"
    );
}

#[tokio::test]
async fn l2_the_webhook_takes_the_email_from_the_customer_it_reads_back() {
    let (s, emu) = TestServer::with_emulator().await;
    let payer = s.register("user-1763790000000-l2payer").await;
    common::pay::subscribe(&s, &payer, "monthly", "payer@example.org").await;
    let mut paid = emulator_events(&emu)
        .await
        .into_iter()
        .find(|e| e["type"] == "invoice.paid")
        .expect("an invoice.paid event");
    // The same event, with another email in its body (and a new id).
    paid["id"] = json!("evt_l2_forged_email");
    paid["data"]["object"]["customer_email"] = json!("mallory@example.org");
    let payload = paid.to_string();
    let (status, body) = post_webhook(&s, &payload, &signed_now(&payload)).await;
    assert_eq!(status, 200, "{body}");
    // Someone who proves that other email gets no premium from it.
    let mallory = s.register("user-1763790000000-l2mallory").await;
    let path = "/api/check-subscription-by-email";
    s.call_as(
        &mallory,
        Method::POST,
        path,
        Some(json!({"email": "mallory@example.org"})),
    )
    .await;
    let code = emailed_code(&s, "mallory@example.org").await;
    let (status, body) = s
        .call_as(
            &mallory,
            Method::POST,
            path,
            Some(json!({"email": "mallory@example.org", "code": code})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["isPremium"], false, "{body}");
    assert_eq!(
        common::pay::entitlement(&s, &payer).await["isPremium"],
        true
    );
}

#[tokio::test]
async fn l5_every_nesting_depth_over_the_limit_answers_400() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-l5").await;
    for depth in [33, 100, 123, 124, 125, 126, 127, 128, 129, 200, 5_000] {
        // The body's own object is one level, the field's lists the rest.
        let nested = format!("{}\"deep\"{}", "[".repeat(depth - 1), "]".repeat(depth - 1));
        let body = format!(
            r#"{{"date":"2026-11-22","title":"Deep","content":"c","category":"gratitude","answered":{nested}}}"#
        );
        for path in ["/api/prayer-journal", "/api/sync/push"] {
            let res = s
                .client
                .post(format!("{}{path}", s.base))
                .header("X-User-ID", &d.user)
                .bearer_auth(&d.token)
                .header("content-type", "application/json")
                .body(body.clone())
                .send()
                .await
                .expect("post");
            let status = res.status().as_u16();
            let answer: Value = res.json().await.unwrap_or(Value::Null);
            assert_eq!(status, 400, "depth {depth} at {path}: {answer}");
            assert!(
                answer["message"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("levels"),
                "{answer}"
            );
        }
    }
}

#[tokio::test]
async fn personal_answers_and_answers_that_set_cookies_are_never_stored() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-cache").await;
    let cache_of = |path: &'static str, method: Method, body: Option<Value>| {
        let (s, d) = (&s, &d);
        async move {
            let mut req = s
                .client
                .request(method, format!("{}{path}", s.base))
                .header("X-User-ID", &d.user)
                .bearer_auth(&d.token);
            if let Some(b) = body {
                req = req.json(&b);
            }
            let res = req.send().await.expect("call");
            res.headers()
                .get("cache-control")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        }
    };
    for path in [
        "/api/prayer-reminders",
        "/api/entitlement",
        "/api/calendar-feed",
    ] {
        assert_eq!(
            cache_of(path, Method::GET, None).await,
            "no-store",
            "{path}"
        );
    }
    let login = json!({"email": "nobody@example.org", "password": "wrong password"});
    assert_eq!(
        cache_of("/api/auth/login", Method::POST, Some(login)).await,
        "no-store"
    );
    assert_eq!(
        cache_of("/api/auth/logout", Method::POST, Some(json!({}))).await,
        "no-store"
    );
    // The same for everyone: kept, revalidated.
    assert_eq!(cache_of("/api/home", Method::GET, None).await, "no-cache");
}

#[tokio::test]
async fn text_of_only_invisible_characters_counts_as_blank() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-blank").await;
    for title in ["\u{200B}", " \u{2060}\u{200D} ", "\u{FEFF}", "\u{3164}"] {
        let (status, body) = s
            .call_as(
                &d,
                Method::POST,
                "/api/prayer-journal",
                Some(json!({"date": "2026-11-22", "title": title, "content": "Amen", "category": "praise"})),
            )
            .await;
        assert_eq!(
            (status, body["field"].clone()),
            (400, json!("title")),
            "{title:?}: {body}"
        );
    }
}
