//! Backups taken while serving, and a restore after which devices send again
//! what the backup lacks: nothing a device held is lost.

use crate::common;

use common::{Device, TestServer};
use reqwest::Method;
use serde_json::{Value, json};

fn entry(seq: u64, id: &str) -> Value {
    json!({"seq": seq, "table": "prayerJournal", "id": id, "op": "put",
           "fields": {"date": "2026-11-22", "title": id, "content": "Kept", "category": "gratitude"}})
}

async fn push(s: &TestServer, d: &Device, mutations: Value) -> Value {
    let (status, body) = s
        .call_as(
            d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn pull(s: &TestServer, d: &Device, cursor: Value) -> Value {
    let (status, body) = s
        .call_as(
            d,
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "cursor": cursor, "limit": 100})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn ids(page: &Value) -> Vec<String> {
    let mut ids: Vec<String> = page["changes"]
        .as_array()
        .map(|c| {
            c.iter()
                .filter_map(|c| c["id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    ids.sort();
    ids
}

#[tokio::test]
async fn a_restore_makes_devices_resend_what_the_backup_lacks() {
    let data = tempfile::tempdir().expect("dir");
    let dir = data.path().to_path_buf();
    let config = manna_server::Config::for_tests(dir.clone());
    let backup = data.path().join("backup.sqlite3");

    let s = TestServer::start_with({
        let dir = dir.clone();
        move |c| c.data_dir = dir
    })
    .await;
    let d = s.register("user-1700000000000-restore").await;
    push(
        &s,
        &d,
        json!([entry(1, "journal-a"), entry(2, "journal-b")]),
    )
    .await;
    // A backup while serving, then more changes the backup will not have.
    manna_server::store::backup(config.database(), &backup).expect("backup");
    assert!(
        manna_server::store::backup(config.database(), &backup).is_err(),
        "never overwrites"
    );
    push(&s, &d, json!([entry(3, "journal-c")])).await;
    let before = pull(&s, &d, Value::Null).await;
    assert_eq!(ids(&before), ["journal-a", "journal-b", "journal-c"]);
    drop(s);

    let epoch = manna_server::store::restore(config.database(), &backup, "restored-epoch".into())
        .expect("restore");
    assert_ne!(Some(epoch.as_str()), before["cursor"]["epoch"].as_str());
    let s = TestServer::start_with(move |c| c.data_dir = dir).await;
    // The device's old cursor resets, and its numbering starts again from 1.
    assert_eq!(
        pull(&s, &d, before["cursor"].clone()).await,
        json!({"reset": "epochChanged"})
    );
    let answer = push(&s, &d, json!([entry(4, "journal-d")])).await;
    assert_eq!(answer["gap"], json!({"expected": 1, "received": 4}));
    // It sends again what the server lacks (and what it wrote since), from 1.
    let snapshot = pull(&s, &d, Value::Null).await;
    assert_eq!(ids(&snapshot), ["journal-a", "journal-b"]);
    let answer = push(
        &s,
        &d,
        json!([entry(1, "journal-c"), entry(2, "journal-d")]),
    )
    .await;
    assert_eq!(
        (answer["ackedSeq"].clone(), answer["rejected"].clone()),
        (json!(2), json!([]))
    );
    let after = pull(&s, &d, Value::Null).await;
    assert_eq!(
        ids(&after),
        ["journal-a", "journal-b", "journal-c", "journal-d"]
    );

    // Not a backup: refused with the reason, nothing touched.
    let junk = data.path().join("junk.txt");
    std::fs::write(&junk, "not a database").expect("write");
    let err = manna_server::store::restore(config.database(), &junk, "never".into())
        .expect_err("refused");
    // What the operator reads of it.
    let err = manna_server::error::AppError::from(err);
    assert!(err.to_string().contains("not a Manna backup"), "{err}");
}
