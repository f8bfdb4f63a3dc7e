//! A TCP proxy between the devices and nginx that fails connections on a
//! seeded plan, as a phone's network does: some are refused, some slowed in
//! both directions, some cut after the request went through (the server did
//! the work; the device never hears), some cut partway into the answer.
//! Devices open one connection per request, so each request draws its fate.

use crate::simulation::model::Rng;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Plan {
    Clean,
    /// Closed before anything is forwarded.
    Refuse,
    /// Held back (milliseconds) before the request goes on and before the
    /// answer comes back.
    Delay(u64, u64),
    /// The request reaches the server; the connection closes as its answer starts.
    CutBeforeAnswer,
    /// The first bytes of the answer come back, then the connection closes.
    CutMidAnswer(usize),
}

impl Plan {
    fn draw(rng: &mut Rng) -> Self {
        match rng.below(100) {
            0..=7 => Self::Refuse,
            8..=17 => Self::CutBeforeAnswer,
            // nginx's headers are about 200 bytes: some cuts fall in them,
            // some in the body.
            18..=22 => Self::CutMidAnswer(1 + rng.below(400) as usize),
            23..=44 => Self::Delay(rng.below(150), rng.below(150)),
            _ => Self::Clean,
        }
    }
}

/// How many connections met each fate.
#[derive(Default, Debug)]
pub struct Tally {
    pub clean: AtomicU64,
    pub refused: AtomicU64,
    pub delayed: AtomicU64,
    pub cut_before_answer: AtomicU64,
    pub cut_mid_answer: AtomicU64,
    /// Requests sent on and not yet answered (at nginx or a replica now).
    pub waiting: AtomicI64,
}

impl Tally {
    fn count(&self, plan: Plan) {
        let counter = match plan {
            Plan::Clean => &self.clean,
            Plan::Refuse => &self.refused,
            Plan::Delay(..) => &self.delayed,
            Plan::CutBeforeAnswer => &self.cut_before_answer,
            Plan::CutMidAnswer(_) => &self.cut_mid_answer,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

pub struct FaultProxy {
    pub base: String,
    faults: Arc<AtomicBool>,
    pub tally: Arc<Tally>,
    accepting: tokio::task::JoinHandle<()>,
}

impl FaultProxy {
    /// A proxy to `target` whose `n`th connection's fate comes from `seed` and `n`.
    pub async fn start(seed: u64, target: SocketAddr) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let faults = Arc::new(AtomicBool::new(true));
        let tally = Arc::new(Tally::default());
        let (on, counts) = (faults.clone(), tally.clone());
        let accepting = tokio::spawn(async move {
            let mut n: u64 = 0;
            loop {
                let client = match listener.accept().await {
                    Ok((client, _)) => client,
                    Err(_) => {
                        // Out of descriptors for a moment: take the next one later.
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    }
                };
                n += 1;
                let plan = match on.load(Ordering::Relaxed) {
                    true => Plan::draw(&mut Rng(seed ^ n.wrapping_mul(0x2545_F491_4F6C_DD1D))),
                    false => Plan::Clean,
                };
                counts.count(plan);
                tokio::spawn(relay(client, target, plan, counts.clone()));
            }
        });
        Self {
            base,
            faults,
            tally,
            accepting,
        }
    }

    /// From now on every connection goes through untouched.
    pub fn calm(&self) {
        self.faults.store(false, Ordering::Relaxed);
    }

    /// Requests on their way through nginx and the replicas right now.
    pub fn waiting(&self) -> i64 {
        self.tally.waiting.load(Ordering::Relaxed)
    }

    pub fn summary(&self) -> String {
        let t = &self.tally;
        format!(
            "{} clean, {} refused, {} delayed, {} cut before the answer, {} cut mid-answer",
            Tally::get(&t.clean),
            Tally::get(&t.refused),
            Tally::get(&t.delayed),
            Tally::get(&t.cut_before_answer),
            Tally::get(&t.cut_mid_answer)
        )
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}

async fn relay(client: TcpStream, target: SocketAddr, plan: Plan, tally: Arc<Tally>) {
    if plan == Plan::Refuse {
        return; // dropped: the device sees its connection closed at once
    }
    if let Plan::Delay(before, _) = plan {
        tokio::time::sleep(Duration::from_millis(before)).await;
    }
    let Ok(upstream) = TcpStream::connect(target).await else {
        return;
    };
    let (mut from_client, mut to_client) = client.into_split();
    let (mut from_server, mut to_server) = upstream.into_split();
    let request = tokio::spawn(async move {
        let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
        let _ = to_server.shutdown().await;
    });
    let mut buf = vec![0u8; 16 * 1024];
    let mut sent = 0usize;
    tally.waiting.fetch_add(1, Ordering::Relaxed);
    let mut answered = false;
    loop {
        let read = from_server.read(&mut buf).await;
        if !answered {
            answered = true;
            tally.waiting.fetch_sub(1, Ordering::Relaxed);
        }
        let n = match read {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let chunk = match plan {
            Plan::CutBeforeAnswer => break,
            Plan::CutMidAnswer(limit) => &buf[..n.min(limit.saturating_sub(sent))],
            Plan::Delay(_, after) if sent == 0 => {
                tokio::time::sleep(Duration::from_millis(after)).await;
                &buf[..n]
            }
            _ => &buf[..n],
        };
        if to_client.write_all(chunk).await.is_err() {
            break;
        }
        sent += chunk.len();
        if matches!(plan, Plan::CutMidAnswer(limit) if sent >= limit) {
            break;
        }
    }
    // Both connections close here, whatever the request side was doing.
    request.abort();
}
