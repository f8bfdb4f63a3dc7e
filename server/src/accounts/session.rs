//! Login sessions: a random token in an HttpOnly cookie, stored hashed.

use crate::clock::Clock;
use crate::error::AppError;
use crate::store::{NewSession, Store};
use crate::tokens::{hash_token, random_hex};
use axum::extract::{FromRef, FromRequestParts, OptionalFromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

pub const SESSION_COOKIE: &str = "manna_session";
pub const SESSION_DAYS: i64 = 30;
const DAY_MS: i64 = 86_400_000;

/// The account a request's session cookie belongs to.
#[derive(Debug, Clone)]
pub struct Session {
    pub user_id: String,
    pub token_hash: String,
}

/// A new session starting at `now` (ms): its token for the cookie, and what
/// the store keeps.
pub fn new_session(now: i64) -> Result<(String, NewSession), AppError> {
    let token = random_hex(32)?;
    let session = NewSession {
        token_hash: hash_token(&token),
        expires_at: now + SESSION_DAYS * DAY_MS,
    };
    Ok((token, session))
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
    crate::cookies::in_headers(headers, name)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
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
        let user = Store::from_ref(state).session_user(&hash, now).await?;
        Ok(user.map(|user_id| Session {
            user_id,
            token_hash: hash,
        }))
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
