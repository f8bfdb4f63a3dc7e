//! One user's load holds no one else up: a long push is applied in short
//! steps (still exactly once, with its gaps and refusals as one push), a
//! pulled page is bounded in bytes, what one user's pushes may carry a minute
//! is bounded (pushes that fail counted too), and one user's many calls at
//! once wait their turn (a few
//! answered at once, a few dozen waiting, more turned away) while another
//! user's call goes straight through.

use crate::common::{Device, TestServer, test_postgres};
use manna_server::guard::turns::{AT_ONCE, WAITING};
use manna_server::sync::PUSH_STEP;
use reqwest::Method;
use serde_json::{Value, json};

fn entry(seq: usize, words: usize) -> Value {
    json!({"seq": seq, "table": "prayerJournal", "id": format!("j{seq}"), "op": "put",
           "fields": {"date": "2026-11-29", "title": format!("Entry {seq}"),
                      "content": "Grace ".repeat(words), "category": "gratitude"}})
}

async fn push(s: &TestServer, d: &Device, mutations: Vec<Value>) -> (u16, Value) {
    s.call_as(
        d,
        Method::POST,
        "/api/sync/push",
        Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
    )
    .await
}

#[tokio::test]
async fn a_long_push_is_applied_in_steps_exactly_once_with_its_gap_and_refusals() {
    let s = TestServer::start().await;
    let d = s.register("user-1801310400200-long").await;
    let n = PUSH_STEP * 2 + 30;
    let mut mutations: Vec<Value> = (1..=n).map(|seq| entry(seq, 3)).collect();
    // More than one step holds, one refused past the first, a gap after the last.
    mutations[PUSH_STEP + 4]["fields"]["category"] = json!("unknown");
    mutations.push(entry(n + 2, 3));
    let (status, body) = push(&s, &d, mutations.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ackedSeq"], n, "{body}");
    assert_eq!(body["rejected"].as_array().map(Vec::len), Some(1), "{body}");
    assert_eq!(body["rejected"][0]["seq"], PUSH_STEP + 5);
    assert_eq!(body["gap"]["expected"], n + 1, "{body}");
    // Sent again whole: nothing applied twice.
    let (_, again) = push(&s, &d, mutations).await;
    assert_eq!(again["ackedSeq"], n);
    assert_eq!(again["rejected"], json!([]));
    let kept = s
        .state
        .store
        .numbers_for_tests(&format!(
            "SELECT count(*) FROM records WHERE user_id = '{}'",
            d.user
        ))
        .await
        .expect("count")[0];
    assert_eq!(kept, (n - 1) as i64);
}

#[tokio::test]
async fn a_page_of_large_records_is_bounded_and_the_rest_follows() {
    let s = TestServer::start().await;
    let d = s.register("user-1801310400201-pages").await;
    // 400 entries of about 2 KB: 800 KB in all.
    for start in (1..=400).step_by(100) {
        let (status, body) = push(
            &s,
            &d,
            (start..start + 100).map(|seq| entry(seq, 330)).collect(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (mut cursor, mut pages, mut seen) = (Value::Null, 0, 0);
    loop {
        let (status, page) = s
            .call_as(
                &d,
                Method::POST,
                "/api/sync/pull",
                Some(json!({"protocolVersion": 1, "deviceId": d.id, "cursor": cursor, "limit": 1000})),
            )
            .await;
        assert_eq!(status, 200);
        let changes = page["changes"].as_array().map_or(0, Vec::len);
        assert!(changes < 400, "one page of {changes}: bounded by its bytes");
        seen += changes;
        pages += 1;
        cursor = page["cursor"].clone();
        if page["hasMore"] != true {
            break;
        }
    }
    assert_eq!(seen, 400, "every record, once, over {pages} pages");
    assert!(pages >= 3, "{pages} pages");
}

#[tokio::test]
async fn what_one_users_pushes_carry_a_minute_is_bounded() {
    let s = TestServer::start().await;
    let d = s.register("user-1801310400202-heavy").await;
    // Pushes of about 400 KB each, back to back.
    let mut statuses = Vec::new();
    for step in 0..8 {
        let first = step * 200 + 1;
        let (status, _) = push(
            &s,
            &d,
            (first..first + 200).map(|seq| entry(seq, 330)).collect(),
        )
        .await;
        statuses.push(status);
        if status == 429 {
            break;
        }
    }
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    assert!(
        statuses.len() >= 4,
        "a few large pushes pass first: {statuses:?}"
    );
    // Another user is not held back by it.
    let other = s.register("user-1801310400203-light").await;
    let (status, _) = push(&s, &other, vec![entry(1, 3)]).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn one_users_many_calls_at_once_wait_their_turn_and_another_user_goes_straight_through() {
    let s = TestServer::start().await;
    let busy = s.register("user-1801310400204-busy").await;
    let calm = s.register("user-1801310400205-calm").await;
    // The busy user's calls under way (a few) and waiting (a few dozen).
    let mut under_way = Vec::new();
    for _ in 0..AT_ONCE {
        under_way.push(s.state.turns.take(&busy.user).await.expect("a turn"));
    }
    let waiting: Vec<_> = (0..WAITING)
        .map(|_| {
            let turns = s.state.turns.clone();
            let user = busy.user.clone();
            tokio::spawn(async move { turns.take(&user).await.map(drop) })
        })
        .collect();
    while s.state.turns.of(&busy.user) < AT_ONCE + WAITING {
        tokio::task::yield_now().await;
    }
    // One more of theirs is turned away at once, saying when to try again.
    let res = s
        .client
        .get(format!("{}/api/prayer-journal", s.base))
        .header("X-User-ID", &busy.user)
        .bearer_auth(&busy.token)
        .send()
        .await
        .expect("call");
    assert_eq!(res.status(), 429);
    assert!(res.headers().get("retry-after").is_some());
    // Someone else's call is answered meanwhile.
    let (status, _) = s
        .call_as(&calm, Method::GET, "/api/prayer-journal", None)
        .await;
    assert_eq!(status, 200);
    drop(under_way);
    for w in waiting {
        w.await
            .expect("joined")
            .expect("each waiting call had its turn");
    }
    let (status, _) = s
        .call_as(&busy, Method::GET, "/api/prayer-journal", None)
        .await;
    assert_eq!(status, 200, "and their turn comes again");
}

#[tokio::test]
async fn a_call_that_checks_premium_and_the_device_holds_one_turn_of_its_user() {
    let s = TestServer::start_with(|c| c.owner_emails = vec!["owner@manna.test".into()]).await;
    let d =
        crate::common::pay::owner_device(&s, "user-1801310400206-owner", "owner@manna.test").await;
    // More at once than a user's turns: each asks for premium and the device,
    // and none waits for a second turn of its own.
    let calls = (0..AT_ONCE * 2).map(|_| {
        s.call_as(
            &d,
            Method::POST,
            "/api/shopping-lists/generate-30-day",
            Some(json!({"planId": "no-such-plan", "startDate": "2026-12-06"})),
        )
    });
    let answers = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        futures::future::join_all(calls),
    )
    .await
    .expect("every call answered: none waits on itself");
    for (status, body) in answers {
        assert!(
            (400..500).contains(&status) && status != 429,
            "{status} {body}"
        );
    }
}

#[tokio::test]
async fn one_user_pushes_120_times_a_minute_and_the_next_is_told_how_long_to_wait() {
    let s = TestServer::start().await;
    let d = s.register("user-1801310400204-often").await;
    for seq in 1..=120 {
        let (status, answer) = push(&s, &d, vec![entry(seq, 3)]).await;
        assert_eq!(status, 200, "push {seq}: {answer}");
    }
    let (status, answer) = push(&s, &d, vec![entry(121, 3)]).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(answer["error"], "too_many_requests", "{answer}");
    let words = answer["message"].as_str().unwrap_or_default();
    assert!(words.contains("Please wait a minute"), "{answer}");
    // Nothing of the refused push was applied.
    let (_, pulled) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "cursor": null, "limit": 500})),
        )
        .await;
    assert_eq!(pulled["changes"].as_array().map(Vec::len), Some(120));
    // Another user is not held back by it.
    let other = s.register("user-1801310400205-seldom").await;
    let (status, _) = push(&s, &other, vec![entry(1, 3)]).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn pushes_that_fail_on_the_server_count_toward_the_limit_as_any_other() {
    let s = TestServer::start().await;
    let d = s.register("user-1801310400206-fails").await;
    // The database refuses every record of this user's: each push fails.
    let refuse = match test_postgres() {
        Some(_) => vec![
            "CREATE FUNCTION refuse_for_the_test() RETURNS trigger LANGUAGE plpgsql
             AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$"
                .to_owned(),
            format!(
                "CREATE TRIGGER refuse_for_the_test BEFORE INSERT ON records FOR EACH ROW
                 WHEN (NEW.user_id = '{}') EXECUTE FUNCTION refuse_for_the_test()",
                d.user
            ),
        ],
        None => vec![format!(
            "CREATE TRIGGER refuse_for_the_test BEFORE INSERT ON records
             WHEN NEW.user_id = '{}' BEGIN SELECT RAISE(ABORT, 'refused for the test'); END",
            d.user
        )],
    };
    for sql in &refuse {
        s.state.store.execute_for_tests(sql).await.expect("trigger");
    }
    for seq in 1..=120 {
        let (status, answer) = push(&s, &d, vec![entry(1, 3)]).await;
        assert_eq!(status, 500, "push {seq}: {answer}");
    }
    // A device sending a failing push again and again is limited like any
    // other (on replicas too, where the counts are taken in the write).
    let (status, answer) = push(&s, &d, vec![entry(1, 3)]).await;
    assert_eq!(status, 429, "{answer}");
}
