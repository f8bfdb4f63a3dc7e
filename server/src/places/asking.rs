//! Asking the live source, boundedly. Areas snap outward to a grid, so
//! neighbouring ZIP codes share one query; one query an area is in flight
//! however many searches want it; one query at a time goes out from this
//! server (and, with replicas, from the cluster), a few more wait and no more
//! (beyond that a search is answered at once); an area whose query failed is
//! left alone for a few minutes; and no search waits past its deadline: its
//! query goes on, and what it brings is stored for the next search.

use super::live::Overpass;
use super::osm::PlaceKind;
use super::stored::{self, Bounds};
use crate::clock::Clock;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// The grid areas snap to, in degrees (about 17 miles north to south).
pub const GRID_DEGREES: f64 = 0.25;
/// Queries that may wait behind the one going out; a search that would make
/// one more is answered at once.
pub const QUERIES_WAITING: usize = 3;
/// How long an area whose query failed is not asked again.
pub const FAILED_FOR_MS: i64 = 5 * 60 * 1000;
/// The longest a search waits for the live source (a browser waits far
/// longer): then it is answered with what the store holds.
pub const DEADLINE: Duration = Duration::from_secs(10);
/// How long a live answer about an area is served before the area is asked again.
pub const FRESH_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// What became of asking about an area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// The store holds the area's places as the live source gave them then.
    Fresh(i64),
    /// The live source failed for the area (just now, or a few minutes ago).
    Failed(String),
    /// The query is still under way past the search's deadline.
    StillAsking,
    /// Too many queries wait already.
    Busy,
}

/// An area as the grid has it: its kind and cells.
type Key = (&'static str, (i64, i64, i64, i64));

/// The live source with its queue.
#[derive(Debug)]
pub struct Asking {
    live: Overpass,
    /// One query at a time from this server.
    turn: tokio::sync::Mutex<()>,
    book: Mutex<Book>,
}

#[derive(Debug, Default)]
struct Book {
    /// Queries going out or waiting to.
    queued: usize,
    /// The queries under way, each with what it came to.
    under_way: HashMap<Key, watch::Receiver<Option<Result<i64, String>>>>,
    /// Areas whose query failed: until when, and why.
    failed: HashMap<Key, (i64, String)>,
}

/// `area` grown to the grid's lines, and its cells.
pub fn snap((s, n, w, e): Bounds) -> (Bounds, (i64, i64, i64, i64)) {
    let cell = |v: f64, up: bool| {
        let c = v / GRID_DEGREES;
        (if up { c.ceil() } else { c.floor() }) as i64
    };
    let cells = (cell(s, false), cell(n, true), cell(w, false), cell(e, true));
    let line = |c: i64| c as f64 * GRID_DEGREES;
    (
        (line(cells.0), line(cells.1), line(cells.2), line(cells.3)),
        cells,
    )
}

impl Asking {
    pub fn new(live: Overpass) -> Self {
        Self {
            live,
            turn: tokio::sync::Mutex::new(()),
            book: Mutex::default(),
        }
    }

    fn book(&self) -> std::sync::MutexGuard<'_, Book> {
        self.book.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Why the live source failed for `area`'s places of `kind` a few
    /// minutes ago, if it did: such a search is answered without asking (nor
    /// counting against its client's allowance).
    pub fn failed(&self, kind: PlaceKind, area: Bounds, now_ms: i64) -> Option<String> {
        let key = (kind.key(), snap(area).1);
        let book = self.book();
        book.failed
            .get(&key)
            .filter(|(until, _)| *until > now_ms)
            .map(|(_, problem)| problem.clone())
    }

    /// Asks the live source about `area`'s places of `kind` (the grid's area
    /// around it), waiting at most [`DEADLINE`].
    pub async fn ask(
        self: &Arc<Self>,
        store: &Store,
        clock: &Clock,
        kind: PlaceKind,
        area: Bounds,
    ) -> Asked {
        let (grown, cells) = snap(area);
        let key = (kind.key(), cells);
        let now = clock.now_ms();
        let answered = {
            let mut book = self.book();
            book.failed.retain(|_, (until, _)| *until > now);
            if let Some((_, problem)) = book.failed.get(&key) {
                return Asked::Failed(problem.clone());
            }
            match book.under_way.get(&key) {
                Some(answer) => answer.clone(),
                None if book.queued > QUERIES_WAITING => return Asked::Busy,
                None => {
                    book.queued += 1;
                    let (tell, answer) = watch::channel(None);
                    book.under_way.insert(key, answer.clone());
                    let (me, store, clock) = (self.clone(), store.clone(), clock.clone());
                    tokio::spawn(async move {
                        // A query that panics still ends its turn in the book.
                        let query = {
                            let (me, store, clock) = (me.clone(), store.clone(), clock.clone());
                            tokio::spawn(async move { me.query(&store, &clock, kind, grown).await })
                        };
                        let result = query.await.unwrap_or_else(|_| {
                            Err("the map data service's query stopped".to_string())
                        });
                        let mut book = me.book();
                        book.queued -= 1;
                        book.under_way.remove(&key);
                        if let Err(problem) = &result {
                            let until = clock.now_ms() + FAILED_FOR_MS;
                            book.failed.insert(key, (until, problem.clone()));
                        }
                        let _ = tell.send(Some(result));
                    });
                    answer
                }
            }
        };
        let mut answered = answered;
        match tokio::time::timeout(DEADLINE, answered.wait_for(Option::is_some)).await {
            Ok(Ok(result)) => match result.clone() {
                Some(Ok(at)) => Asked::Fresh(at),
                Some(Err(problem)) => Asked::Failed(problem),
                None => Asked::StillAsking,
            },
            Ok(Err(_)) => Asked::Failed("the map data service's query stopped".into()),
            Err(_) => Asked::StillAsking,
        }
    }

    /// One query about `area` (on the grid), in turn: the places stored, or
    /// what went wrong in words a visitor may read.
    async fn query(
        &self,
        store: &Store,
        clock: &Clock,
        kind: PlaceKind,
        area: Bounds,
    ) -> Result<i64, String> {
        let _turn = self.turn.lock().await;
        let stored = |e: crate::store::StoreError| {
            tracing::warn!(error = %e, "storing what the live place source gave");
            "the map data could not be kept just now".to_string()
        };
        let (asked, held) = cluster_turn(store, clock, &self.live, kind, area)
            .await
            .map_err(stored)?;
        let now = clock.now_ms();
        if let Some(at) = asked.filter(|&t| now - t < FRESH_MS) {
            return Ok(at);
        }
        let fetched = self.live.fetch(kind, area).await;
        let saved = match fetched {
            Ok(places) => store
                .save_fetch(kind.key(), area, stored::rows(&places), now)
                .await
                .map(|_| Ok(now))
                .map_err(stored),
            Err(problem) => {
                tracing::warn!(%problem, kind = kind.key(), "the live place source failed");
                Ok(Err(problem))
            }
        };
        // Given back once what was fetched is stored: the replica waiting
        // next finds it.
        if let Some(claimed_at) = held {
            let lease_ms = lease_ms(&self.live);
            if let Err(e) = store.release_job(LIVE_TURN, claimed_at, lease_ms).await {
                tracing::warn!(error = %e, "giving the live source's turn back");
            }
        }
        saved?
    }
}

/// The lease in the store that lets one replica of a cluster ask the live
/// source at a time.
const LIVE_TURN: &str = "overpass-query";

fn lease_ms(live: &Overpass) -> i64 {
    i64::try_from(live.timeout().as_millis()).unwrap_or(i64::MAX)
}

/// Waits for the cluster's turn to ask the live source about `area` (another
/// replica may be asking), then answers when the area was last asked (a
/// replica that asked meanwhile may have answered it already) and when this
/// one took the turn, if it holds it. The turn is held for a query's time at
/// most; when the wait takes longer than that, the query goes on without it.
async fn cluster_turn(
    store: &Store,
    clock: &Clock,
    live: &Overpass,
    kind: PlaceKind,
    area: Bounds,
) -> Result<(Option<i64>, Option<i64>), crate::store::StoreError> {
    let lease_ms = lease_ms(live);
    let waiting = tokio::time::Instant::now();
    loop {
        let asked = store.place_fetched(kind.key(), area).await?;
        let now = clock.now_ms();
        if asked.is_some_and(|t| now - t < FRESH_MS) || waiting.elapsed() > live.timeout() {
            return Ok((asked, None));
        }
        if store.claim_job(LIVE_TURN, now, lease_ms).await? {
            // The replica that held the turn may have just asked about it.
            let asked = store.place_fetched(kind.key(), area).await?;
            if asked.is_some_and(|t| now - t < FRESH_MS) {
                store.release_job(LIVE_TURN, now, lease_ms).await?;
                return Ok((asked, None));
            }
            return Ok((asked, Some(now)));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_areas_snap_to_the_same_cells() {
        let (a, ca) = snap((39.96, 40.10, -83.05, -82.95));
        let (b, cb) = snap((39.90, 40.05, -83.10, -82.90));
        assert_eq!(ca, cb);
        assert_eq!(a, b);
        assert_eq!(a, (39.75, 40.25, -83.25, -82.75));
        // The grid's area holds the search's.
        let (s, n, w, e) = a;
        assert!(s <= 39.96 && n >= 40.10 && w <= -83.05 && e >= -82.95);
        let (_, far) = snap((41.0, 41.2, -83.05, -82.95));
        assert_ne!(far, ca);
    }
}
