//! Accounts: email and password on top of the anonymous user, sessions in an
//! HttpOnly cookie, the browsers an account signed in on, and claiming an
//! anonymous user's records at login.

mod claim;
pub mod codes;
pub mod known;
pub mod password;
mod session;

pub use claim::claim_into;
pub use session::{
    SESSION_COOKIE, Session, clear_cookie, create_session, delete_session, end_other_access,
    session_cookie,
};

use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// Minimum password length (spec section 9).
pub const MIN_PASSWORD: usize = 8;

/// What `/api/auth/me` and the login answers say about an account.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
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

/// The registration and set-password form, checked.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: Option<String>,
}

/// The shape of an email address: something@domain.tld, no spaces. Answers it
/// trimmed and lower-cased.
pub fn normalise_email(raw: &str) -> Result<String, AppError> {
    let email = raw.trim().to_lowercase();
    let ok = email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains("..")
        });
    if ok {
        Ok(email)
    } else {
        Err(AppError::BadRequest("Invalid email address".into()))
    }
}

/// Checks a registration or set-password form with the spec's messages.
pub fn check_credentials(
    email: &str,
    password: &str,
    confirm: &str,
    first_name: &str,
    last_name: Option<&str>,
) -> Result<Credentials, AppError> {
    let email = normalise_email(email)?;
    if password.chars().count() < MIN_PASSWORD {
        return Err(AppError::BadRequest(
            "Password must be at least 8 characters".into(),
        ));
    }
    if password.len() > 1024 {
        return Err(AppError::BadRequest(
            "Password must be at most 1024 characters".into(),
        ));
    }
    if confirm != password {
        return Err(AppError::BadRequest("Passwords don't match".into()));
    }
    let first_name = first_name.trim();
    if manna_sync_protocol::records::is_blank(first_name) {
        return Err(AppError::BadRequest("First name is required".into()));
    }
    if first_name.chars().count() > 100 || last_name.is_some_and(|l| l.chars().count() > 100) {
        return Err(AppError::BadRequest(
            "Names must be at most 100 characters".into(),
        ));
    }
    Ok(Credentials {
        email,
        password: password.to_string(),
        first_name: first_name.to_string(),
        last_name: last_name
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_checked_and_normalised() {
        assert_eq!(
            normalise_email("  Ruth@Example.ORG ").ok(),
            Some("ruth@example.org".into())
        );
        for bad in [
            "",
            "ruth",
            "ruth@",
            "@example.org",
            "ruth@example",
            "ru th@example.org",
            "a@b@c.org",
            "ruth@.org",
            "ruth@example..org",
        ] {
            assert!(normalise_email(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn forms_answer_the_spec_messages() {
        let msg = |r: Result<Credentials, AppError>| r.err().map(|e| e.to_string());
        assert_eq!(
            msg(check_credentials("x", "12345678", "12345678", "Ruth", None)),
            Some("Invalid email address".into())
        );
        assert_eq!(
            msg(check_credentials(
                "r@e.org", "1234567", "1234567", "Ruth", None
            )),
            Some("Password must be at least 8 characters".into())
        );
        assert_eq!(
            msg(check_credentials(
                "r@e.org", "12345678", "12345679", "Ruth", None
            )),
            Some("Passwords don't match".into())
        );
        assert_eq!(
            msg(check_credentials(
                "r@e.org", "12345678", "12345678", "  ", None
            )),
            Some("First name is required".into())
        );
        let ok = check_credentials("R@E.org", "12345678", "12345678", " Ruth ", Some(" "))
            .expect("valid");
        assert_eq!(
            (ok.email.as_str(), ok.first_name.as_str(), ok.last_name),
            ("r@e.org", "Ruth", None)
        );
    }
}
