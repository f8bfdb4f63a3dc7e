//! `GET /api/health`: liveness plus the content version being served.

use crate::error::AppError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

pub async fn health_get(State(state): State<AppState>) -> Result<Json<Value>, AppError> {
    state
        .db
        .call(|c| Ok(c.query_row("SELECT 1", [], |r| r.get::<_, i64>(0))?))
        .await?;
    Ok(Json(
        json!({ "status": "ok", "contentVersion": state.content().version }),
    ))
}
