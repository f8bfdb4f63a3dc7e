//! The route table: every endpoint of the server, in one place.

mod auth;
mod billing;
pub(crate) mod content;
mod dev;
mod entitlement;
mod health;
mod premium;
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
        .route("/api/auth/register", post(auth::auth_register))
        .route("/api/auth/login", post(auth::auth_login))
        .route("/api/auth/logout", post(auth::auth_logout))
        .route("/api/auth/me", get(auth::auth_me))
        .route("/api/auth/set-password", post(auth::auth_set_password))
        .route(
            "/api/create-checkout-session",
            post(billing::checkout_session_create),
        )
        .route(
            "/api/create-subscription",
            post(billing::subscription_create),
        )
        .route(
            "/api/verify-checkout-session",
            post(billing::checkout_session_verify),
        )
        .route("/api/verify-payment/{id}", get(billing::payment_verify))
        .route(
            "/api/verify-subscription-status",
            post(billing::subscription_status_verify),
        )
        .route(
            "/api/verify-subscription",
            post(billing::subscription_verify),
        )
        .route(
            "/api/check-subscription-by-email",
            post(entitlement::subscription_check_by_email),
        )
        .route("/api/trial-status", get(entitlement::trial_status_get))
        .route("/api/billing-portal", post(billing::billing_portal_create))
        .route("/api/billing/config", get(billing::billing_config_get))
        .route("/api/entitlement", get(entitlement::entitlement_get))
        .route(
            "/api/entitlement/keys",
            get(entitlement::entitlement_keys_get),
        )
        .route("/api/stripe/webhook", post(billing::stripe_webhook))
        .route(
            "/api/premium-biohacks/today",
            get(premium::premium_biohack_get),
        )
        .route("/dev/outbox", get(dev::outbox_page))
        .route("/dev/outbox.json", get(dev::outbox_json))
        .route("/api/{kind}/today", get(content::today_get))
        .route("/api/{kind}", get(content::archive_get))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::guard::csrf,
        ))
        .with_state(state);
    api.merge(crate::static_files::service(&static_dir))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
}
