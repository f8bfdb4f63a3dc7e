//! Random secrets and how they are stored: tokens are kept only as hashes.

use crate::error::AppError;
use sha2::{Digest, Sha256};

/// `bytes` random bytes as hex.
pub fn random_hex(bytes: usize) -> Result<String, AppError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    Ok(hex::encode(buf))
}

/// How a token (device token, session, code) is stored.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
