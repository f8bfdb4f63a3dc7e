//! The browser rules: state-changing calls come from the app itself (CSRF),
//! and requests name this server's own host (DNS rebinding).

use crate::config::Config;
use crate::error::AppError;
use crate::extract::is_json_media;
use axum::extract::{Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Paths whose state-changing calls are authenticated otherwise (Stripe signs
/// its webhooks), so the browser rule does not apply.
const CSRF_EXEMPT: [&str; 1] = ["/api/stripe/webhook"];

/// State-changing API calls must come from the app itself: a body, if any, must
/// be JSON (no form or text posts), and the browser must not mark the request
/// cross-site (`Sec-Fetch-Site`), or, from browsers that do not send that header,
/// its `Origin` must be the app's.
pub async fn csrf(State(config): State<Arc<Config>>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    let changes_state = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_state
        && path.starts_with("/api/")
        && !CSRF_EXEMPT.contains(&path)
        && let Err(e) = check_csrf(&config, &req)
    {
        return e.into_response();
    }
    next.run(req).await
}

fn check_csrf(config: &Config, req: &Request) -> Result<(), AppError> {
    let headers = req.headers();
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(ct) = text(header::CONTENT_TYPE)
        && !is_json_media(ct)
    {
        let media = ct.split(';').next().unwrap_or_default().trim();
        return Err(AppError::UnsupportedMedia(format!(
            "the body must be JSON (Content-Type: application/json), not {media}"
        )));
    }
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    match (fetch_site, text(header::ORIGIN)) {
        (Some("same-origin" | "none"), _) => Ok(()),
        (Some("cross-site"), _) => Err(AppError::Forbidden(
            "cross-site requests may not change anything here".into(),
        )),
        // `same-site` covers every sibling subdomain, which need not be ours:
        // like a browser that sends no Sec-Fetch-Site, it must show the app's
        // own Origin. Only a client that is no browser sends neither header.
        (_, Some(origin)) if same_origin(origin, config, text(header::HOST)) => Ok(()),
        (None, None) => Ok(()),
        (_, origin) => Err(AppError::Forbidden(format!(
            "requests from {} may not change anything here",
            origin.unwrap_or("another site")
        ))),
    }
}

/// Whether `origin` is the app's own: its public address, or the (checked)
/// host the request was sent to.
fn same_origin(origin: &str, config: &Config, host: Option<&str>) -> bool {
    origin == config.public_url()
        || host.is_some_and(|h| origin == format!("http://{h}") || origin == format!("https://{h}"))
}

/// Host names every instance answers to: a browser only sends these for a page
/// it really loaded from this machine.
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// Whether a request's `Host` is this server's: the public address's host and
/// port, or a loopback name. Any other name reached this server through someone
/// else's DNS (DNS rebinding), so its pages must not be served to that origin.
pub fn host_allowed(config: &Config, host: &str) -> bool {
    let host = host.trim().to_ascii_lowercase();
    if host == config.public_authority() {
        return true;
    }
    let name = match host.find(']') {
        Some(end) if host.starts_with('[') => &host[..=end],
        _ => host.split(':').next().unwrap_or(""),
    };
    LOOPBACK_HOSTS.contains(&name)
}

/// Refuses requests addressed to a host name that is not this server's.
pub async fn check_host(State(config): State<Arc<Config>>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or_else(|| req.uri().authority().map(|a| a.to_string()));
    match host {
        Some(h) if !host_allowed(&config, &h) => AppError::BadRequest(format!(
            "Host '{}' is not this server's address (MANNA_PUBLIC_URL)",
            h.chars().take(80).collect::<String>()
        ))
        .into_response(),
        _ => next.run(req).await,
    }
}
