//! Signing in and out: log in (claiming the device's records), log out, log
//! out everywhere else, and who is signed in.

use super::{cleared_cookies, signed_in_cookies, view};
use crate::accounts::known::{is_known, known_token, remember};
use crate::accounts::{
    self, Session, account_by_email, account_by_id, claim_into, create_session, delete_session,
    end_other_access, password,
};
use crate::api::{Done, Me, SignedIn};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::{DeviceAuth, forget_device};
use crate::state::AppState;
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
    state.limits.hit(guard::LOGIN, &from, now)?;
    let (lookup, known) = (email.clone(), known_token(&headers));
    let (account, trusted) = state
        .store
        .call(move |conn| {
            let account = account_by_email(conn, &lookup)?;
            let trusted = match (&account, &known) {
                (Some(a), Some(token)) => is_known(conn, &a.id, token, now)?,
                _ => false,
            };
            Ok((account, trusted))
        })
        .await?;
    // Wrong passwords slow the account down for every browser it has not
    // signed in on; its owner's own browsers are not slowed.
    if !trusted && let Err(e) = state.login_delays.attempt(&email, now) {
        state.limits.refund(guard::LOGIN, &from);
        return Err(e);
    }
    let stored = account.as_ref().and_then(|a| a.password_hash.clone());
    if !password::verify(form.password, stored).await? {
        return Err(AppError::Unauthorized("Invalid email or password".into()));
    }
    state.limits.refund(guard::LOGIN, &from);
    if !trusted {
        state.login_delays.succeeded(&email);
    }
    let account = account.ok_or_else(|| AppError::Internal("account vanished".into()))?;
    let st = state.clone();
    let now = state.clock.now_ms();
    let (user, claimed, token, known) = state
        .store
        .call(move |conn| {
            let claimed = claim_into(conn, &auth.user_id, &account.id, &auth.device_id, now)?;
            let tx = conn.transaction()?;
            if let Some(old) = old {
                delete_session(&tx, &old.token_hash)?;
            }
            let token = create_session(&tx, &account.id, now)?;
            let known = (!trusted)
                .then(|| remember(&tx, &account.id, now))
                .transpose()?;
            let user = view(&tx, &st, &account)?;
            tx.commit()?;
            Ok((user, claimed, token, known))
        })
        .await?;
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
    state
        .store
        .call(move |conn| {
            if let Some(s) = session {
                delete_session(conn, &s.token_hash)?;
            }
            // The device stops speaking for the account: it starts again as a
            // new anonymous user.
            if let Some(d) = device {
                forget_device(conn, &d.device_id)?;
            }
            Ok(())
        })
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
        .store
        .call(move |conn| {
            end_other_access(
                conn,
                &session.user_id,
                Some(&session.token_hash),
                device.as_ref().map(|d| d.device_id.as_str()),
            )
        })
        .await?;
    Ok(Json(Done {
        message: "Logged out everywhere else",
    }))
}

pub async fn auth_me(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<Me>, AppError> {
    let st = state.clone();
    let user = state
        .store
        .call(move |conn| {
            let account = account_by_id(conn, &session.user_id)?
                .ok_or_else(|| AppError::Unauthorized("Not logged in".into()))?;
            view(conn, &st, &account)
        })
        .await?;
    Ok(Json(Me { user }))
}
