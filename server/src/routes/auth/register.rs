//! Creating an account (a code emailed to the address, then the account) and
//! securing the device's user with a password.

use super::{signed_in_cookies, view};
use crate::accounts::codes::{code_email, confirm_code, has_proven, new_code};
use crate::accounts::known::remember;
use crate::accounts::{
    Credentials, Session, account_by_email, account_by_id, check_credentials, create_session,
    end_other_access, password, set_credentials,
};
use crate::api::{CodeSent, Done, SignedIn};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
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
        .store
        .call(move |conn| match account_by_email(conn, &e)? {
            Some(_) => Ok(None),
            None => new_code(conn, &u, &e, now).map(Some),
        })
        .await?;
    let (subject, text) = match code {
        Some(code) => code_email(
            &code,
            "to finish creating your Manna account",
            "you can ignore this email.",
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
    if let Some(mine) = state.store.call(move |conn| account_by_id(conn, &me)).await? {
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
        .store
        .call(move |conn| confirm_code(conn, &u, &e, &code, now))
        .await?;
    let hash = password::hash(creds.password.clone()).await?;
    let st = state.clone();
    let (user, token, known) = state
        .store
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
            Ok((user, token, known))
        })
        .await?;
    let headers = signed_in_cookies(&token, Some(&known), state.config.secure_cookies())?;
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
        .store
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
        .store
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
