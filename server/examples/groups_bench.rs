//! Groups under load, on the release build and a SQLite file as `make run`
//! keeps it: five groups of 200 members each, 2,000 requests in each group
//! (with prayers on some), and one member in all five.
//! - the pull of that member: a first snapshot of all five groups (every
//!   page), and the pull after one new request (p50 and p99);
//! - the fan-out of one request: posted by one member, then pulled by each
//!   of the group's 200 members (the time until all have it, and each pull's
//!   p99).
//!
//! - the notification of one request to the group's other 199 members:
//!   the look that claims them.
//!
//! Targets: a member's snapshot of 10,000 requests p99 <= 500 ms; a pull
//! after one new request p99 <= 5 ms; one request to 200 members <= 500 ms,
//! and its notifications claimed <= 500 ms.

use manna_server::groups::{Groups, NewGroup};
use manna_server::store::Store;
use manna_server::sync::{Open, Writer};
use manna_sync_protocol::groups::GroupKind;
use manna_sync_protocol::schema::SCHEMA_VERSION;
use manna_sync_protocol::{
    Cursor, Mutation, Op, PROTOCOL_VERSION, PullRequest, PullResponse, PushRequest,
};
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

const GROUPS: usize = 5;
const MEMBERS: usize = 200;
const REQUESTS: usize = 2_000;

fn percentile(times: &mut [f64], p: f64) -> f64 {
    times.sort_by(f64::total_cmp);
    times[((times.len() as f64 - 1.0) * p).round() as usize]
}

/// A writer on the first day (the setup's posts), or the next.
fn writer(user: &str, device: &str, next_day: bool) -> Writer {
    Writer {
        user: user.into(),
        device: device.into(),
        now_ms: 1_796_000_000_000 + if next_day { 86_400_000 } else { 0 },
        gate: Arc::new(Open),
    }
}

/// Posts one request in `group` as `poster` (on the next day, past the
/// setup's posts), refused by nothing.
async fn post_one(store: &Store, poster: &str, group: &str, id: &str, title: &str) {
    let device = format!("dev-{poster}");
    let seq = store.acked_seq(&device).await.expect("acked") + 1;
    let fields = json!({"groupId": group, "title": title, "renewedOn": "2026-12-02"});
    let req = PushRequest {
        protocol_version: PROTOCOL_VERSION,
        schema_version: Some(SCHEMA_VERSION),
        device_id: device.clone(),
        mutations: vec![Mutation {
            seq,
            table: manna_sync_protocol::Table::GroupRequests,
            id: id.into(),
            op: Op::Put,
            fields: fields.as_object().cloned().expect("object"),
            base_version: None,
        }],
    };
    let pushed = manna_server::sync::push(store, writer(poster, &device, true), req, None)
        .await
        .expect("push");
    assert!(pushed.rejected.is_empty(), "{:?}", pushed.rejected);
}

/// Pulls as `device` of `user` until nothing more waits; answers the cursor
/// reached and how many changes came.
async fn pull_all(
    store: &Store,
    user: &str,
    device: &str,
    from: Option<Cursor>,
) -> (Cursor, usize) {
    let mut cursor = from;
    let mut changes = 0;
    loop {
        let req = PullRequest {
            protocol_version: PROTOCOL_VERSION,
            schema_version: Some(SCHEMA_VERSION),
            device_id: device.into(),
            cursor: cursor.clone(),
            limit: 500,
        };
        match manna_server::sync::pull(store, user, device, req)
            .await
            .expect("pull")
        {
            PullResponse::Changes {
                changes: got,
                cursor: next,
                has_more,
                ..
            } => {
                changes += got.len();
                cursor = Some(next);
                if !has_more {
                    return (cursor.expect("a cursor"), changes);
                }
            }
            PullResponse::Reset { reset } => panic!("reset: {reset:?}"),
        }
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(dir.path()).expect("store");
    let groups = Groups::new(store.clone());
    let now = 1_796_000_000_000;
    let setup = Instant::now();
    // One person in every group, and 199 others in each.
    let person = |g: usize, m: usize| match m {
        0 => "user-1796000000000-everywhere".to_string(),
        _ => format!("user-1796000000000-g{g}m{m}"),
    };
    store
        .register_device(
            &person(0, 0),
            "dev-everywhere",
            "hash-everywhere",
            "bench",
            now,
        )
        .await
        .expect("device");
    let mut ids = Vec::new();
    for g in 0..GROUPS {
        let owner = person(g, 1);
        store
            .register_device(
                &owner,
                &format!("dev-{owner}"),
                &format!("hash-{owner}"),
                "bench",
                now,
            )
            .await
            .expect("device");
        let made = groups
            .create(
                &owner,
                NewGroup {
                    name: format!("Group {g}"),
                    description: String::new(),
                    kind: GroupKind::Church,
                    display_name: "Owner".into(),
                },
                now,
            )
            .await
            .expect("group");
        let (_, code) = groups
            .invite(&owner, &made.group.id, 30, None, now)
            .await
            .expect("invitation");
        for m in (0..MEMBERS).filter(|&m| m != 1) {
            let who = person(g, m);
            if m != 0 {
                store
                    .register_device(
                        &who,
                        &format!("dev-{who}"),
                        &format!("hash-{who}"),
                        "bench",
                        now,
                    )
                    .await
                    .expect("device");
            }
            groups
                .join(&who, &code, &format!("Member {m}"), now)
                .await
                .expect("joined");
        }
        ids.push(made.group.id);
    }
    // 2,000 requests in each group, posted by 200 members (ten each, the
    // day's most), with a prayer on every fourth.
    for (g, group) in ids.iter().enumerate() {
        for m in 0..MEMBERS {
            let who = person(g, m);
            let device = if m == 0 {
                "dev-everywhere".to_string()
            } else {
                format!("dev-{who}")
            };
            let seq0 = store.acked_seq(&device).await.expect("acked");
            let mut mutations = Vec::new();
            for r in 0..REQUESTS / MEMBERS {
                let id = format!("request:{group}:m{m}r{r}");
                let fields = json!({"groupId": group, "title": format!("Request {r} of member {m}"),
                    "details": "Please pray for strength and peace this week.", "renewedOn": "2026-12-01"});
                mutations.push(Mutation {
                    seq: seq0 + mutations.len() as u64 + 1,
                    table: manna_sync_protocol::Table::GroupRequests,
                    id: id.clone(),
                    op: Op::Put,
                    fields: fields.as_object().cloned().expect("object"),
                    base_version: None,
                });
                if r % 4 == 0 {
                    let prayer = json!({"groupId": group, "requestId": id, "prayedOn": "2026-12-01", "name": null});
                    mutations.push(Mutation {
                        seq: seq0 + mutations.len() as u64 + 1,
                        table: manna_sync_protocol::Table::GroupPrayers,
                        id: format!("prayed:{group}:m{m}r{r}"),
                        op: Op::Put,
                        fields: prayer.as_object().cloned().expect("object"),
                        base_version: None,
                    });
                }
            }
            let req = PushRequest {
                protocol_version: PROTOCOL_VERSION,
                schema_version: Some(SCHEMA_VERSION),
                device_id: device.clone(),
                mutations,
            };
            let answer = manna_server::sync::push(&store, writer(&who, &device, false), req, None)
                .await
                .expect("push");
            assert!(answer.rejected.is_empty(), "{:?}", answer.rejected);
        }
    }
    println!(
        "set up {GROUPS} groups of {MEMBERS} members with {REQUESTS} requests each in {:.1} s",
        setup.elapsed().as_secs_f64()
    );

    // The member of all five: a first snapshot, then a pull after one new request.
    let everywhere = person(0, 0);
    let mut snapshots = Vec::new();
    let mut cursor = None;
    for _ in 0..10 {
        let t = Instant::now();
        let (reached, changes) = pull_all(&store, &everywhere, "dev-everywhere", None).await;
        snapshots.push(t.elapsed().as_secs_f64() * 1000.0);
        assert!(changes >= GROUPS * REQUESTS, "{changes} changes");
        cursor = Some(reached);
    }
    let mut incremental = Vec::new();
    for n in 0..100 {
        // A member of one of the five posts a request, then the member of all
        // five pulls.
        let group = &ids[n % GROUPS];
        let poster = person(n % GROUPS, 2 + n / GROUPS);
        post_one(
            &store,
            &poster,
            group,
            &format!("request:{group}:new{n}"),
            &format!("New {n}"),
        )
        .await;
        let t = Instant::now();
        let (reached, changes) =
            pull_all(&store, &everywhere, "dev-everywhere", cursor.clone()).await;
        incremental.push(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(changes, 1, "the new request, and only it");
        cursor = Some(reached);
    }
    let (s50, s99) = (
        percentile(&mut snapshots, 0.5),
        percentile(&mut snapshots, 0.99),
    );
    let (i50, i99) = (
        percentile(&mut incremental, 0.5),
        percentile(&mut incremental, 0.99),
    );
    println!(
        "a member of {GROUPS} groups, snapshot of {} requests: p50 {s50:.0} ms, p99 {s99:.0} ms (target p99 <= 500 ms)",
        GROUPS * REQUESTS
    );
    println!(
        "the same member's pull after one new request: p50 {i50:.1} ms, p99 {i99:.1} ms (target p99 <= 5 ms)"
    );

    // Fan-out: one request in group 3, then each of its 200 members pulls it.
    let mut cursors = Vec::new();
    for m in 0..MEMBERS {
        let who = person(3, m);
        let device = if m == 0 {
            "dev-everywhere".to_string()
        } else {
            format!("dev-{who}")
        };
        let (reached, _) = pull_all(&store, &who, &device, None).await;
        cursors.push((who, device, reached));
    }
    let poster = person(3, 9);
    let t = Instant::now();
    post_one(
        &store,
        &poster,
        &ids[3],
        &format!("request:{}:fanout", ids[3]),
        "Fan-out",
    )
    .await;
    let mut each = Vec::new();
    let mut reached_all = 0;
    for (who, device, cursor) in &cursors {
        let p = Instant::now();
        let (_, changes) = pull_all(&store, who, device, Some(cursor.clone())).await;
        each.push(p.elapsed().as_secs_f64() * 1000.0);
        reached_all += usize::from(changes >= 1);
    }
    let fanout = t.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(reached_all, MEMBERS, "every member got the request");
    let e99 = percentile(&mut each, 0.99);
    println!(
        "one request to {MEMBERS} members: all have it in {fanout:.0} ms, each pull p99 {e99:.1} ms (target <= 500 ms)"
    );

    // The notification of one request to the same 200 members, each with a
    // phone and "each request" chosen: the look that claims them all.
    for (m, (who, device, _)) in cursors.iter().enumerate() {
        store
            .subscribe_push(
                manna_server::store::PushSubscription {
                    endpoint: format!("https://push.example.invalid/{m}"),
                    user_id: who.clone(),
                    device_id: device.clone(),
                    p256dh: String::new(),
                    auth: String::new(),
                    time_zone: "UTC".into(),
                },
                3,
                10,
                now,
            )
            .await
            .expect("subscribed");
        groups
            .set_notices(who, &ids[3], |mut c| {
                c.new_requests = manna_sync_protocol::groups::notices::NewRequests::Each;
                c
            })
            .await
            .expect("chosen");
    }
    // What the set-up posted is told first, as it would have been.
    manna_server::push::schedule::claim_group_due(&store, now + 86_400_000)
        .await
        .expect("look");
    post_one(
        &store,
        &poster,
        &ids[3],
        &format!("request:{}:told", ids[3]),
        "Told",
    )
    .await;
    let t = Instant::now();
    let claimed = manna_server::push::schedule::claim_group_due(&store, now + 86_400_001)
        .await
        .expect("look");
    let told = t.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(
        claimed.len(),
        MEMBERS - 1,
        "every member but the poster is told"
    );
    println!(
        "one request's notification to {} members: claimed in {told:.0} ms (target <= 500 ms)",
        MEMBERS - 1
    );
    let ok = s99 <= 500.0 && i99 <= 5.0 && fanout <= 500.0 && told <= 500.0;
    std::process::exit(if ok { 0 } else { 1 });
}
