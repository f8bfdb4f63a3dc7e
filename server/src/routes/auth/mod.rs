//! Accounts: creating and securing one (`register`), signing in and out
//! (`login`), deleting one (`delete`); what they answer of an account and the
//! cookies they set.

mod delete;
mod login;
mod register;

pub use delete::{DeleteAccountForm, account_delete, deletion_code_create};
pub use login::{LoginForm, auth_login, auth_logout, auth_logout_everywhere, auth_me};
pub use register::{RegisterForm, auth_register, auth_set_password};

use crate::accounts::known::known_cookie;
use crate::accounts::{self, AccountView, session_cookie};
use crate::error::AppError;
use crate::state::AppState;
use axum::http::{HeaderMap, HeaderValue, header};

/// What the answers say of `account`, with its membership now.
async fn view(state: &AppState, account: &accounts::Account) -> Result<AccountView, AppError> {
    let premium = state.entitlements.premium(&account.id).await?;
    Ok(AccountView {
        id: account.id.clone(),
        email: account.email.clone(),
        first_name: account.first_name.clone(),
        last_name: account.last_name.clone(),
        subscription_status: if premium.is_some() { "active" } else { "free" },
        subscription_plan: premium.as_ref().map_or("free".into(), |p| p.plan.clone()),
        is_owner: premium.is_some_and(|p| p.owner),
        has_password: account.password_hash.is_some(),
    })
}

/// Headers that set each of `cookies` (`Set-Cookie` values).
fn set_cookies<'a>(cookies: impl IntoIterator<Item = &'a str>) -> Result<HeaderMap, AppError> {
    let mut headers = HeaderMap::new();
    for cookie in cookies {
        headers.append(
            header::SET_COOKIE,
            HeaderValue::from_str(cookie).map_err(|e| AppError::Internal(e.to_string()))?,
        );
    }
    Ok(headers)
}

/// The cookies of a browser that just signed in: its session, and (when it
/// was not known yet) the secret that makes it one of the account's browsers.
fn signed_in_cookies(
    session: &str,
    known: Option<&str>,
    secure: bool,
) -> Result<HeaderMap, AppError> {
    let session = session_cookie(session, secure);
    let known = known.map(|k| known_cookie(k, secure));
    set_cookies(std::iter::once(session.as_str()).chain(known.as_deref()))
}

/// The headers that end a browser's session.
fn cleared_cookies(secure: bool) -> Result<HeaderMap, AppError> {
    set_cookies([accounts::clear_cookie(secure).as_str()])
}
