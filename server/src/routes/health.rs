//! `GET /api/health`: liveness plus the content version being served;
//! `GET /api/about`: what the privacy policy shows of this service.

use crate::api::{About, Health};
use crate::error::AppError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;

pub async fn health_get(State(state): State<AppState>) -> Result<Json<Health>, AppError> {
    state.database_answers().await?;
    Ok(Json(Health {
        status: "ok",
        content_version: state.content().version.clone(),
    }))
}

pub async fn about_get(State(state): State<AppState>) -> Json<About> {
    Json(About {
        contact_email: state
            .config
            .contact_email
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(str::to_owned),
    })
}
