//! The senders: what the scheduler claimed is handed here and sent by a
//! bounded pool, so claiming the next minute never waits for the last
//! minute's sends. A slow or dead push host can only delay itself: each host
//! (scheme, name and port) has a few sends in flight at most (one, until it
//! has answered once), and after failures in a row it rests, its sends put
//! off until it is tried again. Each user has a bounded share of the queue,
//! so nobody's subscriptions crowd out anyone else's, and the queue as a
//! whole is bounded: what does not fit waits in the database for the next
//! minute.

use super::{Outcome, Push, Subscription, TTL};
use crate::clock::Clock;
use crate::store::{Claimed, Settled, Store};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore};
use tokio::time::Instant;

/// Sends in flight to one push host at once, once it has answered (before,
/// one: a host nobody has heard from yet costs little if it never answers).
pub const PER_HOST: usize = 4;
/// Sends in flight at once, to every host together (each is a wait on the
/// network, not work).
pub const IN_FLIGHT: usize = 256;
/// Hosts remembered; past this many, those idle and not resting are
/// forgotten.
const HOSTS_KEPT: usize = 1_000;
/// Sends waiting or in flight at once; more wait in the database.
pub const MAX_QUEUED: usize = 10_000;
/// Sends of one user waiting or in flight at once.
pub const PER_USER_QUEUED: usize = 200;
/// Failures in a row after which a host rests.
const FAILURES_TO_REST: u32 = 3;
/// A host's first rest; each rest in a row doubles it, up to the longest.
const FIRST_REST: Duration = Duration::from_secs(30);
const LONGEST_REST: Duration = Duration::from_secs(10 * 60);
/// A send that waited this long for its host is put off to the next minute
/// instead (well inside the claim's lease, so it is never sent twice).
pub const LONGEST_WAIT: Duration = Duration::from_secs(4 * 60);
/// How long a claimed sending is held before another look may claim it again
/// (its process stopped mid-way).
pub const LEASE: Duration = Duration::from_secs(10 * 60);

/// The wait before the `attempt`th try's retry: 1, 2, 4 … minutes, at most 30.
pub fn backoff(attempt: u32) -> Duration {
    Duration::from_secs(60 * (1u64 << attempt.saturating_sub(1).min(5)).min(30))
}

/// The pool of senders (cheap to clone).
#[derive(Debug, Clone)]
pub struct Senders(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    push: Arc<Push>,
    store: Store,
    clock: Clock,
    in_flight: Arc<Semaphore>,
    book: Mutex<Book>,
    idle: Notify,
}

/// What is queued, per user and per host.
#[derive(Debug, Default)]
struct Book {
    queued: usize,
    per_user: HashMap<String, usize>,
    hosts: HashMap<String, Host>,
}

/// One push host's gate and health.
#[derive(Debug)]
struct Host {
    gate: Arc<Semaphore>,
    /// Whether it has answered (and has its full gate).
    answered: bool,
    failures: u32,
    rests: u32,
    resting_until: Option<Instant>,
}

impl Host {
    fn new() -> Self {
        Self {
            gate: Arc::new(Semaphore::new(1)),
            answered: false,
            failures: 0,
            rests: 0,
            resting_until: None,
        }
    }

    /// Whether nothing of it is under way or to remember.
    fn idle(&self, now: Instant) -> bool {
        let slots = if self.answered { PER_HOST } else { 1 };
        self.gate.available_permits() == slots
            && Arc::strong_count(&self.gate) == 1
            && self.resting_until.is_none_or(|until| until <= now)
    }
}

/// What became of one try through a host's gate.
enum Through {
    /// The host rests this long still: not tried.
    Resting(Duration),
    /// It waited too long for its turn: not tried.
    TooLate,
    Sent(Outcome),
}

impl Book {
    /// `host`'s gate (a new host's, after forgetting idle ones when many
    /// are kept).
    fn gate(&mut self, host: &str) -> Arc<Semaphore> {
        if !self.hosts.contains_key(host) && self.hosts.len() >= HOSTS_KEPT {
            let now = Instant::now();
            self.hosts.retain(|_, h| !h.idle(now));
        }
        self.hosts
            .entry(host.to_owned())
            .or_insert_with(Host::new)
            .gate
            .clone()
    }
}

/// The host part of an endpoint that sends are counted under.
fn host_of(endpoint: &str) -> String {
    url::Url::parse(endpoint).map_or_else(
        |_| String::new(),
        |u| {
            format!(
                "{}://{}:{}",
                u.scheme(),
                u.host_str().unwrap_or_default(),
                u.port_or_known_default().unwrap_or_default()
            )
        },
    )
}

impl Senders {
    pub fn new(push: Arc<Push>, store: Store, clock: Clock) -> Self {
        Self(Arc::new(Inner {
            push,
            store,
            clock,
            in_flight: Arc::new(Semaphore::new(IN_FLIGHT)),
            book: Mutex::default(),
            idle: Notify::new(),
        }))
    }

    fn book(&self) -> std::sync::MutexGuard<'_, Book> {
        self.0.book.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Sends waiting or in flight now.
    pub fn queued(&self) -> usize {
        self.book().queued
    }

    /// Takes `claimed` to be sent, and answers at once. What the queue (or
    /// its user's share of it) has no room for is put off to the next minute.
    pub fn hand(&self, claimed: Vec<Claimed>) {
        let mut put_off = Vec::new();
        for c in claimed {
            let admitted = {
                let mut book = self.book();
                let mine = book
                    .per_user
                    .get(&c.subscription.user_id)
                    .copied()
                    .unwrap_or(0);
                let room = book.queued < MAX_QUEUED && mine < PER_USER_QUEUED;
                if room {
                    book.queued += 1;
                    *book
                        .per_user
                        .entry(c.subscription.user_id.clone())
                        .or_default() += 1;
                }
                room
            };
            if admitted {
                let me = self.clone();
                tokio::spawn(async move { me.send_one(c, Instant::now()).await });
            } else {
                put_off.push(c);
            }
        }
        if !put_off.is_empty() {
            tracing::warn!(
                count = put_off.len(),
                "the senders' queue is full: notifications wait for the next minute"
            );
            let me = self.clone();
            tokio::spawn(async move {
                let next = me.0.clock.now_ms() + 60_000;
                for c in put_off {
                    me.settle(c, retry_or_give_up(next, None)).await;
                }
            });
        }
    }

    async fn send_one(self, c: Claimed, queued_at: Instant) {
        let user = c.subscription.user_id.clone();
        let in_time = || queued_at.elapsed() <= LONGEST_WAIT;
        let settled = match self
            .through(&c.subscription, c.payload.as_bytes(), in_time)
            .await
        {
            // Not tried: the host is resting, or the send's lease would not
            // last (it is claimed again next minute, never sent twice).
            Through::Resting(rest) => Settled::RetryAt(self.0.clock.now_ms() + millis(rest)),
            Through::TooLate => Settled::RetryAt(self.0.clock.now_ms() + 60_000),
            Through::Sent(outcome) => self.settled_of(&c, &outcome),
        };
        self.settle(c, settled).await;
        let mut book = self.book();
        book.queued = book.queued.saturating_sub(1);
        if let Some(n) = book.per_user.get_mut(&user) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                book.per_user.remove(&user);
            }
        }
        if book.queued == 0 {
            self.0.idle.notify_waiters();
        }
    }

    /// One send through its host's gate and the pool's: not tried while the
    /// host rests, nor once `in_time` says it is too late.
    async fn through(
        &self,
        sub: &Subscription,
        payload: &[u8],
        in_time: impl Fn() -> bool,
    ) -> Through {
        let host = host_of(&sub.endpoint);
        let gate = self.book().gate(&host);
        let Ok(_host_slot) = gate.acquire_owned().await else {
            return Through::TooLate;
        };
        if let Some(rest) = self.resting(&host) {
            return Through::Resting(rest);
        }
        let Ok(_slot) = self.0.in_flight.clone().acquire_owned().await else {
            return Through::TooLate;
        };
        if !in_time() {
            return Through::TooLate;
        }
        let outcome = self.0.push.send(sub, payload).await;
        self.note(&host, &outcome);
        Through::Sent(outcome)
    }

    /// How long `host` rests still, if it does.
    fn resting(&self, host: &str) -> Option<Duration> {
        let book = self.book();
        let until = book.hosts.get(host)?.resting_until?;
        until.checked_duration_since(Instant::now())
    }

    /// Notes what `host` answered: failures in a row make it rest, longer
    /// each time; an answer ends its rests and, the first time, opens its
    /// gate to a few sends at once. (A Retry-After speaks of one
    /// subscription, which waits that long; the host does not rest for it.)
    fn note(&self, host: &str, outcome: &Outcome) {
        let mut book = self.book();
        let Some(h) = book.hosts.get_mut(host) else {
            return;
        };
        match outcome {
            Outcome::Retry { .. } => {
                h.failures += 1;
                if h.failures >= FAILURES_TO_REST {
                    let rest = FIRST_REST
                        .saturating_mul(1 << h.rests.min(5))
                        .min(LONGEST_REST);
                    h.rests += 1;
                    h.failures = 0;
                    h.resting_until = Some(Instant::now() + rest);
                    tracing::warn!(
                        host = %host_name(host),
                        rest_secs = rest.as_secs(),
                        "a push service is not answering: its notifications wait"
                    );
                }
            }
            Outcome::Sent | Outcome::Gone | Outcome::Failed(_) => {
                if !h.answered {
                    h.answered = true;
                    h.gate.add_permits(PER_HOST - 1);
                }
                h.failures = 0;
                h.rests = 0;
                h.resting_until = None;
            }
        }
    }

    /// What a send's outcome makes of its sending.
    fn settled_of(&self, c: &Claimed, outcome: &Outcome) -> Settled {
        match outcome {
            Outcome::Sent => Settled::Sent,
            Outcome::Gone => Settled::Gone,
            Outcome::Retry { reason, after } => {
                let wait = backoff(c.attempts).max(after.unwrap_or_default());
                let next = self.0.clock.now_ms() + millis(wait);
                let settled = retry_or_give_up(next, Some(c.due_at));
                match settled {
                    Settled::Failed => {
                        tracing::warn!(source = %c.source, attempts = c.attempts, %reason, "a notification could not be sent in time")
                    }
                    _ => {
                        tracing::info!(source = %c.source, attempts = c.attempts, %reason, "a notification will be tried again")
                    }
                }
                settled
            }
            Outcome::Failed(reason) => {
                tracing::warn!(source = %c.source, %reason, "a notification was refused");
                Settled::Failed
            }
        }
    }

    async fn settle(&self, c: Claimed, settled: Settled) {
        let settled = match settled {
            Settled::RetryAt(at) => retry_or_give_up(at, Some(c.due_at)),
            s => s,
        };
        if let Err(e) = self.0.store.settle_push(c, settled).await {
            tracing::warn!(error = %e, "recording a notification's outcome failed");
        }
    }

    /// Waits until nothing is queued (tests, and a server stopping).
    pub async fn settled(&self) {
        loop {
            let notified = self.0.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.queued() == 0 {
                return;
            }
            notified.await;
        }
    }

    /// Sends `payload` to each of `subs` side by side, each within
    /// `deadline`, through their hosts' gates (a resting host is not asked);
    /// answers each one's outcome, in order.
    pub async fn send_now(
        &self,
        subs: Vec<Subscription>,
        payload: Arc<Vec<u8>>,
        deadline: Duration,
    ) -> Vec<Outcome> {
        let mut sending = tokio::task::JoinSet::new();
        let count = subs.len();
        for (at, sub) in subs.into_iter().enumerate() {
            let (me, payload) = (self.clone(), payload.clone());
            sending.spawn(async move {
                let tried = tokio::time::timeout(deadline, me.through(&sub, &payload, || true));
                let outcome = match tried.await {
                    Ok(Through::Sent(outcome)) => outcome,
                    Ok(Through::Resting(_)) => Outcome::Retry {
                        reason: "the push service is resting after failures".into(),
                        after: None,
                    },
                    Ok(Through::TooLate) | Err(_) => Outcome::Retry {
                        reason: "the push service did not answer in time".into(),
                        after: None,
                    },
                };
                (at, outcome)
            });
        }
        let mut outcomes: Vec<Option<Outcome>> = vec![None; count];
        while let Some(done) = sending.join_next().await {
            if let Ok((at, outcome)) = done {
                outcomes[at] = Some(outcome);
            }
        }
        outcomes
            .into_iter()
            .map(|o| {
                o.unwrap_or(Outcome::Failed(
                    "the send stopped before it answered".into(),
                ))
            })
            .collect()
    }
}

/// A retry at `at`, unless that is past the notification's time to live.
fn retry_or_give_up(at: i64, due_at: Option<i64>) -> Settled {
    match due_at {
        Some(due) if at > due + millis(TTL) => Settled::Failed,
        _ => Settled::RetryAt(at),
    }
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The host's name alone, for the log (never the endpoint's path, which
/// addresses one browser).
fn host_name(host: &str) -> &str {
    host.split("://").nth(1).unwrap_or(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_half_an_hour() {
        let minutes: Vec<u64> = (1..=8).map(|n| backoff(n).as_secs() / 60).collect();
        assert_eq!(minutes, [1, 2, 4, 8, 16, 30, 30, 30]);
    }

    #[test]
    fn sends_are_counted_by_scheme_host_and_port() {
        assert_eq!(
            host_of("https://fcm.googleapis.com/fcm/send/abc"),
            "https://fcm.googleapis.com:443"
        );
        assert_eq!(
            host_of("http://127.0.0.1:9000/p/1"),
            "http://127.0.0.1:9000"
        );
        assert_ne!(
            host_of("http://127.0.0.1:9000/p/1"),
            host_of("http://127.0.0.1:9001/p/1")
        );
    }

    #[test]
    fn a_retry_past_the_time_to_live_gives_up() {
        let due = 1_000_000;
        assert_eq!(
            retry_or_give_up(due + 60_000, Some(due)),
            Settled::RetryAt(due + 60_000)
        );
        assert_eq!(
            retry_or_give_up(due + millis(TTL) + 1, Some(due)),
            Settled::Failed
        );
    }
}
