//! Meal plans and the meal catalogue: the wholistic plans (a premium plan's
//! days, guidelines and shopping list only for members) and the catalogue the
//! app builds personal plans and shopping lists from, offline.

use crate::content::ListKey;
use crate::content::meal_plans::{self, Days, MealPlan};
use crate::entitlement::{PremiumUser, premium_required};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::identity::DeviceAuth;
use crate::planning::{self, SavedList};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use manna_core::meals::{CALENDAR_WEEKS, ListKind, MenuDay};
use serde_json::{Map, Value};

fn missing(id: &str) -> AppError {
    AppError::NotFound(format!(
        "no meal plan with id {}",
        id.chars().take(80).collect::<String>()
    ))
}

/// `GET /api/meal-catalogue`: the ingredients, recipes, movements, verses and
/// tips plans are built from (public; the app keeps it for offline use).
pub async fn catalogue_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    state
        .list_json(ListKey::Catalogue, |set| set.catalogue_json.to_string())
        .respond(&headers)
}

/// `GET /api/meal-plans`: every plan's card.
pub async fn meal_plans_list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Vec<MealPlan>>, AppError> {
    let member = state.entitlements.requester_is_premium(&headers).await?;
    Ok(Json(meal_plans::list(&state.content(), member)))
}

/// `GET /api/meal-plans/{id}`: one plan, with its guidelines and shopping
/// list when the caller may have them (`locked` says when not).
pub async fn meal_plan_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<MealPlan>, AppError> {
    let member = state.entitlements.requester_is_premium(&headers).await?;
    meal_plans::one(&state.content(), &id, member)
        .map(Json)
        .ok_or_else(|| missing(&id))
}

/// `GET /api/meal-plans/{id}/days`: the plan's days; a premium plan's for
/// members only.
pub async fn meal_plan_days_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Vec<MenuDay>>, AppError> {
    let member = state.entitlements.requester_is_premium(&headers).await?;
    match meal_plans::days(&state.content(), &id, member) {
        Days::Missing => Err(missing(&id)),
        Days::Locked => Err(premium_required()),
        Days::Days(days) => Ok(Json(days)),
    }
}

/// The body's `userId`, when present, must be the caller's.
fn own(auth: &DeviceAuth, body: &Map<String, Value>) -> Result<(), AppError> {
    match body.get("userId") {
        Some(Value::String(u)) if *u != auth.user_id => Err(AppError::Forbidden(
            "userId: does not match X-User-ID".into(),
        )),
        _ => Ok(()),
    }
}

/// `POST /api/wellness-goals/{goalId}/create-plans`: the goal's 30-day meal
/// plan and fitness challenge, built as the app builds them offline.
pub async fn create_plans(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(goal_id): Path<String>,
) -> Result<(StatusCode, Json<Vec<Value>>), AppError> {
    let set = state.content();
    let writer = state.rest_writer(&auth);
    let plans = planning::create_plans(&state.sync, writer, &set.catalogue, &goal_id).await?;
    Ok((StatusCode::CREATED, Json(plans)))
}

/// `POST /api/shopping-lists/generate` `{planType, weekNumber}`: a week's list
/// of the plan the caller follows (or the pantry staples).
pub async fn generate_list(
    State(state): State<AppState>,
    headers: HeaderMap,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<SavedList>), AppError> {
    own(&auth, &body)?;
    let kind = body
        .get("planType")
        .and_then(Value::as_str)
        .and_then(ListKind::from_wire)
        .ok_or_else(|| {
            AppError::BadRequest(
                "planType: must be anti_inflammatory, digestive_healing, protein_power or pantry_staples".into(),
            )
        })?;
    let week = match body.get("weekNumber") {
        None | Some(Value::Null) => 1,
        Some(w) => w
            .as_u64()
            .filter(|w| (1..=u64::from(CALENDAR_WEEKS)).contains(w))
            .map(|w| w as u32)
            .ok_or_else(|| {
                AppError::BadRequest(format!(
                    "weekNumber: must be a whole number from 1 to {CALENDAR_WEEKS}"
                ))
            })?,
    };
    let member = state.entitlements.requester_is_premium(&headers).await?;
    let set = state.content();
    let writer = state.rest_writer(&auth);
    let saved = planning::generate_list(&state.sync, writer, &set, member, kind, week).await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// `POST /api/shopping-lists/generate-30-day` `{planId, startDate}`: the
/// shopping calendar's four weekly lists. Premium members only.
pub async fn generate_calendar(
    State(state): State<AppState>,
    _premium: PremiumUser,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<Vec<SavedList>>), AppError> {
    own(&auth, &body)?;
    let plan_id = body
        .get("planId")
        .and_then(Value::as_str)
        .filter(|p| !p.trim().is_empty())
        .ok_or_else(|| {
            AppError::BadRequest("planId: select a meal plan to generate shopping lists for".into())
        })?
        .to_string();
    let start = body
        .get("startDate")
        .and_then(Value::as_str)
        .and_then(|d| d.parse::<manna_core::Date>().ok())
        .ok_or_else(|| AppError::BadRequest("startDate: must be a date (YYYY-MM-DD)".into()))?;
    let set = state.content();
    let writer = state.rest_writer(&auth);
    let lists =
        planning::generate_calendar(&state.sync, writer, &set, &plan_id, &start.to_string())
            .await?;
    Ok((StatusCode::CREATED, Json(lists)))
}
