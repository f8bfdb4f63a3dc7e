//! Accounts: register, log in, log out, who am I, set a password.

use crate::accounts::codes::{CODE_MINUTES, confirm_code, has_proven, new_code};
use crate::accounts::known::{is_known, known_cookie, known_token, remember};
use crate::accounts::{
    self, AccountView, Credentials, Session, account_by_email, account_by_id, check_credentials,
    claim_into, clear_cookie, create_session, delete_session, end_other_access, password,
    session_cookie, set_credentials,
};
use crate::api::{CodeSent, Done, Me, SignedIn};
use crate::entitlement::premium_of;
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::{DeviceAuth, forget_device};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use rusqlite::Connection;
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm_password: String,
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: Option<String>,
    /// Registration's second step: the code emailed to the address.
    #[serde(default)]
    code: Option<String>,
}

impl RegisterForm {
    /// Counts the attempt against the client and checks the fields: what
    /// registering and setting a password both start with.
    fn check(&self, state: &AppState, client: ClientIp) -> Result<Credentials, AppError> {
        state
            .limits
            .hit(guard::REGISTER, &client.key(), state.clock.now_ms())?;
        check_credentials(
            &self.email,
            &self.password,
            &self.confirm_password,
            &self.first_name,
            self.last_name.as_deref(),
        )
    }

    fn code(&self) -> Option<&str> {
        self.code
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
    }
}

/// Registration's first step: a code to the address, or, when the address
/// already has an account, a word to its owner. Both answer the same, so the
/// form never tells who has an account.
async fn send_registration_code(
    state: &AppState,
    client: &ClientIp,
    user: &str,
    email: &str,
) -> Result<(StatusCode, HeaderMap, Json<Value>), AppError> {
    let now = state.clock.now_ms();
    state.limits.code_email(&client.key(), email, now)?;
    let (u, e) = (user.to_string(), email.to_string());
    let code = state
        .db
        .call(move |conn| match account_by_email(conn, &e)? {
            Some(_) => Ok(None),
            None => new_code(conn, &u, &e, now).map(Some),
        })
        .await?;
    let (subject, text) = match code {
        Some(code) => (
            format!("Your Manna code: {code}"),
            format!(
                "Your code to finish creating your Manna account is {code}.\n\nIt works once, for {CODE_MINUTES} minutes. If you did not ask for it, you can ignore this email."
            ),
        ),
        None => (
            "Someone tried to create a Manna account with your email".to_string(),
            "Someone tried to create a new Manna account with this email address, which already has one. If it was you, log in with your password instead.\n\nIf it was not you, you can ignore this email: nothing was changed.".to_string(),
        ),
    };
    state.mailer.send(email, &subject, &text).await?;
    let body = CodeSent {
        code_sent: true,
        message: format!(
            "We sent a 6-digit code to {email}. Enter it to finish creating your account."
        ),
    };
    Ok((
        StatusCode::ACCEPTED,
        HeaderMap::new(),
        Json(serde_json::to_value(body).map_err(|e| AppError::Internal(e.to_string()))?),
    ))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

fn view(
    conn: &Connection,
    state: &AppState,
    account: &accounts::Account,
) -> Result<AccountView, AppError> {
    let premium = premium_of(conn, &state.config, &account.id, state.clock.now_secs())?;
    Ok(AccountView {
        id: account.id.clone(),
        email: account.email.clone(),
        first_name: account.first_name.clone(),
        last_name: account.last_name.clone(),
        subscription_status: if premium.is_some() { "active" } else { "free" },
        subscription_plan: premium.as_ref().map_or("free".into(), |p| p.plan.clone()),
        is_owner: premium.is_some_and(|p| p.owner),
    })
}

fn with_cookie(cookie: &str) -> Result<HeaderMap, AppError> {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::SET_COOKIE,
        HeaderValue::from_str(cookie).map_err(|e| AppError::Internal(e.to_string()))?,
    );
    Ok(headers)
}

/// The cookies of a browser that just signed in: its session, and (when it
/// was not known yet) the secret that makes it one of the account's browsers.
fn signed_in_cookies(
    session: &str,
    known: Option<&str>,
    secure: bool,
) -> Result<HeaderMap, AppError> {
    let mut headers = with_cookie(&session_cookie(session, secure))?;
    if let Some(known) = known {
        headers.append(
            header::SET_COOKIE,
            HeaderValue::from_str(&known_cookie(known, secure))
                .map_err(|e| AppError::Internal(e.to_string()))?,
        );
    }
    Ok(headers)
}

/// Creates an account in two steps: the form (a code is emailed), then the
/// form with the code (the account, signed in). The email is proven before it
/// becomes anyone's, and the answers never tell whether it already had one.
pub async fn auth_register(
    State(state): State<AppState>,
    client: ClientIp,
    auth: DeviceAuth,
    ApiJson(form): ApiJson<RegisterForm>,
) -> Result<(StatusCode, HeaderMap, Json<Value>), AppError> {
    let creds = form.check(&state, client)?;
    let me = auth.user_id.clone();
    if let Some(mine) = state.db.call(move |conn| account_by_id(conn, &me)).await? {
        return Err(AppError::Conflict(format!(
            "You are already signed in as {}. Log out to create another account.",
            mine.email
        )));
    }
    let Some(code) = form.code().map(str::to_owned) else {
        return send_registration_code(&state, &client, &auth.user_id, &creds.email).await;
    };
    let now = state.clock.now_ms();
    let (u, e) = (auth.user_id.clone(), creds.email.clone());
    state
        .db
        .call(move |conn| confirm_code(conn, &u, &e, &code, now))
        .await?;
    let hash = password::hash(creds.password.clone()).await?;
    let st = state.clone();
    let (user, token) = state
        .db
        .call(move |conn| {
            let tx = conn.transaction()?;
            // Only someone who proved the address gets this far.
            if account_by_email(&tx, &creds.email)?.is_some() {
                return Err(AppError::Conflict(
                    "An account with this email already exists. Please log in instead.".into(),
                ));
            }
            set_credentials(&tx, &auth.user_id, &creds, &hash)?;
            let token = create_session(&tx, &auth.user_id, now)?;
            let known = remember(&tx, &auth.user_id, now)?;
            let account = account_by_id(&tx, &auth.user_id)?
                .ok_or_else(|| AppError::Internal("account vanished".into()))?;
            let user = view(&tx, &st, &account)?;
            tx.commit()?;
            Ok((user, (token, known)))
        })
        .await?;
    let headers = signed_in_cookies(&token.0, Some(&token.1), state.config.secure_cookies())?;
    let body = SignedIn {
        message: "Account created",
        user_id: user.id.clone(),
        user,
        claimed_records: None,
    };
    Ok((
        StatusCode::CREATED,
        headers,
        Json(serde_json::to_value(body).map_err(|e| AppError::Internal(e.to_string()))?),
    ))
}

pub async fn auth_login(
    State(state): State<AppState>,
    client: ClientIp,
    auth: DeviceAuth,
    old: Option<Session>,
    headers: HeaderMap,
    ApiJson(form): ApiJson<LoginForm>,
) -> Result<(HeaderMap, Json<SignedIn>), AppError> {
    let email = accounts::normalise_email(&form.email)?;
    if form.password.is_empty() {
        return Err(AppError::BadRequest("Password is required".into()));
    }
    // Each attempt takes its slot before the (costly) check, so a burst can
    // never run more checks than the limit allows; a right password gives it
    // back.
    let (from, now) = (client.key(), state.clock.now_ms());
    state.limits.hit(guard::LOGIN, &from, now)?;
    let (lookup, known) = (email.clone(), known_token(&headers));
    let (account, trusted) = state
        .db
        .call(move |conn| {
            let account = account_by_email(conn, &lookup)?;
            let trusted = match (&account, &known) {
                (Some(a), Some(token)) => is_known(conn, &a.id, token)?,
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
    let (user, token, known) = state
        .db
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
            Ok(((user, claimed), token, known))
        })
        .await?;
    let (user, claimed) = user;
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
        .db
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
    let headers = with_cookie(&clear_cookie(state.config.secure_cookies()))?;
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
        .db
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
        .db
        .call(move |conn| {
            let account = account_by_id(conn, &session.user_id)?
                .ok_or_else(|| AppError::Unauthorized("Not logged in".into()))?;
            view(conn, &st, &account)
        })
        .await?;
    Ok(Json(Me { user }))
}

/// 'Secure Your Account': gives the device's user a password (or, when logged
/// in as that email, changes it).
pub async fn auth_set_password(
    State(state): State<AppState>,
    client: ClientIp,
    auth: DeviceAuth,
    session: Option<Session>,
    ApiJson(form): ApiJson<RegisterForm>,
) -> Result<Json<Done>, AppError> {
    let creds = form.check(&state, client)?;
    // The address must be this device's: proven with a code (/quick-access,
    // /already-paid, registration) or the account it is signed in as. The
    // answer is the same whether or not someone else has an account with it.
    let (u, e, signed_in) = (
        auth.user_id.clone(),
        creds.email.clone(),
        session.as_ref().map(|s| s.user_id.clone()),
    );
    let allowed = state
        .db
        .call(move |conn| {
            let own_account = match &signed_in {
                Some(id) => account_by_id(conn, id)?.is_some_and(|a| a.email == e),
                None => false,
            };
            Ok(own_account || has_proven(conn, &u, &e)?)
        })
        .await?;
    if !allowed {
        return Err(AppError::Forbidden(
            "Please confirm this email first: enter it at Quick Access (/quick-access) and type the code we send you.".into(),
        ));
    }
    let hash = password::hash(creds.password.clone()).await?;
    state
        .db
        .call(move |conn| {
            let tx = conn.transaction()?;
            let existing = account_by_email(&tx, &creds.email)?;
            let target = match existing {
                Some(a) if session.as_ref().is_some_and(|s| s.user_id == a.id) => {
                    // A new password: whoever signed in with the old one
                    // elsewhere is signed out.
                    end_other_access(
                        &tx,
                        &a.id,
                        session.as_ref().map(|s| s.token_hash.as_str()),
                        Some(&auth.device_id),
                    )?;
                    a.id
                }
                Some(_) => {
                    return Err(AppError::Conflict(
                        "An account with this email already exists. Please log in instead.".into(),
                    ));
                }
                None => {
                    if let Some(mine) = account_by_id(&tx, &auth.user_id)? {
                        return Err(AppError::Conflict(format!(
                            "This device is signed in as {}. Log out to secure another account.",
                            mine.email
                        )));
                    }
                    auth.user_id.clone()
                }
            };
            set_credentials(&tx, &target, &creds, &hash)?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(Done {
        message: "Account secured",
    }))
}
