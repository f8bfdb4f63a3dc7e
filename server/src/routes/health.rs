//! `GET /api/health`: liveness plus the content version being served.

use crate::api::Health;
use crate::error::AppError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;

pub async fn health_get(State(state): State<AppState>) -> Result<Json<Health>, AppError> {
    state.db.ping().await?;
    Ok(Json(Health {
        status: "ok",
        content_version: state.content().version.clone(),
    }))
}
