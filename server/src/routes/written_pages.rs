//! The pages the server writes into the app's page (`page_shell`), so that
//! what they show is painted before any script has run, for this visitor
//! (their cookies: the day they are on, the premium notice):
//! - `GET /`: today's header, banner and reading (`first_screen`);
//! - `GET /bible`: today's reading under the study's tabs (`study_screen`);
//! - `GET /read/{translation}/{book}/{chapter}`: the chapter (`reader_screen`).
//!   A search or the other translation beside it (`?q=`, `?with=`), or an
//!   address the reader would refuse, gets the app's page as it is;
//! - `GET /weight-tracking`: its header over the app's placeholder;
//! - `GET /prayer-reminders`: its header and settings, held (`reminders_screen`);
//! - `GET /prayer-journal`: its tabs, today's prompts and the form, held
//!   (`journal_screen`), when the app last drew the journal open for writing.

use crate::content::{Kind, item_for, items_in_turn};
use crate::cookies::joined;
use crate::first_screen::{self, Time};
use crate::page_shell::{banner, headed_page, write_card_skeleton};
use crate::state::AppState;
use crate::visitor_day::Moment;
use crate::{journal_screen, reader_screen, reminders_screen, study_screen};
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

/// Asked with `Manna-Keep: day` (by the app's service worker, which keeps
/// Home for the rest of the visitor's day), the time of day is held in its
/// place. Where the visitor's zone is known, `Manna-Day-Ends` says when their
/// day ends (milliseconds since the epoch): the page is not theirs after it.
pub async fn home_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let cookies = joined(&headers);
    let (now, reading) = todays_reading(&state, &cookies);
    let kept = headers.get(KEEP).is_some_and(|v| v.as_bytes() == b"day");
    let time = if kept { Time::Held } else { Time::Shown };
    let mut response = written(&state, |shell| {
        first_screen::page(shell, reading.as_ref(), &now, banner(&cookies), time)
    })
    .await;
    let ok = response.status() == StatusCode::OK;
    let heads = response.headers_mut();
    heads.insert(header::VARY, HeaderValue::from_static("Cookie, Manna-Keep"));
    if let Some(ends) = now.day_ends_ms.filter(|_| ok) {
        heads.insert(DAY_ENDS, HeaderValue::from(ends));
    }
    response
}

/// The request's header asking for a page to keep.
const KEEP: &str = "manna-keep";
/// The response's header saying when the visitor's day ends.
const DAY_ENDS: &str = "manna-day-ends";

pub async fn study_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let cookies = joined(&headers);
    let (now, reading) = todays_reading(&state, &cookies);
    written(&state, |shell| {
        study_screen::page(shell, reading.as_ref()?, &now, banner(&cookies))
    })
    .await
}

pub async fn reader_get(
    State(state): State<AppState>,
    Path((translation, book, chapter)): Path<(String, String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let found = query
        .is_none_or(|q| q.is_empty())
        .then(|| {
            state
                .bible
                .chapter(&translation.to_ascii_lowercase(), &book, &chapter)
                .ok()
        })
        .flatten();
    written(&state, |shell| {
        reader_screen::page(shell, found.as_ref()?, banner(&joined(&headers)))
    })
    .await
}

/// features/weight/WeightTrackingPage.tsx: its title and its placeholder, two cards.
pub async fn weight_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    written(&state, |shell| {
        headed_page(shell, "Weight Tracking", banner(&joined(&headers)), |out| {
            write_card_skeleton(out, "Loading your weight log", 2)
        })
    })
    .await
}

/// features/reminders: its header, its button and its settings, held, over
/// the list's loading line.
pub async fn reminders_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    written(&state, |shell| {
        reminders_screen::page(shell, banner(&joined(&headers)))
    })
    .await
}

/// features/journal: its tabs, today's three prompts and the form, held, for
/// a browser whose app last drew the journal open for writing.
pub async fn journal_get(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let cookies = joined(&headers);
    let now = Moment::for_visitor(Some(&cookies), state.config.time_zone, state.clock.now_ms());
    let set = state.content();
    written(&state, |shell| {
        let shown = journal_screen::shown(&cookies)?;
        let prompts = items_in_turn(&set, Kind::JournalPrompts, now.date, 3);
        journal_screen::page(shell, shown, &prompts, banner(&cookies))
    })
    .await
}

/// The app's page with what `write` writes into it, or as it is when `write`
/// writes nothing; asked again each time, as it follows the visitor's
/// cookies. `404` when there is no built app.
async fn written(state: &AppState, write: impl FnOnce(&str) -> Option<String>) -> Response {
    let path = state.config.static_dir.join("index.html");
    let Ok(shell) = tokio::fs::read_to_string(&path).await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let body = write(&shell).unwrap_or(shell);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::VARY, "Cookie"),
        ],
        body,
    )
        .into_response()
}

/// The visitor's moment and today's reading for it.
fn todays_reading(state: &AppState, cookies: &str) -> (Moment, Option<Value>) {
    let now = Moment::for_visitor(Some(cookies), state.config.time_zone, state.clock.now_ms());
    let reading = item_for(&state.content(), Kind::BibleReadings, now.date);
    (now, reading)
}
