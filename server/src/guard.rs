//! Request guards: the CSRF rule for state-changing calls and per-address rate
//! limits for login, registration and one-time codes.

use crate::config::Config;
use crate::error::AppError;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
    if let Some(ct) = text(header::CONTENT_TYPE) {
        let media = ct.split(';').next().unwrap_or("").trim();
        if !media.eq_ignore_ascii_case("application/json") {
            return Err(AppError::UnsupportedMedia(format!(
                "the body must be JSON (Content-Type: application/json), not {media}"
            )));
        }
    }
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some("cross-site") => Err(AppError::Forbidden(
            "cross-site requests may not change anything here".into(),
        )),
        Some(_) => Ok(()),
        None => match text(header::ORIGIN) {
            None => Ok(()),
            Some(origin) if same_origin(origin, config, text(header::HOST)) => Ok(()),
            Some(origin) => Err(AppError::Forbidden(format!(
                "requests from {origin} may not change anything here"
            ))),
        },
    }
}

fn same_origin(origin: &str, config: &Config, host: Option<&str>) -> bool {
    let public = config.public_url.trim_end_matches('/');
    origin == public
        || host.is_some_and(|h| origin == format!("http://{h}") || origin == format!("https://{h}"))
}

/// What a limit allows: `max` attempts per `window` from one address.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub name: &'static str,
    pub max: u32,
    pub window: Duration,
}

/// Failed logins: 10 per 15 minutes from one address.
pub const LOGIN: Limit = Limit {
    name: "login",
    max: 10,
    window: Duration::from_secs(15 * 60),
};
/// Registrations and set-password: 20 an hour.
pub const REGISTER: Limit = Limit {
    name: "register",
    max: 20,
    window: Duration::from_secs(60 * 60),
};
/// One-time codes sent and checked: 20 per 15 minutes.
pub const CODES: Limit = Limit {
    name: "codes",
    max: 20,
    window: Duration::from_secs(15 * 60),
};

/// When a window started (ms), how many attempts it counted and how long it lasts.
type Window = (i64, u32, i64);

/// Fixed-window counters per limit and address, in memory.
#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<(&'static str, IpAddr), Window>>,
}

impl Limit {
    fn window_ms(self) -> i64 {
        self.window.as_millis() as i64
    }
}

impl RateLimiter {
    /// Refuses with 429 when `ip` already used up `limit` at `now` (ms);
    /// otherwise does nothing.
    pub fn check(&self, limit: Limit, ip: IpAddr, now: i64) -> Result<(), AppError> {
        let map = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        match map.get(&(limit.name, ip)) {
            Some((start, n, _)) if now - start < limit.window_ms() && *n >= limit.max => {
                let wait_ms = limit.window_ms() - (now - start);
                Err(AppError::TooManyRequests(format!(
                    "Too many attempts. Please wait {} minutes and try again.",
                    (wait_ms + 59_999).div_euclid(60_000).max(1)
                )))
            }
            _ => Ok(()),
        }
    }

    /// Counts one attempt of `ip` against `limit` at `now` (ms).
    pub fn count(&self, limit: Limit, ip: IpAddr, now: i64) {
        let mut map = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, (start, _, window)| now - *start < *window);
        }
        let entry = map
            .entry((limit.name, ip))
            .or_insert((now, 0, limit.window_ms()));
        if now - entry.0 >= limit.window_ms() {
            *entry = (now, 0, limit.window_ms());
        }
        entry.1 += 1;
    }

    /// Checks and counts in one step.
    pub fn hit(&self, limit: Limit, ip: IpAddr, now: i64) -> Result<(), AppError> {
        self.check(limit, ip, now)?;
        self.count(limit, ip, now);
        Ok(())
    }
}

/// The client's address (loopback when the server runs without connection info,
/// as in `oneshot` tests).
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_refuses_after_max_attempts_and_counts_per_address() {
        let rl = RateLimiter::default();
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        let t = 1_000_000;
        for _ in 0..LOGIN.max {
            assert!(rl.hit(LOGIN, a, t).is_ok());
        }
        assert!(rl.hit(LOGIN, a, t).is_err());
        assert!(rl.hit(LOGIN, b, t).is_ok());
        assert!(rl.hit(CODES, a, t).is_ok());
        // The window ends: the address may try again.
        assert!(rl.hit(LOGIN, a, t + LOGIN.window_ms()).is_ok());
    }
}
