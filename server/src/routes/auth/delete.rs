//! Deleting the signed-in account: proven by its password (or, for an
//! account without one, a code emailed to it), its Stripe subscriptions
//! cancelled first, then every row kept of it.

use super::cleared_cookies;
use crate::accounts::codes::code_email;
use crate::accounts::{Session, password};
use crate::api::{CodeSent, Done};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use manna_sync_protocol::FieldError;
use serde::Deserialize;

/// The proof the account's owner is asking: its password, or an emailed code.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DeleteAccountForm {
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    code: Option<String>,
}

fn invalid(field: &str, message: &str) -> AppError {
    AppError::Invalid(FieldError::new(field, message.to_string()))
}

/// `POST /api/account/deletion-code`: a code to the account's email, for an
/// account without a password.
pub async fn deletion_code_create(
    State(state): State<AppState>,
    client: ClientIp,
    session: Session,
) -> Result<Json<CodeSent>, AppError> {
    let now = state.clock.now_ms();
    state
        .limits
        .hit(guard::CODES_DEVICE, &session.user_id, now)
        .await?;
    state.limits.hit(guard::CODES, &client.key(), now).await?;
    let user = session.user_id.clone();
    let account = state
        .accounts
        .by_id(&user)
        .await?
        .ok_or_else(|| AppError::Unauthorized("Not logged in".into()))?;
    if account.password_hash.is_some() {
        return Err(AppError::Conflict(
            "This account has a password: enter it to delete the account.".into(),
        ));
    }
    let email = account.email;
    let code = state
        .accounts
        .new_code(&user, &email, false, now)
        .await?
        .ok_or_else(|| AppError::Internal("no code was made".into()))?;
    let (subject, text) = code_email(
        &code,
        "to delete your Manna account",
        "someone signed in to your account did: ignore this email and nothing is deleted, and sign out everywhere else from Your Account.",
    );
    state.mailer.send(&email, &subject, &text).await?;
    Ok(Json(CodeSent {
        code_sent: true,
        message: format!("We sent a 6-digit code to {email}."),
    }))
}

/// `DELETE /api/account`: the account and everything kept of it.
pub async fn account_delete(
    State(state): State<AppState>,
    client: ClientIp,
    session: Session,
    ApiJson(form): ApiJson<DeleteAccountForm>,
) -> Result<(HeaderMap, Json<Done>), AppError> {
    let (from, now) = (client.key(), state.clock.now_ms());
    let user = session.user_id.clone();
    let account = state
        .accounts
        .by_id(&user)
        .await?
        .ok_or_else(|| AppError::Unauthorized("Not logged in".into()))?;
    // The proof, checked like a login: a guessed password counts against the
    // same limit.
    match (&account.password_hash, form.password, form.code) {
        (Some(_), Some(typed), _) => {
            state.limits.hit(guard::LOGIN, &from, now).await?;
            if !password::verify(typed, account.password_hash.clone()).await? {
                return Err(invalid("password", "That password is not right."));
            }
            state.limits.refund(guard::LOGIN, &from).await;
        }
        (Some(_), None, _) => {
            return Err(invalid(
                "password",
                "Enter your password to delete the account.",
            ));
        }
        (None, _, Some(code)) => {
            state.limits.hit(guard::CODES, &from, now).await?;
            state
                .accounts
                .confirm_code(&user, &account.email, &code, now)
                .await
                .map_err(|e| match e {
                    AppError::BadRequest(why) => invalid("code", &why),
                    other => other,
                })?;
        }
        (None, _, None) => {
            return Err(invalid(
                "code",
                "Ask for a code by email, then enter it to delete the account.",
            ));
        }
    }
    // Stripe stops charging before anything is deleted: if it cannot be
    // reached, the account stays as it was and the person can try again.
    let subscriptions = state.accounts.subscriptions_of(&user).await?;
    for (id, chargeable) in &subscriptions {
        if *chargeable {
            state.stripe.cancel_subscription(id).await?;
        }
    }
    let ids: Vec<String> = subscriptions.into_iter().map(|(id, _)| id).collect();
    // Its posts in groups go, and the groups it owns pass to someone
    // still in them, first.
    state
        .groups
        .before_account_deleted(&user, state.clock.now_ms())
        .await?;
    let rows = state.accounts.delete(&user, ids).await?;
    tracing::info!(rows, "an account was deleted");
    Ok((
        cleared_cookies(state.config.secure_cookies())?,
        Json(Done {
            message: "Your account and everything kept of it are deleted.",
        }),
    ))
}
