//! Meal plans and the meal catalogue: the wholistic plans (a premium plan's
//! days, guidelines and shopping list only for members) and the catalogue the
//! app builds personal plans and shopping lists from, offline.

use crate::content::meal_plans::{self, Days, MealPlan};
use crate::entitlement::premium_required;
use crate::error::AppError;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use manna_core::meals::MenuDay;

fn missing(id: &str) -> AppError {
    AppError::NotFound(format!(
        "no meal plan with id {}",
        id.chars().take(80).collect::<String>()
    ))
}

/// `GET /api/meal-catalogue`: the ingredients, recipes, movements, verses and
/// tips plans are built from (public; the app keeps it for offline use).
pub async fn catalogue_get(State(state): State<AppState>) -> impl IntoResponse {
    let set = state.content();
    (
        [(header::CONTENT_TYPE, "application/json")],
        set.catalogue_json.to_string(),
    )
}

/// `GET /api/meal-plans`: every plan's card.
pub async fn meal_plans_list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Vec<MealPlan>>, AppError> {
    let member = state.requester_is_premium(&headers).await?;
    Ok(Json(meal_plans::list(&state.content(), member)))
}

/// `GET /api/meal-plans/{id}`: one plan, with its guidelines and shopping
/// list when the caller may have them (`locked` says when not).
pub async fn meal_plan_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<MealPlan>, AppError> {
    let member = state.requester_is_premium(&headers).await?;
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
    let member = state.requester_is_premium(&headers).await?;
    match meal_plans::days(&state.content(), &id, member) {
        Days::Missing => Err(missing(&id)),
        Days::Locked => Err(premium_required()),
        Days::Days(days) => Ok(Json(days)),
    }
}
