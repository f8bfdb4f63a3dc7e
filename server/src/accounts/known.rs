//! Browsers an account has signed in on (OWASP's "device cookies"): a right
//! password from one of them is never slowed by the delays that wrong
//! passwords from elsewhere put on the account (`guard::Backoff`).

use crate::error::AppError;
use crate::store::NewBrowser;
use crate::tokens::{hash_token, random_hex};
use axum::http::HeaderMap;

pub const KNOWN_COOKIE: &str = "manna_known";
/// How long a browser stays known after it signed in (its cookie's life).
const KNOWN_DAYS: i64 = 400;
const KNOWN_MS: i64 = KNOWN_DAYS * 86_400_000;
/// The most browsers one account is known on; signing in on another forgets
/// the one that signed in longest ago.
const KNOWN_PER_ACCOUNT: i64 = 20;

/// The known-browser secret a request carries, if any.
pub fn known_token(headers: &HeaderMap) -> Option<String> {
    super::session::cookie_value(headers, KNOWN_COOKIE)
}

/// Where the browsers an account signed in on are remembered from: less than
/// `KNOWN_DAYS` before `now_ms`.
pub fn known_since(now_ms: i64) -> i64 {
    now_ms - KNOWN_MS
}

/// A browser to remember: its secret for the cookie, and what the store keeps.
pub fn new_browser() -> Result<(String, NewBrowser), AppError> {
    let token = random_hex(24)?;
    let browser = NewBrowser {
        token_hash: hash_token(&token),
        keep: KNOWN_PER_ACCOUNT,
    };
    Ok((token, browser))
}

/// The `Set-Cookie` value of a known browser's secret, sent only to the
/// login call.
pub fn known_cookie(token: &str, secure: bool) -> String {
    format!(
        "{KNOWN_COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/api/auth/login; Max-Age={}{}",
        KNOWN_MS / 1000,
        if secure { "; Secure" } else { "" }
    )
}
