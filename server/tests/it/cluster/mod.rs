//! The sync simulation over the real thing: devices of several users talk
//! HTTP through a fault-injecting proxy to nginx, in front of two Manna
//! replicas (real processes) on one PostgreSQL database. Mid-run a replica
//! is killed with SIGKILL and started again, twice. Afterwards, with the
//! network calm, every device syncs to the end and the run checks, against a
//! store opened on the same database:
//! - converged: every device holds exactly the server's records, no pull
//!   page held a record twice and no cursor moved backwards;
//! - nothing lost: every value a user wrote is current, kept in the record's
//!   revisions, or was replaced on purpose (the in-process simulation's rule);
//! - nothing duplicated: no sequence number of a device was applied twice
//!   (each replica logs, once a push has committed, the numbers it applied;
//!   across both replicas' logs no two pushes share one), each device's
//!   acknowledged sequence is the last one it made (no more), and every stored
//!   entry is one a device made.
//!
//! It needs the tests' PostgreSQL and nginx (`tests/postgres/suite.sh` runs
//! it; the SQLite run leaves it out by name). `CLUSTER_RUNS` sets the number
//! of seeded runs (1; `make soak` runs more), `CLUSTER_SEED` runs one seed
//! again (the same writes and faults drawn; real processes and clocks decide
//! the rest, so not the same run).

mod processes;
mod proxy;

use crate::common::{fresh_postgres, test_postgres};
use crate::simulation::model::{self, Device, Rng, Written};
use manna_server::store::{Store, StoredRevision};
use manna_sync_protocol::{PullResponse, PushResponse, Table};
use processes::{Nginx, Replica};
use proxy::{FaultProxy, Tally};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const USERS: usize = 3;
const DEVICES_PER_USER: usize = 3;
const STEPS: u64 = 60;
const KILLS: usize = 2;

/// One simulated phone: the device model of the in-process simulation, the
/// user it belongs to, its token and the address it calls from.
struct Phone {
    n: usize,
    user: String,
    token: String,
    address: String,
    device: Device,
    rng: Rng,
    written: Vec<Written>,
    /// Calls that got no usable answer: the network's doing, and 5xx
    /// answers (nginx's 502 for a request a killed replica was handling).
    failed: u64,
    server_errors: u64,
}

/// Why a call did not give an answer the device could use.
#[derive(Debug)]
enum Failed {
    /// Refused, cut or timed out, or a 5xx from nginx or a replica.
    Network,
    /// 429: wait this long.
    Limited(Duration),
    Status(u16, String),
}

impl Phone {
    async fn call<T: serde::de::DeserializeOwned>(
        &mut self,
        client: &reqwest::Client,
        base: &str,
        path: &str,
        body: &impl Serialize,
    ) -> Result<T, Failed> {
        let answer = client
            .post(format!("{base}{path}"))
            .header("X-User-ID", &self.user)
            .header("x-forwarded-for", &self.address)
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .await;
        let result = match answer {
            Err(_) => Err(Failed::Network),
            Ok(r) if r.status() == 429 => {
                let wait = r
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok()?.parse().ok())
                    .unwrap_or(1u64);
                Err(Failed::Limited(Duration::from_secs(wait.min(60))))
            }
            Ok(r) if r.status().is_server_error() => {
                self.server_errors += 1;
                Err(Failed::Network)
            }
            Ok(r) if !r.status().is_success() => {
                let status = r.status().as_u16();
                Err(Failed::Status(status, r.text().await.unwrap_or_default()))
            }
            // A body cut short fails here, as it would in the app.
            Ok(r) => r.json::<T>().await.map_err(|_| Failed::Network),
        };
        if result.is_err() {
            self.failed += 1;
        }
        result
    }

    async fn push(&mut self, client: &reqwest::Client, base: &str) -> Result<(), Failed> {
        let Some(req) = self.device.push_request() else {
            return Ok(());
        };
        let answer: PushResponse = self.call(client, base, "/api/sync/push", &req).await?;
        self.device.acked = self.device.acked.max(answer.acked_seq);
        Ok(())
    }

    /// Pulls page after page until the last (or a failure).
    async fn pull(&mut self, client: &reqwest::Client, base: &str) -> Result<(), Failed> {
        loop {
            let req = self.device.pull_request();
            let asked = req.cursor.clone();
            let answer: PullResponse = self.call(client, base, "/api/sync/pull", &req).await?;
            if !self.device.apply_pull(asked, answer) {
                return Ok(());
            }
        }
    }

    /// The phone's own life: writes, pushes and pulls on the faulty network,
    /// and now and then a crash that forgets what it held only in memory.
    async fn live(mut self, client: reqwest::Client, base: String, steps: Arc<AtomicU64>) -> Self {
        for _ in 0..STEPS {
            match self.rng.below(100) {
                0..=39 => self.device.write(self.n, &mut self.rng, &mut self.written),
                40..=64 => {
                    let _ = self.push(&client, &base).await;
                }
                65..=89 => {
                    let _ = self.pull(&client, &base).await;
                }
                90..=93 => self.device.acked = 0,
                _ => tokio::time::sleep(Duration::from_millis(self.rng.below(40))).await,
            }
            steps.fetch_add(1, Ordering::Relaxed);
        }
        self
    }

    /// One call until it succeeds, on a calm network (replicas may still be
    /// coming back, and the user's push limit may need waiting out).
    async fn settle(&mut self, client: &reqwest::Client, base: &str, pushing: bool) {
        for _ in 0..200 {
            let done = match pushing {
                true => self.push(client, base).await,
                false => self.pull(client, base).await,
            };
            match done {
                Ok(()) => return,
                Err(Failed::Limited(wait)) => tokio::time::sleep(wait).await,
                Err(Failed::Network) => tokio::time::sleep(Duration::from_millis(50)).await,
                Err(Failed::Status(status, body)) => {
                    panic!("device {}: {status} on a calm network: {body}", self.n)
                }
            }
        }
        panic!("device {} could not sync on a calm network", self.n);
    }
}

fn user_of(seed: u64, u: usize) -> String {
    format!("user-1763790000000-cluster{seed}x{u}")
}

/// Registers each user's first device over HTTP and adds the others as
/// signing in on another phone would (their token hashes in the database).
async fn phones(seed: u64, base: &str, store: &Store) -> Vec<Phone> {
    let client = reqwest::Client::new();
    let mut phones = Vec::new();
    for u in 0..USERS {
        let user = user_of(seed, u);
        for k in 0..DEVICES_PER_USER {
            let n = u * DEVICES_PER_USER + k;
            let address = format!("10.9.{}.{}", seed % 256, n + 1);
            let (id, token) = if k == 0 {
                let body: serde_json::Value = client
                    .post(format!("{base}/api/devices"))
                    .header("X-User-ID", &user)
                    .header("x-forwarded-for", &address)
                    .send()
                    .await
                    .expect("register")
                    .error_for_status()
                    .expect("registered")
                    .json()
                    .await
                    .expect("json");
                (
                    body["deviceId"].as_str().expect("id").to_string(),
                    body["deviceToken"].as_str().expect("token").to_string(),
                )
            } else {
                let (id, token) = (format!("dev-{seed}-{n}"), format!("token-{seed}-{n}"));
                model::add_device(store, &user, &id, &manna_server::tokens::hash_token(&token))
                    .await;
                (id, token)
            };
            phones.push(Phone {
                n,
                user: user.clone(),
                token,
                address,
                device: Device::new(id),
                rng: Rng(seed.wrapping_mul(1000).wrapping_add(n as u64 + 1)),
                written: vec![],
                failed: 0,
                server_errors: 0,
            });
        }
    }
    phones
}

/// The checks of one user's devices (see the top of this file).
async fn check_user(store: &Store, user: &str, phones: &[&Phone]) -> Result<(), String> {
    let server = model::server_records(store, user).await;
    model::converged(phones.iter().map(|p| (p.n, &p.device)), &server)?;
    let written: Vec<Written> = phones.iter().flat_map(|p| p.written.clone()).collect();
    let mut revisions: BTreeMap<(Table, String), Vec<StoredRevision>> = BTreeMap::new();
    for w in &written {
        if let std::collections::btree_map::Entry::Vacant(slot) =
            revisions.entry((w.table, w.id.clone()))
        {
            slot.insert(
                store
                    .revisions_of(user, w.table, &w.id)
                    .await
                    .expect("revisions"),
            );
        }
    }
    model::nothing_lost(&written, &server, |table, id| {
        revisions
            .get(&(table, id.to_string()))
            .cloned()
            .unwrap_or_default()
    })?;
    for p in phones {
        let last = p.device.next_seq - 1;
        let acked = store.acked_seq(&p.device.id).await.expect("acked");
        if acked != last {
            return Err(format!(
                "device {}: the server acknowledged up to {acked}, the device made {last}",
                p.n
            ));
        }
    }
    let made_ids: BTreeSet<&str> = written.iter().map(|w| w.id.as_str()).collect();
    if let Some(((_, stray), _)) = server
        .iter()
        .find(|((_, id), _)| !made_ids.contains(id.as_str()))
    {
        return Err(format!("{user}: {stray} is stored but no device made it"));
    }
    Ok(())
}

/// No sequence number of a device is in two committed pushes: `applied`
/// holds each push's device and first and last numbers applied.
fn applied_once(applied: &[(String, u64, u64)]) -> Result<(), String> {
    let mut by_device: BTreeMap<&str, Vec<(u64, u64)>> = BTreeMap::new();
    for (device, from, through) in applied {
        by_device.entry(device).or_default().push((*from, *through));
    }
    for (device, mut ranges) in by_device {
        ranges.sort();
        for pair in ranges.windows(2) {
            if pair[1].0 <= pair[0].1 {
                return Err(format!(
                    "device {device}: sequence number {} was applied twice ({}..={} and {}..={})",
                    pair[1].0, pair[0].0, pair[0].1, pair[1].0, pair[1].1
                ));
            }
        }
    }
    Ok(())
}

/// Every user's checks; `applied` is what the replicas' logs say they applied.
async fn check(
    seed: u64,
    store: &Store,
    phones: &[Phone],
    applied: &[(String, u64, u64)],
) -> Result<(), String> {
    applied_once(applied)?;
    for u in 0..USERS {
        let user = user_of(seed, u);
        let of_user: Vec<&Phone> = phones.iter().filter(|p| p.user == user).collect();
        check_user(store, &user, &of_user).await?;
    }
    Ok(())
}

/// What one run did, for the report, and what the checks read.
struct Run {
    writes: usize,
    failed: u64,
    server_errors: u64,
    kills: usize,
    faults: String,
    took: Duration,
    store: Store,
    phones: Vec<Phone>,
    applied: Vec<(String, u64, u64)>,
}

async fn run(seed: u64) -> Result<Run, String> {
    let started = Instant::now();
    let url = fresh_postgres().await.expect("the tests' PostgreSQL");
    let folder = tempfile::tempdir().expect("run folder");
    let mut replicas = [
        Replica::start(&url, folder.path(), "replica-a").await,
        Replica::start(&url, folder.path(), "replica-b").await,
    ];
    let ports: Vec<u16> = replicas.iter().map(|r| r.port).collect();
    let nginx = Nginx::start(folder.path(), &ports).await;
    let proxy = FaultProxy::start(seed, nginx.addr()).await;
    let store = tokio::task::spawn_blocking(move || Store::open_postgres(&url, 2))
        .await
        .expect("opened")
        .expect("the run's store");

    let phones = phones(seed, &nginx.base(), &store).await;
    // One request per connection, so each request meets its own fate.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(15))
        .build()
        .expect("client");
    let steps = Arc::new(AtomicU64::new(0));
    let lives: Vec<_> = phones
        .into_iter()
        .map(|p| tokio::spawn(p.live(client.clone(), proxy.base.clone(), steps.clone())))
        .collect();

    // Kill a replica a third and two thirds of the way in, and bring it back.
    let total = STEPS * (USERS * DEVICES_PER_USER) as u64;
    let mut rng = Rng(seed ^ 0x5EED);
    let mut kills = 0;
    for k in 1..=KILLS as u64 {
        // (A device that failed ends its task early: stop waiting then.)
        while steps.load(Ordering::Relaxed) < total * k / (KILLS as u64 + 1)
            && !lives.iter().any(|life| life.is_finished())
        {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // While requests are being handled, so some die with it (for at most
        // a second: the devices may all be busy elsewhere).
        let waited = Instant::now();
        while proxy.waiting() < 3 && waited.elapsed() < Duration::from_secs(1) {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let victim = &mut replicas[rng.below(2) as usize];
        victim.kill();
        kills += 1;
        tokio::time::sleep(Duration::from_millis(200 + rng.below(600))).await;
        victim.restart().await;
    }
    let mut phones = Vec::new();
    for life in lives {
        phones.push(life.await.expect("a device ran"));
    }

    // Calm: every device pushes what it holds and pulls to the end, until no
    // outbox holds anything; then one last pull each.
    proxy.calm();
    let base = proxy.base.clone();
    for round in 0.. {
        for p in phones.iter_mut() {
            p.settle(&client, &base, true).await;
            p.settle(&client, &base, false).await;
        }
        if phones.iter().all(|p| p.device.outbox.is_empty()) {
            break;
        }
        assert!(round < 50, "the system did not go quiet");
    }
    for p in phones.iter_mut() {
        p.settle(&client, &base, false).await;
    }

    let applied: Vec<_> = replicas.iter().flat_map(Replica::applied).collect();
    let checked = match applied.is_empty() {
        true => Err("the replicas' logs name no applied push".to_string()),
        false => check(seed, &store, &phones, &applied).await,
    };
    if let Err(e) = checked {
        // The replicas' and nginx's logs stay for a look.
        return Err(format!("{e} (logs in {})", folder.keep().display()));
    }
    let t = &proxy.tally;
    for (what, counter) in [
        ("refused", &t.refused),
        ("delayed", &t.delayed),
        ("cut before the answer", &t.cut_before_answer),
    ] {
        assert!(
            Tally::get(counter) > 0,
            "seed {seed}: no connection was {what}"
        );
    }
    Ok(Run {
        writes: phones.iter().map(|p| p.written.len()).sum(),
        failed: phones.iter().map(|p| p.failed).sum(),
        server_errors: phones.iter().map(|p| p.server_errors).sum(),
        kills,
        faults: proxy.summary(),
        took: started.elapsed(),
        store,
        phones,
        applied,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn devices_through_a_faulty_network_and_a_killed_replica_lose_nothing() {
    assert!(
        test_postgres().is_some(),
        "the cluster simulation needs the tests' PostgreSQL (MANNA_TEST_POSTGRES)"
    );
    let seeds: Vec<u64> = match std::env::var("CLUSTER_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(seed) => vec![seed],
        None => {
            let runs = std::env::var("CLUSTER_RUNS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(1);
            (0..runs).collect()
        }
    };
    let (mut kills, mut writes, mut last) = (0, 0, None);
    for &seed in &seeds {
        let done = run(seed)
            .await
            .unwrap_or_else(|e| panic!("seed {seed} (replay with CLUSTER_SEED={seed}): {e}"));
        eprintln!(
            "cluster seed {seed}: {} values written in {} committed pushes, {} calls failed ({} of them 5xx), {} kills, in {:.1} s; connections: {}",
            done.writes,
            done.applied.len(),
            done.failed,
            done.server_errors,
            done.kills,
            done.took.as_secs_f64(),
            done.faults
        );
        kills += done.kills;
        writes += done.writes;
        last = Some((seed, done));
    }
    eprintln!(
        "cluster simulation: runs {}, replicas killed and restarted {kills}, {writes} values written: 0 lost, 0 duplicated, every device converged",
        seeds.len()
    );
    assert!(
        writes > seeds.len() * 100,
        "the runs wrote too little to mean anything"
    );
    let (seed, done) = last.expect("a run");
    the_checks_catch_a_change_applied_twice(&done, seed).await;
}

/// The last run's checks must fail on a push applied twice (a replica's log
/// naming a number another push applied) and on an acknowledgement run ahead
/// of what a device made.
async fn the_checks_catch_a_change_applied_twice(run: &Run, seed: u64) {
    let (store, phones) = (&run.store, &run.phones);
    let mut twice = run.applied.clone();
    let (device, _, through) = twice[twice.len() / 2].clone();
    twice.push((device, through, through));
    assert!(
        check(seed, store, phones, &twice).await.is_err(),
        "a number applied twice went unnoticed"
    );
    let user = user_of(seed, 0);
    let ahead = format!("UPDATE devices SET acked_seq = acked_seq + 1 WHERE user_id = '{user}'");
    store.execute_for_tests(&ahead).await.expect("tampered");
    assert!(
        check(seed, store, phones, &run.applied).await.is_err(),
        "an acknowledgement ahead of the device went unnoticed"
    );
    let undo = format!("UPDATE devices SET acked_seq = acked_seq - 1 WHERE user_id = '{user}'");
    store.execute_for_tests(&undo).await.expect("undone");
    assert_eq!(check(seed, store, phones, &run.applied).await, Ok(()));
}
