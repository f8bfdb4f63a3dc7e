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
        let (db, user, id) = (st.store.clone(), d.user.clone(), id.clone());
        async move {
            db.call(move |conn| {
                manna_server::sync::revisions_of(
                    conn,
                    &user,
                    manna_sync_protocol::Table::PrayerReminders,
                    &id,
                )
            })
            .await
            .expect("revisions")
            .len()
        }
    };
    // The deleted reminder's fields are kept, for a while.
    assert_eq!(kept(&s.state).await, 1);
    s.clock.advance(89 * day_ms);
    s.state.tidy().await.expect("tidy");
    assert_eq!(kept(&s.state).await, 1);
    s.clock.advance(2 * day_ms);
    s.state.tidy().await.expect("tidy");
    assert_eq!(kept(&s.state).await, 0);
}

#[test]
fn each_user_keeps_at_most_its_newest_revisions() {
    let data = tempfile::tempdir().expect("dir");
    let mut conn = rusqlite::Connection::open(data.path().join("db")).expect("open");
    manna_server::store::migrations()
        .to_latest(&mut conn)
        .expect("migrate");
    let cap = manna_server::sync::REVISIONS_PER_USER;
    let tx = conn.transaction().expect("tx");
    for (user, n) in [("user-1-loop", cap + 5), ("user-1-calm", 3)] {
        tx.execute("INSERT INTO users (id, created_at) VALUES (?1, 1)", [user])
            .expect("user");
        for i in 0..n {
            tx.execute(
                "INSERT INTO revisions (user_id, tbl, id, field, value, device, reason, created_at)
                 VALUES (?1, 'prayerJournal', 'journal-a', 'content', ?2, 'dev-a', 'concurrentEdit', 1)",
                rusqlite::params![user, format!("\"edit {i}\"")],
            )
            .expect("insert");
        }
    }
    tx.commit().expect("commit");
    let purged = manna_server::sync::purge_revisions(&mut conn, 0).expect("purge");
    assert_eq!(purged, 5);
    let count = |user: &str| -> i64 {
        conn.query_row(
            "SELECT count(*) FROM revisions WHERE user_id = ?1",
            [user],
            |r| r.get(0),
        )
        .expect("count")
    };
    assert_eq!((count("user-1-loop"), count("user-1-calm")), (cap, 3));
    // The newest stay.
    let oldest: String = conn
        .query_row(
            "SELECT value FROM revisions WHERE user_id = 'user-1-loop' ORDER BY rowid LIMIT 1",
            [],
            |r| r.get(0),
        )
        .expect("oldest");
    assert_eq!(oldest, "\"edit 5\"");
}

fn journal_put(seq: u64, id: &str, content: &str) -> serde_json::Value {
    json!({"seq": seq, "table": "prayerJournal", "id": id, "op": "put",
           "fields": {"date": "2026-11-22", "title": "Psalm 121", "content": content, "category": "gratitude"}})
}

#[tokio::test]
async fn a_user_at_a_storage_quota_is_told_and_loses_nothing() {
    use manna_server::sync::records::{MAX_BYTES_PER_USER, MAX_RECORDS_PER_USER};
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
