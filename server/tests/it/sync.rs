//! Sync as a device sees it: identity, exactly-once push, gaps, rejections,
//! cursors, resets and concurrent edits.

use crate::common;

use common::{Device, TestServer, second_device};
use serde_json::{Value, json};

async fn call(server: &TestServer, device: &Device, path: &str, body: Value) -> (u16, Value) {
    server
        .call_as(device, reqwest::Method::POST, path, Some(body))
        .await
}

async fn push(server: &TestServer, device: &Device, mutations: Value) -> Value {
    let (status, body) = call(
        server,
        device,
        "/api/sync/push",
        json!({"protocolVersion": 1, "deviceId": device.id, "mutations": mutations}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn pull(server: &TestServer, device: &Device, cursor: Value) -> Value {
    let (status, body) = call(
        server,
        device,
        "/api/sync/pull",
        json!({"protocolVersion": 1, "deviceId": device.id, "cursor": cursor, "limit": 100}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn weight(seq: u64, date: &str, tenths: u32) -> Value {
    json!({"seq": seq, "table": "weightEntries", "id": format!("weight:{date}"), "op": "put",
           "fields": {"weight": tenths, "date": date, "notes": null, "mood": "good"}})
}

fn journal(seq: u64, id: &str, op: &str, fields: Value, base: Option<u64>) -> Value {
    let mut m = json!({"seq": seq, "table": "prayerJournal", "id": id, "op": op, "fields": fields});
    if let Some(b) = base {
        m["baseVersion"] = json!(b);
    }
    m
}

#[tokio::test]
async fn an_id_alone_reads_nothing() {
    let server = TestServer::start().await;
    let owner = server.register("user-1763790000000-owner1").await;
    push(&server, &owner, json!([weight(1, "2026-11-22", 1805)])).await;

    let thief = Device {
        user: owner.user.clone(),
        id: owner.id.clone(),
        token: "guess".into(),
    };
    let (status, body) = call(
        &server,
        &thief,
        "/api/sync/pull",
        json!({"protocolVersion": 1, "deviceId": owner.id}),
    )
    .await;
    assert_eq!(status, 401);
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("token"))
    );

    let res = server
        .client
        .post(format!("{}/api/sync/pull", server.base))
        .header("X-User-ID", &owner.user)
        .json(&json!({"protocolVersion": 1, "deviceId": owner.id}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), 401, "no token at all");

    let again = server
        .client
        .post(format!("{}/api/devices", server.base))
        .header("X-User-ID", &owner.user)
        .send()
        .await
        .expect("request");
    assert_eq!(
        again.status(),
        409,
        "an id cannot be registered twice to get a new token"
    );

    let other = server.register("user-1763790000000-other2").await;
    let borrowed = Device {
        user: owner.user.clone(),
        id: other.id.clone(),
        token: other.token.clone(),
    };
    let (status, _) = call(
        &server,
        &borrowed,
        "/api/sync/pull",
        json!({"protocolVersion": 1, "deviceId": other.id}),
    )
    .await;
    assert_eq!(status, 401, "another user's token does not open this user");

    let (status, body) = call(
        &server,
        &other,
        "/api/sync/pull",
        json!({"protocolVersion": 1, "deviceId": other.id}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["changes"],
        json!([]),
        "other user sees none of the owner's records"
    );

    let bad = server
        .client
        .post(format!("{}/api/devices", server.base))
        .header("X-User-ID", "admin")
        .send()
        .await
        .expect("request");
    assert_eq!(bad.status(), 400);
}

#[tokio::test]
async fn a_retry_after_a_lost_answer_applies_once() {
    let server = TestServer::start().await;
    let d = server.register("user-1763790000000-retry1").await;
    let batch = json!([
        weight(1, "2026-11-21", 1810),
        journal(
            2,
            "j1",
            "put",
            json!({"date": "2026-11-22", "title": "Thanks", "content": "For rest", "category": "gratitude"}),
            None
        )
    ]);
    let first = push(&server, &d, batch.clone()).await;
    assert_eq!(first["ackedSeq"], 2);
    let retry = push(&server, &d, batch).await;
    assert_eq!(retry["ackedSeq"], 2);
    assert_eq!(retry["rejected"], json!([]));

    let page = pull(&server, &d, Value::Null).await;
    assert_eq!(page["changes"].as_array().map(Vec::len), Some(2));
    assert_eq!(page["cursor"]["version"], 2, "two changes, not four");
    assert_eq!(page["ackedSeq"], 2);
}

#[tokio::test]
async fn a_gap_is_refused_until_the_missing_mutation_arrives() {
    let server = TestServer::start().await;
    let d = server.register("user-1763790000000-gap001").await;
    push(&server, &d, json!([weight(1, "2026-11-20", 1820)])).await;
    let gap = push(&server, &d, json!([weight(3, "2026-11-22", 1800)])).await;
    assert_eq!(gap["ackedSeq"], 1);
    assert_eq!(gap["gap"], json!({"expected": 2, "received": 3}));
    let filled = push(
        &server,
        &d,
        json!([weight(2, "2026-11-21", 1810), weight(3, "2026-11-22", 1800)]),
    )
    .await;
    assert_eq!(filled["ackedSeq"], 3);
    assert!(filled.get("gap").is_none());
}

#[tokio::test]
async fn an_invalid_mutation_does_not_block_later_ones() {
    let server = TestServer::start().await;
    let d = server.register("user-1763790000000-inval1").await;
    let answer = push(&server, &d, json!([
        weight(1, "2026-02-30", 1805),
        {"seq": 2, "table": "prayerReminders", "id": "r1", "op": "put",
         "fields": {"title": "Morning", "description": "", "reminderTime": "08:00", "isActive": 1, "days": [], "prayerType": "morning"}},
        weight(3, "2026-11-22", 1805),
    ])).await;
    assert_eq!(answer["ackedSeq"], 3);
    let rejected = answer["rejected"].as_array().expect("rejected");
    assert_eq!(rejected.len(), 2);
    assert!(
        rejected[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("date:"))
    );
    assert!(
        rejected[1]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("days:"))
    );
    let page = pull(&server, &d, Value::Null).await;
    assert_eq!(page["changes"][0]["id"], "weight:2026-11-22");

    let (status, body) = call(
        &server,
        &d,
        "/api/sync/push",
        json!({"protocolVersion": 1, "deviceId": d.id, "mutations": [{"seq": "x"}]}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().is_some_and(|m| m.contains("seq")),
        "{body}"
    );
    let (status, body) = call(
        &server,
        &d,
        "/api/sync/push",
        json!({"protocolVersion": 0, "deviceId": d.id, "mutations": []}),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("clientTooOld"))
    );
}

#[tokio::test]
async fn push_and_rest_refuse_the_same_record_with_the_same_words() {
    let server = TestServer::start().await;
    let d = server.register("user-1763790000000-grade1").await;
    // 20 is 'Good': a record calling it 'Great!' is refused by both paths.
    let fields = json!({"date": "2026-11-22", "score": 20, "grade": "Great!",
                        "responses": {"1": 4, "2": 4, "3": 4, "4": 4, "5": 4}});
    let answer = push(
        &server,
        &d,
        json!([{"seq": 1, "table": "wellnessScores",
        "id": "score:2026-11-22", "op": "put", "fields": fields}]),
    )
    .await;
    assert_eq!(answer["ackedSeq"], 1);
    let refusal = &answer["rejected"][0];
    assert_eq!(refusal["field"], "grade", "{answer}");
    let (status, body) = call(&server, &d, "/api/wellness-scores", fields).await;
    assert_eq!(status, 400);
    assert_eq!(body["field"], "grade", "{body}");
    assert_eq!(body["message"], refusal["message"]);
    assert_eq!(
        body["message"],
        "grade: a score of 20 is 'Good', not 'Great!'"
    );
}

#[tokio::test]
async fn concurrent_edits_of_the_same_text_keep_both_versions() {
    let server = TestServer::start().await;
    let a = server.register("user-1763790000000-phoneA").await;
    let b = second_device(&server, &a, "dev-phone-b", "token-of-phone-b").await;
    push(&server, &a, json!([journal(1, "j1", "put",
        json!({"date": "2026-11-22", "title": "Hope", "content": "First words", "category": "reflection"}), None)])).await;
    // Both phones saw version 1, then edited the same text offline. A arrives first.
    push(
        &server,
        &a,
        json!([journal(
            2,
            "j1",
            "patch",
            json!({"content": "Words from A"}),
            Some(1)
        )]),
    )
    .await;
    push(
        &server,
        &b,
        json!([journal(
            1,
            "j1",
            "patch",
            json!({"content": "Words from B", "title": "Hope again"}),
            Some(1)
        )]),
    )
    .await;

    let page = pull(&server, &b, Value::Null).await;
    let fields = &page["changes"][0]["fields"];
    assert_eq!(
        fields["content"], "Words from B",
        "the later arrival is current"
    );
    assert_eq!(fields["title"], "Hope again");
    let kept = server
        .state
        .store
        .revisions_of(&a.user, manna_sync_protocol::Table::PrayerJournal, "j1")
        .await
        .expect("revisions");
    assert_eq!(kept.len(), 1);
    assert_eq!(
        (kept[0].field.as_deref(), &kept[0].value),
        (Some("content"), &json!("Words from A"))
    );
    assert_eq!(kept[0].device, a.id);

    // Both pushed weight for the same day: one record, not two.
    push(&server, &a, json!([weight(3, "2026-11-22", 1805)])).await;
    push(&server, &b, json!([weight(2, "2026-11-22", 1800)])).await;
    let page = pull(&server, &a, Value::Null).await;
    let weights: Vec<&Value> = page["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter(|c| c["table"] == "weightEntries")
        .collect();
    assert_eq!(weights.len(), 1);
    assert_eq!(weights[0]["fields"]["weight"], 1800);
}

#[tokio::test]
async fn cursors_move_forward_and_deletes_arrive_as_tombstones() {
    let server = TestServer::start().await;
    let d = server.register("user-1763790000000-cursor").await;
    push(
        &server,
        &d,
        json!([weight(1, "2026-11-21", 1810), weight(2, "2026-11-22", 1800)]),
    )
    .await;
    let first = pull(&server, &d, Value::Null).await;
    let cursor = first["cursor"].clone();
    assert_eq!(cursor["version"], 2);
    push(
        &server,
        &d,
        json!([{"seq": 3, "table": "weightEntries", "id": "weight:2026-11-21", "op": "delete"}]),
    )
    .await;
    let next = pull(&server, &d, cursor).await;
    assert_eq!(
        next["changes"],
        json!([{"table": "weightEntries", "id": "weight:2026-11-21", "op": "delete", "version": 3}])
    );
    assert_eq!(next["cursor"]["version"], 3);
    assert_eq!(next["hasMore"], false);
}

#[tokio::test]
async fn old_cursors_and_changed_epochs_get_reset() {
    let server = TestServer::start().await;
    let d = server.register("user-1763790000000-reset1").await;
    push(
        &server,
        &d,
        json!([weight(1, "2026-11-21", 1810),
        {"seq": 2, "table": "weightEntries", "id": "weight:2026-11-21", "op": "delete"},
        weight(3, "2026-11-22", 1800)]),
    )
    .await;
    let old_cursor =
        json!({"epoch": pull(&server, &d, Value::Null).await["cursor"]["epoch"], "version": 1});

    // Forget every tombstone: a device that has not seen the delete must start again.
    let store = &server.state.store;
    let purged = store.purge_tombstones(i64::MAX).await.expect("purge");
    assert_eq!(purged, 1);
    assert_eq!(
        pull(&server, &d, old_cursor.clone()).await,
        json!({"reset": "cursorTooOld"})
    );
    let fresh = pull(&server, &d, Value::Null).await;
    assert_eq!(
        fresh["changes"].as_array().map(Vec::len),
        Some(1),
        "the snapshot holds the live record"
    );

    // A restore from backup changes the epoch: every cursor resets.
    store
        .rotate_epoch("after-restore".into())
        .await
        .expect("rotate");
    assert_eq!(
        pull(&server, &d, fresh["cursor"].clone()).await,
        json!({"reset": "epochChanged"})
    );
    assert_eq!(
        pull(&server, &d, json!({"epoch": "made-up", "version": 0})).await,
        json!({"reset": "epochChanged"})
    );
}
