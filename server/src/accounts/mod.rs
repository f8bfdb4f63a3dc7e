//! Accounts: email and password on top of the anonymous user, sessions in an
//! HttpOnly cookie, the browsers an account signed in on, claiming an
//! anonymous user's records at login, and deleting an account.

mod claim;
pub mod codes;
pub mod deletion;
pub mod known;
pub mod password;
mod session;

pub use claim::claim_into;
pub use session::{
    SESSION_COOKIE, Session, clear_cookie, create_session, delete_session, end_other_access,
    session_cookie,
};

use crate::error::AppError;
use manna_sync_protocol::account;
pub use manna_sync_protocol::account::Credentials;
use rusqlite::{Connection, OptionalExtension, params};
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

/// The stored account row of a user, when the user has an email.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: Option<String>,
}

fn account_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get(0)?,
        email: r.get(1)?,
        password_hash: r.get(2)?,
        first_name: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
        last_name: r.get(4)?,
    })
}

const ACCOUNT_COLUMNS: &str = "id, email, password_hash, first_name, last_name";

pub fn account_by_email(conn: &Connection, email: &str) -> Result<Option<Account>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE email = ?1"),
            [email],
            account_from_row,
        )
        .optional()?)
}

pub fn account_by_id(conn: &Connection, id: &str) -> Result<Option<Account>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = ?1 AND email IS NOT NULL"),
            [id],
            account_from_row,
        )
        .optional()?)
}

/// Turns user `id` into an account (or updates its password and names).
pub fn set_credentials(
    conn: &Connection,
    id: &str,
    form: &Credentials,
    password_hash: &str,
) -> Result<(), AppError> {
    conn.prepare_cached("UPDATE users SET email = ?2, password_hash = ?3, first_name = ?4, last_name = ?5 WHERE id = ?1")?.execute(params![id, form.email, password_hash, form.first_name, form.last_name],
    )?;
    Ok(())
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
