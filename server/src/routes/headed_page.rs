//! Pages whose first frame is their header over the app's placeholder while
//! their data loads (`first_screen::headed_page`): the header is painted
//! before any script has run, and the app draws the same over it.

use super::home_page::{cookies, shell, written_page};
use crate::first_screen::{headed_page, shows_prompt};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// `GET /weight-tracking` (features/weight/WeightTrackingPage.tsx: its title
/// and its placeholder, two cards).
pub async fn weight_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(shell) = shell(&state).await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let prompt = shows_prompt(&cookies(&headers));
    let body = headed_page(
        &shell,
        "Weight Tracking",
        "Loading your weight log",
        2,
        prompt,
    )
    .unwrap_or(shell);
    written_page(body)
}
