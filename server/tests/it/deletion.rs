//! Deleting an account as its owner does from Settings: a wrong password
//! deletes nothing; the right one cancels the Stripe subscription, removes
//! every row of the account from every table, and its device token and
//! session stop working. An account without a password proves itself with a
//! code sent to its email.

use crate::common::pay::{emailed_code, emulator_events, subscribe};
use crate::common::{Device, TestServer, cookie_pair, files_holding, form};
use reqwest::Method;
use serde_json::{Value, json};

/// Rows naming `user` in any table (every column that names a user), read
/// from the engine's own catalogue.
async fn rows_of(s: &TestServer, user: &str) -> Vec<(String, i64)> {
    let store = &s.state.store;
    let catalogue = if store.is_shared() {
        "SELECT table_name || '.' || column_name FROM information_schema.columns
         WHERE table_schema = current_schema()
           AND column_name IN ('user_id', 'account_id', 'from_user', 'into_user')"
    } else {
        "SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_info(m.name) p
         WHERE m.type = 'table' AND p.name IN ('user_id', 'account_id', 'from_user', 'into_user')"
    };
    let columns = store.texts_for_tests(catalogue).await.expect("columns");
    assert!(columns.len() > 10, "{columns:?}");
    let mut found = Vec::new();
    for named in columns.into_iter().chain(["users.id".to_string()]) {
        let (table, column) = named.split_once('.').expect("table.column");
        let n = store
            .numbers_for_tests(&format!(
                "SELECT count(*) FROM {table} WHERE {column} = '{user}'"
            ))
            .await
            .expect("count")[0];
        if n > 0 {
            found.push((named, n));
        }
    }
    found.sort();
    found
}

async fn with_cookie(
    s: &TestServer,
    d: &Device,
    method: Method,
    path: &str,
    body: Option<Value>,
    cookie: &str,
) -> (u16, Value) {
    let (status, body, _) = s
        .call_with_cookie(d, method, path, body, Some(cookie))
        .await;
    (status, body)
}

#[tokio::test]
async fn the_right_password_cancels_the_subscription_and_deletes_every_row() {
    let (s, emu) = TestServer::with_emulator().await;
    let d = s.register("user-1801310400000-leaving").await;
    let email = "leaving@example.org";
    let (status, body, cookie) = s
        .register_account(&d, form(email, "manna password", "manna password", "Lydia"))
        .await;
    assert_eq!(status, 201, "{body}");
    let cookie = cookie_pair(&cookie.expect("session"));
    // What an account gathers: records, a calendar address, a push
    // subscription and a paid subscription.
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": [
                {"seq": 1, "table": "prayerJournal", "id": "j1", "op": "put",
                 "fields": {"date": "2026-11-24", "title": "Thanks", "content": "For the morning", "category": "gratitude"}}]})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .call_as(&d, Method::POST, "/api/calendar-feed", Some(json!({})))
        .await;
    assert_eq!(status, 201);
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/push/subscriptions",
            Some(json!({"endpoint": "http://127.0.0.1:9/push/lydia",
                "keys": {"p256dh": "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY",
                         "auth": "_ordMnz7uTCmrpBTeUV4Bw"},
                "timeZone": "Europe/Paris"})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let session = subscribe(&s, &d, "monthly", email).await;
    let (status, verified) = s
        .call_as(
            &d,
            Method::POST,
            "/api/verify-checkout-session",
            Some(json!({ "sessionId": session })),
        )
        .await;
    assert_eq!((status, verified["verified"].clone()), (200, json!(true)));
    let subscription = verified["subscriptionId"].as_str().expect("id").to_string();
    let before = rows_of(&s, &d.user).await;
    for table in [
        "records",
        "devices",
        "sessions",
        "calendar_feeds",
        "push_subscriptions",
        "subscriptions",
    ] {
        assert!(
            before
                .iter()
                .any(|(t, _)| t.starts_with(&format!("{table}."))),
            "{table} has the account's rows before: {before:?}"
        );
    }

    // A wrong password deletes nothing and names the field.
    let (status, body) = with_cookie(
        &s,
        &d,
        Method::DELETE,
        "/api/account",
        Some(json!({"password": "not it"})),
        &cookie,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["field"], "password");
    assert_eq!(rows_of(&s, &d.user).await, before);
    // Without a session: refused.
    let (status, _) = s
        .call_as(
            &d,
            Method::DELETE,
            "/api/account",
            Some(json!({"password": "manna password"})),
        )
        .await;
    assert_eq!(status, 401);

    let (status, body) = with_cookie(
        &s,
        &d,
        Method::DELETE,
        "/api/account",
        Some(json!({"password": "manna password"})),
        &cookie,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(rows_of(&s, &d.user).await, Vec::<(String, i64)>::new());
    // Stripe was told: the subscription is cancelled there.
    let cancelled = emulator_events(&emu).await.into_iter().find(|e| {
        e["type"] == "customer.subscription.deleted"
            && e["data"]["object"]["id"] == subscription.as_str()
            && e["data"]["object"]["status"] == "canceled"
    });
    let event = cancelled.expect("Stripe cancelled the subscription");
    // Stripe's news of it, however late it comes, brings nothing back.
    let res = reqwest::Client::new()
        .post(format!(
            "{emu}/emulator/events/{}/deliver",
            event["id"].as_str().expect("id")
        ))
        .send()
        .await
        .expect("deliver");
    assert_eq!(res.status(), 200);
    let kept = s
        .state
        .store
        .numbers_for_tests(&format!(
            "SELECT count(*) FROM subscriptions WHERE id = '{subscription}' OR email = '{email}'"
        ))
        .await
        .expect("count")[0];
    assert_eq!(kept, 0, "the cancelled subscription is not kept again");
    // The device token and the session no longer work.
    let (status, _) = s.call_as(&d, Method::GET, "/api/entitlement", None).await;
    assert_eq!(status, 401);
    let (status, _) = with_cookie(&s, &d, Method::GET, "/api/auth/me", None, &cookie).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn an_account_without_a_password_proves_itself_with_an_emailed_code() {
    let s = TestServer::start().await;
    let d = s.register("user-1801310400001-nopass").await;
    let email = "nopass@example.org";
    let (status, body, cookie) = s
        .register_account(
            &d,
            form(email, "manna password", "manna password", "Dorcas"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let cookie = cookie_pair(&cookie.expect("session"));
    // An account made by proving an email only.
    s.state
        .store
        .execute_for_tests(&format!(
            "UPDATE users SET password_hash = NULL WHERE id = '{}'",
            d.user
        ))
        .await
        .expect("update");

    let (status, body) = with_cookie(
        &s,
        &d,
        Method::DELETE,
        "/api/account",
        Some(json!({})),
        &cookie,
    )
    .await;
    assert_eq!(
        (status, body["field"].clone()),
        (400, json!("code")),
        "{body}"
    );
    let (status, body) = with_cookie(
        &s,
        &d,
        Method::POST,
        "/api/account/deletion-code",
        None,
        &cookie,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = with_cookie(
        &s,
        &d,
        Method::DELETE,
        "/api/account",
        Some(json!({"code": "000000"})),
        &cookie,
    )
    .await;
    assert_eq!(
        (status, body["field"].clone()),
        (400, json!("code")),
        "{body}"
    );
    let code = emailed_code(&s, email).await;
    let (status, body) = with_cookie(
        &s,
        &d,
        Method::DELETE,
        "/api/account",
        Some(json!({ "code": code })),
        &cookie,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(rows_of(&s, &d.user).await, Vec::<(String, i64)>::new());
}

#[tokio::test]
async fn a_deleted_account_leaves_no_trace_in_the_database_files() {
    let sink = crate::common::smtp::SmtpSink::default();
    let smtp = sink.start().await;
    let s = TestServer::start_with(|c| c.smtp_url = Some(smtp.as_str().into())).await;
    let d = s.register("user-1801310400002-traceless").await;
    let email = "traceless.ruth@example.org";
    let phrase = "Moabite gleaning field at barley harvest";
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": [
                {"seq": 1, "table": "prayerJournal", "id": "j-trace", "op": "put",
                 "fields": {"date": "2026-11-24", "title": "Ruth 2", "content": phrase, "category": "gratitude"}}]})),
        )
        .await;
    assert_eq!(status, 200);
    let register = form(email, "manna password", "manna password", "Ruth");
    let (status, body, _) = s
        .call_with_cookie(
            &d,
            Method::POST,
            "/api/auth/register",
            Some(register.clone()),
            None,
        )
        .await;
    assert_eq!(status, 202, "{body}");
    let message = sink.messages().pop().expect("the code email");
    let text = message.data.split("\n\n").skip(1).collect::<String>();
    let code: String = text.chars().filter(char::is_ascii_digit).take(6).collect();
    let mut with_code = register;
    with_code["code"] = json!(code);
    let (status, body, cookie) = s
        .call_with_cookie(
            &d,
            Method::POST,
            "/api/auth/register",
            Some(with_code),
            None,
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let cookie = cookie_pair(&cookie.expect("session"));
    // The files hold them now (so the search below can find them).
    if !s.state.store.is_shared() {
        assert!(!files_holding(s.data_dir(), email).is_empty());
        assert!(!files_holding(s.data_dir(), phrase).is_empty());
    }

    let (status, body) = with_cookie(
        &s,
        &d,
        Method::DELETE,
        "/api/account",
        Some(json!({"password": "manna password"})),
        &cookie,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    if s.state.store.is_shared() {
        // PostgreSQL's files are its own: the deleted rows are vacuumed
        // (apart from the request, soon after).
        let started = std::time::Instant::now();
        loop {
            let vacuumed = s
                .state
                .store
                .numbers_for_tests(
                    "SELECT count(*) FROM pg_stat_user_tables
                     WHERE relname IN ('users', 'records') AND last_vacuum IS NOT NULL",
                )
                .await
                .expect("stats");
            if vacuumed == [2] {
                break;
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(60),
                "not vacuumed"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    } else {
        assert_eq!(files_holding(s.data_dir(), email), []);
        assert_eq!(files_holding(s.data_dir(), phrase), []);
    }
}
