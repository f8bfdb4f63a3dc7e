//! Password hashing with argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane),
//! always off the async threads.

use crate::error::AppError;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

fn argon() -> Result<Argon2<'static>, AppError> {
    let params = Params::new(19 * 1024, 2, 1, None)
        .map_err(|e| AppError::Internal(format!("argon2 parameters: {e}")))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// The PHC string of `password` with a fresh salt.
pub async fn hash(password: String) -> Result<String, AppError> {
    blocking(move || {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)
            .map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
        let salt =
            SaltString::encode_b64(&salt).map_err(|e| AppError::Internal(format!("salt: {e}")))?;
        Ok(argon()?
            .hash_password(password.as_bytes(), &salt)
            .map_err(|e| AppError::Internal(format!("hashing a password: {e}")))?
            .to_string())
    })
    .await
}

/// Whether `password` matches the stored PHC string. With no stored hash (no
/// such account) a dummy hash is checked, so both answers take as long.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, AppError> {
    blocking(move || {
        let dummy;
        let phc = match &stored {
            Some(s) => s.as_str(),
            None => {
                dummy = dummy_hash()?;
                dummy.as_str()
            }
        };
        let parsed = PasswordHash::new(phc)
            .map_err(|e| AppError::Internal(format!("stored password hash: {e}")))?;
        Ok(argon()?
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
            && stored.is_some())
    })
    .await
}

fn dummy_hash() -> Result<String, AppError> {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(h) = DUMMY.get() {
        return Ok(h.clone());
    }
    let salt =
        SaltString::encode_b64(&[7u8; 16]).map_err(|e| AppError::Internal(format!("salt: {e}")))?;
    let h = argon()?
        .hash_password(b"not a real password", &salt)
        .map_err(|e| AppError::Internal(format!("hashing: {e}")))?
        .to_string();
    Ok(DUMMY.get_or_init(|| h).clone())
}

async fn blocking<R: Send + 'static>(
    f: impl FnOnce() -> Result<R, AppError> + Send + 'static,
) -> Result<R, AppError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| AppError::Internal(format!("password task: {e}")))?
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_accepts_its_password_only() {
        let h = super::hash("correct horse".into()).await.expect("hash");
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(
            super::verify("correct horse".into(), Some(h.clone()))
                .await
                .expect("verify")
        );
        assert!(
            !super::verify("wrong horse".into(), Some(h))
                .await
                .expect("verify")
        );
        assert!(
            !super::verify("anything".into(), None)
                .await
                .expect("verify")
        );
    }
}
