//! `GET /read/{translation}/{book}/{chapter}`: the app's page with the chapter
//! written in (`reader_screen`). A search or the other translation beside it
//! (`?q=`, `?with=`), or an address the reader would refuse, gets the app's
//! page as it is: the app draws those itself.

use super::home_page::{cookies, shell, written_page};
use crate::first_screen::shows_prompt;
use crate::reader_screen::page;
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

pub async fn page_get(
    State(state): State<AppState>,
    Path((translation, book, chapter)): Path<(String, String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some(shell) = shell(&state).await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let plain = query.is_none_or(|q| q.is_empty());
    let found = plain
        .then(|| {
            state
                .bible
                .chapter(&translation.to_ascii_lowercase(), &book, &chapter)
                .ok()
        })
        .flatten();
    let body = found
        .and_then(|c| page(&shell, &c, shows_prompt(&cookies(&headers))))
        .unwrap_or(shell);
    written_page(body)
}
