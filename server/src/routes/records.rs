//! The spec's REST calls for prayer reminders, weight entries and wellness
//! scores: thin adapters over the same apply logic as sync, so a record written
//! here reaches every device through pull.

use crate::error::AppError;
use crate::extract::ApiJson;
use crate::identity::{DeviceAuth, random_hex};
use crate::routes::content::date_param;
use crate::state::AppState;
use crate::sync::{apply_direct, live_record, live_records};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use manna_core::{Date, weight_progress, wellness_grade};
use manna_sync_protocol::{Mutation, Op, Table, daily_id};
use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// A record as the REST answers show it: id, userId and its fields.
fn shaped(user: &str, id: &str, fields: &Map<String, Value>) -> Value {
    let mut out = fields.clone();
    out.insert("id".into(), json!(id));
    out.insert("userId".into(), json!(user));
    Value::Object(out)
}

async fn list(state: &AppState, user: &str, table: Table) -> Result<Vec<Value>, AppError> {
    let owner = user.to_string();
    let rows = state
        .db
        .call(move |conn| live_records(conn, &owner, table))
        .await?;
    Ok(rows
        .iter()
        .map(|(id, _, fields)| shaped(user, id, fields))
        .collect())
}

async fn write(
    state: &AppState,
    auth: &DeviceAuth,
    table: Table,
    id: String,
    op: Op,
    fields: Map<String, Value>,
) -> Result<Value, AppError> {
    let m = Mutation {
        seq: 0,
        table,
        id: id.clone(),
        op,
        fields,
        base_version: None,
    };
    let (user, device) = (auth.user_id.clone(), format!("rest:{}", auth.device_id));
    let stored = state
        .db
        .call(move |conn| apply_direct(conn, &user, &device, &m))
        .await?;
    match stored {
        Ok(Some(record)) if !record.deleted => Ok(shaped(&auth.user_id, &id, &record.fields)),
        Ok(_) => Ok(json!({ "id": id, "deleted": true })),
        Err(message) => Err(AppError::BadRequest(message)),
    }
}

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

fn own_path(auth: &DeviceAuth, user_id: &str) -> Result<(), AppError> {
    if user_id == auth.user_id {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "this user's records belong to another X-User-ID".into(),
        ))
    }
}

fn required_date(body: &Map<String, Value>) -> Result<String, AppError> {
    let date = body
        .get("date")
        .and_then(Value::as_str)
        .ok_or_else(|| AppError::BadRequest("date: required (YYYY-MM-DD)".into()))?;
    date.parse::<Date>()
        .map_err(|e| AppError::BadRequest(format!("date: {e}")))?;
    Ok(date.to_string())
}

pub async fn reminders_list(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<Vec<Value>>, AppError> {
    Ok(Json(
        list(&state, &auth.user_id, Table::PrayerReminders).await?,
    ))
}

pub async fn reminders_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let mut fields = own_fields(&auth, body)?;
    fields.entry("description").or_insert(json!(""));
    let id = format!("reminder-{}", random_hex(8)?);
    Ok((
        StatusCode::CREATED,
        Json(write(&state, &auth, Table::PrayerReminders, id, Op::Put, fields).await?),
    ))
}

async fn existing_reminder(state: &AppState, auth: &DeviceAuth, id: &str) -> Result<(), AppError> {
    let (user, wanted) = (auth.user_id.clone(), id.to_string());
    let found = state
        .db
        .call(move |conn| live_record(conn, &user, Table::PrayerReminders, &wanted))
        .await?;
    found
        .map(drop)
        .ok_or_else(|| AppError::NotFound(format!("no prayer reminder with id {id}")))
}

pub async fn reminders_update(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<Json<Value>, AppError> {
    existing_reminder(&state, &auth, &id).await?;
    let fields = own_fields(&auth, body)?;
    if fields.is_empty() {
        return Err(AppError::BadRequest(
            "nothing to change: send the fields to update, e.g. isActive".into(),
        ));
    }
    Ok(Json(
        write(&state, &auth, Table::PrayerReminders, id, Op::Patch, fields).await?,
    ))
}

pub async fn reminders_delete(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(id): Path<String>,
) -> Result<StatusCode, AppError> {
    existing_reminder(&state, &auth, &id).await?;
    write(
        &state,
        &auth,
        Table::PrayerReminders,
        id,
        Op::Delete,
        Map::new(),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn weights_list(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(user_id): Path<String>,
) -> Result<Json<Vec<Value>>, AppError> {
    own_dated_list(&state, &auth, &user_id, Table::WeightEntries).await
}

/// The caller's records of a dated table, newest first; another user's are refused.
async fn own_dated_list(
    state: &AppState,
    auth: &DeviceAuth,
    user_id: &str,
    table: Table,
) -> Result<Json<Vec<Value>>, AppError> {
    own_path(auth, user_id)?;
    let mut rows = list(state, &auth.user_id, table).await?;
    rows.sort_by(|a, b| b["date"].as_str().cmp(&a["date"].as_str()));
    Ok(Json(rows))
}

pub async fn weights_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let mut fields = own_fields(&auth, body)?;
    fields.entry("notes").or_insert(Value::Null);
    fields.entry("mood").or_insert(Value::Null);
    write_daily(&state, &auth, Table::WeightEntries, "weight", fields).await
}

/// Writes the once-a-day record of `fields["date"]` (id `kind:date`): 201 with the record.
async fn write_daily(
    state: &AppState,
    auth: &DeviceAuth,
    table: Table,
    kind: &str,
    fields: Map<String, Value>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let date = required_date(&fields)?;
    let record = write(state, auth, table, daily_id(kind, &date), Op::Put, fields).await?;
    Ok((StatusCode::CREATED, Json(record)))
}

pub async fn weight_progress_get(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(user_id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, AppError> {
    own_path(&auth, &user_id)?;
    let today = date_param(&q, "date")?;
    let entries: Vec<(Date, u32)> = list(&state, &auth.user_id, Table::WeightEntries)
        .await?
        .iter()
        .filter_map(|e| {
            Some((
                e["date"].as_str()?.parse().ok()?,
                u32::try_from(e["weight"].as_u64()?).ok()?,
            ))
        })
        .collect();
    Ok(Json(json!(weight_progress(&entries, today))))
}

pub async fn scores_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let fields = own_fields(&auth, body)?;
    if let (Some(score), Some(grade)) = (
        fields.get("score").and_then(Value::as_u64),
        fields.get("grade").and_then(Value::as_str),
    ) {
        let expected = wellness_grade(u32::try_from(score).unwrap_or(u32::MAX));
        if grade != expected {
            return Err(AppError::BadRequest(format!(
                "grade: a score of {score} is '{expected}', not '{grade}'"
            )));
        }
    }
    write_daily(&state, &auth, Table::WellnessScores, "score", fields).await
}

pub async fn scores_list(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(user_id): Path<String>,
) -> Result<Json<Vec<Value>>, AppError> {
    own_dated_list(&state, &auth, &user_id, Table::WellnessScores).await
}

/// Average score of the 7 days up to `date` (default: the server's date).
pub async fn scores_weekly_average(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(user_id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, AppError> {
    own_path(&auth, &user_id)?;
    let to = date_param(&q, "date")?;
    let from = to.add_days(-6);
    let scores: Vec<f64> = list(&state, &auth.user_id, Table::WellnessScores)
        .await?
        .iter()
        .filter(|s| {
            s["date"]
                .as_str()
                .and_then(|d| d.parse::<Date>().ok())
                .is_some_and(|d| d >= from && d <= to)
        })
        .filter_map(|s| s["score"].as_f64())
        .collect();
    let average = if scores.is_empty() {
        None
    } else {
        Some((scores.iter().sum::<f64>() / scores.len() as f64 * 10.0).round() / 10.0)
    };
    Ok(Json(
        json!({ "average": average, "count": scores.len(), "from": from.to_string(), "to": to.to_string() }),
    ))
}
