//! Accounts: the account row of a user, making one, giving it a password, and
//! signing in (with the claim of the device's anonymous records). Codes are
//! in `codes`, sessions and known browsers in `sessions`.

use super::Store;
use super::sessions::{
    NewBrowser, NewSession, create_session, delete_session, end_other_access, remember_browser,
};
use super::sql::{Row, Sql};
use crate::store::StoreError;
use manna_sync_protocol::account::Credentials;

/// The stored account row of a user, when the user has an email.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: Option<String>,
}

/// A login's session changes: the browser's old session ends and a new one
/// starts for `account`.
#[derive(Debug, Clone)]
pub struct SignIn {
    pub account: String,
    pub old_session: Option<String>,
    pub session: NewSession,
    pub browser: Option<NewBrowser>,
    pub now_ms: i64,
}

fn account_from_row(r: &Row<'_, '_>) -> Result<Account, StoreError> {
    Ok(Account {
        id: r.get(0)?,
        email: r.get(1)?,
        password_hash: r.get(2)?,
        first_name: r.get::<Option<String>>(3)?.unwrap_or_default(),
        last_name: r.get(4)?,
    })
}

fn taken() -> StoreError {
    StoreError::EmailTaken
}

const ACCOUNT_COLUMNS: &str = "id, email, password_hash, first_name, last_name";

pub(super) fn account_by_email(
    c: &mut Sql<'_>,
    email: &str,
) -> Result<Option<Account>, StoreError> {
    c.query_opt(
        &format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE email = ?1"),
        &[&email],
        account_from_row,
    )
}

fn account_by_id(c: &mut Sql<'_>, id: &str) -> Result<Option<Account>, StoreError> {
    c.query_opt(
        &format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = ?1 AND email IS NOT NULL"),
        &[&id],
        account_from_row,
    )
}

/// Turns user `id` into an account (or updates its password and names).
fn set_credentials(
    c: &mut Sql<'_>,
    id: &str,
    form: &Credentials,
    password_hash: &str,
) -> Result<(), StoreError> {
    c.execute(
        "UPDATE users SET email = ?2, password_hash = ?3, first_name = ?4, last_name = ?5 WHERE id = ?1",
        &[&id, &form.email, &password_hash, &form.first_name, &form.last_name],
    )?;
    Ok(())
}

impl Store {
    /// The account with this (normalised) email.
    pub async fn account_by_email(&self, email: &str) -> Result<Option<Account>, StoreError> {
        let email = email.to_owned();
        self.db.call(move |c| account_by_email(c, &email)).await
    }

    /// The account of user `id`, when it has one.
    pub async fn account_by_id(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let id = id.to_owned();
        self.db.call(move |c| account_by_id(c, &id)).await
    }

    /// The account of `email`, and whether the browser whose secret hashes to
    /// `browser` signed in on it after `known_since` (ms).
    pub async fn login_lookup(
        &self,
        email: &str,
        browser: Option<String>,
        known_since: i64,
    ) -> Result<(Option<Account>, bool), StoreError> {
        let email = email.to_owned();
        self.db
            .call(move |c| {
                let account = account_by_email(c, &email)?;
                let known = match (&account, &browser) {
                    (Some(a), Some(hash)) => c.exists(
                        "SELECT 1 FROM known_logins
                         WHERE token_hash = ?1 AND account_id = ?2 AND created_at > ?3",
                        &[hash, &a.id, &known_since],
                    )?,
                    _ => false,
                };
                Ok((account, known))
            })
            .await
    }

    /// Whether `user` may give `email` a password: `user` proved it with a
    /// code, or the session's account (`signed_in`) has it.
    pub async fn may_secure(
        &self,
        user: &str,
        email: &str,
        signed_in: Option<String>,
    ) -> Result<bool, StoreError> {
        let (user, email) = (user.to_owned(), email.to_owned());
        self.db
            .call(move |c| {
                let own_account = match &signed_in {
                    Some(id) => account_by_id(c, id)?.is_some_and(|a| a.email == email),
                    None => false,
                };
                Ok(own_account || has_proven(c, &user, &email)?)
            })
            .await
    }

    /// Makes user `user` an account with `creds` and signs it in: 409 when the
    /// email has an account already. Answers the account.
    pub async fn create_account(
        &self,
        user: &str,
        creds: Credentials,
        password_hash: String,
        session: NewSession,
        browser: NewBrowser,
        now: i64,
    ) -> Result<Account, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.write(|tx| {
                    if account_by_email(tx, &creds.email)?.is_some() {
                        return Err(taken());
                    }
                    // Two sign-ups with one email at once: the second meets
                    // the unique index.
                    set_credentials(tx, &user, &creds, &password_hash)
                        .map_err(|e| if e.is_unique_violation() { taken() } else { e })?;
                    create_session(tx, &user, &session, now)?;
                    remember_browser(tx, &user, &browser, now)?;
                    account_by_id(tx, &user)?
                        .ok_or_else(|| StoreError::Engine("account vanished".into()))
                })
            })
            .await
    }

    /// Gives a password to the device's user (`user`, on `device`), or, when
    /// the session (`(account, session hash)`) is the account of `creds`'
    /// email, changes its password and ends its other access.
    pub async fn secure_account(
        &self,
        user: &str,
        device: &str,
        session: Option<(String, String)>,
        creds: Credentials,
        password_hash: String,
    ) -> Result<(), StoreError> {
        let (user, device) = (user.to_owned(), device.to_owned());
        self.db
            .call(move |c| {
                c.write(|tx| {
                    let target = match account_by_email(tx, &creds.email)? {
                        Some(a) if session.as_ref().is_some_and(|(id, _)| *id == a.id) => {
                            // A new password: whoever signed in with the old
                            // one elsewhere is signed out.
                            let kept = session.as_ref().map(|(_, hash)| hash.as_str());
                            end_other_access(tx, &a.id, kept, Some(&device))?;
                            a.id
                        }
                        Some(_) => {
                            return Err(taken());
                        }
                        None => {
                            if let Some(mine) = account_by_id(tx, &user)? {
                                return Err(StoreError::SignedInAs { email: mine.email });
                            }
                            user
                        }
                    };
                    set_credentials(tx, &target, &creds, &password_hash)
                })
            })
            .await
    }

    /// Signs a device in once its anonymous records have moved into the
    /// account (`crate::sync::claim`): the sessions change.
    pub async fn sign_in(&self, s: SignIn) -> Result<(), StoreError> {
        self.db
            .call(move |c| {
                c.write(|tx| {
                    if let Some(old) = &s.old_session {
                        delete_session(tx, old)?;
                    }
                    create_session(tx, &s.account, &s.session, s.now_ms)?;
                    if let Some(browser) = &s.browser {
                        remember_browser(tx, &s.account, browser, s.now_ms)?;
                    }
                    Ok(())
                })
            })
            .await
    }
}

/// Whether `user` proved `email` with a one-time code.
fn has_proven(c: &mut Sql<'_>, user: &str, email: &str) -> Result<bool, StoreError> {
    c.exists(
        "SELECT 1 FROM verified_emails WHERE user_id = ?1 AND email = ?2",
        &[&user, &email],
    )
}
