//! The places near a ZIP code's centre: from the store, after asking the
//! live source about the area when it has not been asked in the last 7 days.
//! When the live source fails, is busy, or is still answering at the
//! search's deadline, what the store holds of the area (a live answer from
//! before, or an import) is served with its date; with nothing, the search
//! is refused (503, or 429 past the client's own allowance of live queries)
//! with when to try again.

use super::asking::Asking;
use super::asking::{Asked, FRESH_MS};
use super::geo::{self, Point};
use super::osm::PlaceKind;
use super::shapes::PlaceData;
use super::stored::{self, Near};
use crate::clock::Clock;
use crate::error::AppError;
use crate::guard::{ClientIp, LIVE_SEARCH, RateLimiter};
use crate::store::Store;

/// What a search reads: the store, the time, the clients' allowances of
/// live queries, and the live source when one is configured.
#[derive(Debug, Clone, Copy)]
pub struct Finder<'a> {
    pub store: &'a Store,
    pub clock: &'a Clock,
    pub limits: &'a RateLimiter,
    pub asking: Option<&'a std::sync::Arc<Asking>>,
}

impl Finder<'_> {
    /// When the places were last imported, if ever.
    pub async fn loaded_at(&self) -> Result<Option<i64>, AppError> {
        Ok(self.store.places_loaded_at().await?)
    }

    /// Farms whose names hold `words`, at most `limit`.
    pub async fn farms_named(
        &self,
        words: &str,
        limit: usize,
    ) -> Result<Vec<super::shapes::Farm>, AppError> {
        stored::farms_named(self.store, words, limit).await
    }
}

/// Every place of `kind` within `radius` miles of `centre`, nearest first,
/// and where they came from; `client` is who asks.
pub async fn near(
    state: Finder<'_>,
    client: ClientIp,
    kind: PlaceKind,
    centre: Point,
    radius: f64,
) -> Result<(Vec<Near>, PlaceData), AppError> {
    let area = geo::radius_box(centre, radius);
    let mut live_time = None;
    if let Some(asking) = state.asking {
        let now = state.clock.now_ms();
        let asked = state.store.place_fetched(kind.key(), area).await?;
        if let Some(at) = asked.filter(|&t| now - t < FRESH_MS) {
            live_time = Some(at);
        } else {
            let failed = |problem: String| {
                AppError::Unavailable(format!(
                    "{}: {problem}; please try again later",
                    kind_words(kind)
                ))
            };
            let refused = if let Some(problem) = asking.failed(kind, area, now) {
                Some(failed(problem))
            } else {
                match state.limits.hit(LIVE_SEARCH, &client.key(), now).await {
                    Err(too_many) => Some(too_many),
                    Ok(()) => match asking.ask(state.store, state.clock, kind, area).await {
                        Asked::Fresh(at) => {
                            live_time = Some(at);
                            None
                        }
                        Asked::Failed(problem) => Some(failed(problem)),
                        Asked::StillAsking => Some(AppError::Busy(format!(
                            "{}: the map data service is still answering; please try again in a moment",
                            kind_words(kind)
                        ))),
                        Asked::Busy => Some(AppError::Busy(format!(
                            "{}: many searches are waiting for the map data service; please try again in a moment",
                            kind_words(kind)
                        ))),
                    },
                }
            };
            if let Some(refusal) = refused {
                // What the store holds of the area (asked before, or
                // imported) is served with its date; with nothing, the refusal.
                let (found, loaded) = stored::near(state.store, kind, centre, radius).await?;
                if found.is_empty() {
                    return Err(refusal);
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
    let configured = state.asking.is_some();
    let (found, loaded) = stored::near(state.store, kind, centre, radius).await?;
    let data = PlaceData {
        configured: configured || loaded.is_some(),
        updated_at: live_time.or(loaded).map(manna_core::calendar::iso_time),
        stale: false,
    };
    Ok((found, data))
}

fn kind_words(kind: PlaceKind) -> &'static str {
    match kind {
        PlaceKind::Farm => "farms",
        PlaceKind::Trail => "trails",
    }
}

/// One line in the log at start when the finders have nothing to search: the
/// people who open them are told the search is not available yet, and the
/// operator is told here how to give it places.
pub async fn tell_operator_if_empty(store: &Store, live_source: bool) {
    if live_source {
        return;
    }
    if let Ok(None) = store.places_loaded_at().await {
        tracing::warn!(
            "the farm and trail finders have no place data: import an OpenStreetMap extract \
             (manna-server import-places FILE.osm.pbf) or set MANNA_OVERPASS_URL; see the README's \"Farms and trails\""
        );
    }
}
