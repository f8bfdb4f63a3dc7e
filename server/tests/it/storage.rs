//! What one user may keep: old values forgotten after their window and capped
//! per user, and quotas of records and bytes that refuse with a reason and
//! lose nothing.

use crate::common;

use common::TestServer;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn kept_old_values_are_forgotten_after_the_retention_window() {
    let day_ms = 24 * 60 * 60 * 1000;
    let s = TestServer::start_pinned(1_780_000_000_000, |_| {}).await;
    let d = s.register("user-1700000000000-history").await;
    let (status, created) = s
        .call_as(
            &d,
            Method::POST,
            "/api/prayer-reminders",
            Some(
                json!({"title": "Evening", "reminderTime": "21:00", "isActive": 1,
                "days": ["sunday"], "prayerType": "evening"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let path = format!("/api/prayer-reminders/{id}");
    assert_eq!(s.call_as(&d, Method::DELETE, &path, None).await.0, 204);
    let kept = |st: &manna_server::AppState| {
        let (store, user, id) = (st.store.clone(), d.user.clone(), id.clone());
        async move {
            store
                .revisions_of(&user, manna_sync_protocol::Table::PrayerReminders, &id)
                .await
                .expect("revisions")
                .len()
        }
    };
    // The deleted reminder's fields are kept, for a while.
    assert_eq!(kept(&s.state).await, 1);
    s.clock.advance(89 * day_ms);
    manna_server::retention::tidy(&s.state.store, &s.state.clock)
        .await
        .expect("tidy");
    assert_eq!(kept(&s.state).await, 1);
    s.clock.advance(2 * day_ms);
    manna_server::retention::tidy(&s.state.store, &s.state.clock)
        .await
        .expect("tidy");
    assert_eq!(kept(&s.state).await, 0);
}

#[tokio::test]
async fn each_user_keeps_at_most_its_newest_revisions() {
    use manna_server::store::Store;
    use manna_server::sync::{Open, Writer};
    use manna_sync_protocol::{Mutation, Op, PROTOCOL_VERSION, PushRequest, Table};
    let data = tempfile::tempdir().expect("dir");
    let store = Store::open(data.path()).expect("store");
    // Each journal entry written and then deleted keeps its values as one
    // revision, the newest last.
    async fn write_and_delete(store: &Store, user: &str, entries: usize) {
        store
            .register_device(
                user,
                &format!("dev-{user}"),
                &format!("hash-{user}"),
                "test",
                1,
            )
            .await
            .expect("user");
        let mut mutations = Vec::new();
        for i in 0..entries {
            let fields = journal_put(0, "", &format!("edit {i}"))["fields"].clone();
            for (op, fields) in [(Op::Put, fields), (Op::Delete, serde_json::json!({}))] {
                mutations.push(Mutation {
                    seq: mutations.len() as u64 + 1,
                    table: Table::PrayerJournal,
                    id: format!("journal-{i:02}"),
                    op,
                    fields: serde_json::from_value(fields).expect("fields"),
                    base_version: None,
                });
            }
        }
        let writer = Writer {
            user: user.into(),
            device: format!("dev-{user}"),
            now_ms: 1,
            gate: std::sync::Arc::new(Open),
        };
        let req = PushRequest {
            protocol_version: PROTOCOL_VERSION,
            schema_version: None,
            device_id: format!("dev-{user}"),
            mutations,
        };
        let answer = manna_server::sync::push(store, writer, req, None)
            .await
            .expect("push");
        assert_eq!(answer.rejected, vec![]);
    }
    write_and_delete(&store, "user-1-loop", 8).await;
    write_and_delete(&store, "user-1-calm", 3).await;
    let kept = |user: &'static str, entry: usize| {
        let store = store.clone();
        async move {
            let id = format!("journal-{entry:02}");
            let kept = store
                .revisions_of(user, Table::PrayerJournal, &id)
                .await
                .expect("revisions");
            kept.len()
        }
    };
    assert_eq!(
        (kept("user-1-loop", 0).await, kept("user-1-calm", 0).await),
        (1, 1)
    );

    // A cap of five: the loop's three oldest go, the calm user's three stay.
    let purged = store.purge_revisions(0, 5).await.expect("purge");
    assert_eq!(purged, 3);
    let mut loop_kept = Vec::new();
    for entry in 0..8 {
        loop_kept.push(kept("user-1-loop", entry).await);
    }
    assert_eq!(loop_kept, [0, 0, 0, 1, 1, 1, 1, 1], "the newest stay");
    let mut calm_kept = Vec::new();
    for entry in 0..3 {
        calm_kept.push(kept("user-1-calm", entry).await);
    }
    assert_eq!(calm_kept, [1, 1, 1]);
}

fn journal_put(seq: u64, id: &str, content: &str) -> serde_json::Value {
    json!({"seq": seq, "table": "prayerJournal", "id": id, "op": "put",
           "fields": {"date": "2026-11-22", "title": "Psalm 121", "content": content, "category": "gratitude"}})
}

#[tokio::test]
async fn a_user_at_a_storage_quota_is_told_and_loses_nothing() {
    use manna_server::sync::quota::{MAX_BYTES_PER_USER, MAX_RECORDS_PER_USER};
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-quota").await;
    let push = |mutations: serde_json::Value| {
        s.call_as(
            &d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
        )
    };
    let (status, first) = push(json!([journal_put(1, "journal-a", "Kept safe")])).await;
    assert_eq!((status, &first["rejected"]), (200, &json!([])));

    // One record short of the count quota: one more fits, the next is refused.
    common::set_storage_totals(&s, &d.user, MAX_RECORDS_PER_USER - 1, 1000).await;
    let (_, answer) = push(json!([
        journal_put(2, "journal-b", "Fits"),
        journal_put(3, "journal-c", "Too many"),
    ]))
    .await;
    assert_eq!(answer["ackedSeq"], 3);
    let rejected = answer["rejected"].as_array().expect("rejected");
    assert_eq!(rejected.len(), 1, "{answer}");
    assert_eq!(rejected[0]["seq"], 3);
    assert!(
        rejected[0]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("records"),
        "{answer}"
    );

    // At the byte quota: a record may still shrink, not grow; REST says so too.
    common::set_storage_totals(&s, &d.user, 10, MAX_BYTES_PER_USER - 10).await;
    let (_, answer) = push(json!([journal_put(4, "journal-a", &"x".repeat(500))])).await;
    assert_eq!(
        answer["rejected"].as_array().map(Vec::len),
        Some(1),
        "{answer}"
    );
    let (_, answer) = push(json!([journal_put(5, "journal-a", "K")])).await;
    assert_eq!(answer["rejected"], json!([]), "{answer}");
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/prayer-reminders",
            Some(
                json!({"title": "Noon", "reminderTime": "12:00", "isActive": 1,
                "days": ["friday"], "prayerType": "mealtime"}),
            ),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("MB"));

    // What was stored before is all there.
    let (_, pulled) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "cursor": null, "limit": 100})),
        )
        .await;
    let ids: Vec<&str> = pulled["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["id"].as_str())
        .collect();
    assert_eq!(ids.len(), 2, "{pulled}");
    assert!(ids.contains(&"journal-a") && ids.contains(&"journal-b"));
}
