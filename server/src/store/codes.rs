//! One-time codes that prove an email address (stored by their hash) and
//! the emails each user proved.

use super::Store;
use super::accounts::account_by_email;
use super::sql::Sql;
use crate::store::StoreError;

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

fn new_code(
    c: &mut Sql<'_>,
    user: &str,
    email: &str,
    code_hash: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), StoreError> {
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

impl Store {
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
    ) -> Result<bool, StoreError> {
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
    ) -> Result<CodeCheck, StoreError> {
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
}
