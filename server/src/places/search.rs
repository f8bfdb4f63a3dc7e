//! The places near a ZIP code's centre: from the store, after asking the
//! live source about the area when it has not been asked in the last 7 days.
//! When the live source fails, what the store holds of the area (a live
//! answer from before, or an import) is served with its date; with nothing,
//! the search fails (503).

use super::geo::{self, Point};
use super::osm::PlaceKind;
use super::shapes::PlaceData;
use super::stored::{self, Near};
use crate::error::AppError;
use crate::state::AppState;

/// How long a live answer about an area is served before the area is asked again.
pub const FRESH_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// Every place of `kind` within `radius` miles of `centre`, nearest first,
/// and where they came from.
pub async fn near(
    state: &AppState,
    kind: PlaceKind,
    centre: Point,
    radius: f64,
) -> Result<(Vec<Near>, PlaceData), AppError> {
    let area = geo::radius_box(centre, radius);
    let now = state.clock.now_ms();
    let mut live_time = None;
    if let Some(live) = &state.overpass {
        let asked = state.store.place_fetched(kind.key(), area).await?;
        let fresh = |at: Option<i64>| at.filter(|&t| now - t < FRESH_MS);
        if let Some(at) = fresh(asked) {
            live_time = Some(at);
        } else {
            // One query at a time from this replica, and from the whole
            // cluster; another search may have asked meanwhile.
            let _turn = live.turn().await;
            let (asked, held) = cluster_turn(state, live, kind, area).await?;
            let lease_ms = i64::try_from(live.timeout().as_millis()).unwrap_or(i64::MAX);
            if let Some(at) = fresh(asked) {
                live_time = Some(at);
            } else {
                let fetched = match live.fetch(kind, area).await {
                    Ok(places) => {
                        let rows = stored::rows(&places);
                        state
                            .store
                            .save_fetch(kind.key(), area, rows, now)
                            .await
                            .map(|_| Ok(()))
                    }
                    Err(problem) => Ok(Err(problem)),
                };
                // Given back once what was fetched is stored: the replica
                // waiting next finds it.
                if let Some(claimed_at) = held {
                    state
                        .store
                        .release_job(LIVE_TURN, claimed_at, lease_ms)
                        .await?;
                }
                match fetched? {
                    Ok(()) => {
                        live_time = Some(now);
                    }
                    Err(problem) => {
                        tracing::warn!(%problem, kind = kind.key(), "the live place source failed");
                        // What the store holds of the area (asked before, or
                        // imported) is served with its date; with nothing, 503.
                        let (found, loaded) = from_store(state, kind, centre, radius).await?;
                        if found.is_empty() {
                            return Err(AppError::Unavailable(format!(
                                "{}: {problem}; please try again later",
                                match kind {
                                    PlaceKind::Farm => "farms",
                                    PlaceKind::Trail => "trails",
                                }
                            )));
                        }
                        let data = PlaceData {
                            configured: true,
                            updated_at: asked.or(loaded).map(manna_core::calendar::iso_time),
                            stale: true,
                        };
                        return Ok((found, data));
                    }
                }
            }
        }
    }
    let configured = state.overpass.is_some();
    let (found, loaded) = from_store(state, kind, centre, radius).await?;
    let data = PlaceData {
        configured: configured || loaded.is_some(),
        updated_at: live_time.or(loaded).map(manna_core::calendar::iso_time),
        stale: false,
    };
    Ok((found, data))
}

/// The lease in the store that lets one replica of a cluster ask the live
/// source at a time.
const LIVE_TURN: &str = "overpass-query";

/// Waits for the cluster's turn to ask the live source about `area` (another
/// replica may be asking), then answers when the area was last asked: a
/// replica that asked meanwhile may have answered this search already, and
/// when this one took the turn, if it holds it. The turn is held for a query's time at
/// most; when the wait takes longer than that, the search goes on without it.
async fn cluster_turn(
    state: &AppState,
    live: &super::live::Overpass,
    kind: PlaceKind,
    area: super::stored::Bounds,
) -> Result<(Option<i64>, Option<i64>), AppError> {
    let lease_ms = i64::try_from(live.timeout().as_millis()).unwrap_or(i64::MAX);
    let waiting = tokio::time::Instant::now();
    loop {
        let asked = state.store.place_fetched(kind.key(), area).await?;
        let now = state.clock.now_ms();
        if asked.is_some_and(|t| now - t < FRESH_MS) || waiting.elapsed() > live.timeout() {
            return Ok((asked, None));
        }
        if state.store.claim_job(LIVE_TURN, now, lease_ms).await? {
            // The replica that held the turn may have just asked about it.
            let asked = state.store.place_fetched(kind.key(), area).await?;
            if asked.is_some_and(|t| now - t < FRESH_MS) {
                state.store.release_job(LIVE_TURN, now, lease_ms).await?;
                return Ok((asked, None));
            }
            return Ok((asked, Some(now)));
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
}

/// The stored places of `kind` within `radius` of `centre`, and when any
/// source last loaded places.
async fn from_store(
    state: &AppState,
    kind: PlaceKind,
    centre: Point,
    radius: f64,
) -> Result<(Vec<Near>, Option<i64>), AppError> {
    stored::near(&state.store, kind, centre, radius).await
}
