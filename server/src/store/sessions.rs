//! Sessions (stored by their token's hash), the browsers an account signed
//! in on, and ending someone's access.

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;

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

pub(super) fn create_session(
    c: &mut Sql<'_>,
    user_id: &str,
    s: &NewSession,
    now: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        &[&s.token_hash, &user_id, &now, &s.expires_at],
    )?;
    Ok(())
}

pub(super) fn delete_session(c: &mut Sql<'_>, token_hash: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM sessions WHERE token_hash = ?1", &[&token_hash])?;
    Ok(())
}

pub(super) fn end_other_access(
    c: &mut Sql<'_>,
    user_id: &str,
    keep_session: Option<&str>,
    keep_device: Option<&str>,
) -> Result<usize, StoreError> {
    let sessions = c.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND token_hash IS DISTINCT FROM ?2",
        &[&user_id, &keep_session],
    )?;
    let devices = c.execute(
        "DELETE FROM devices WHERE user_id = ?1 AND id IS DISTINCT FROM ?2",
        &[&user_id, &keep_device],
    )?;
    // The devices signed out ring no more.
    c.execute(
        "DELETE FROM push_subscriptions WHERE user_id = ?1 AND device_id IS DISTINCT FROM ?2",
        &[&user_id, &keep_device],
    )?;
    let feeds = c.execute("DELETE FROM calendar_feeds WHERE user_id = ?1", &[&user_id])?;
    c.execute(
        "DELETE FROM known_logins WHERE account_id = ?1",
        &[&user_id],
    )?;
    Ok(sessions + devices + feeds)
}

pub(super) fn remember_browser(
    c: &mut Sql<'_>,
    account: &str,
    b: &NewBrowser,
    now_ms: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO known_logins (token_hash, account_id, created_at) VALUES (?1, ?2, ?3)",
        &[&b.token_hash, &account, &now_ms],
    )?;
    c.execute(
        "DELETE FROM known_logins WHERE account_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM known_logins WHERE account_id = ?1
            ORDER BY created_at DESC, rowid DESC LIMIT CAST(?2 AS BIGINT))",
        &[&account, &b.keep],
    )?;
    Ok(())
}

impl Store {
    /// Ends a session and forgets a device (logging out).
    pub async fn sign_out(
        &self,
        session: Option<String>,
        device: Option<String>,
    ) -> Result<(), StoreError> {
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
    ) -> Result<usize, StoreError> {
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
    pub async fn forget_browsers(&self, cutoff_ms: i64) -> Result<usize, StoreError> {
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
    ) -> Result<Option<String>, StoreError> {
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
