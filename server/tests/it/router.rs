//! The router without a socket: `router(state)` driven with `oneshot`.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use manna_server::{AppState, Config, router};
use tower::ServiceExt;

async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
) -> (StatusCode, String, serde_json::Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .expect("request");
    let res = router(state.clone()).oneshot(req).await.expect("answer");
    let status = res.status();
    let cache = res
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    (
        status,
        cache,
        serde_json::from_slice(&bytes).unwrap_or_default(),
    )
}

#[tokio::test]
async fn api_answers_are_never_cached_stale_and_wrong_methods_are_refused() {
    let data = tempfile::tempdir().expect("dir");
    let state = AppState::open(
        Config::for_tests(data.path().to_path_buf()),
        manna_server::Clock::system(),
    )
    .await
    .expect("state");
    let (status, cache, home) = call(&state, "GET", "/api/home?date=2026-03-01").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cache, "no-cache");
    assert_eq!(home["dayNumber"], 60);
    let (status, _, _) = call(&state, "GET", "/api/refresh-content").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn stored_content_survives_a_restart() {
    let data = tempfile::tempdir().expect("dir");
    let config = Config::for_tests(data.path().to_path_buf());
    let first = AppState::open(config.clone(), manna_server::Clock::system())
        .await
        .expect("first start");
    let (_, _, before) = call(&first, "GET", "/api/home?date=2026-11-22").await;
    drop(first);
    let second = AppState::open(config, manna_server::Clock::system())
        .await
        .expect("second start");
    let (_, _, after) = call(&second, "GET", "/api/home?date=2026-11-22").await;
    assert_eq!(before, after);
}
