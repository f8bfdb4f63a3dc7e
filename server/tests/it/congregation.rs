//! A congregation on one network, as a pastor's "open Manna now" brings it:
//! 500 new phones and 100 account registrations from one address within
//! minutes all get in, with nothing more asked of them. What contains abuse
//! costs an attacker and not a church: past each phone's own allowance, the
//! never-signed-in phones of one address store a bounded amount together,
//! and a flood of database work is turned away with 503 and `Retry-After`
//! before it queues.

use crate::common::{Device, TestServer, form, set_storage_totals};
use futures::stream::{self, StreamExt};
use manna_server::sync::quota::{
    FREE_BYTES_ANONYMOUS, FREE_RECORDS_ANONYMOUS, MAX_BYTES_PER_ORIGIN, MAX_RECORDS_PER_ORIGIN,
};
use reqwest::Method;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// One change a phone makes on its first morning: its settings.
async fn first_write(s: &TestServer, d: &Device) -> (u16, Value) {
    write_as(s, d, 1).await
}

/// The phone's `seq`th change: its settings first, then journal entries.
async fn write_as(s: &TestServer, d: &Device, seq: u32) -> (u16, Value) {
    let mutation = if seq == 1 {
        json!({"seq": 1, "table": "userSettings", "id": "settings-preferences", "op": "put",
               "fields": {"verseTime": "06:30"}})
    } else {
        json!({"seq": seq, "table": "prayerJournal", "id": format!("j{seq}"), "op": "put",
               "fields": {"date": "2026-11-29", "title": "Sunday", "content": "Thanks for the sermon", "category": "gratitude"}})
    };
    s.call_as(
        d,
        Method::POST,
        "/api/sync/push",
        Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": [mutation]})),
    )
    .await
}

#[tokio::test]
async fn five_hundred_phones_and_a_hundred_registrations_from_one_address_all_get_in() {
    let s = TestServer::start().await;
    let started = Instant::now();
    // 500 phones open Manna, sixteen at a time, each registering and saving.
    let devices: Vec<Device> = stream::iter(0..500)
        .map(|i| {
            let s = &s;
            async move {
                let res = s
                    .client
                    .post(format!("{}/api/devices", s.base))
                    .header("X-User-ID", format!("user-1801310400100-pew{i}"))
                    .send()
                    .await
                    .expect("register");
                assert_eq!(res.status(), 201, "phone {i} was turned away");
                let body: Value = res.json().await.expect("json");
                let d = Device {
                    user: format!("user-1801310400100-pew{i}"),
                    id: body["deviceId"].as_str().expect("device").into(),
                    token: body["deviceToken"].as_str().expect("token").into(),
                };
                let (status, answer) = first_write(s, &d).await;
                assert_eq!(status, 200, "phone {i}: {answer}");
                assert!(
                    answer["rejected"].as_array().is_none_or(Vec::is_empty),
                    "{answer}"
                );
                d
            }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    assert_eq!(devices.len(), 500);
    let phones = started.elapsed();

    // A hundred of them create accounts: the form, then the emailed code.
    let made: Vec<u16> = stream::iter(devices.iter().take(100).enumerate())
        .map(|(i, d)| {
            let s = &s;
            async move {
                let email = format!("member{i}@stjohns.example.org");
                let (status, body, _) = s
                    .register_account(
                        d,
                        form(&email, "church password", "church password", "Anna"),
                    )
                    .await;
                assert_eq!(status, 201, "registration {i}: {body}");
                status
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    assert_eq!(made.len(), 100);
    eprintln!(
        "figure: 500 phones admitted in {} ms, then 100 accounts in {} ms, from one address",
        phones.as_millis(),
        (started.elapsed() - phones).as_millis()
    );
    assert!(
        started.elapsed() < Duration::from_secs(600),
        "within ten minutes"
    );
}

#[tokio::test]
async fn what_never_signed_in_phones_of_one_address_store_together_is_bounded() {
    let s = TestServer::start_with(|c| c.trusted_proxies = vec!["127.0.0.1".parse().expect("net")])
        .await;
    let from = |d: Device, address: &'static str| (d, address);
    let register = |user: &'static str, address: &'static str| {
        let s = &s;
        async move {
            let res = s
                .client
                .post(format!("{}/api/devices", s.base))
                .header("X-User-ID", user)
                .header("x-forwarded-for", address)
                .send()
                .await
                .expect("register");
            assert_eq!(res.status(), 201);
            let body: Value = res.json().await.expect("json");
            from(
                Device {
                    user: user.into(),
                    id: body["deviceId"].as_str().expect("device").into(),
                    token: body["deviceToken"].as_str().expect("token").into(),
                },
                address,
            )
        }
    };
    // Phones from one address that stored, past their own allowances, all
    // but one record of what the address's phones may keep (as a script
    // making devices would); counted as the hourly tidying counts.
    let (filler, _) = register("user-1801310400101-filler", "198.51.100.7").await;
    set_storage_totals(
        &s,
        &filler.user,
        FREE_RECORDS_ANONYMOUS + MAX_RECORDS_PER_ORIGIN - 1,
        1_000,
    )
    .await;
    manna_server::retention::tidy(&s.state.store, &s.state.clock)
        .await
        .expect("tidy");
    // An ordinary phone of that network saves as ever: its own allowance
    // never counts against the address.
    let (ordinary, _) = register("user-1801310400102-ordinary", "198.51.100.7").await;
    let (status, body) = first_write(&s, &ordinary).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rejected"], json!([]), "{body}");
    // Phones past their own allowance share the address's: the last room is
    // taken, then the next is refused in words.
    let (heavy, _) = register("user-1801310400103-heavy", "198.51.100.7").await;
    set_storage_totals(&s, &heavy.user, FREE_RECORDS_ANONYMOUS, 0).await;
    let (_, body) = first_write(&s, &heavy).await;
    assert_eq!(body["rejected"], json!([]), "the last room: {body}");
    let (later, _) = register("user-1801310400104-later", "198.51.100.7").await;
    set_storage_totals(&s, &later.user, FREE_RECORDS_ANONYMOUS, 0).await;
    let (_, body) = first_write(&s, &later).await;
    let refusal = &body["rejected"][0];
    assert_eq!(refusal["field"], "id", "{body}");
    assert!(
        refusal["message"]
            .as_str()
            .is_some_and(|m| m.contains("create a free account")),
        "{body}"
    );
    // Bytes are bounded the same way.
    set_storage_totals(
        &s,
        &filler.user,
        0,
        FREE_BYTES_ANONYMOUS + MAX_BYTES_PER_ORIGIN,
    )
    .await;
    manna_server::retention::tidy(&s.state.store, &s.state.clock)
        .await
        .expect("tidy");
    set_storage_totals(&s, &later.user, 0, FREE_BYTES_ANONYMOUS).await;
    let (_, body) = write_as(&s, &later, 2).await;
    assert_eq!(body["rejected"][0]["field"], "id", "{body}");

    // A heavy phone on another network is not held back by them.
    let (elsewhere, _) = register("user-1801310400105-home", "203.0.113.20").await;
    set_storage_totals(
        &s,
        &elsewhere.user,
        FREE_RECORDS_ANONYMOUS,
        FREE_BYTES_ANONYMOUS,
    )
    .await;
    let (_, body) = first_write(&s, &elsewhere).await;
    assert_eq!(body["rejected"], json!([]), "{body}");
    // Nor one of theirs that signed in: an account stores under its own
    // allowance.
    let (status, body, _) = s
        .register_account(
            &later,
            form("later@example.org", "a password", "a password", "Lo"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (_, body) = write_as(&s, &later, 3).await;
    assert_eq!(body["ackedSeq"], 3, "{body}");
    assert_eq!(body["rejected"], json!([]), "{body}");
}

#[tokio::test]
async fn a_flood_of_database_work_is_turned_away_with_503_and_retry_after() {
    let s = TestServer::start_with(|c| c.db_queue_max = 2).await;
    let d = s.register("user-1801310400105-flood").await;
    // Long queries fill every database thread (one a core) and many more
    // wait behind them: far past the most allowed, so that the queue stays
    // over it while the call below is on its way, however quickly a busy
    // machine's threads take the next.
    let slow = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 500000) SELECT count(*) FROM n";
    let store = s.state.store.clone();
    let mut flood = Vec::new();
    while store.waiting() <= 2 + 30 {
        assert!(flood.len() < 500, "no queue");
        let store = store.clone();
        flood.push(tokio::spawn(
            async move { store.numbers_for_tests(slow).await },
        ));
        tokio::task::yield_now().await;
    }
    let res = s
        .client
        .post(format!("{}/api/sync/push", s.base))
        .header("X-User-ID", &d.user)
        .bearer_auth(&d.token)
        .json(&json!({"protocolVersion": 1, "deviceId": d.id, "mutations": []}))
        .send()
        .await
        .expect("push");
    assert_eq!(res.status(), 503);
    let retry: u64 = res
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok())
        .expect("Retry-After");
    assert!((1..=60).contains(&retry), "{retry}");
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["error"], "busy", "{body}");
    // The health check still answers.
    let (status, _) = s.get("/api/health").await;
    assert_eq!(status, 200);
    for q in flood {
        q.await.expect("joined").expect("query");
    }
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": []})),
        )
        .await;
    assert_eq!(status, 200, "once the queue is gone: {body}");
}
