//! Accounts: email and password on top of the anonymous user, sessions in an
//! HttpOnly cookie, the browsers an account signed in on, claiming an
//! anonymous user's records at login. What is stored of them is the store's.

pub mod codes;
pub mod known;
pub mod password;
mod service;
mod session;

pub use crate::store::Account;
pub use service::Accounts;
pub use session::{SESSION_COOKIE, Session, clear_cookie, new_session, session_cookie};

use crate::error::AppError;
use manna_sync_protocol::account;
pub use manna_sync_protocol::account::Credentials;
use serde::Serialize;

/// What `/api/auth/me` and the login answers say about an account.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: Option<String>,
    /// `active` while the user is premium (paying, trialing or an owner), else `free`.
    pub subscription_status: &'static str,
    pub subscription_plan: String,
    pub is_owner: bool,
    /// Whether the account signs in with a password (one without proves
    /// itself with emailed codes, to delete it for instance).
    pub has_password: bool,
}

/// What signing in gave a browser: how many of the device's records moved
/// into the account, the session's secret and (for a browser not known yet)
/// the known-browser secret, for the cookies.
#[derive(Debug)]
pub struct SignedIn {
    pub claimed: usize,
    pub session: String,
    pub browser: Option<String>,
}

/// An email address trimmed and lower-cased, or 400 "Invalid email address".
pub fn normalise_email(raw: &str) -> Result<String, AppError> {
    account::normalise_email(raw).map_err(|e| AppError::BadRequest(e.message))
}

/// Checks a login form with the rules the app checks it by: its email,
/// normalised, or its first problem.
pub fn check_login(email: &str, password: &str) -> Result<String, AppError> {
    if let Some(problem) = account::login_problems(email, password).into_iter().next() {
        return Err(AppError::BadRequest(problem.message));
    }
    normalise_email(email)
}

/// Checks a registration or set-password form with the spec's messages (the
/// app checks the same rules before sending).
pub fn check_credentials(
    email: &str,
    password: &str,
    confirm: &str,
    first_name: &str,
    last_name: Option<&str>,
) -> Result<Credentials, AppError> {
    account::check_account_form(&account::AccountForm {
        email,
        password,
        confirm_password: confirm,
        first_name,
        last_name,
    })
    .map_err(|e| AppError::BadRequest(e.message))
}
