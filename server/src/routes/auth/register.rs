//! Creating an account (a code emailed to the address, then the account) and
//! securing the device's user with a password.

use super::{signed_in_cookies, view};
use crate::accounts::codes::code_email;
use crate::accounts::known::new_browser;
use crate::accounts::{Credentials, Session, check_credentials, new_session, password};
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
    /// Counts the attempt against the client's address and device and
    /// checks the fields: what registering and setting a password both start
    /// with.
    async fn check(
        &self,
        state: &AppState,
        client: ClientIp,
        device: &DeviceAuth,
    ) -> Result<Credentials, AppError> {
        let now = state.clock.now_ms();
        state
            .limits
            .hit(guard::REGISTER_DEVICE, &device.user_id, now)
            .await?;
        state
            .limits
            .hit(guard::REGISTER, &client.key(), now)
            .await?;
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
    state.limits.code_email(&client.key(), email, now).await?;
    let code = state.accounts.new_code(user, email, true, now).await?;
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
    let creds = form.check(&state, client, &auth).await?;
    if let Some(mine) = state.accounts.by_id(&auth.user_id).await? {
        return Err(AppError::Conflict(format!(
            "You are already signed in as {}. Log out to create another account.",
            mine.email
        )));
    }
    let Some(code) = form.code().map(str::to_owned) else {
        return send_registration_code(&state, &client, &auth.user_id, &creds.email).await;
    };
    let now = state.clock.now_ms();
    state
        .accounts
        .confirm_code(&auth.user_id, &creds.email, &code, now)
        .await?;
    let hash = password::hash(creds.password.clone()).await?;
    // Only someone who proved the address gets this far.
    let (token, session) = new_session(now)?;
    let (known, browser) = new_browser()?;
    let account = state
        .accounts
        .create(&auth.user_id, creds, hash, session, browser, now)
        .await?;
    let user = view(&state, &account).await?;
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
    let creds = form.check(&state, client, &auth).await?;
    // The address must be this device's: proven with a code (/quick-access,
    // /already-paid, registration) or the account it is signed in as. The
    // answer is the same whether or not someone else has an account with it.
    let signed_in = session.as_ref().map(|s| s.user_id.clone());
    let allowed = state
        .accounts
        .may_secure(&auth.user_id, &creds.email, signed_in)
        .await?;
    if !allowed {
        return Err(AppError::Forbidden(
            "Please confirm this email first: enter it at Quick Access (/quick-access) and type the code we send you.".into(),
        ));
    }
    let hash = password::hash(creds.password.clone()).await?;
    let session = session.map(|s| (s.user_id, s.token_hash));
    state
        .accounts
        .secure(&auth.user_id, &auth.device_id, session, creds, hash)
        .await?;
    Ok(Json(Done {
        message: "Account secured",
    }))
}
