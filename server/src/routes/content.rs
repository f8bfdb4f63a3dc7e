//! Daily content: today's item of each kind, the home payload, a range of days
//! for the offline prefetch, the archive lists and the refresh call.

use crate::content::{Kind, archive, day_payload, full_item, is_premium_only, item_for};
use crate::entitlement::premium_now;
use crate::error::AppError;
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use manna_core::Date;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

type Params = Query<HashMap<String, String>>;

/// Longest range the prefetch may ask for, and the longest archive.
const MAX_RANGE_DAYS: u32 = 31;
const MAX_ARCHIVE_DAYS: u32 = 366;
const DEFAULT_ARCHIVE_DAYS: u32 = 30;

/// The server's own date (UTC) when the client names none.
fn server_today() -> Date {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    Date::from_epoch_ms(ms, 0)
}

pub fn date_param(params: &HashMap<String, String>, name: &str) -> Result<Date, AppError> {
    match params.get(name) {
        None => Ok(server_today()),
        Some(s) => s
            .parse()
            .map_err(|e: manna_core::DateError| AppError::BadRequest(format!("{name}: {e}"))),
    }
}

fn count_param(
    params: &HashMap<String, String>,
    name: &str,
    default: u32,
    max: u32,
) -> Result<u32, AppError> {
    let Some(raw) = params.get(name) else {
        return Ok(default);
    };
    match raw.parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(AppError::BadRequest(format!(
            "{name}: '{raw}' must be a whole number from 1 to {max}"
        ))),
    }
}

fn kind_param(slug: &str) -> Result<Kind, AppError> {
    Kind::from_slug(slug)
        .ok_or_else(|| AppError::NotFound(format!("no API endpoint at /api/{slug}")))
}

pub async fn home_get(
    State(state): State<AppState>,
    Query(q): Params,
) -> Result<impl IntoResponse, AppError> {
    let date = date_param(&q, "date")?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        state.home_json(date),
    ))
}

/// Whether the requesting device's user is premium now. Content is public: no
/// token, or one the server no longer knows, just means "not premium" and never
/// keeps the day's content from anyone. Asked only when the answer matters.
async fn requester_is_premium(state: &AppState, headers: &HeaderMap) -> Result<bool, AppError> {
    match DeviceAuth::from_headers(headers, state).await {
        Ok(d) => Ok(premium_now(state, &d.user_id).await?.is_some()),
        Err(AppError::Unauthorized(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

pub async fn today_get(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<Json<Value>, AppError> {
    let kind = kind_param(&slug)?;
    let date = date_param(&q, "date")?;
    let set = state.content();
    // An empty list answers null: the app shows its "No … available for today" state.
    let item = item_for(&set, kind, date).unwrap_or(Value::Null);
    if kind == Kind::Biohacks
        && is_premium_only(&item)
        && requester_is_premium(&state, &headers).await?
    {
        return Ok(Json(full_item(&set, kind, date).unwrap_or(Value::Null)));
    }
    Ok(Json(item))
}

pub async fn daily_content_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<Json<Value>, AppError> {
    let from = date_param(&q, "from")?;
    let days = count_param(&q, "days", 8, MAX_RANGE_DAYS)?;
    let set = state.content();
    let premium = requester_is_premium(&state, &headers).await?;
    let list: Vec<Value> = (0..i64::from(days))
        .map(|i| day_payload(&set, from.add_days(i), premium))
        .collect();
    Ok(Json(json!({ "contentVersion": set.version, "days": list })))
}

pub async fn archive_get(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(q): Params,
) -> Result<Json<Vec<Value>>, AppError> {
    let kind = kind_param(&slug)?;
    if !matches!(
        kind,
        Kind::BibleReadings | Kind::HealthTips | Kind::FoodSpotlights | Kind::ExerciseSuggestions
    ) {
        return Err(AppError::NotFound(format!(
            "no archive list at /api/{slug}"
        )));
    }
    let today = date_param(&q, "date")?;
    let days = count_param(&q, "limit", DEFAULT_ARCHIVE_DAYS, MAX_ARCHIVE_DAYS)?;
    Ok(Json(archive(&state.content(), kind, today, days)))
}

pub async fn refresh_content_post(State(state): State<AppState>) -> Result<Json<Value>, AppError> {
    state.reload_content().await?;
    Ok(Json(
        json!({ "ok": true, "contentVersion": state.content().version }),
    ))
}
