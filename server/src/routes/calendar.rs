//! The user's calendar feed: made, checked and turned off by the user's
//! device; read by their phone's calendar at an address holding its secret.

use crate::calendar;
use crate::entitlement::premium_of;
use crate::error::AppError;
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use manna_sync_protocol::date::iso_time;
use serde::Serialize;
use ts_rs::TS;

/// The feed as its owner sees it. `url` is given once, when it is made.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeed {
    pub active: bool,
    /// ISO time the current address was made.
    pub created_at: Option<String>,
    pub url: Option<String>,
}

/// `GET /api/calendar-feed`: whether the caller has an address.
pub async fn feed_status(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<CalendarFeed>, AppError> {
    let made = state.feeds.made_at(&auth.user_id).await?;
    Ok(Json(CalendarFeed {
        active: made.is_some(),
        created_at: made.map(iso_time),
        url: None,
    }))
}

/// `POST /api/calendar-feed`: a new address (the old one stops working).
pub async fn feed_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    auth: DeviceAuth,
) -> Result<(StatusCode, Json<CalendarFeed>), AppError> {
    let now = state.clock.now_ms();
    let (token, hash) = calendar::new_secret()?;
    state.feeds.renew(&auth.user_id, hash, now).await?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let base = state.config.link_base(host);
    let url = format!("{base}/api/calendar/{token}.ics");
    Ok((
        StatusCode::CREATED,
        Json(CalendarFeed {
            active: true,
            created_at: Some(iso_time(now)),
            url: Some(url),
        }),
    ))
}

/// `DELETE /api/calendar-feed`: turns the address off.
pub async fn feed_delete(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<StatusCode, AppError> {
    let had = state.feeds.revoke(&auth.user_id).await?;
    if had {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound("no calendar address to turn off".into()))
    }
}

/// `GET /api/calendar/{secret}.ics`: the feed, for whoever holds the address.
pub async fn feed_get(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> Result<impl IntoResponse, AppError> {
    let gone =
        || AppError::NotFound("no calendar at this address: it was turned off or replaced".into());
    let token = file
        .strip_suffix(".ics")
        .filter(|t| t.len() == 48 && t.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(gone)?
        .to_string();
    let set = state.content();
    let now_secs = state.clock.now_secs();
    let today = state.clock.today_utc();
    let stamp = iso_time(state.clock.now_ms()).replace(['-', ':'], "");
    let stamp = format!("{}Z", &stamp[..15]);
    let source = state
        .feeds
        .source(&token, state.config.has_owners())
        .await?
        .ok_or_else(gone)?;
    let member = premium_of(&source.standing, &state.config, now_secs).is_some();
    let body = calendar::feed(&source.records, &set, today, &stamp, member)?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    ))
}
