//! Premium content, for premium members only.

use crate::content::{Kind, full_item};
use crate::entitlement::PremiumUser;
use crate::error::AppError;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Query, State};
use serde_json::Value;
use std::collections::HashMap;

/// Today's biohack in full, premium-only ones included: for premium members.
pub async fn premium_biohack_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, AppError> {
    let date = super::content::date_param(&q, "date")?;
    Ok(Json(
        full_item(&state.content(), Kind::Biohacks, date).unwrap_or(Value::Null),
    ))
}
