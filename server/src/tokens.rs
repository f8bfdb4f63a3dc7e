//! Random secrets and how they are stored: tokens are kept only as hashes,
//! keys in files only their owner reads.

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

/// How the log names a secret it must not show (an email address): a
/// short hash, keyed with a secret of this process's, the same for the same
/// value while the process runs, so an operator can follow one address's
/// mail without reading it, nor find it by hashing guesses.
pub fn log_tag(secret: &str) -> String {
    static KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let key = KEY.get_or_init(|| random_hex(16).unwrap_or_else(|_| "manna-log".into()));
    let digest = Sha256::digest(format!("{key}:{secret}").as_bytes());
    hex::encode(&digest[..5])
}

/// Writes a new secret file readable by its owner only (0600); an existing
/// file is never overwritten.
pub fn write_private(path: &std::path::Path, text: &str) -> Result<(), AppError> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| AppError::Internal(format!("writing {}: {e}", path.display())))
}
