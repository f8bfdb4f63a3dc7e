//! `GET /`: the app's page with today's header and reading written in
//! (`first_screen`), for the visitor's local date.

use crate::content::{Kind, item_for};
use crate::first_screen::{Moment, page, shows_prompt};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

pub async fn page_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(shell) = shell(&state).await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let cookies = cookies(&headers);
    let now = Moment::for_visitor(Some(&cookies), state.config.time_zone, state.clock.now_ms());
    let reading = item_for(&state.content(), Kind::BibleReadings, now.date);
    let body = page(&shell, reading.as_ref(), &now, shows_prompt(&cookies)).unwrap_or(shell);
    written_page(body)
}

/// The app's page as built (`index.html`), if there is one.
pub(super) async fn shell(state: &AppState) -> Option<String> {
    tokio::fs::read_to_string(state.config.static_dir.join("index.html"))
        .await
        .ok()
}

/// Every `Cookie` header's pairs, as one.
pub(super) fn cookies(headers: &HeaderMap) -> String {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join("; ")
}

/// A page with something written in for this visitor: asked again each time.
pub(super) fn written_page(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            // What is written in follows the visitor's cookies.
            (header::VARY, "Cookie"),
        ],
        body,
    )
        .into_response()
}
