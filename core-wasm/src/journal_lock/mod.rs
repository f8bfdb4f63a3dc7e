//! A locked journal, format v1: what a device does so that the server holds
//! only ciphertext. Nothing here draws randomness: the salt, keys and nonces
//! are arguments, drawn by the caller from the platform's secure source.
//!
//! - A passphrase becomes a key-encryption key with Argon2id ([`PARAMS`]).
//! - A random 32-byte journal key is wrapped with it (AES-256-GCM, its
//!   associated data naming what it is), so a new passphrase re-wraps the
//!   key and no entry is encrypted again.
//! - Each entry field (title, text, category) is sealed with the journal key
//!   (AES-256-GCM), binding the record's id and the field's name as
//!   associated data: a ciphertext moved to another record or field does
//!   not open.
//!
//! A sealed value is `v1.` and the base64url (no padding) of the 12-byte
//! nonce followed by the ciphertext and its 16-byte tag.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The format's mark at the start of every sealed value.
pub const FORMAT: &str = "v1.";

/// Argon2id's cost for a passphrase: 19 MiB of memory, 2 passes, one lane
/// (within what a phone's browser affords in well under a second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KdfParams {
    pub memory_kib: u32,
    pub passes: u32,
    pub lanes: u32,
}

pub const PARAMS: KdfParams = KdfParams {
    memory_kib: 19_456,
    passes: 2,
    lanes: 1,
};

/// What the associated data of a wrapped journal key says.
const KEY_AAD: &[u8] = b"manna-journal-key v1";

/// Why a locked value did not open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockError {
    /// Not a value of this format (another version, or not base64url).
    NotSealed,
    /// The key is not the one it was sealed with, the value was changed, or
    /// it belongs to another record or field.
    WrongKey,
    /// Argon2 refused its parameters.
    Kdf,
}

/// The key-encryption key of `passphrase` with `salt` (16 random bytes kept
/// beside the wrapped key).
pub fn derive_key(
    passphrase: &str,
    salt: &[u8; 16],
    params: KdfParams,
) -> Result<[u8; 32], LockError> {
    let p = argon2::Params::new(params.memory_kib, params.passes, params.lanes, Some(32))
        .map_err(|_| LockError::Kdf)?;
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, p);
    let mut out = [0u8; 32];
    argon
        .hash_password_into(passphrase.as_bytes(), salt, &mut out)
        .map_err(|_| LockError::Kdf)?;
    Ok(out)
}

fn seal_with(key: &[u8; 32], nonce: &[u8; 12], plain: &[u8], aad: &[u8]) -> String {
    let cipher = Aes256Gcm::new(key.into());
    let sealed = cipher
        .encrypt(Nonce::from_slice(nonce), Payload { msg: plain, aad })
        .expect("AES-GCM seals any message of a journal's size");
    let mut bytes = nonce.to_vec();
    bytes.extend_from_slice(&sealed);
    format!("{FORMAT}{}", URL_SAFE_NO_PAD.encode(bytes))
}

fn open_with(key: &[u8; 32], sealed: &str, aad: &[u8]) -> Result<Vec<u8>, LockError> {
    let body = sealed.strip_prefix(FORMAT).ok_or(LockError::NotSealed)?;
    let bytes = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| LockError::NotSealed)?;
    if bytes.len() < 12 + 16 {
        return Err(LockError::NotSealed);
    }
    let (nonce, rest) = bytes.split_at(12);
    Aes256Gcm::new(key.into())
        .decrypt(Nonce::from_slice(nonce), Payload { msg: rest, aad })
        .map_err(|_| LockError::WrongKey)
}

/// The journal key wrapped with a key-encryption key.
pub fn wrap_key(kek: &[u8; 32], journal_key: &[u8; 32], nonce: &[u8; 12]) -> String {
    seal_with(kek, nonce, journal_key, KEY_AAD)
}

/// The journal key, or `WrongKey` when `kek` comes from another passphrase.
pub fn unwrap_key(kek: &[u8; 32], wrapped: &str) -> Result<[u8; 32], LockError> {
    open_with(kek, wrapped, KEY_AAD)?
        .try_into()
        .map_err(|_| LockError::NotSealed)
}

/// The associated data of one field of one record.
fn field_aad(record_id: &str, field: &str) -> Vec<u8> {
    let mut aad = b"manna-journal v1\0".to_vec();
    aad.extend_from_slice(record_id.as_bytes());
    aad.push(0);
    aad.extend_from_slice(field.as_bytes());
    aad
}

/// One field of one entry, sealed.
pub fn seal(key: &[u8; 32], record_id: &str, field: &str, text: &str, nonce: &[u8; 12]) -> String {
    seal_with(key, nonce, text.as_bytes(), &field_aad(record_id, field))
}

/// One field of one entry, opened (only as the record and field it was
/// sealed for).
pub fn open(
    key: &[u8; 32],
    record_id: &str,
    field: &str,
    sealed: &str,
) -> Result<String, LockError> {
    let plain = open_with(key, sealed, &field_aad(record_id, field))?;
    String::from_utf8(plain).map_err(|_| LockError::NotSealed)
}

/// Bytes of randomness a new lock takes: the journal key (32), its id (12),
/// the passphrase's salt (16) and nonce (12), the recovery key's salt (16)
mod steps;
pub use steps::*;

#[cfg(test)]
mod tests {
    use super::*;

    // The golden vectors of format v1. They were computed with another
    // implementation (Python's `cryptography` 48: its Argon2id and AESGCM)
    // from these inputs; this one must agree byte for byte.
    const PASSPHRASE: &str = "Psalm 23, the Lord is my shepherd";
    const KEK_HEX: &str = "cc21521c95f0daefffda8dfcb10e84c83aa23dcb69c7d541a77b74d30d0346cd";
    const WRAPPED: &str =
        "v1.ZGVmZ2hpamtsbW5v1LEwgz7TAm2zcDJ5O3TpYzUxQQ_JNcoywAGF-oLILQUhZtZvYOTW4dC6LMVFlGiL";
    const RECORD: &str = "journal-1700000000000-abc";
    const TEXT: &str = "Lord, thank You for this morning. \u{c9}glise, caf\u{e9} \u{2014} amen.";
    const SEALED: &str = "v1.yMnKy8zNzs_Q0dLT6Sbchp921qo_8ejNuxdw9PerQV6lmhGCfZhKiKcaC99bVtZovBNUr_7xLezODoka2zuBABVTRjcfLPTxUb3qatVdtGonkG9MXmE";

    fn bytes<const N: usize>(from: u8) -> [u8; N] {
        std::array::from_fn(|i| from + i as u8)
    }

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn the_golden_vectors_of_v1_agree_with_another_implementation() {
        let kek = derive_key(PASSPHRASE, &bytes(0), PARAMS).expect("derived");
        assert_eq!(hex(&kek), KEK_HEX);
        let journal_key: [u8; 32] = bytes(32);
        assert_eq!(wrap_key(&kek, &journal_key, &bytes(100)), WRAPPED);
        assert_eq!(unwrap_key(&kek, WRAPPED), Ok(journal_key));
        assert_eq!(
            seal(&journal_key, RECORD, "content", TEXT, &bytes(200)),
            SEALED
        );
        assert_eq!(
            open(&journal_key, RECORD, "content", SEALED).as_deref(),
            Ok(TEXT)
        );
    }

    #[test]
    fn a_wrong_passphrase_or_a_moved_ciphertext_does_not_open() {
        let kek = derive_key(PASSPHRASE, &bytes(0), PARAMS).expect("derived");
        let other = derive_key("Psalm 24", &bytes(0), PARAMS).expect("derived");
        assert_eq!(unwrap_key(&other, WRAPPED), Err(LockError::WrongKey));
        let journal_key = unwrap_key(&kek, WRAPPED).expect("opens");
        assert_eq!(
            open(&journal_key, RECORD, "title", SEALED),
            Err(LockError::WrongKey),
            "another field"
        );
        assert_eq!(
            open(&journal_key, "journal-1700000000000-abd", "content", SEALED),
            Err(LockError::WrongKey),
            "another record"
        );
        // One character of the ciphertext changed.
        let mut changed = SEALED.to_string();
        let at = 40;
        let swapped = if &changed[at..=at] == "A" { "B" } else { "A" };
        changed.replace_range(at..=at, swapped);
        assert_eq!(
            open(&journal_key, RECORD, "content", &changed),
            Err(LockError::WrongKey)
        );
        assert_eq!(
            open(&journal_key, RECORD, "content", "plain words"),
            Err(LockError::NotSealed)
        );
        assert_eq!(
            open(&journal_key, RECORD, "content", "v2.AAAA"),
            Err(LockError::NotSealed)
        );
        assert_eq!(
            open(&journal_key, RECORD, "content", "v1.AAAA"),
            Err(LockError::NotSealed)
        );
    }

    #[test]
    fn a_new_passphrase_rewraps_the_same_key() {
        let old = derive_key(PASSPHRASE, &bytes(0), PARAMS).expect("derived");
        let journal_key = unwrap_key(&old, WRAPPED).expect("opens");
        let new = derive_key("a new passphrase", &bytes(50), PARAMS).expect("derived");
        let rewrapped = wrap_key(&new, &journal_key, &bytes(150));
        assert_eq!(unwrap_key(&new, &rewrapped), Ok(journal_key));
        // Entries sealed before open with the re-wrapped key.
        assert_eq!(
            open(&journal_key, RECORD, "content", SEALED).as_deref(),
            Ok(TEXT)
        );
    }
}
