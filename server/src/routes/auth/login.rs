//! Signing in and out: log in (claiming the device's records), log out, log
//! out everywhere else, and who is signed in.

use super::{cleared_cookies, signed_in_cookies, view};
use crate::accounts::known::{known_since, known_token};
use crate::accounts::{self, Session, password};
use crate::api::{Done, Me, SignedIn};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::DeviceAuth;
use crate::state::AppState;
use crate::tokens::hash_token;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

pub async fn auth_login(
    State(state): State<AppState>,
    client: ClientIp,
    auth: DeviceAuth,
    old: Option<Session>,
    headers: HeaderMap,
    ApiJson(form): ApiJson<LoginForm>,
) -> Result<(HeaderMap, Json<SignedIn>), AppError> {
    let email = accounts::check_login(&form.email, &form.password)?;
    // Each attempt takes its slot before the (costly) check, so a burst can
    // never run more checks than the limit allows; a right password gives it
    // back.
    let (from, now) = (client.key(), state.clock.now_ms());
    state.limits.hit(guard::LOGIN, &from, now).await?;
    let browser = known_token(&headers).map(|t| hash_token(&t));
    let (account, trusted) = state
        .accounts
        .login_lookup(&email, browser, known_since(now))
        .await?;
    // Wrong passwords slow the account down for every browser it has not
    // signed in on; its owner's own browsers are not slowed.
    if !trusted && let Err(e) = state.login_delays.attempt(&email, now).await {
        state.limits.refund(guard::LOGIN, &from).await;
        return Err(e);
    }
    let stored = account.as_ref().and_then(|a| a.password_hash.clone());
    if !password::verify(form.password, stored).await? {
        return Err(AppError::Unauthorized("Invalid email or password".into()));
    }
    state.limits.refund(guard::LOGIN, &from).await;
    if !trusted {
        state.login_delays.succeeded(&email).await;
    }
    let account = account.ok_or_else(|| AppError::Internal("account vanished".into()))?;
    let signed_in = state
        .accounts
        .sign_in(&auth, &account, old, !trusted, state.clock.now_ms())
        .await?;
    let (claimed, token, known) = (signed_in.claimed, signed_in.session, signed_in.browser);
    let user = view(&state, &account).await?;
    let headers = signed_in_cookies(&token, known.as_deref(), state.config.secure_cookies())?;
    let body = SignedIn {
        message: "Welcome back",
        user_id: user.id.clone(),
        user,
        claimed_records: Some(claimed as u32),
    };
    Ok((headers, Json(body)))
}

pub async fn auth_logout(
    State(state): State<AppState>,
    session: Option<Session>,
    device: Option<DeviceAuth>,
) -> Result<(HeaderMap, Json<Done>), AppError> {
    // The device stops speaking for the account: it starts again as a new
    // anonymous user.
    state
        .accounts
        .sign_out(session.map(|s| s.token_hash), device.map(|d| d.device_id))
        .await?;
    let headers = cleared_cookies(state.config.secure_cookies())?;
    Ok((
        headers,
        Json(Done {
            message: "Logged out",
        }),
    ))
}

/// 'Log out everywhere': ends every other session and device of the account;
/// this one stays signed in.
pub async fn auth_logout_everywhere(
    State(state): State<AppState>,
    session: Session,
    device: Option<DeviceAuth>,
) -> Result<Json<Done>, AppError> {
    state
        .accounts
        .end_other_access(
            &session.user_id,
            Some(session.token_hash),
            device.map(|d| d.device_id),
        )
        .await?;
    Ok(Json(Done {
        message: "Logged out everywhere else",
    }))
}

pub async fn auth_me(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<Me>, AppError> {
    let account = state
        .accounts
        .by_id(&session.user_id)
        .await?
        .ok_or_else(|| AppError::Unauthorized("Not logged in".into()))?;
    let user = view(&state, &account).await?;
    Ok(Json(Me { user }))
}
