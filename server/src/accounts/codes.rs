//! One-time codes that prove an email address: 6 digits, 15 minutes, single use,
//! at most 5 wrong guesses.

use crate::error::AppError;
use crate::store::{CodeCheck, Store};
use crate::tokens::hash_token;

pub const CODE_MINUTES: i64 = 15;
const MAX_GUESSES: i64 = 5;

/// A fresh code for `email`, asked for by `user` at `now` (ms), stored by its
/// hash: earlier unused codes of the same user and email stop working. With
/// `unless_taken`, no code is made when `email` already has an account.
pub async fn new_code(
    store: &Store,
    user: &str,
    email: &str,
    unless_taken: bool,
    now: i64,
) -> Result<Option<String>, AppError> {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    let code = format!("{:06}", u32::from_le_bytes(bytes) % 1_000_000);
    let hash = hash_code(user, email, &code);
    let stored = store
        .new_code(
            user,
            email,
            hash,
            unless_taken,
            now,
            now + CODE_MINUTES * 60_000,
        )
        .await?;
    Ok(stored.then_some(code))
}

fn hash_code(user: &str, email: &str, code: &str) -> String {
    hash_token(&format!("{user}\n{email}\n{code}"))
}

/// Checks `code` at `now` (ms); on success the code is spent and `email` is
/// recorded as proven by `user`. Answers a message for the user when it fails.
pub async fn confirm_code(
    store: &Store,
    user: &str,
    email: &str,
    code: &str,
    now: i64,
) -> Result<(), AppError> {
    let code = code.trim();
    let typed = (code.len() == 6).then(|| hash_code(user, email, code));
    match store
        .check_code(user, email, typed, MAX_GUESSES, now)
        .await?
    {
        CodeCheck::Confirmed => Ok(()),
        CodeCheck::NoneOpen => Err(AppError::BadRequest(
            "This code has expired or was already used. Please ask for a new code.".into(),
        )),
        CodeCheck::Wrong { spent: true } => Err(AppError::BadRequest(
            "Too many wrong codes. Please ask for a new code.".into(),
        )),
        CodeCheck::Wrong { spent: false } => Err(AppError::BadRequest(
            "That code is not right. Please check the email and try again.".into(),
        )),
    }
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
