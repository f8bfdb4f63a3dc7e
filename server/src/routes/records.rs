//! The spec's REST calls for the user's records: generic handlers serving every
//! row of `crate::resources` (list, create, update, delete), plus the figures
//! derived from records (weight progress, the weekly wellness average), which
//! come from `manna_core` as in the app.

use crate::api::RecordView;
use crate::error::AppError;
use crate::extract::{ApiJson, Params, count_param, date_param};
use crate::identity::DeviceAuth;
use crate::resources::{PAGE_MAX, Page, PageCursor, Resource, resource};
use crate::state::AppState;
use crate::tokens::random_hex;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use manna_core::{Date, WeeklyAverage, WeightProgress, weekly_average, weight_progress};
use manna_sync_protocol::Table;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The body without `userId`, which must name the caller when present.
fn own_fields(
    auth: &DeviceAuth,
    mut body: Map<String, Value>,
) -> Result<Map<String, Value>, AppError> {
    match body.remove("userId") {
        Some(Value::String(u)) if u != auth.user_id => Err(AppError::Forbidden(
            "userId: does not match X-User-ID".into(),
        )),
        _ => Ok(body),
    }
}

/// Path parameters other than `userId` (which must be the caller's) and `id`:
/// filters on the record fields of the same names.
fn filters(
    auth: &DeviceAuth,
    params: HashMap<String, String>,
) -> Result<Vec<(String, String)>, AppError> {
    let mut out = Vec::new();
    for (name, value) in params {
        match name.as_str() {
            "userId" if value != auth.user_id => {
                return Err(AppError::Forbidden(
                    "this user's records belong to another X-User-ID".into(),
                ));
            }
            "userId" | "id" => {}
            _ => out.push((name, value)),
        }
    }
    Ok(out)
}

pub async fn records_list(
    r: &'static Resource,
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(params): Path<HashMap<String, String>>,
    Query(q): Params,
) -> Result<(HeaderMap, Json<Vec<RecordView>>), AppError> {
    let filters = filters(&auth, params)?;
    let page = Page {
        after: q.get("cursor").map(|c| PageCursor::decode(c)).transpose()?,
        limit: Some(count_param(&q, "limit", PAGE_MAX, PAGE_MAX)?),
    };
    let (records, next) = r.list(&state.sync, &auth.user_id, filters, &page).await?;
    // The body stays the list the spec describes; the next page is named in a
    // header (absent on the last page).
    let mut headers = HeaderMap::new();
    if let Some(next) = next {
        headers.insert(
            NEXT_CURSOR,
            HeaderValue::from_str(&next.encode()).map_err(|e| AppError::Internal(e.to_string()))?,
        );
    }
    Ok((headers, Json(records)))
}

/// The header naming the cursor of a list's next page.
pub const NEXT_CURSOR: &str = "x-next-cursor";

/// A REST write counts against its user's allowance of written bytes, as a
/// sync push does.
async fn charge_writes(
    state: &AppState,
    auth: &DeviceAuth,
    fields: &Map<String, Value>,
) -> Result<(), AppError> {
    state
        .limits
        .charge_writes(
            &auth.user_id,
            state.clock.now_ms(),
            std::iter::once(("", fields)),
        )
        .await
}

pub async fn records_create(
    r: &'static Resource,
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(params): Path<HashMap<String, String>>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<RecordView>), AppError> {
    filters(&auth, params)?;
    let fields = own_fields(&auth, body)?;
    charge_writes(&state, &auth, &fields).await?;
    let random = random_hex(8)?;
    let created = r
        .create(&state.sync, state.rest_writer(&auth), fields, &random)
        .await?
        .map_err(AppError::Invalid)?;
    Ok((StatusCode::CREATED, Json(created)))
}

pub async fn records_update(
    r: &'static Resource,
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(params): Path<HashMap<String, String>>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<Json<RecordView>, AppError> {
    let id = params.get("id").cloned().unwrap_or_default();
    filters(&auth, params)?;
    let fields = own_fields(&auth, body)?;
    charge_writes(&state, &auth, &fields).await?;
    let updated = r
        .update(&state.sync, state.rest_writer(&auth), &id, fields)
        .await?
        .map_err(AppError::Invalid)?;
    Ok(Json(updated))
}

pub async fn records_delete(
    r: &'static Resource,
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(params): Path<HashMap<String, String>>,
) -> Result<StatusCode, AppError> {
    let id = params.get("id").cloned().unwrap_or_default();
    filters(&auth, params)?;
    r.delete(&state.sync, state.rest_writer(&auth), &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A figure computed from the `(date, number)` pairs of a dated table's
/// records: computed on a blocking thread, so a long history never holds up
/// the async workers.
async fn figure_of<T: Send + 'static>(
    state: &AppState,
    auth: &DeviceAuth,
    user_id: String,
    table: Table,
    field: &'static str,
    compute: impl FnOnce(&[(Date, u32)]) -> T + Send + 'static,
) -> Result<T, AppError> {
    let params = HashMap::from([("userId".to_string(), user_id)]);
    let filters = filters(auth, params)?;
    let (records, _) = resource(table)
        .list(&state.sync, &auth.user_id, filters, &Page::default())
        .await?;
    tokio::task::spawn_blocking(move || {
        let pairs: Vec<(Date, u32)> = records
            .iter()
            .filter_map(|r| {
                Some((
                    r.fields.get("date")?.as_str()?.parse().ok()?,
                    u32::try_from(r.fields.get(field)?.as_u64()?).ok()?,
                ))
            })
            .collect();
        compute(&pairs)
    })
    .await
    .map_err(|e| AppError::Internal(format!("computing a figure: {e}")))
}

pub async fn weight_progress_get(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(user_id): Path<String>,
    Query(q): Params,
) -> Result<Json<WeightProgress>, AppError> {
    let today = date_param(&q, "date", &state.clock)?;
    let progress = figure_of(
        &state,
        &auth,
        user_id,
        Table::WeightEntries,
        "weight",
        move |e| weight_progress(e, today),
    );
    Ok(Json(progress.await?))
}

/// Average score of the 7 days up to `date` (default: the server's date).
pub async fn scores_weekly_average(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(user_id): Path<String>,
    Query(q): Params,
) -> Result<Json<WeeklyAverage>, AppError> {
    let to = date_param(&q, "date", &state.clock)?;
    let average = figure_of(
        &state,
        &auth,
        user_id,
        Table::WellnessScores,
        "score",
        move |s| weekly_average(s, to),
    );
    Ok(Json(average.await?))
}
