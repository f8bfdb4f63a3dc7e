//! Browsers an account has signed in on (OWASP's "device cookies"): a right
//! password from one of them is never slowed by the delays that wrong
//! passwords from elsewhere put on the account (`guard::Backoff`).

use crate::error::AppError;
use crate::tokens::{hash_token, random_hex};
use axum::http::HeaderMap;
use rusqlite::{Connection, OptionalExtension, params};

pub const KNOWN_COOKIE: &str = "manna_known";
/// How long a browser stays known without signing in again.
const KNOWN_DAYS: i64 = 400;

/// The known-browser secret a request carries, if any.
pub fn known_token(headers: &HeaderMap) -> Option<String> {
    super::session::cookie_value(headers, KNOWN_COOKIE)
}

/// Whether `token` names a browser `account` signed in on.
pub fn is_known(conn: &Connection, account: &str, token: &str) -> Result<bool, AppError> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM known_logins WHERE token_hash = ?1 AND account_id = ?2",
            params![hash_token(token), account],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Remembers a browser for `account`; answers its secret for the cookie.
pub fn remember(conn: &Connection, account: &str, now_ms: i64) -> Result<String, AppError> {
    let token = random_hex(24)?;
    conn.execute(
        "INSERT INTO known_logins (token_hash, account_id, created_at) VALUES (?1, ?2, ?3)",
        params![hash_token(&token), account, now_ms],
    )?;
    Ok(token)
}

/// Forgets every browser of `account` (a new password: whoever knew the old
/// one is a stranger again).
pub fn forget_all(conn: &Connection, account: &str) -> Result<(), AppError> {
    conn.execute("DELETE FROM known_logins WHERE account_id = ?1", [account])?;
    Ok(())
}

/// The `Set-Cookie` value of a known browser's secret, sent only to the
/// login call.
pub fn known_cookie(token: &str, secure: bool) -> String {
    format!(
        "{KNOWN_COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/api/auth/login; Max-Age={}{}",
        KNOWN_DAYS * 86_400,
        if secure { "; Secure" } else { "" }
    )
}
