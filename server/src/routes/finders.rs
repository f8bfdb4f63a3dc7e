//! The farm and trail finders: ZIP codes, and the places near one.

use crate::error::AppError;
use crate::extract::Params;
use crate::guard::ClientIp;
use crate::places::osm::PlaceKind;
use crate::places::search;
use crate::places::stored::Near;
use crate::places::{
    FarmSearch, PlaceData, TrailSearch, ZipPlace, attribution, farm_radius, map_tiles,
    trail_radius, zips,
};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};

/// The most farms a name search answers.
const NAMED_LIMIT: usize = 50;

/// `GET /api/zips/{zip}`: a ZIP code's centre, city and state.
pub async fn zip_get(Path(zip): Path<String>) -> Result<Json<ZipPlace>, AppError> {
    Ok(Json(zips::find(&zip)?.clone()))
}

async fn place_data(state: &AppState, live: bool) -> Result<PlaceData, AppError> {
    let loaded = state.finder().loaded_at().await?;
    Ok(PlaceData {
        configured: live || loaded.is_some(),
        updated_at: loaded.map(manna_core::calendar::iso_time),
        stale: false,
    })
}

/// `GET /api/farms/search/{zip}?radius=`: every farm within the radius, nearest first.
pub async fn farms_search_get(
    State(state): State<AppState>,
    client: ClientIp,
    Path(zip): Path<String>,
    Query(q): Params,
) -> Result<Json<FarmSearch>, AppError> {
    let centre = zips::find(&zip)?;
    let radius = farm_radius(q.get("radius").map(String::as_str))?;
    let point = (centre.latitude, centre.longitude);
    let (found, data) = search::near(
        state.finder(),
        client,
        PlaceKind::Farm,
        point,
        f64::from(radius),
    )
    .await?;
    let farms = found
        .into_iter()
        .filter_map(|n| match n {
            Near::Farm(f) => Some(f),
            Near::Trail(_) => None,
        })
        .collect();
    Ok(Json(FarmSearch {
        farms,
        zip: Some(centre.zip.clone()),
        radius: Some(radius),
        center: Some(centre.clone()),
        attribution: attribution(),
        data,
        map: map_tiles(&state.config),
    }))
}

/// `GET /api/farms/search?search=`: farms by name (none for an empty search).
pub async fn farms_named_get(
    State(state): State<AppState>,
    Query(q): Params,
) -> Result<Json<FarmSearch>, AppError> {
    let words = q
        .get("search")
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    if words.chars().count() > 100 {
        return Err(AppError::BadRequest(
            "search: must be at most 100 characters".into(),
        ));
    }
    let live = state.asking.is_some();
    let farms = if words.is_empty() {
        Vec::new()
    } else {
        state.finder().farms_named(&words, NAMED_LIMIT).await?
    };
    let data = place_data(&state, live).await?;
    Ok(Json(FarmSearch {
        farms,
        zip: None,
        radius: None,
        center: None,
        attribution: attribution(),
        data,
        map: map_tiles(&state.config),
    }))
}

/// `GET /api/trails/search/{zip}?radius=`: every trail within the radius,
/// nearest first.
pub async fn trails_search_get(
    State(state): State<AppState>,
    client: ClientIp,
    Path(zip): Path<String>,
    Query(q): Params,
) -> Result<Json<TrailSearch>, AppError> {
    let centre = zips::find(&zip)?;
    let radius = trail_radius(q.get("radius").map(String::as_str))?;
    let point = (centre.latitude, centre.longitude);
    let (found, data) =
        search::near(state.finder(), client, PlaceKind::Trail, point, radius).await?;
    let trails = found
        .into_iter()
        .filter_map(|n| match n {
            Near::Trail(t) => Some(t),
            Near::Farm(_) => None,
        })
        .collect();
    Ok(Json(TrailSearch {
        trails,
        zip: centre.zip.clone(),
        radius,
        center: centre.clone(),
        attribution: attribution(),
        data,
        map: map_tiles(&state.config),
    }))
}
