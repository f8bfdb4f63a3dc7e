//! Accounts: the account row of a user, one-time codes and proven emails,
//! sessions, the browsers an account signed in on, signing in (with the claim
//! of the device's anonymous records) and deleting an account.

use super::Store;
use super::sql::{Row, Sql, is_unique_violation};
use crate::error::AppError;
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

/// What a typed one-time code turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    /// Right: the code is spent and the email recorded as proven.
    Confirmed,
    /// No code of this user and email is open (expired, used or never sent).
    NoneOpen,
    /// Wrong; `spent` when that was the last guess the code allowed.
    Wrong { spent: bool },
}

/// A session to start: its token's hash and when it ends (ms).
#[derive(Debug, Clone)]
pub struct NewSession {
    pub token_hash: String,
    pub expires_at: i64,
}

/// A browser to remember for an account: its secret's hash, and how many of
/// the account's browsers are kept.
#[derive(Debug, Clone)]
pub struct NewBrowser {
    pub token_hash: String,
    pub keep: i64,
}

/// A login's changes: the device's user `from` is claimed into `account`, the
/// browser's old session ends and a new one starts.
#[derive(Debug, Clone)]
pub struct SignIn {
    pub from: String,
    pub account: String,
    pub device: String,
    pub old_session: Option<String>,
    pub session: NewSession,
    pub browser: Option<NewBrowser>,
    pub now_ms: i64,
}

fn account_from_row(r: &Row<'_, '_>) -> Result<Account, AppError> {
    Ok(Account {
        id: r.get(0)?,
        email: r.get(1)?,
        password_hash: r.get(2)?,
        first_name: r.get::<Option<String>>(3)?.unwrap_or_default(),
        last_name: r.get(4)?,
    })
}

fn taken() -> AppError {
    AppError::Conflict("An account with this email already exists. Please log in instead.".into())
}

const ACCOUNT_COLUMNS: &str = "id, email, password_hash, first_name, last_name";

fn account_by_email(c: &mut Sql<'_>, email: &str) -> Result<Option<Account>, AppError> {
    c.query_opt(
        &format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE email = ?1"),
        &[&email],
        account_from_row,
    )
}

fn account_by_id(c: &mut Sql<'_>, id: &str) -> Result<Option<Account>, AppError> {
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
) -> Result<(), AppError> {
    c.execute(
        "UPDATE users SET email = ?2, password_hash = ?3, first_name = ?4, last_name = ?5 WHERE id = ?1",
        &[&id, &form.email, &password_hash, &form.first_name, &form.last_name],
    )?;
    Ok(())
}

fn new_code(
    c: &mut Sql<'_>,
    user: &str,
    email: &str,
    code_hash: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), AppError> {
    c.execute(
        "UPDATE email_codes SET used = TRUE WHERE user_id = ?1 AND email = ?2 AND used = FALSE",
        &[&user, &email],
    )?;
    c.execute(
        "INSERT INTO email_codes (user_id, email, code_hash, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        &[&user, &email, &code_hash, &expires_at, &now],
    )?;
    Ok(())
}

fn has_proven(c: &mut Sql<'_>, user: &str, email: &str) -> Result<bool, AppError> {
    c.exists(
        "SELECT 1 FROM verified_emails WHERE user_id = ?1 AND email = ?2",
        &[&user, &email],
    )
}

fn create_session(
    c: &mut Sql<'_>,
    user_id: &str,
    s: &NewSession,
    now: i64,
) -> Result<(), AppError> {
    c.execute(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        &[&s.token_hash, &user_id, &now, &s.expires_at],
    )?;
    Ok(())
}

fn delete_session(c: &mut Sql<'_>, token_hash: &str) -> Result<(), AppError> {
    c.execute("DELETE FROM sessions WHERE token_hash = ?1", &[&token_hash])?;
    Ok(())
}

fn end_other_access(
    c: &mut Sql<'_>,
    user_id: &str,
    keep_session: Option<&str>,
    keep_device: Option<&str>,
) -> Result<usize, AppError> {
    let sessions = c.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND token_hash IS DISTINCT FROM ?2",
        &[&user_id, &keep_session],
    )?;
    let devices = c.execute(
        "DELETE FROM devices WHERE user_id = ?1 AND id IS DISTINCT FROM ?2",
        &[&user_id, &keep_device],
    )?;
    let feeds = c.execute("DELETE FROM calendar_feeds WHERE user_id = ?1", &[&user_id])?;
    c.execute(
        "DELETE FROM known_logins WHERE account_id = ?1",
        &[&user_id],
    )?;
    Ok(sessions + devices + feeds)
}

fn remember_browser(
    c: &mut Sql<'_>,
    account: &str,
    b: &NewBrowser,
    now_ms: i64,
) -> Result<(), AppError> {
    c.execute(
        "INSERT INTO known_logins (token_hash, account_id, created_at) VALUES (?1, ?2, ?3)",
        &[&b.token_hash, &account, &now_ms],
    )?;
    c.execute(
        "DELETE FROM known_logins WHERE account_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM known_logins WHERE account_id = ?1
            ORDER BY created_at DESC, rowid DESC LIMIT ?2)",
        &[&account, &b.keep],
    )?;
    Ok(())
}

impl Store {
    /// The account with this (normalised) email.
    pub async fn account_by_email(&self, email: &str) -> Result<Option<Account>, AppError> {
        let email = email.to_owned();
        self.db.call(move |c| account_by_email(c, &email)).await
    }

    /// The account of user `id`, when it has one.
    pub async fn account_by_id(&self, id: &str) -> Result<Option<Account>, AppError> {
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
    ) -> Result<(Option<Account>, bool), AppError> {
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

    /// Stores a one-time code (by its hash) `user` asked for to prove
    /// `email`; earlier open codes of the same user and email stop working.
    /// With `unless_taken`, nothing is stored when `email` already has an
    /// account. Answers whether the code was stored.
    pub async fn new_code(
        &self,
        user: &str,
        email: &str,
        code_hash: String,
        unless_taken: bool,
        now: i64,
        expires_at: i64,
    ) -> Result<bool, AppError> {
        let (user, email) = (user.to_owned(), email.to_owned());
        self.db
            .call(move |c| {
                c.write(|tx| {
                    tx.lock_user(&user)?;
                    if unless_taken && account_by_email(tx, &email)?.is_some() {
                        return Ok(false);
                    }
                    new_code(tx, &user, &email, &code_hash, now, expires_at)?;
                    Ok(true)
                })
            })
            .await
    }

    /// Checks a typed code (`typed`: its hash, `None` when it cannot be a
    /// code) against the newest open code of `user` and `email`. A right one
    /// is spent and proves the email; a wrong one counts, and the
    /// `max_guesses`th wrong guess spends the code.
    pub async fn check_code(
        &self,
        user: &str,
        email: &str,
        typed: Option<String>,
        max_guesses: i64,
        now: i64,
    ) -> Result<CodeCheck, AppError> {
        let (user, email) = (user.to_owned(), email.to_owned());
        self.db
            .call(move |c| {
                c.write(|tx| {
                    // One guess at a time, whichever replica takes it.
                    tx.lock_user(&user)?;
                    let open: Option<(i64, String, i64)> = tx.query_opt(
                        "SELECT id, code_hash, attempts FROM email_codes
                         WHERE user_id = ?1 AND email = ?2 AND used = FALSE AND expires_at > ?3
                         ORDER BY id DESC LIMIT 1",
                        &[&user, &email, &now],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                    )?;
                    let Some((id, hash, attempts)) = open else {
                        return Ok(CodeCheck::NoneOpen);
                    };
                    if typed.as_deref() != Some(hash.as_str()) {
                        let spent = attempts + 1 >= max_guesses;
                        tx.execute(
                            "UPDATE email_codes SET attempts = attempts + 1, used = ?2 WHERE id = ?1",
                            &[&id, &spent],
                        )?;
                        return Ok(CodeCheck::Wrong { spent });
                    }
                    tx.execute("UPDATE email_codes SET used = TRUE WHERE id = ?1", &[&id])?;
                    tx.execute(
                        "INSERT INTO verified_emails (user_id, email, verified_at) VALUES (?1, ?2, ?3)
                         ON CONFLICT DO NOTHING",
                        &[&user, &email, &now],
                    )?;
                    Ok(CodeCheck::Confirmed)
                })
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
    ) -> Result<bool, AppError> {
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
    ) -> Result<Account, AppError> {
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
                        .map_err(|e| if is_unique_violation(&e) { taken() } else { e })?;
                    create_session(tx, &user, &session, now)?;
                    remember_browser(tx, &user, &browser, now)?;
                    account_by_id(tx, &user)?
                        .ok_or_else(|| AppError::Internal("account vanished".into()))
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
    ) -> Result<(), AppError> {
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
                            return Err(AppError::Conflict(
                                "An account with this email already exists. Please log in instead."
                                    .into(),
                            ));
                        }
                        None => {
                            if let Some(mine) = account_by_id(tx, &user)? {
                                return Err(AppError::Conflict(format!(
                                    "This device is signed in as {}. Log out to secure another account.",
                                    mine.email
                                )));
                            }
                            user
                        }
                    };
                    set_credentials(tx, &target, &creds, &password_hash)
                })
            })
            .await
    }

    /// Signs a device in: its anonymous records move into the account (see
    /// `claim_into`), then the sessions change. Answers how many records moved.
    pub async fn sign_in(&self, s: SignIn) -> Result<usize, AppError> {
        self.db
            .call(move |c| {
                let claimed = super::sync::claim_into(c, &s.from, &s.account, &s.device, s.now_ms)?;
                c.write(|tx| {
                    if let Some(old) = &s.old_session {
                        delete_session(tx, old)?;
                    }
                    create_session(tx, &s.account, &s.session, s.now_ms)?;
                    if let Some(browser) = &s.browser {
                        remember_browser(tx, &s.account, browser, s.now_ms)?;
                    }
                    Ok(claimed)
                })
            })
            .await
    }

    /// Ends a session and forgets a device (logging out).
    pub async fn sign_out(
        &self,
        session: Option<String>,
        device: Option<String>,
    ) -> Result<(), AppError> {
        self.db
            .call(move |c| {
                if let Some(hash) = session {
                    delete_session(c, &hash)?;
                }
                if let Some(device) = device {
                    super::devices::forget_device(c, &device)?;
                }
                Ok(())
            })
            .await
    }

    /// Ends every session, device token, calendar address and known browser of
    /// `user` but the session and device given. Answers how many sessions,
    /// devices and addresses ended.
    pub async fn end_other_access(
        &self,
        user: &str,
        keep_session: Option<String>,
        keep_device: Option<String>,
    ) -> Result<usize, AppError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.write(|tx| {
                    end_other_access(tx, &user, keep_session.as_deref(), keep_device.as_deref())
                })
            })
            .await
    }

    /// Forgets the browsers that signed in at or before `cutoff_ms` (their
    /// cookies have expired); answers how many.
    pub async fn forget_browsers(&self, cutoff_ms: i64) -> Result<usize, AppError> {
        self.db
            .call(move |c| {
                c.execute(
                    "DELETE FROM known_logins WHERE created_at <= ?1",
                    &[&cutoff_ms],
                )
            })
            .await
    }

    /// The user of the session whose token hashes to `token_hash`, while it lasts.
    pub async fn session_user(
        &self,
        token_hash: &str,
        now_ms: i64,
    ) -> Result<Option<String>, AppError> {
        let hash = token_hash.to_owned();
        self.db
            .call(move |c| {
                c.query_opt(
                    "SELECT user_id FROM sessions WHERE token_hash = ?1 AND expires_at > ?2",
                    &[&hash, &now_ms],
                    |r| r.get(0),
                )
            })
            .await
    }
}
