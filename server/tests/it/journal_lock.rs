//! A locked journal: two devices lock, sync, write offline, change the
//! passphrase and recover with the recovery key (the device side done by
//! the core's own lock, as the app's wasm does it), and afterwards the
//! server's database holds no entry's text or title and no passphrase.

use crate::common::{Device, TestServer, files_holding, second_device};
use manna_core::journal_lock::{
    LOCK_RANDOM, REWRAP_RANDOM, SEAL_RANDOM, new_lock, open_entry, open_lock, open_with_recovery,
    passphrase_lock, seal_entry,
};
use manna_sync_protocol::records::journal::JOURNAL_KEY_ID;
use reqwest::Method;
use serde_json::{Map, Value, json};
use std::sync::atomic::{AtomicU8, Ordering};

const PASSPHRASE: &str = "green pastures still waters";
const NEW_PASSPHRASE: &str = "goodness and mercy all my days";
const WORDS: [&str; 5] = [
    "Keep my brother Samuel on the night shift",
    "Thank you for the Tuesday rain",
    "Forgive my temper with Abigail",
    "Heal the neighbour's hip before winter",
    "The offline prayer from the hills",
];

/// Random bytes for tests: different each call, as the device's would be.
fn random<const N: usize>() -> [u8; N] {
    static NEXT: AtomicU8 = AtomicU8::new(1);
    let start = NEXT.fetch_add(37, Ordering::Relaxed);
    std::array::from_fn(|i| start.wrapping_add((i as u8).wrapping_mul(101)))
}

fn entry(title: &str, content: &str) -> Map<String, Value> {
    json!({"date": "2026-11-30", "title": title, "content": content, "category": "petition"})
        .as_object()
        .cloned()
        .expect("fields")
}

/// Pushes `mutations` (numbered from `first`) as `device`; answers the push.
async fn push(s: &TestServer, d: &Device, first: u64, mutations: Vec<Value>) -> Value {
    let mutations: Vec<Value> = mutations
        .into_iter()
        .enumerate()
        .map(|(i, mut m)| {
            m["seq"] = json!(first + i as u64);
            m
        })
        .collect();
    let body = json!({"protocolVersion": 1,
        "schemaVersion": manna_sync_protocol::schema::SCHEMA_VERSION,
        "deviceId": d.id, "mutations": mutations});
    let (status, answer) = s
        .call_as(d, Method::POST, "/api/sync/push", Some(body))
        .await;
    assert_eq!(status, 200, "{answer}");
    answer
}

/// Everything a pull from the start gives `device`, by table and id.
async fn snapshot(s: &TestServer, d: &Device) -> Map<String, Value> {
    let mut out = Map::new();
    let mut cursor = Value::Null;
    loop {
        let body = json!({"protocolVersion": 1,
            "schemaVersion": manna_sync_protocol::schema::SCHEMA_VERSION,
            "deviceId": d.id, "cursor": cursor, "limit": 500});
        let (status, answer) = s
            .call_as(d, Method::POST, "/api/sync/pull", Some(body))
            .await;
        assert_eq!(status, 200, "{answer}");
        for c in answer["changes"].as_array().expect("changes") {
            let key = format!(
                "{}/{}",
                c["table"].as_str().unwrap_or(""),
                c["id"].as_str().unwrap_or("")
            );
            out.insert(key, c.clone());
        }
        cursor = answer["cursor"].clone();
        if answer["hasMore"] != json!(true) {
            return out;
        }
    }
}

fn put(table: &str, id: &str, fields: Map<String, Value>) -> Value {
    json!({"table": table, "id": id, "op": "put", "fields": fields})
}

fn fields_of(c: &Value) -> Map<String, Value> {
    c["fields"].as_object().cloned().expect("fields")
}

#[tokio::test]
async fn a_locked_journal_syncs_between_two_devices_and_leaves_no_words_on_the_server() {
    let s = TestServer::start().await;
    let a = s.register("user-1801310400003-lockedjournal").await;
    let b = second_device(&s, &a, "device-b-locked", "token-b-locked-journal-0001").await;

    // Before the lock: three entries in the open, one edited on both
    // devices (a revision keeps the older words), one deleted (its
    // tombstone keeps its last words).
    let answer = push(
        &s,
        &a,
        1,
        vec![
            put(
                "prayerJournal",
                "journal-1-a",
                entry("Samuel 7741", WORDS[0]),
            ),
            put("prayerJournal", "journal-2-a", entry("Rain 7742", WORDS[1])),
            put(
                "prayerJournal",
                "journal-3-a",
                entry("Temper 7743", WORDS[2]),
            ),
        ],
    )
    .await;
    assert_eq!(answer["rejected"], json!([]), "{answer}");
    let mut edited = entry("Rain 7742", "Thank you for the rain, and for the umbrella");
    edited.insert("answered".into(), json!(null));
    push(&s, &b, 1, vec![json!({"table": "prayerJournal", "id": "journal-2-a", "op": "put", "fields": edited, "baseVersion": 0})]).await;
    // B writes one more in the open, which A has not pulled when it locks.
    push(
        &s,
        &b,
        2,
        vec![put(
            "prayerJournal",
            "journal-6-b",
            entry("Hip 7746", WORDS[3]),
        )],
    )
    .await;
    push(
        &s,
        &a,
        4,
        vec![json!({"table": "prayerJournal", "id": "journal-3-a", "op": "delete"})],
    )
    .await;
    if !s.state.store.is_shared() {
        s.state.store.clear_log().await.expect("checkpoint");
        assert!(
            !files_holding(s.data_dir(), WORDS[2]).is_empty(),
            "the search below can find words"
        );
    }

    // Device A locks: the key record and every entry it holds, sealed, in one push.
    let lock = new_lock(PASSPHRASE, &random::<LOCK_RANDOM>()).expect("locked");
    let key = lock.journal_key;
    let mut key_record = lock.record.as_object().cloned().expect("fields");
    key_record.insert("lockedAt".into(), json!("2026-12-01T08:00:00.000Z"));
    let sealed = |id: &str, fields: &Map<String, Value>| {
        put(
            "prayerJournal",
            id,
            seal_entry(&key, id, fields, &random::<SEAL_RANDOM>()),
        )
    };
    let answer = push(
        &s,
        &a,
        5,
        vec![
            put("journalKeys", JOURNAL_KEY_ID, key_record.clone()),
            sealed("journal-1-a", &entry("Samuel 7741", WORDS[0])),
            sealed(
                "journal-2-a",
                &entry("Rain 7742", "Thank you for the rain, and for the umbrella"),
            ),
        ],
    )
    .await;
    assert_eq!(answer["rejected"], json!([]), "{answer}");
    for id in ["journal-1-a", "journal-2-a", "journal-3-a"] {
        let kept = s
            .state
            .store
            .revisions_of(&a.user, manna_sync_protocol::Table::PrayerJournal, id)
            .await
            .expect("revisions");
        assert_eq!(kept, [], "{id}: no older words kept");
    }

    // A plain entry is refused now, by a push (an older app) and by REST.
    let answer = push(
        &s,
        &b,
        3,
        vec![put(
            "prayerJournal",
            "journal-4-b",
            entry("Plain", "Plain words after the lock"),
        )],
    )
    .await;
    assert_eq!(answer["rejected"][0]["field"], "locked", "{answer}");
    let (status, body) = s
        .call_as(
            &b,
            Method::POST,
            "/api/prayer-journal",
            Some(Value::Object(entry("REST", "REST words after the lock"))),
        )
        .await;
    assert_eq!(
        (
            status,
            body["message"].as_str().map(|e| e.starts_with("locked: "))
        ),
        (400, Some(true)),
        "{body}"
    );
    // A second lock made elsewhere at the same time is refused: the first one's entries stay readable.
    let other = new_lock("another passphrase entirely", &random::<LOCK_RANDOM>()).expect("locked");
    let mut other_record = other.record.as_object().cloned().expect("fields");
    other_record.insert("lockedAt".into(), json!("2026-12-01T08:00:01.000Z"));
    let answer = push(
        &s,
        &b,
        4,
        vec![put("journalKeys", JOURNAL_KEY_ID, other_record)],
    )
    .await;
    assert_eq!(answer["rejected"][0]["field"], "keyId", "{answer}");

    // Device B opens the journal with the passphrase, reads it, and writes
    // an entry offline (sealed before its outbox; sent later).
    let on_b = snapshot(&s, &b).await;
    let record = fields_of(&on_b[&format!("journalKeys/{JOURNAL_KEY_ID}")]);
    assert_eq!(
        open_lock("green pastures", &record["passphrase"]),
        Err(manna_core::journal_lock::LockError::WrongKey)
    );
    let key_b = open_lock(PASSPHRASE, &record["passphrase"]).expect("opens on B");
    assert_eq!(key_b, key);
    let samuel = fields_of(&on_b["prayerJournal/journal-1-a"]);
    assert!(
        !Value::Object(samuel.clone())
            .to_string()
            .contains("Samuel 7741")
    );
    assert_eq!(
        open_entry(&key_b, "journal-1-a", &samuel).expect("opens")["content"],
        WORDS[0]
    );
    assert!(
        !on_b.contains_key("prayerJournal/journal-3-a")
            || on_b["prayerJournal/journal-3-a"]["op"] == "delete"
    );
    let offline = seal_entry(
        &key_b,
        "journal-5-b",
        &entry("Hills 7745", WORDS[4]),
        &random::<SEAL_RANDOM>(),
    );
    // Both devices edit Samuel's entry: both versions are kept, sealed.
    let version = on_b["prayerJournal/journal-1-a"]["version"]
        .as_u64()
        .expect("version");
    let on_a_edit = seal_entry(
        &key,
        "journal-1-a",
        &entry("Samuel 7741", "Samuel, days now"),
        &random::<SEAL_RANDOM>(),
    );
    push(&s, &a, 8, vec![json!({"table": "prayerJournal", "id": "journal-1-a", "op": "put", "fields": on_a_edit, "baseVersion": version})]).await;
    let on_b_edit = seal_entry(
        &key_b,
        "journal-1-a",
        &entry("Samuel 7741", "Samuel, nights still"),
        &random::<SEAL_RANDOM>(),
    );
    let answer = push(&s, &b, 5, vec![
        put("prayerJournal", "journal-5-b", offline),
        json!({"table": "prayerJournal", "id": "journal-1-a", "op": "put", "fields": on_b_edit, "baseVersion": version}),
    ])
    .await;
    assert_eq!(answer["rejected"], json!([]), "{answer}");
    let kept = s
        .state
        .store
        .revisions_of(
            &a.user,
            manna_sync_protocol::Table::PrayerJournal,
            "journal-1-a",
        )
        .await
        .expect("revisions");
    let both: Vec<String> = kept
        .iter()
        .filter_map(|r| r.value.as_str())
        .filter_map(|v| manna_core::journal_lock::open(&key, "journal-1-a", "content", v).ok())
        .collect();
    assert_eq!(
        both,
        ["Samuel, days now"],
        "the version set aside opens, sealed"
    );

    // A changes the passphrase: the key is wrapped anew; no entry changes.
    let rewrapped =
        passphrase_lock(NEW_PASSPHRASE, &key, &random::<REWRAP_RANDOM>()).expect("wrapped");
    push(&s, &a, 9, vec![json!({"table": "journalKeys", "id": JOURNAL_KEY_ID, "op": "patch", "fields": {"passphrase": rewrapped}})]).await;
    let on_a = snapshot(&s, &a).await;
    let record = fields_of(&on_a[&format!("journalKeys/{JOURNAL_KEY_ID}")]);
    assert_eq!(open_lock(NEW_PASSPHRASE, &record["passphrase"]), Ok(key));
    assert!(
        open_lock(PASSPHRASE, &record["passphrase"]).is_err(),
        "the old passphrase opens nothing"
    );
    // The recovery key, shown once at the lock, still opens it.
    assert_eq!(
        open_with_recovery(&lock.recovery_code.to_lowercase(), &record["recovery"]),
        Ok(key)
    );
    let hills = fields_of(&on_a["prayerJournal/journal-5-b"]);
    assert_eq!(
        open_entry(&key, "journal-5-b", &hills).expect("opens")["title"],
        "Hills 7745"
    );

    // B deletes its entry still in the open: its words are not kept.
    push(
        &s,
        &b,
        7,
        vec![json!({"table": "prayerJournal", "id": "journal-6-b", "op": "delete"})],
    )
    .await;
    let kept = s
        .state
        .store
        .revisions_of(
            &a.user,
            manna_sync_protocol::Table::PrayerJournal,
            "journal-6-b",
        )
        .await
        .expect("revisions");
    assert_eq!(kept, [], "no older words of a deleted entry");
    // The key is never deleted on its own; nor replaced by an anonymous
    // history's own lock claimed into the account at login.
    let answer = push(
        &s,
        &a,
        10,
        vec![json!({"table": "journalKeys", "id": JOURNAL_KEY_ID, "op": "delete"})],
    )
    .await;
    assert_eq!(answer["rejected"][0]["field"], "id", "{answer}");
    let phone = s.register("user-1801310400004-newphone").await;
    let theirs = new_lock("a phone's own passphrase", &random::<LOCK_RANDOM>()).expect("locked");
    let mut their_record = theirs.record.as_object().cloned().expect("fields");
    their_record.insert("lockedAt".into(), json!("2026-12-01T09:00:00.000Z"));
    push(
        &s,
        &phone,
        1,
        vec![put("journalKeys", JOURNAL_KEY_ID, their_record)],
    )
    .await;
    manna_server::sync::claim(&s.state.store, &phone.user, &a.user, &phone.id, 0)
        .await
        .expect("claimed");
    let on_a = snapshot(&s, &a).await;
    let record = fields_of(&on_a[&format!("journalKeys/{JOURNAL_KEY_ID}")]);
    assert_eq!(
        open_lock(NEW_PASSPHRASE, &record["passphrase"]),
        Ok(key),
        "the account's key stays"
    );

    // The server's files hold none of the words, the titles or the passphrases.
    let needles = [
        WORDS[0],
        WORDS[1],
        WORDS[2],
        WORDS[3],
        WORDS[4],
        "Samuel, days now",
        "Samuel, nights still",
        "Thank you for the rain",
        "Temper 7743",
        "Rain 7742",
        "Samuel 7741",
        "Hills 7745",
        "Hip 7746",
        PASSPHRASE,
        NEW_PASSPHRASE,
    ];
    if s.state.store.is_shared() {
        let rows = s
            .state
            .store
            .texts_for_tests("SELECT body FROM records UNION ALL SELECT value FROM revisions")
            .await
            .expect("rows");
        for needle in needles {
            assert!(
                !rows.iter().any(|r| r.contains(needle)),
                "{needle} is in a row"
            );
        }
    } else {
        for needle in needles {
            assert_eq!(files_holding(s.data_dir(), needle), [], "{needle}");
        }
    }
}

#[tokio::test]
async fn an_entry_in_the_open_after_the_lock_in_the_same_push_is_refused() {
    let s = TestServer::start().await;
    let a = s.register("user-1801310400003-lockinonepush").await;
    let lock = new_lock(PASSPHRASE, &random::<LOCK_RANDOM>()).expect("locked");
    let mut key_record = lock.record.as_object().cloned().expect("fields");
    key_record.insert("lockedAt".into(), json!("2026-12-01T08:00:00.000Z"));
    // One push: an entry in the open, the lock, another entry in the open.
    let answer = push(
        &s,
        &a,
        1,
        vec![
            put("prayerJournal", "journal-1-o", entry("Before 1", WORDS[0])),
            put("journalKeys", JOURNAL_KEY_ID, key_record),
            put("prayerJournal", "journal-2-o", entry("After 2", WORDS[1])),
        ],
    )
    .await;
    assert_eq!(answer["ackedSeq"], 3, "{answer}");
    let refused: Vec<&Value> = answer["rejected"]
        .as_array()
        .expect("rejected")
        .iter()
        .map(|r| &r["seq"])
        .collect();
    assert_eq!(refused, [&json!(3)], "{answer}");
    assert_eq!(answer["rejected"][0]["field"], "locked", "{answer}");
    let on_a = snapshot(&s, &a).await;
    assert!(on_a.contains_key("prayerJournal/journal-1-o"));
    assert!(!on_a.contains_key("prayerJournal/journal-2-o"));
}
