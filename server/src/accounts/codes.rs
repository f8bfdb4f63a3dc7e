//! One-time codes that prove an email address: 6 digits, 15 minutes, single use,
//! at most 5 wrong guesses.

use crate::error::AppError;
use crate::tokens::hash_token;
use rusqlite::{Connection, OptionalExtension, params};

pub const CODE_MINUTES: i64 = 15;
const MAX_GUESSES: i64 = 5;

/// A fresh code for `email`, asked for by `user` at `now` (ms). Earlier unused
/// codes of the same user and email stop working.
pub fn new_code(conn: &Connection, user: &str, email: &str, now: i64) -> Result<String, AppError> {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    let code = format!("{:06}", u32::from_le_bytes(bytes) % 1_000_000);
    conn.execute(
        "UPDATE email_codes SET used = 1 WHERE user_id = ?1 AND email = ?2 AND used = 0",
        params![user, email],
    )?;
    conn.execute(
        "INSERT INTO email_codes (user_id, email, code_hash, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            user,
            email,
            hash_code(user, email, &code),
            now + CODE_MINUTES * 60_000,
            now
        ],
    )?;
    Ok(code)
}

fn hash_code(user: &str, email: &str, code: &str) -> String {
    hash_token(&format!("{user}\n{email}\n{code}"))
}

/// Checks `code` at `now` (ms); on success the code is spent and `email` is
/// recorded as proven by `user`. Answers a message for the user when it fails.
pub fn confirm_code(
    conn: &Connection,
    user: &str,
    email: &str,
    code: &str,
    now: i64,
) -> Result<(), AppError> {
    let code = code.trim();
    let open: Option<(i64, String, i64)> = conn
        .query_row(
            "SELECT id, code_hash, attempts FROM email_codes
             WHERE user_id = ?1 AND email = ?2 AND used = 0 AND expires_at > ?3
             ORDER BY id DESC LIMIT 1",
            params![user, email, now],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((id, hash, attempts)) = open else {
        return Err(AppError::BadRequest(
            "This code has expired or was already used. Please ask for a new code.".into(),
        ));
    };
    if code.len() != 6 || hash != hash_code(user, email, code) {
        let spent = attempts + 1 >= MAX_GUESSES;
        conn.execute(
            "UPDATE email_codes SET attempts = attempts + 1, used = ?2 WHERE id = ?1",
            params![id, spent],
        )?;
        return Err(AppError::BadRequest(if spent {
            "Too many wrong codes. Please ask for a new code.".into()
        } else {
            "That code is not right. Please check the email and try again.".into()
        }));
    }
    conn.execute("UPDATE email_codes SET used = 1 WHERE id = ?1", [id])?;
    conn.execute(
        "INSERT OR IGNORE INTO verified_emails (user_id, email, verified_at) VALUES (?1, ?2, ?3)",
        params![user, email, now],
    )?;
    Ok(())
}

/// Whether `user` proved `email` with a code (now or before).
pub fn has_proven(conn: &Connection, user: &str, email: &str) -> Result<bool, AppError> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM verified_emails WHERE user_id = ?1 AND email = ?2",
            params![user, email],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// A code email's subject and text: the code, what it is `for_` ("to finish
/// creating your Manna account"), how long it works, and `if_not_asked`.
pub fn code_email(code: &str, for_: &str, if_not_asked: &str) -> (String, String) {
    (
        format!("Your Manna code: {code}"),
        format!(
            "Your code {for_} is {code}.\n\nIt works once, for {CODE_MINUTES} minutes. If you did not ask for it, {if_not_asked}"
        ),
    )
}
