//! `GET /bible`: the app's page with today's reading written in
//! (`study_screen`), for the visitor's local date, as Home's.

use super::home_page::{cookies, shell, written_page};
use crate::content::{Kind, item_for};
use crate::first_screen::{Moment, shows_prompt};
use crate::state::AppState;
use crate::study_screen::page;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

pub async fn page_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(shell) = shell(&state).await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let cookies = cookies(&headers);
    let now = Moment::for_visitor(Some(&cookies), state.config.time_zone, state.clock.now_ms());
    let reading = item_for(&state.content(), Kind::BibleReadings, now.date);
    let body = reading
        .and_then(|r| page(&shell, &r, &now, shows_prompt(&cookies)))
        .unwrap_or(shell);
    written_page(body)
}
