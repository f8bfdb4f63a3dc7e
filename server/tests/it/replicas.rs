//! Two replicas on one PostgreSQL database behave as one server: what a user
//! is limited by, which tokens work, the keys answers are signed with and the
//! periodic jobs are the cluster's, not each replica's. (These need the
//! tests' PostgreSQL: `tests/postgres/suite.sh` runs them; the SQLite run
//! leaves them out by name.)

use crate::common::{TestServer, test_postgres};
use reqwest::Method;
use serde_json::json;
use std::time::{Duration, Instant};

async fn two_replicas() -> (TestServer, TestServer) {
    assert!(
        test_postgres().is_some(),
        "replicas need the tests' PostgreSQL (MANNA_TEST_POSTGRES)"
    );
    let a = TestServer::start().await;
    let b = a.replica().await;
    (a, b)
}

#[tokio::test]
async fn a_login_burst_spread_over_both_replicas_is_limited_as_one() {
    let (a, b) = two_replicas().await;
    let limit = manna_server::guard::LOGIN.max as usize;
    let mut statuses = Vec::new();
    for i in 0..limit + 2 {
        let server = if i % 2 == 0 { &a } else { &b };
        let d = server
            .register(&format!("user-1763790000000-burst{i}"))
            .await;
        let (status, _) = server
            .call_as(
                &d,
                Method::POST,
                "/api/auth/login",
                // A different account each time: only the address's limit counts.
                Some(json!({"email": format!("nobody{i}@example.org"), "password": "wrong password"})),
            )
            .await;
        statuses.push(status);
    }
    // The failed logins a quarter-hour allows one address, over both replicas.
    assert!(statuses[..limit].iter().all(|&s| s == 401), "{statuses:?}");
    assert_eq!(&statuses[limit..], &[429, 429], "{statuses:?}");
}

#[tokio::test]
async fn a_token_ended_on_one_replica_stops_working_on_the_other_within_a_second() {
    let (a, b) = two_replicas().await;
    let d = a.register("user-1763790000000-memo").await;
    // Replica B has checked the token, so it remembers it.
    assert_eq!(
        b.call_as(&d, Method::GET, "/api/entitlement", None).await.0,
        200
    );
    assert_eq!(
        b.call_as(&d, Method::GET, "/api/entitlement", None).await.0,
        200
    );
    // Logging out on replica A forgets the device.
    let (status, _) = a
        .call_as(&d, Method::POST, "/api/auth/logout", Some(json!({})))
        .await;
    assert_eq!(status, 200);
    let ended = Instant::now();
    loop {
        let (status, _) = b.call_as(&d, Method::GET, "/api/entitlement", None).await;
        if status == 401 {
            break;
        }
        assert!(
            ended.elapsed() < Duration::from_secs(1),
            "replica B still took the ended token after {:?}",
            ended.elapsed()
        );
    }
}

#[tokio::test]
async fn both_replicas_sign_with_the_same_keys() {
    let (a, b) = two_replicas().await;
    for path in ["/api/entitlement/keys", "/api/push/public-key"] {
        let (status_a, keys_a) = a.get(path).await;
        let (status_b, keys_b) = b.get(path).await;
        assert_eq!((status_a, status_b), (200, 200), "{path}");
        assert_eq!(keys_a, keys_b, "{path}");
    }
    // An entitlement signed by one replica is checked against the keys the
    // other one publishes: the same key id.
    let d = a.register("user-1763790000000-keys").await;
    let (status, _) = b.call_as(&d, Method::GET, "/api/entitlement", None).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn each_run_of_a_periodic_job_is_taken_by_one_replica() {
    let (a, b) = two_replicas().await;
    let now = a.clock.now_ms();
    let hour = 60 * 60 * 1000;
    // A job of its own (the replicas' hourly jobs took their first runs as
    // they started).
    let job = "a-test-job";
    let (by_a, by_b) = tokio::join!(
        a.state.store.claim_job(job, now, hour),
        b.state.store.claim_job(job, now, hour),
    );
    let taken = [by_a.expect("claim"), by_b.expect("claim")];
    assert_eq!(taken.iter().filter(|t| **t).count(), 1, "{taken:?}");
    // Not again within the hour, by either; then once more.
    assert!(
        !b.state
            .store
            .claim_job(job, now + hour - 1, hour)
            .await
            .expect("claim")
    );
    assert!(
        a.state
            .store
            .claim_job(job, now + hour, hour)
            .await
            .expect("claim")
    );
    assert!(
        !b.state
            .store
            .claim_job(job, now + hour, hour)
            .await
            .expect("claim")
    );
}

#[tokio::test]
async fn replicas_ask_the_live_map_source_one_query_at_a_time_for_the_cluster() {
    let (fake, url) = crate::places_live::FakeOverpass::start().await;
    fake.set("slow");
    let live = move |c: &mut manna_server::Config| {
        c.overpass_url = Some(url.clone());
        c.overpass_timeout_secs = 5;
    };
    assert!(
        test_postgres().is_some(),
        "replicas need the tests' PostgreSQL"
    );
    let a = TestServer::start_with(live.clone()).await;
    let b = a.replica_with(live).await;
    // The same area searched on both replicas at once: one query, and the
    // replica that waited answers from what the other fetched.
    let (one, other) = tokio::join!(
        a.get("/api/farms/search/43215?radius=10"),
        b.get("/api/farms/search/43215?radius=10"),
    );
    assert_eq!((one.0, other.0), (200, 200), "{one:?} {other:?}");
    assert_eq!(one.1["farms"], other.1["farms"]);
    assert_eq!(
        one.1["farms"].as_array().map(Vec::len),
        Some(2),
        "{}",
        one.1
    );
    assert_eq!(
        fake.count(),
        1,
        "one query for the cluster: {:?}",
        fake.asked.lock().expect("lock")
    );
}

/// A push that waits for another write of its user (the same device's push
/// on another replica, slower than the device's patience) applies no change
/// that write applied: the device's last number applied is read as that
/// write left it, not as it was when the waiting began.
/// Pushes `change` from `d` while another write holds `d`'s user's row, as
/// a push does while it applies its changes; once the push waits for the
/// row (a lock, in PostgreSQL's own account of its sessions), the other
/// write does `meanwhile` and commits. Answers the push's status and body.
async fn push_while_another_write_holds_the_user(
    s: &TestServer,
    d: &crate::common::Device,
    change: serde_json::Value,
    meanwhile: impl FnOnce(&mut postgres::Transaction<'_>) + Send + 'static,
) -> (u16, serde_json::Value) {
    let url = database_url(s);
    let (held, hold) = std::sync::mpsc::channel::<()>();
    let (go, commit) = std::sync::mpsc::channel::<()>();
    let (user, holder_url) = (d.user.clone(), url.clone());
    let holder = std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&holder_url, postgres::NoTls).expect("connects");
        let mut tx = c.transaction().expect("begins");
        tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", &[&user])
            .expect("holds the user");
        held.send(()).expect("told");
        commit.recv().expect("told to commit");
        meanwhile(&mut tx);
        tx.commit().expect("commits");
    });
    hold.recv().expect("held");
    let body = json!({
        "protocolVersion": 1,
        "schemaVersion": manna_sync_protocol::schema::SCHEMA_VERSION,
        "deviceId": d.id,
        "mutations": [change],
    });
    let pushed = s.call_as(d, Method::POST, "/api/sync/push", Some(body));
    let release = async {
        tokio::task::spawn_blocking(move || {
            let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("connects");
            let deadline = Instant::now() + Duration::from_secs(60);
            loop {
                let waiting: i64 = c
                    .query_one(
                        "SELECT count(*) FROM pg_stat_activity
                         WHERE datname = current_database() AND wait_event_type = 'Lock'",
                        &[],
                    )
                    .expect("asked")
                    .get(0);
                if waiting > 0 {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "the push never waited for the row"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
        })
        .await
        .expect("watched");
        go.send(()).expect("released");
    };
    let ((status, answer), ()) = tokio::join!(pushed, release);
    holder.join().expect("the other write ended");
    (status, answer)
}

fn database_url(s: &TestServer) -> String {
    s.state
        .config
        .database_url
        .as_ref()
        .expect("PostgreSQL")
        .expose()
        .to_owned()
}

/// How many records `user` has stored.
async fn records_of(s: &TestServer, user: &str) -> i64 {
    let (url, user) = (database_url(s), user.to_owned());
    tokio::task::spawn_blocking(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("connects");
        c.query_one("SELECT count(*) FROM records WHERE user_id = $1", &[&user])
            .expect("counted")
            .get(0)
    })
    .await
    .expect("counted")
}

fn weight_change() -> serde_json::Value {
    json!({"seq": 1, "table": "weightEntries", "id": "weight:2026-11-20", "op": "put",
           "fields": {"weight": 700, "date": "2026-11-20", "notes": null, "mood": "good"}})
}

#[tokio::test]
async fn a_push_that_waited_for_its_devices_other_write_applies_no_change_twice() {
    assert!(test_postgres().is_some(), "needs the tests' PostgreSQL");
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-waits").await;
    // The other write is the same device's: it applies change 1.
    let (user, device) = (d.user.clone(), d.id.clone());
    let (status, answer) =
        push_while_another_write_holds_the_user(&s, &d, weight_change(), move |tx| {
            tx.execute("UPDATE devices SET acked_seq = 1 WHERE id = $1", &[&device])
                .expect("acknowledged");
            tx.execute(
                "UPDATE users SET version = version + 1 WHERE id = $1",
                &[&user],
            )
            .expect("counted");
        })
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ackedSeq"], 1, "{answer}");
    // Change 1 was the other write's to apply: this push stored nothing.
    assert_eq!(
        records_of(&s, &d.user).await,
        0,
        "change 1 applied a second time"
    );
}

#[tokio::test]
async fn a_push_whose_device_was_signed_out_while_it_waited_is_told_so_and_stores_nothing() {
    assert!(test_postgres().is_some(), "needs the tests' PostgreSQL");
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-gone").await;
    // The other write signs the device out.
    let device = d.id.clone();
    let (status, answer) =
        push_while_another_write_holds_the_user(&s, &d, weight_change(), move |tx| {
            tx.execute("DELETE FROM devices WHERE id = $1", &[&device])
                .expect("signed out");
        })
        .await;
    // As the device's next request is answered, not as a fault.
    assert_eq!(status, 401, "{answer}");
    assert_eq!(
        answer["message"], "the device token is not valid",
        "{answer}"
    );
    assert_eq!(
        records_of(&s, &d.user).await,
        0,
        "a signed-out device's change was stored"
    );
}
