//! Load and fault figures against the release server, each on a fresh data
//! folder on 127.0.0.1 (run by `make soak`; not part of `make test`):
//!
//! 1. load: `SOAK_SECONDS` (60) at `SOAK_CONNECTIONS` (256) over a mix of
//!    content, sync and REST calls from 1,000 users, each connection sending
//!    its next call as soon as the last is answered; devices push one change
//!    at a time and pull from where they last pulled; throughput, p99, errors
//!    (targets: 0 errors, p99 <= 50 ms);
//! 2. kill -9: 1,000 concurrent writes while the server is killed with SIGKILL
//!    at random moments and restarted; every acknowledged write must be there
//!    afterwards (target: 0 lost);
//! 3. restore: devices sync, a backup is taken, they sync more, the backup is
//!    restored, and each device sends again what the server lacks, as the app
//!    does; every record must be there once (targets: 0 lost, 0 duplicated).
//!
//! Run: `MANNA_SERVER_BIN=target/release/manna-server cargo run --release -p manna-server --example soak`.

mod harness;

use harness::{
    Device, Error, Rng, Server, call, free_port, journal, maintenance, percentile, push, register,
    snapshot,
};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

/// The calls of the load mix, each a sixth of it.
const KINDS: [&str; 6] = [
    "home",
    "daily-content",
    "push",
    "pull",
    "weights",
    "reminders",
];

/// Whether a call succeeded, once its whole answer has arrived.
async fn done(answer: reqwest::Result<reqwest::Response>) -> bool {
    match answer {
        Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
        Err(_) => false,
    }
}

async fn load() -> Result<bool, Error> {
    let seconds: u64 = std::env::var("SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let connections: usize = std::env::var("SOAK_CONNECTIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256);
    let data = tempfile::tempdir()?;
    let server = Server::start(data.path(), free_port()?).await?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(connections)
        .build()?;
    let mut users = Vec::new();
    for n in 0..1000 {
        users.push(register(&client, &server.base, n).await?);
    }
    let users = std::sync::Arc::new(users);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = tokio::task::JoinSet::new();
    for t in 0..connections {
        let (client, base, users) = (client.clone(), server.base.clone(), users.clone());
        tasks.spawn(async move {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (t as u64 + 1));
            let (mut times, mut errors, mut seqs) = (Vec::new(), 0u64, HashMap::<usize, u64>::new());
            // Where each user's device last pulled to: it pulls from there, as
            // the app does (a first pull, with no cursor, reads everything).
            let mut cursors = HashMap::<usize, Value>::new();
            while Instant::now() < deadline {
                // Each connection speaks for its own users (no two connections
                // push for one device, as one device syncs one push at a time).
                let u = t + connections * rng.below((1000 / connections.max(1)).max(1) as u64) as usize;
                let d = &users[u.min(users.len() - 1)];
                let started = Instant::now();
                let kind = rng.below(6) as usize;
                let ok = match kind {
                    0 => done(client.get(format!("{base}/api/home?date=2026-11-22")).send().await).await,
                    1 => done(client.get(format!("{base}/api/daily-content?from=2026-11-22&days=7")).send().await).await,
                    2 => {
                        let seq = seqs.entry(u).or_insert(0);
                        *seq += 1;
                        let m = journal(*seq, &format!("journal-{t}x{}", *seq));
                        done(call(&client, &base, d, reqwest::Method::POST, "/api/sync/push")
                            .json(&json!({"protocolVersion": 1, "deviceId": d.id, "mutations": [m]}))
                            .send()
                            .await)
                        .await
                    }
                    3 => {
                        let cursor = cursors.get(&u).cloned().unwrap_or(Value::Null);
                        let answer = call(&client, &base, d, reqwest::Method::POST, "/api/sync/pull")
                            .json(&json!({"protocolVersion": 1, "deviceId": d.id, "cursor": cursor, "limit": 100}))
                            .send()
                            .await;
                        let page = match answer {
                            Ok(r) if r.status().is_success() => r.json::<Value>().await.ok(),
                            _ => None,
                        };
                        match page.as_ref().and_then(|p| p.get("cursor")) {
                            Some(next) => {
                                cursors.insert(u, next.clone());
                                true
                            }
                            None => false,
                        }
                    }
                    4 => done(call(&client, &base, d, reqwest::Method::GET, &format!("/api/weight-entries/{}", d.user))
                        .send()
                        .await)
                    .await,
                    _ => done(call(&client, &base, d, reqwest::Method::GET, "/api/prayer-reminders").send().await).await,
                };
                times.push((kind, started.elapsed().as_secs_f64() * 1000.0));
                if !ok {
                    errors += 1;
                }
            }
            (times, errors)
        });
    }
    let (mut tagged, mut errors) = (Vec::new(), 0);
    while let Some(finished) = tasks.join_next().await {
        let (t, e) = finished?;
        tagged.extend(t);
        errors += e;
    }
    let by_kind: Vec<String> = KINDS
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let mut mine: Vec<f64> = tagged
                .iter()
                .filter(|(t, _)| *t == k)
                .map(|(_, ms)| *ms)
                .collect();
            mine.sort_by(f64::total_cmp);
            format!("{name} {:.1}", percentile(&mine, 0.99))
        })
        .collect();
    let mut times: Vec<f64> = tagged.into_iter().map(|(_, ms)| ms).collect();
    times.sort_by(f64::total_cmp);
    let p99 = percentile(&times, 0.99);
    println!("load: p99 by call (ms): {}", by_kind.join(", "));
    println!(
        "load: {} requests in {seconds} s over {connections} connections, 1,000 users: {:.0} req/s, p50 {:.1} ms, p99 {:.1} ms, {errors} errors (targets: 0 errors, p99 <= 50 ms)",
        times.len(),
        times.len() as f64 / seconds as f64,
        percentile(&times, 0.5),
        p99
    );
    Ok(errors == 0 && p99 <= 50.0)
}

async fn kill_nine() -> Result<bool, Error> {
    let data = tempfile::tempdir()?;
    let mut server = Server::start(data.path(), free_port()?).await?;
    let client = reqwest::Client::new();
    let writers = 1000;
    let mut devices = Vec::new();
    for n in 0..writers {
        devices.push(register(&client, &server.base, 5000 + n).await?);
    }
    let mut rng = Rng(42);
    let mut acked: HashSet<usize> = HashSet::new();
    let mut kills = 0;
    while acked.len() < writers {
        let waiting: Vec<usize> = (0..writers).filter(|i| !acked.contains(i)).collect();
        let mut tasks = tokio::task::JoinSet::new();
        for &i in &waiting {
            let (client, base, d) = (client.clone(), server.base.clone(), devices[i].clone());
            tasks.spawn(async move {
                let answer = push(
                    &client,
                    &base,
                    &d,
                    vec![journal(1, &format!("journal-kill{i}"))],
                )
                .await;
                (
                    i,
                    matches!(answer, Ok(a) if a["ackedSeq"] == 1 && a["rejected"] == json!([])),
                )
            });
        }
        // Kill the server at a random moment while the writes are in flight.
        let after = rng.below(waiting.len() as u64 / 2 + 1) as usize;
        let mut seen = 0;
        while let Some(done) = tasks.join_next().await {
            let (i, ok) = done?;
            if ok {
                acked.insert(i);
            }
            seen += 1;
            if seen == after && kills < 5 {
                server.kill();
                kills += 1;
            }
        }
        server.restart().await?;
    }
    let mut lost = 0;
    for (i, d) in devices.iter().enumerate() {
        if !snapshot(&client, &server.base, d)
            .await?
            .contains_key(&format!("journal-kill{i}"))
        {
            lost += 1;
        }
    }
    println!(
        "kill -9: {writers} concurrent writes, server killed {kills} times mid-write and restarted: {} acknowledged, {lost} lost (target: 0 lost)",
        acked.len()
    );
    Ok(lost == 0)
}

async fn restore_cycle() -> Result<bool, Error> {
    let data = tempfile::tempdir()?;
    let port = free_port()?;
    let mut server = Server::start(data.path(), port).await?;
    let client = reqwest::Client::new();
    let backup = data.path().join("backup.sqlite3");
    let devices_n = 50;
    let mut devices = Vec::new();
    // What each device holds: record id → version the server gave it.
    let mut held: Vec<BTreeMap<String, u64>> = Vec::new();
    let mut next_seq = vec![1u64; devices_n];
    for n in 0..devices_n {
        devices.push(register(&client, &server.base, 9000 + n).await?);
        held.push(BTreeMap::new());
    }
    async fn write(
        client: &reqwest::Client,
        base: &str,
        d: &Device,
        seq: &mut u64,
        ids: &[String],
        held: &mut BTreeMap<String, u64>,
    ) -> Result<(), Error> {
        let m: Vec<Value> = ids
            .iter()
            .enumerate()
            .map(|(k, id)| journal(*seq + k as u64, id))
            .collect();
        push(client, base, d, m).await?;
        *seq += ids.len() as u64;
        *held = snapshot(client, base, d).await?;
        Ok(())
    }
    for (phase, count) in [("before", 10), ("after", 5)] {
        if phase == "after" {
            maintenance(data.path(), "backup", &backup)?;
        }
        for (n, d) in devices.iter().enumerate() {
            let ids: Vec<String> = (0..count)
                .map(|k| format!("journal-{n}-{phase}{k}"))
                .collect();
            write(
                &client,
                &server.base,
                d,
                &mut next_seq[n],
                &ids,
                &mut held[n],
            )
            .await?;
        }
    }
    server.kill();
    maintenance(data.path(), "restore", &backup)?;
    server.restart().await?;
    // Each device, as the app does: read what the server has, queue again from 1
    // what it lacks or holds older, push.
    for (n, d) in devices.iter().enumerate() {
        let server_has = snapshot(&client, &server.base, d).await?;
        let resend: Vec<String> = held[n]
            .iter()
            .filter(|(id, v)| server_has.get(*id).is_none_or(|sv| **v > *sv))
            .map(|(id, _)| id.clone())
            .collect();
        let mut seq = 1;
        let mut mine = held[n].clone();
        write(&client, &server.base, d, &mut seq, &resend, &mut mine).await?;
    }
    let (mut lost, mut duplicated, mut total) = (0, 0, 0);
    for (n, d) in devices.iter().enumerate() {
        let has = match snapshot(&client, &server.base, d).await {
            Ok(h) => h,
            Err(e) if e.to_string().contains("twice") => {
                duplicated += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        for id in held[n].keys() {
            total += 1;
            if !has.contains_key(id) {
                lost += 1;
            }
        }
        duplicated += has.len().saturating_sub(held[n].len());
    }
    println!(
        "restore: {devices_n} devices, {total} records of which a third were synced after the backup: {lost} lost, {duplicated} duplicated (targets: 0 and 0)"
    );
    Ok(lost == 0 && duplicated == 0)
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let load_ok = load().await?;
    let kill_ok = kill_nine().await?;
    let restore_ok = restore_cycle().await?;
    if load_ok && kill_ok && restore_ok {
        Ok(())
    } else {
        Err("a soak target was missed".into())
    }
}
