//! Login sessions: a random token in an HttpOnly cookie, stored hashed.

use crate::clock::Clock;
use crate::store::Store;
use crate::error::AppError;
use crate::tokens::{hash_token, random_hex};
use axum::extract::{FromRef, FromRequestParts, OptionalFromRequestParts};
use axum::http::HeaderMap;
use axum::http::header::COOKIE;
use axum::http::request::Parts;
use rusqlite::{Connection, OptionalExtension, params};

pub const SESSION_COOKIE: &str = "manna_session";
pub const SESSION_DAYS: i64 = 30;
const DAY_MS: i64 = 86_400_000;

/// The account a request's session cookie belongs to.
#[derive(Debug, Clone)]
pub struct Session {
    pub user_id: String,
    pub token_hash: String,
}

/// Starts a session for `user_id` at `now` (ms); answers the token for the cookie.
pub fn create_session(conn: &Connection, user_id: &str, now: i64) -> Result<String, AppError> {
    let token = random_hex(32)?;
    conn.prepare_cached("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")?.execute(params![hash_token(&token), user_id, now, now + SESSION_DAYS * DAY_MS],
    )?;
    Ok(token)
}

pub fn delete_session(conn: &Connection, token_hash: &str) -> Result<(), AppError> {
    conn.prepare_cached("DELETE FROM sessions WHERE token_hash = ?1")?
        .execute([token_hash])?;
    Ok(())
}

/// Ends every session and device token of `user_id` except the session and
/// device making this request, and the calendar address (a secret that reads
/// the account's reminders and plans): after a password change or 'log out
/// everywhere', whoever else held the account has to sign in again, and the
/// user makes a new calendar address. Answers how many sessions, devices and
/// addresses were ended.
pub fn end_other_access(
    conn: &Connection,
    user_id: &str,
    keep_session: Option<&str>,
    keep_device: Option<&str>,
) -> Result<usize, AppError> {
    let sessions = conn
        .prepare_cached("DELETE FROM sessions WHERE user_id = ?1 AND token_hash IS NOT ?2")?
        .execute(params![user_id, keep_session])?;
    let devices = conn
        .prepare_cached("DELETE FROM devices WHERE user_id = ?1 AND id IS NOT ?2")?
        .execute(params![user_id, keep_device])?;
    let feeds = conn
        .prepare_cached("DELETE FROM calendar_feeds WHERE user_id = ?1")?
        .execute([user_id])?;
    super::known::forget_all(conn, user_id)?;
    Ok(sessions + devices + feeds)
}

/// The `Set-Cookie` value carrying a new session.
pub fn session_cookie(token: &str, secure: bool) -> String {
    format!(
        "{SESSION_COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={}{}",
        SESSION_DAYS * 86_400,
        if secure { "; Secure" } else { "" }
    )
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn clear_cookie(secure: bool) -> String {
    format!(
        "{SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{}",
        if secure { "; Secure" } else { "" }
    )
}

/// The value of the cookie `name` a request carries, if any and not empty.
pub(super) fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.to_string())
        .filter(|v| !v.is_empty())
}

impl<S> OptionalFromRequestParts<S> for Session
where
    S: Send + Sync,
    Store: FromRef<S>,
    Clock: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &S,
    ) -> Result<Option<Self>, Self::Rejection> {
        let Some(token) = cookie_value(&parts.headers, SESSION_COOKIE) else {
            return Ok(None);
        };
        let hash = hash_token(&token);
        let now = Clock::from_ref(state).now_ms();
        Store::from_ref(state)
            .call(move |conn| {
                let user: Option<String> = conn
                    .query_row(
                        "SELECT user_id FROM sessions WHERE token_hash = ?1 AND expires_at > ?2",
                        params![hash, now],
                        |r| r.get(0),
                    )
                    .optional()?;
                Ok(user.map(|user_id| Session {
                    user_id,
                    token_hash: hash,
                }))
            })
            .await
    }
}

impl<S> FromRequestParts<S> for Session
where
    S: Send + Sync,
    Store: FromRef<S>,
    Clock: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        <Self as OptionalFromRequestParts<S>>::from_request_parts(parts, state)
            .await?
            .ok_or_else(|| AppError::Unauthorized("Not logged in".into()))
    }
}
