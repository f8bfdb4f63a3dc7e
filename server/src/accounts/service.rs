//! Accounts as the routes use them: one handle over what is kept of
//! accounts, sessions, one-time codes and an account's deletion.

use super::{Account, Credentials, Session, SignedIn, codes, known, new_session};
use crate::error::AppError;
use crate::identity::DeviceAuth;
use crate::store::{NewBrowser, NewSession, SignIn, Store};

/// The accounts service (cheap to clone: it shares the store).
#[derive(Debug, Clone)]
pub struct Accounts {
    store: Store,
}

impl Accounts {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// The account whose id is `id`, if it has one.
    pub async fn by_id(&self, id: &str) -> Result<Option<Account>, AppError> {
        Ok(self.store.account_by_id(id).await?)
    }

    /// The account of `email`, if it has one.
    pub async fn by_email(&self, email: &str) -> Result<Option<Account>, AppError> {
        Ok(self.store.account_by_email(email).await?)
    }

    /// A login's lookup: the account of `email`, and whether `browser` (a
    /// known-browser secret's hash) is one of its own, known since
    /// `known_since`.
    pub async fn login_lookup(
        &self,
        email: &str,
        browser: Option<String>,
        known_since: i64,
    ) -> Result<(Option<Account>, bool), AppError> {
        Ok(self.store.login_lookup(email, browser, known_since).await?)
    }

    /// Signs the device of `auth` in to `account` at `now` (ms): its
    /// anonymous records move into the account, the browser's `old` session
    /// ends and a new one starts, and, when `remember`, the browser becomes
    /// one of the account's.
    pub async fn sign_in(
        &self,
        auth: &DeviceAuth,
        account: &Account,
        old: Option<Session>,
        remember: bool,
        now: i64,
    ) -> Result<SignedIn, AppError> {
        let (token, session) = new_session(now)?;
        let (known, browser) = match remember {
            true => known::new_browser().map(|(k, b)| (Some(k), Some(b)))?,
            false => (None, None),
        };
        let claimed = crate::sync::claim(
            &self.store,
            &auth.user_id,
            &account.id,
            &auth.device_id,
            now,
        )
        .await?;
        self.store
            .sign_in(SignIn {
                account: account.id.clone(),
                old_session: old.map(|s| s.token_hash),
                session,
                browser,
                now_ms: now,
            })
            .await?;
        Ok(SignedIn {
            claimed,
            session: token,
            browser: known,
        })
    }

    /// Ends a browser's session and forgets its device's access.
    pub async fn sign_out(
        &self,
        session: Option<String>,
        device: Option<String>,
    ) -> Result<(), AppError> {
        Ok(self.store.sign_out(session, device).await?)
    }

    /// Ends every session and device of `user` but the ones kept; answers
    /// how many ended.
    pub async fn end_other_access(
        &self,
        user: &str,
        keep_session: Option<String>,
        keep_device: Option<String>,
    ) -> Result<usize, AppError> {
        Ok(self
            .store
            .end_other_access(user, keep_session, keep_device)
            .await?)
    }

    /// Whether `user` may secure `email` (see `Store::may_secure`).
    pub async fn may_secure(
        &self,
        user: &str,
        email: &str,
        signed_in: Option<String>,
    ) -> Result<bool, AppError> {
        Ok(self.store.may_secure(user, email, signed_in).await?)
    }

    /// Gives the device's user (or its signed-in account) an email and a
    /// password.
    pub async fn secure(
        &self,
        user: &str,
        device: &str,
        session: Option<(String, String)>,
        creds: Credentials,
        password_hash: String,
    ) -> Result<(), AppError> {
        Ok(self
            .store
            .secure_account(user, device, session, creds, password_hash)
            .await?)
    }

    /// Makes `user` an account, signed in on this browser.
    pub async fn create(
        &self,
        user: &str,
        creds: Credentials,
        password_hash: String,
        session: NewSession,
        browser: NewBrowser,
        now: i64,
    ) -> Result<Account, AppError> {
        Ok(self
            .store
            .create_account(user, creds, password_hash, session, browser, now)
            .await?)
    }

    /// A fresh one-time code (see [`codes::new_code`]).
    pub async fn new_code(
        &self,
        user: &str,
        email: &str,
        unless_taken: bool,
        now: i64,
    ) -> Result<Option<String>, AppError> {
        codes::new_code(&self.store, user, email, unless_taken, now).await
    }

    /// Checks a one-time code (see [`codes::confirm_code`]).
    pub async fn confirm_code(
        &self,
        user: &str,
        email: &str,
        code: &str,
        now: i64,
    ) -> Result<(), AppError> {
        codes::confirm_code(&self.store, user, email, code, now).await
    }

    /// The subscriptions `user` holds: their ids, and whether Stripe still
    /// charges them.
    pub async fn subscriptions_of(&self, user: &str) -> Result<Vec<(String, bool)>, AppError> {
        Ok(self.store.subscriptions_of(user).await?)
    }

    /// Deletes the account and everything kept of it, with the named
    /// subscriptions; answers how many rows went.
    pub async fn delete(
        &self,
        account: &str,
        subscriptions: Vec<String>,
    ) -> Result<usize, AppError> {
        Ok(self.store.delete_account(account, subscriptions).await?)
    }
}
