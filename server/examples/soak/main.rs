//! Load and fault figures against the release server, each on a fresh data
//! folder on 127.0.0.1 (run by `make soak`; not part of `make test`):
//!
//! 1. load: `SOAK_SECONDS` (60) at `SOAK_CONNECTIONS` (256) over a mix of
//!    content, sync and REST calls from 3,000 users, each connection sending
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
//! `soak mix content|sync BASE` and `soak noisy BASE` run one figure of
//! `make bench` against a server already running.

mod harness;
mod load;

use harness::{
    Device, Error, Rng, Server, free_port, journal, maintenance, push, register, snapshot,
};
use load::Mix;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashSet};

/// A number from the environment, or `default`.
fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

async fn load() -> Result<bool, Error> {
    let seconds = setting("SOAK_SECONDS", 60);
    let connections = setting("SOAK_CONNECTIONS", 256) as usize;
    let data = tempfile::tempdir()?;
    let server = Server::start(data.path(), free_port()?).await?;
    let f = load::drive(&server.base, Mix::All, seconds, connections).await?;
    println!("load: p99 by call (ms): {}", f.by_call.join(", "));
    println!(
        "load: {} requests in {seconds} s over {connections} connections, {} users: {:.0} req/s, p50 {:.1} ms, p99 {:.1} ms, {} errors, {} pushes limited (targets: 0 errors, 0 limited, p99 <= 50 ms)",
        f.requests,
        load::USERS,
        f.per_second(),
        f.p50,
        f.p99,
        f.errors,
        f.limited
    );
    Ok(f.errors == 0 && f.limited == 0 && f.p99 <= 50.0)
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

/// The full mix over `MIX_CONNECTIONS` - 1 ordinary connections, alone and
/// beside one user sending as much as the server lets one user send, in
/// turns (alone, beside, alone, beside) on one server: the ordinary calls'
/// p99 beside the noise, over their p99 alone (target: at most 1.5).
async fn noisy_neighbour(base: &str) -> Result<(), Error> {
    let seconds = setting("MIX_SECONDS", 15);
    let connections = setting("MIX_CONNECTIONS", 256) as usize - 1;
    let client = load::client(connections);
    let users = load::users(&client, base).await?;
    let noisy = register(&client, base, load::USERS).await?;
    let (mut alone, mut beside, mut noise, mut limited) = (Vec::new(), Vec::new(), 0, 0);
    for round in 0..4 {
        let with = (round % 2 == 1).then_some(&noisy);
        let (f, n) =
            load::drive_users(&client, base, &users, Mix::All, seconds, connections, with).await?;
        if f.errors > 0 {
            return Err(format!("{} ordinary calls failed", f.errors).into());
        }
        if with.is_some() {
            beside.push(f.p99);
            noise += n.done;
            limited += n.limited;
        } else {
            alone.push(f.p99);
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let ratio = mean(&beside) / mean(&alone);
    println!(
        "noisy neighbour: {connections} ordinary connections, p99 alone {:.1} ms ({}), beside one user on {} connections {:.1} ms ({}): {ratio:.2}x (target <= 1.5); the noisy user's calls: {noise} answered, {limited} refused with 429",
        mean(&alone),
        alone
            .iter()
            .map(|p| format!("{p:.1}"))
            .collect::<Vec<_>>()
            .join(", "),
        load::NOISY_CONNECTIONS,
        mean(&beside),
        beside
            .iter()
            .map(|p| format!("{p:.1}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    if ratio <= 1.5 {
        Ok(())
    } else {
        Err("the noisy neighbour target was missed".into())
    }
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    // `soak mix content|sync BASE`: one mix against a server already running
    // (make bench runs it against each set-up); prints its figures as JSON.
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("mix") {
        let mix = match args.get(2).map(String::as_str) {
            Some("content") => Mix::Content,
            Some("sync") => Mix::Sync,
            _ => return Err("usage: soak mix content|sync BASE".into()),
        };
        let base = args.get(3).ok_or("usage: soak mix content|sync BASE")?;
        let seconds = setting("MIX_SECONDS", 20);
        let connections = setting("MIX_CONNECTIONS", 256) as usize;
        let f = load::drive(base, mix, seconds, connections).await?;
        println!(
            "{{\"requests\": {}, \"seconds\": {seconds}, \"perSecond\": {:.1}, \"p50\": {:.2}, \"p99\": {:.2}, \"errors\": {}, \"limited\": {}}}",
            f.requests,
            f.per_second(),
            f.p50,
            f.p99,
            f.errors,
            f.limited
        );
        return Ok(());
    }
    if args.get(1).map(String::as_str) == Some("noisy") {
        let base = args.get(2).ok_or("usage: soak noisy BASE")?;
        return noisy_neighbour(base).await;
    }
    let load_ok = load().await?;
    let kill_ok = kill_nine().await?;
    let restore_ok = restore_cycle().await?;
    if load_ok && kill_ok && restore_ok {
        Ok(())
    } else {
        Err("a soak target was missed".into())
    }
}
