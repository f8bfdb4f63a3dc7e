//! Browsers an account has signed in on (OWASP's "device cookies"): a right
//! password from one of them is never slowed by the delays that wrong
//! passwords from elsewhere put on the account (`guard::Backoff`).

use crate::error::AppError;
use crate::tokens::{hash_token, random_hex};
use axum::http::HeaderMap;
use rusqlite::{Connection, OptionalExtension, params};

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

/// Whether `token` names a browser `account` signed in on, less than
/// `KNOWN_DAYS` before `now_ms`.
pub fn is_known(
    conn: &Connection,
    account: &str,
    token: &str,
    now_ms: i64,
) -> Result<bool, AppError> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM known_logins WHERE token_hash = ?1 AND account_id = ?2 AND created_at > ?3",
            params![hash_token(token), account, now_ms - KNOWN_MS],
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
    conn.execute(
        "DELETE FROM known_logins WHERE account_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM known_logins WHERE account_id = ?1
            ORDER BY created_at DESC, rowid DESC LIMIT ?2)",
        params![account, KNOWN_PER_ACCOUNT],
    )?;
    Ok(token)
}

/// Forgets the browsers that signed in `KNOWN_DAYS` or more before `now_ms`
/// (their cookies have expired); answers how many.
pub fn forget_expired(conn: &Connection, now_ms: i64) -> Result<usize, AppError> {
    Ok(conn.execute(
        "DELETE FROM known_logins WHERE created_at <= ?1",
        [now_ms - KNOWN_MS],
    )?)
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
        KNOWN_MS / 1000,
        if secure { "; Secure" } else { "" }
    )
}
