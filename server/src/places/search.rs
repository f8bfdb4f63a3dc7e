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
            // One query at a time; another search may have asked meanwhile.
            let _turn = live.turn().await;
            let asked = state.store.place_fetched(kind.key(), area).await?;
            if let Some(at) = fresh(asked) {
                live_time = Some(at);
            } else {
                match live.fetch(kind, area).await {
                    Ok(places) => {
                        let rows = stored::rows(&places);
                        state.store.save_fetch(kind.key(), area, rows, now).await?;
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
