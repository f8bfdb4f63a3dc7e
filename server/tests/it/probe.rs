//! The security probe's findings, each as the attacker or the owner met it:
//! premium plans and the calendar (M1), storage bounded by the quota and
//! pushes by a rate (M2), wrong passwords and code requests that slow the
//! guesser, not the owner (L1), the webhook's email (L2), the calendar address
//! after "log out everywhere" and a new password (L3), deletes that free the
//! quota (L4), deep nesting (L5), answers never stored by a cache, and text
//! of invisible characters.

use crate::common;

use common::pay::emailed_code;
use common::{Device, TestServer, WEBHOOK_SECRET, second_device};
use manna_server::sync::records::{
    MAX_BYTES_PER_USER, MAX_HISTORY_BYTES_PER_USER, MAX_RECORDS_PER_USER,
};
use reqwest::Method;
use serde_json::{Value, json};

const OWNER: &str = "owner@manna.test";

fn with_owner(c: &mut manna_server::Config) {
    c.owner_emails = vec![OWNER.into()];
}

fn behind_proxy(c: &mut manna_server::Config) {
    c.trusted_proxies = vec!["127.0.0.1".parse().expect("network")];
}

async fn push(s: &TestServer, d: &Device, mutations: Value) -> (u16, Value) {
    s.call_as(
        d,
        Method::POST,
        "/api/sync/push",
        Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
    )
    .await
}

/// The messages of a push's refusals.
fn refusals(answer: &Value) -> Vec<String> {
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
async fn totals(s: &TestServer, user: &str) -> (i64, i64, i64) {
    let user = user.to_string();
    s.state
        .db
        .call(move |conn| {
            Ok(conn.query_row(
                "SELECT record_count, stored_bytes, history_bytes FROM users WHERE id = ?1",
                [user],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?)
        })
        .await
        .expect("totals")
}

fn journal(seq: u64, id: &str, content: &str, base: Option<u64>) -> Value {
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
        .call_as(&free, Method::POST, &path, Some(start("detox-30day")))
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
        .call_as(&free, Method::POST, &path, Some(start("detox-7day")))
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
    let stored = manna_server::sync::apply_direct(
        &mut rusqlite::Connection::open(s.data_dir().join("manna.sqlite3")).expect("open"),
        manna_server::sync::Author {
            user: &free.user,
            device: "rest:earlier",
            now_ms: 0,
            gate: &manna_server::sync::Open,
        },
        &serde_json::from_value(json!({"seq": 0, "table": "mealPlanEnrollments",
            "id": "enrollment-fedcba9876543210", "op": "put",
            "fields": {"mealPlanId": "anti-inflammatory-30day", "startDate": "2026-11-23", "preferences": null}}))
        .expect("mutation"),
    )
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
async fn m2_edits_kept_aside_count_in_the_quota_and_a_push_over_it_is_refused() {
    let s = TestServer::start().await;
    let a = s.register("user-1763790000000-m2").await;
    let b = second_device(&s, &a, "device-m2-second", "token-of-the-second-device-m2");
    let (_, answer) = push(&s, &a, json!([journal(1, "journal-m2", "Kept", None)])).await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, answer) = push(
        &s,
        &a,
        json!([{"seq": 2, "table": "prayerJournal", "id": "journal-m2", "op": "delete"}]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, before, _) = totals(&s, &a.user).await;

    // The other phone, which never saw the delete, sends long edits of the
    // record: each is kept aside (not lost), and each counts.
    let big = "x".repeat(19_000);
    let (_, answer) = push(&s, &b, json!([journal(1, "journal-m2", &big, Some(1))])).await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, after, _) = totals(&s, &a.user).await;
    assert!(after - before >= 19_000, "{before} then {after}");

    // Near the quota, the next such edit is refused, with the reason.
    common::set_storage_totals(&s, &a.user, 0, MAX_BYTES_PER_USER - 10_000).await;
    let (_, answer) = push(&s, &b, json!([journal(2, "journal-m2", &big, Some(1))])).await;
    let refused = refusals(&answer);
    assert_eq!(refused.len(), 1, "{answer}");
    assert!(refused[0].contains("MB"), "{refused:?}");
    let kept: i64 = {
        let user = a.user.clone();
        s.state
            .db
            .call(move |conn| {
                Ok(conn.query_row(
                    "SELECT count(*) FROM revisions WHERE user_id = ?1 AND reason = 'editAfterDelete'",
                    [user],
                    |r| r.get(0),
                )?)
            })
            .await
            .expect("count")
    };
    assert_eq!(kept, 1, "the refused edit stored nothing");
}

#[tokio::test]
async fn m2_sync_pushes_are_limited_per_user() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-pusher").await;
    let mut statuses = Vec::new();
    for _ in 0..121 {
        statuses.push(push(&s, &d, json!([])).await.0);
    }
    assert!(statuses[..120].iter().all(|&x| x == 200), "{statuses:?}");
    assert_eq!(statuses[120], 429);
    let other = s.register("user-1763790000000-other").await;
    assert_eq!(
        push(&s, &other, json!([])).await.0,
        200,
        "other users push on"
    );
}

#[tokio::test]
async fn l4_deleting_frees_the_quota_at_once() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-l4").await;
    let (_, answer) = push(
        &s,
        &d,
        json!([journal(1, "journal-old", "An old prayer", None)]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (records, bytes, _) = totals(&s, &d.user).await;
    assert_eq!(records, 1);
    assert!(bytes > 0);

    // At the record quota: the next is refused, with the advice to delete.
    common::set_storage_totals(&s, &d.user, MAX_RECORDS_PER_USER, bytes).await;
    let (_, answer) = push(
        &s,
        &d,
        json!([journal(2, "journal-new", "A new prayer", None)]),
    )
    .await;
    let refused = refusals(&answer);
    assert!(
        refused.len() == 1 && refused[0].contains("delete some"),
        "{answer}"
    );
    // Deleting one makes room for one, at once.
    let (_, answer) = push(
        &s,
        &d,
        json!([{"seq": 3, "table": "prayerJournal", "id": "journal-old", "op": "delete"},
               journal(4, "journal-new", "A new prayer", None)]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    assert_eq!(totals(&s, &d.user).await.0, MAX_RECORDS_PER_USER);

    // The same with bytes: a deleted record's bytes are free again.
    let (_, bytes, _) = totals(&s, &d.user).await;
    common::set_storage_totals(&s, &d.user, 1, bytes).await;
    let big = "y".repeat(19_000);
    let (_, answer) = push(&s, &d, json!([journal(5, "journal-big", &big, None)])).await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (records, _, _) = totals(&s, &d.user).await;
    common::set_storage_totals(&s, &d.user, records, MAX_BYTES_PER_USER - 1_000).await;
    let (_, answer) = push(&s, &d, json!([journal(6, "journal-more", &big, None)])).await;
    assert_eq!(refusals(&answer).len(), 1, "{answer}");
    let (_, answer) = push(
        &s,
        &d,
        json!([{"seq": 7, "table": "prayerJournal", "id": "journal-big", "op": "delete"},
               journal(8, "journal-more", &big, None)]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, now, history) = totals(&s, &d.user).await;
    assert!(now <= MAX_BYTES_PER_USER, "{now}");
    assert!(
        history >= 19_000,
        "what was deleted is kept as history: {history}"
    );

    // History has its own bound: past it, the oldest of it is forgotten.
    let user = d.user.clone();
    s.state
        .db
        .call(move |conn| {
            conn.execute(
                "UPDATE users SET history_bytes = ?2 WHERE id = ?1",
                rusqlite::params![user, MAX_HISTORY_BYTES_PER_USER - 100],
            )?;
            Ok(())
        })
        .await
        .expect("history");
    let (_, answer) = push(
        &s,
        &d,
        json!([{"seq": 9, "table": "prayerJournal", "id": "journal-more", "op": "delete"}]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, _, history) = totals(&s, &d.user).await;
    assert!(history <= MAX_HISTORY_BYTES_PER_USER, "{history}");
    let user = d.user.clone();
    let deleted: Vec<String> = s
        .state
        .db
        .call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT id FROM revisions WHERE user_id = ?1 AND reason = 'deleted' ORDER BY rowid",
            )?;
            let ids = stmt
                .query_map([user], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(ids)
        })
        .await
        .expect("revisions");
    assert!(
        !deleted.contains(&"journal-old".to_string()),
        "the oldest went first: {deleted:?}"
    );
    assert_eq!(deleted.last().map(String::as_str), Some("journal-more"));
}

/// Every `Set-Cookie` of an answer, as `name=value` pairs to send back.
fn cookies(res: &reqwest::Response) -> Vec<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(common::cookie_pair)
        .collect()
}

/// A login from `d` at the address `from`, with `cookie` (when given).
async fn login(
    s: &TestServer,
    d: &Device,
    from: &str,
    cookie: Option<&str>,
    password: &str,
) -> (u16, Value) {
    let mut req = s
        .client
        .post(format!("{}/api/auth/login", s.base))
        .header("X-User-ID", &d.user)
        .bearer_auth(&d.token)
        .header("x-forwarded-for", from)
        .json(&json!({"email": "owner@example.org", "password": password}));
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let res = req.send().await.expect("login");
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn l1_wrong_passwords_slow_the_account_and_its_owner_still_gets_in() {
    let start = 1_795_000_000_000;
    let s = TestServer::start_pinned(start, behind_proxy).await;
    let phone = s.register("user-1763790000000-l1owner").await;
    let form = common::form(
        "owner@example.org",
        "the real password",
        "the real password",
        "Ann",
    );
    s.call_as(
        &phone,
        Method::POST,
        "/api/auth/register",
        Some(form.clone()),
    )
    .await;
    let code = emailed_code(&s, "owner@example.org").await;
    let mut with_code = form;
    with_code["code"] = json!(code);
    let res = s
        .client
        .post(format!("{}/api/auth/register", s.base))
        .header("X-User-ID", &phone.user)
        .bearer_auth(&phone.token)
        .json(&with_code)
        .send()
        .await
        .expect("register");
    assert_eq!(res.status(), 201);
    let known = cookies(&res)
        .into_iter()
        .find(|c| c.starts_with("manna_known="))
        .expect("the browser the account was made on is known");

    // 20 wrong passwords from two addresses: five are checked, the rest wait.
    let guesser = s.register("user-1763790000000-l1guess").await;
    let mut statuses = Vec::new();
    let mut last = Value::Null;
    for i in 0..20 {
        let from = if i % 2 == 0 {
            "198.51.100.7"
        } else {
            "203.0.113.9"
        };
        let (status, body) = login(&s, &guesser, from, None, "guess").await;
        statuses.push(status);
        last = body;
    }
    assert_eq!(&statuses[..5], &[401; 5], "{statuses:?}");
    assert!(statuses[5..].iter().all(|&x| x == 429), "{statuses:?}");
    assert!(
        last["message"]
            .as_str()
            .unwrap_or_default()
            .contains("wait"),
        "{last}"
    );

    // The owner's own browser, from a new address, gets in at once.
    let (status, body) = login(&s, &phone, "192.0.2.50", Some(&known), "the real password").await;
    assert_eq!(status, 200, "{body}");
    // A new browser waits for the delay, never an hour: then the right
    // password works.
    let laptop = s.register("user-1763790000000-l1laptop").await;
    let (status, _) = login(&s, &laptop, "192.0.2.51", None, "the real password").await;
    assert_eq!(status, 429);
    s.clock.advance(2_000);
    let (status, body) = login(&s, &laptop, "192.0.2.51", None, "the real password").await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn l1_code_requests_are_limited_per_address_and_inbox_and_per_day() {
    let s = TestServer::start_with(behind_proxy).await;
    let ask = |i: usize, from: String| {
        let s = &s;
        async move {
            let d = s.register(&format!("user-1763790000000-codes{i}")).await;
            s.client
                .post(format!("{}/api/check-subscription-by-email", s.base))
                .header("X-User-ID", &d.user)
                .bearer_auth(&d.token)
                .header("x-forwarded-for", from)
                .json(&json!({"email": "victim@example.org"}))
                .send()
                .await
                .expect("code")
                .status()
                .as_u16()
        }
    };
    // Five strangers asking from five addresses do not starve the owner.
    for i in 0..5 {
        assert_eq!(ask(i, format!("198.51.100.{i}")).await, 200);
    }
    assert_eq!(
        ask(5, "192.0.2.1".into()).await,
        200,
        "the owner still gets a code"
    );
    // One address gets five an hour for one inbox.
    for i in 6..10 {
        assert_eq!(ask(i, "198.51.100.0".into()).await, 200);
    }
    assert_eq!(ask(10, "198.51.100.0".into()).await, 429);
    // And the inbox gets at most 30 a day from everyone.
    let mut statuses = Vec::new();
    for i in 11..32 {
        statuses.push(ask(i, format!("203.0.113.{i}")).await);
    }
    assert_eq!(
        statuses.iter().filter(|&&x| x == 200).count(),
        20,
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&429));
}

#[tokio::test]
async fn l2_the_webhook_takes_the_email_from_the_customer_it_reads_back() {
    let (s, emu) = TestServer::with_emulator().await;
    let payer = s.register("user-1763790000000-l2payer").await;
    common::pay::subscribe(&s, &payer, "monthly", "payer@example.org").await;
    let events: Value = reqwest::get(format!("{emu}/emulator/events"))
        .await
        .expect("events")
        .json()
        .await
        .expect("json");
    let mut paid = events["data"]
        .as_array()
        .and_then(|all| all.iter().find(|e| e["type"] == "invoice.paid").cloned())
        .expect("an invoice.paid event");
    // The same event, with another email in its body (and a new id).
    paid["id"] = json!("evt_l2_forged_email");
    paid["data"]["object"]["customer_email"] = json!("mallory@example.org");
    let payload = paid.to_string();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let res = s
        .client
        .post(format!("{}/api/stripe/webhook", s.base))
        .header("content-type", "application/json")
        .header(
            "stripe-signature",
            manna_stripe_emulator::signature_header(&payload, WEBHOOK_SECRET, now),
        )
        .body(payload)
        .send()
        .await
        .expect("webhook");
    assert_eq!(res.status(), 200);
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
async fn l3_log_out_everywhere_and_a_new_password_end_the_calendar_address() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-l3").await;
    let (status, body, cookie) = s
        .register_account(
            &d,
            common::form("l3@example.org", "password one", "password one", "Lee"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let session = common::cookie_pair(&cookie.expect("session"));
    let make = || async {
        let (_, made) = s
            .call_as(&d, Method::POST, "/api/calendar-feed", Some(json!({})))
            .await;
        made["url"].as_str().expect("url").to_string()
    };

    let url = make().await;
    assert_eq!(common::calendar_feed(&s, &url).await.0, 200);
    let (status, _, _) = s
        .call_with_cookie(
            &d,
            Method::POST,
            "/api/auth/logout-everywhere",
            Some(json!({})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        common::calendar_feed(&s, &url).await.0,
        404,
        "log out everywhere ends it"
    );

    let url = make().await;
    assert_eq!(common::calendar_feed(&s, &url).await.0, 200);
    let (status, body, _) = s
        .call_with_cookie(
            &d,
            Method::POST,
            "/api/auth/set-password",
            Some(common::form(
                "l3@example.org",
                "password two",
                "password two",
                "Lee",
            )),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        common::calendar_feed(&s, &url).await.0,
        404,
        "a new password ends it"
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
