//! Development pages (routed only when MANNA_ENV=development): the emails
//! Manna would have sent.

use crate::api::Outbox;
use crate::error::AppError;
use crate::html::escape;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::response::Html;

/// The emails written to the outbox, newest first (development only).
pub async fn outbox_json(State(state): State<AppState>) -> Result<Json<Outbox>, AppError> {
    let emails = crate::mail::list(&state.config.data_dir).await?;
    Ok(Json(Outbox { emails }))
}

/// The outbox as a page a person can read (development only).
pub async fn outbox_page(State(state): State<AppState>) -> Result<Html<String>, AppError> {
    let emails = crate::mail::list(&state.config.data_dir).await?;
    let mut html = String::from(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Outbox · Manna (development)</title>\
         <style>body{font:16px system-ui;margin:2rem auto;max-width:40rem;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>\
         <h1>Outbox</h1><p>Emails Manna would have sent. This page exists only in development.</p>",
    );
    if emails.is_empty() {
        html.push_str("<p>No emails yet.</p>");
    }
    for e in emails {
        html.push_str(&format!(
            "<article><h2>{}</h2><p>To: {}</p><pre>{}</pre></article>",
            escape(&e.subject),
            escape(&e.to),
            escape(&e.text)
        ));
    }
    Ok(Html(html))
}
