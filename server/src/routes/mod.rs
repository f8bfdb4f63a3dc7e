//! The route table: every endpoint of the server, in one place.

pub(crate) mod content;
mod health;
mod records;
mod sync;

use crate::state::AppState;
use axum::Router;
use axum::http::{HeaderValue, header};
use axum::routing::{get, patch, post};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

pub fn router(state: AppState) -> Router {
    let static_dir = state.config.static_dir.clone();
    let api = Router::new()
        .route("/api/health", get(health::health_get))
        .route("/api/home", get(content::home_get))
        .route("/api/daily-content", get(content::daily_content_get))
        .route("/api/refresh-content", post(content::refresh_content_post))
        .route("/api/devices", post(sync::devices_create))
        .route("/api/sync/push", post(sync::sync_push))
        .route("/api/sync/pull", post(sync::sync_pull))
        .route(
            "/api/prayer-reminders",
            get(records::reminders_list).post(records::reminders_create),
        )
        .route(
            "/api/prayer-reminders/{id}",
            patch(records::reminders_update).delete(records::reminders_delete),
        )
        .route("/api/weight-entries", post(records::weights_create))
        .route("/api/weight-entries/{user_id}", get(records::weights_list))
        .route(
            "/api/weight-progress/{user_id}",
            get(records::weight_progress_get),
        )
        .route("/api/wellness-scores", post(records::scores_create))
        .route("/api/wellness-scores/{user_id}", get(records::scores_list))
        .route(
            "/api/wellness-scores/{user_id}/weekly-average",
            get(records::scores_weekly_average),
        )
        .route("/api/{kind}/today", get(content::today_get))
        .route("/api/{kind}", get(content::archive_get))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .with_state(state);
    api.merge(crate::static_files::service(&static_dir))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
}
