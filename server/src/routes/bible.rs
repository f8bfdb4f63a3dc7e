//! The Bible reader's calls: a translation's books, and one chapter.

use crate::bible::{BibleChapter, BibleIndex};
use crate::error::AppError;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};

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
