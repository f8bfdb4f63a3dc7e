//! The load of `make soak` and `make bench`: 3,000 users' devices over many
//! connections, each connection sending its next call as soon as the last is
//! answered. The content mix reads the day (home, a week of daily content);
//! the sync mix pushes one change at a time and pulls from where it last
//! pulled; the full mix adds weights and reminders, each call a sixth. Beside
//! any of them may run a noisy user: one device sending as much as the
//! server lets one user send (the largest pushes back to back, full pulls and
//! reads on many connections), whose calls are counted apart.

use crate::harness::{Device, Error, Rng, call, journal, percentile, register};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The calls of the load.
const KINDS: [&str; 6] = [
    "home",
    "daily-content",
    "push",
    "pull",
    "weights",
    "reminders",
];

/// How a call ended.
#[derive(PartialEq)]
enum Outcome {
    Done,
    /// 429: the user's limit (a sync push's 120 a minute) said wait.
    Limited,
    Failed,
}

/// How a call ended, once its whole answer has arrived.
async fn done(answer: reqwest::Result<reqwest::Response>) -> Outcome {
    match answer {
        Ok(r) if r.status() == 429 => Outcome::Limited,
        Ok(r) if r.status().is_success() => match r.bytes().await {
            Ok(_) => Outcome::Done,
            Err(_) => Outcome::Failed,
        },
        _ => Outcome::Failed,
    }
}

/// Which calls a load is made of.
#[derive(Clone, Copy)]
pub enum Mix {
    All,
    Content,
    Sync,
}

impl Mix {
    fn kinds(self) -> &'static [usize] {
        match self {
            Self::All => &[0, 1, 2, 3, 4, 5],
            Self::Content => &[0, 1],
            Self::Sync => &[2, 3],
        }
    }
}

/// What a load measured: latencies in milliseconds, of the calls served
/// (pushes refused with 429 are counted apart, in `limited`).
pub struct Figures {
    pub requests: usize,
    pub seconds: u64,
    pub p50: f64,
    pub p99: f64,
    pub errors: u64,
    /// Pushes answered 429 (a user past 120 pushes a minute), sent again later.
    pub limited: u64,
    /// Each call's p99, as "name ms".
    pub by_call: Vec<String>,
}

impl Figures {
    pub fn per_second(&self) -> f64 {
        self.requests as f64 / self.seconds as f64
    }
}

/// Registers the [`USERS`] at `base`, then runs `mix` for `seconds` over `connections`.
pub async fn drive(
    base: &str,
    mix: Mix,
    seconds: u64,
    connections: usize,
) -> Result<Figures, Error> {
    let client = client(connections);
    let users = users(&client, base).await?;
    let (figures, _) = drive_users(&client, base, &users, mix, seconds, connections, None).await?;
    Ok(figures)
}

/// The load's HTTP client, keeping `connections` open.
pub fn client(connections: usize) -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(connections + 64)
        .build()
        .expect("an HTTP client")
}

/// The users of the load: a large congregation, each of whom, at this
/// machine's full speed, pushes under the 120 a minute one person may.
pub const USERS: usize = 3000;

/// The [`USERS`] of the load, registered at `base`.
pub async fn users(
    client: &reqwest::Client,
    base: &str,
) -> Result<std::sync::Arc<Vec<Device>>, Error> {
    let mut users = Vec::new();
    for n in 0..USERS {
        users.push(register(client, base, n).await?);
    }
    Ok(std::sync::Arc::new(users))
}

/// What the noisy user sent: calls answered, and calls refused with 429.
pub struct Noise {
    pub done: u64,
    pub limited: u64,
}

/// Connections the noisy user keeps busy.
pub const NOISY_CONNECTIONS: usize = 16;
/// Mutations in each of the noisy user's pushes (about 1.6 MB, under the
/// body limit).
const NOISY_BATCH: u64 = 800;

/// Runs `mix` for `seconds` over `connections` as `users`, beside `noisy`'s
/// device when given; answers the ordinary calls' figures and the noise.
pub async fn drive_users(
    client: &reqwest::Client,
    base: &str,
    users: &std::sync::Arc<Vec<Device>>,
    mix: Mix,
    seconds: u64,
    connections: usize,
    noisy: Option<&Device>,
) -> Result<(Figures, Noise), Error> {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut noise = tokio::task::JoinSet::new();
    if let Some(d) = noisy {
        for lane in 0..NOISY_CONNECTIONS {
            let (client, base, d) = (client.clone(), base.to_string(), d.clone());
            noise.spawn(async move { make_noise(&client, &base, &d, lane, deadline).await });
        }
    }
    let (client, users) = (client.clone(), users.clone());
    let mut tasks = tokio::task::JoinSet::new();
    for t in 0..connections {
        let (client, base, users) = (client.clone(), base.to_string(), users.clone());
        tasks.spawn(async move {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (t as u64 + 1));
            let (mut times, mut errors, mut limited, mut seqs) =
                (Vec::new(), 0u64, 0u64, HashMap::<usize, u64>::new());
            // Where each user's device last pulled to: it pulls from there, as
            // the app does (a first pull, with no cursor, reads everything).
            let mut cursors = HashMap::<usize, Value>::new();
            while Instant::now() < deadline {
                // Each connection speaks for its own users (no two connections
                // push for one device, as one device syncs one push at a time).
                let u = t + connections * rng.below((USERS / connections.max(1)).max(1) as u64) as usize;
                let d = &users[u.min(users.len() - 1)];
                let started = Instant::now();
                let kind = mix.kinds()[rng.below(mix.kinds().len() as u64) as usize];
                let outcome = match kind {
                    0 => done(client.get(format!("{base}/api/home?date=2026-11-22")).send().await).await,
                    1 => done(client.get(format!("{base}/api/daily-content?from=2026-11-22&days=7")).send().await).await,
                    2 => {
                        let seq = seqs.entry(u).or_insert(0);
                        *seq += 1;
                        let m = journal(*seq, &format!("journal-{t}x{}", *seq));
                        let outcome = done(call(&client, &base, d, reqwest::Method::POST, "/api/sync/push")
                            .json(&json!({"protocolVersion": 1, "deviceId": d.id, "mutations": [m]}))
                            .send()
                            .await)
                        .await;
                        if outcome != Outcome::Done {
                            *seqs.entry(u).or_insert(1) -= 1; // sent again next time
                        }
                        outcome
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
                                Outcome::Done
                            }
                            None => Outcome::Failed,
                        }
                    }
                    4 => done(call(&client, &base, d, reqwest::Method::GET, &format!("/api/weight-entries/{}", d.user))
                        .send()
                        .await)
                    .await,
                    _ => done(call(&client, &base, d, reqwest::Method::GET, "/api/prayer-reminders").send().await).await,
                };
                // A 429 is counted apart, not as a request served: it is
                // answered at once, and would flatter the throughput and
                // the p99 of the set-up that refuses most.
                match outcome {
                    Outcome::Done => {}
                    Outcome::Limited => {
                        limited += 1;
                        continue;
                    }
                    Outcome::Failed => errors += 1,
                }
                times.push((kind, started.elapsed().as_secs_f64() * 1000.0));
            }
            (times, errors, limited)
        });
    }
    let (mut tagged, mut errors, mut limited) = (Vec::new(), 0, 0);
    while let Some(finished) = tasks.join_next().await {
        let (t, e, l) = finished?;
        tagged.extend(t);
        errors += e;
        limited += l;
    }
    let by_call: Vec<String> = KINDS
        .iter()
        .enumerate()
        .filter(|(k, _)| mix.kinds().contains(k))
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
    let mut made = Noise {
        done: 0,
        limited: 0,
    };
    while let Some(finished) = noise.join_next().await {
        let (done, limited) = finished?;
        made.done += done;
        made.limited += limited;
    }
    Ok((
        Figures {
            requests: times.len(),
            seconds,
            p50: percentile(&times, 0.5),
            p99: percentile(&times, 0.99),
            errors,
            limited,
            by_call,
        },
        made,
    ))
}

/// One of the noisy user's connections until `deadline`: lane 0 pushes the
/// largest pushes back to back (its seq numbers its own), the others pull
/// everything from the start and read the user's lists, each call as soon as
/// the last is answered. Answers (calls answered, calls refused with 429).
async fn make_noise(
    client: &reqwest::Client,
    base: &str,
    d: &Device,
    lane: usize,
    deadline: Instant,
) -> (u64, u64) {
    let (mut done, mut limited, mut seq, mut n) = (0u64, 0u64, 0u64, 0u64);
    let text = "Noise ".repeat(320);
    while Instant::now() < deadline {
        n += 1;
        let request = if lane == 0 {
            let mutations: Vec<Value> = (1..=NOISY_BATCH)
                .map(|i| {
                    let mut m = journal(seq + i, &format!("noise-{}", seq + i));
                    m["fields"]["content"] = json!(text);
                    m
                })
                .collect();
            call(client, base, d, reqwest::Method::POST, "/api/sync/push")
                .json(&json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations}))
        } else if n % 2 == 0 {
            call(client, base, d, reqwest::Method::POST, "/api/sync/pull").json(
                &json!({"protocolVersion": 1, "deviceId": d.id, "cursor": null, "limit": 1000}),
            )
        } else {
            call(client, base, d, reqwest::Method::GET, "/api/prayer-journal")
        };
        match done_with(request.send().await).await {
            Some(200..=299) => {
                done += 1;
                if lane == 0 {
                    seq += NOISY_BATCH;
                }
            }
            Some(429) => limited += 1,
            _ => {}
        }
    }
    (done, limited)
}

/// The status of an answer, once all of it has arrived.
async fn done_with(answer: reqwest::Result<reqwest::Response>) -> Option<u16> {
    let r = answer.ok()?;
    let status = r.status().as_u16();
    r.bytes().await.ok()?;
    Some(status)
}
