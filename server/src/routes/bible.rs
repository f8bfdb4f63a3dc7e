//! The Bible reader's calls: a translation's books, one chapter, a whole book
//! (for a device to keep), and a search of the translation's verses.

use crate::bible::{BibleBook, BibleChapter, BibleIndex, BibleSearch};
use crate::error::AppError;
use crate::extract::Params;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};

/// `GET /api/bible/{translation}`.
pub async fn index_get(
    State(state): State<AppState>,
    Path(translation): Path<String>,
) -> Result<Json<BibleIndex>, AppError> {
    Ok(Json(state.bible.index(&translation)?))
}

/// `GET /api/bible/{translation}/{book}/{chapter}`.
pub async fn chapter_get(
    State(state): State<AppState>,
    Path((translation, book, chapter)): Path<(String, String, String)>,
) -> Result<Json<BibleChapter>, AppError> {
    Ok(Json(state.bible.chapter(&translation, &book, &chapter)?))
}

/// `GET /api/bible/{translation}/{book}`.
pub async fn book_get(
    State(state): State<AppState>,
    Path((translation, book)): Path<(String, String)>,
) -> Result<Json<BibleBook>, AppError> {
    Ok(Json(state.bible.whole_book(&translation, &book)?))
}

/// `GET /api/bible/{translation}/search?q=&limit=`: read through every verse,
/// off the threads that answer requests.
pub async fn search_get(
    State(state): State<AppState>,
    Path(translation): Path<String>,
    Query(q): Params,
) -> Result<Json<BibleSearch>, AppError> {
    let bible = state.bible.clone();
    let found = tokio::task::spawn_blocking(move || {
        bible.search(
            &translation,
            q.get("q").map(String::as_str),
            q.get("limit").map(String::as_str),
        )
    })
    .await
    .map_err(|e| AppError::Internal(format!("bible search: {e}")))??;
    Ok(Json(found))
}
