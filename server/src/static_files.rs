//! The built PWA: files from `pwa/dist`, `index.html` for app routes other
//! than Home's `/` (routes/home_page.rs writes the day into that one; the app
//! shows its own 404 screen), JSON 404 for unknown `/api/*`, and cache headers
//! (hashed assets immutable, everything else revalidated). The app's build
//! writes brotli and gzip copies beside its text files
//! (`pwa/scripts/compress.mjs`): a request is answered with the one it
//! accepts, so serving the app costs no compression work.

use crate::error::AppError;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

pub fn service(dir: &Path) -> Router {
    let index = ServeFile::new(dir.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(shape_response))
}

async fn shape_response(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    if path.starts_with("/api/") || path == "/api" {
        return AppError::NotFound(format!("no API endpoint at {path}")).into_response();
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    let is_asset_path = last.contains('.');
    let mut res = next.run(req).await;
    let served_index = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if is_asset_path && served_index && !last.ends_with(".html") {
        // A missing file must not come back as the app shell.
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    let cache = if path.starts_with("/assets/") && res.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}
