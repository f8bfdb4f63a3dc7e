//! The journal's lock, for a locked journal's pages (loaded by them alone):
//! a passphrase's key, the journal key wrapped and opened, and an entry's
//! fields sealed and opened (format v1, `crate::journal_lock`). Random bytes
//! (salts, keys, nonces) come from the browser's `crypto.getRandomValues`.

use super::{js_of, plain_object, value_of};
use crate::journal_lock::{self, KdfParams, LockError};
use wasm_bindgen::prelude::*;

fn bytes<const N: usize>(what: &str, from: &[u8]) -> Result<[u8; N], JsError> {
    from.try_into()
        .map_err(|_| JsError::new(&format!("{what}: must be {N} bytes")))
}

/// The words of a value that did not open: the caller tells a wrong
/// passphrase from damage by the words `wrong key`.
fn refused(e: LockError) -> JsError {
    JsError::new(match e {
        LockError::WrongKey => "wrong key",
        LockError::NotSealed => "not a sealed value of format v1",
        LockError::Kdf => "Argon2id refused its cost",
    })
}

/// The key a passphrase derives with Argon2id (32 bytes).
#[wasm_bindgen(js_name = deriveKey)]
pub fn derive_key(
    passphrase: &str,
    salt: &[u8],
    memory_kib: u32,
    passes: u32,
    lanes: u32,
) -> Result<Vec<u8>, JsError> {
    let params = KdfParams {
        memory_kib,
        passes,
        lanes,
    };
    journal_lock::derive_key(passphrase, &bytes("salt", salt)?, params)
        .map(|k| k.to_vec())
        .map_err(refused)
}

/// The journal key wrapped with a key a passphrase or a recovery key gives.
#[wasm_bindgen(js_name = wrapKey)]
pub fn wrap_key(kek: &[u8], journal_key: &[u8], nonce: &[u8]) -> Result<String, JsError> {
    Ok(journal_lock::wrap_key(
        &bytes("kek", kek)?,
        &bytes("journalKey", journal_key)?,
        &bytes("nonce", nonce)?,
    ))
}

/// The journal key, or the error `wrong key`.
#[wasm_bindgen(js_name = unwrapKey)]
pub fn unwrap_key(kek: &[u8], wrapped: &str) -> Result<Vec<u8>, JsError> {
    journal_lock::unwrap_key(&bytes("kek", kek)?, wrapped)
        .map(|k| k.to_vec())
        .map_err(refused)
}

/// One field of one entry, sealed to that record and field.
#[wasm_bindgen(js_name = sealField)]
pub fn seal_field(
    key: &[u8],
    record_id: &str,
    field: &str,
    text: &str,
    nonce: &[u8],
) -> Result<String, JsError> {
    Ok(journal_lock::seal(
        &bytes("key", key)?,
        record_id,
        field,
        text,
        &bytes("nonce", nonce)?,
    ))
}

/// One field of one entry, opened; the error `wrong key` when it was
/// sealed with another key, changed, or moved from another record or field.
#[wasm_bindgen(js_name = openField)]
pub fn open_field(
    key: &[u8],
    record_id: &str,
    field: &str,
    sealed: &str,
) -> Result<String, JsError> {
    journal_lock::open(&bytes("key", key)?, record_id, field, sealed).map_err(refused)
}

fn object_of(
    js: &JsValue,
    what: &str,
) -> Result<serde_json::Map<String, serde_json::Value>, JsError> {
    match value_of(js) {
        serde_json::Value::Object(fields) => Ok(fields),
        _ => Err(JsError::new(&format!("{what}: must be an object"))),
    }
}

/// How many random bytes each step takes: `{ lock, rewrap, seal }`.
#[wasm_bindgen(js_name = randomSizes)]
pub fn random_sizes() -> Result<JsValue, JsError> {
    js_of(&serde_json::json!({
        "lock": journal_lock::LOCK_RANDOM,
        "rewrap": journal_lock::REWRAP_RANDOM,
        "seal": journal_lock::SEAL_RANDOM,
    }))
}

/// Why a passphrase will not do, in words; `undefined` when it will.
#[wasm_bindgen(js_name = checkPassphrase)]
pub fn check_passphrase(passphrase: &str) -> Option<String> {
    journal_lock::check_passphrase(passphrase).err()
}

/// Locks a journal: `{ journalKey, record, recoveryCode }`, the record being
/// the journal key record's fields but `lockedAt`.
#[wasm_bindgen(js_name = newLock)]
pub fn new_lock(passphrase: &str, random: &[u8]) -> Result<JsValue, JsError> {
    let lock = journal_lock::new_lock(passphrase, &bytes("random", random)?).map_err(refused)?;
    let out = plain_object();
    out.set(
        "journalKey",
        &js_sys::Uint8Array::from(&lock.journal_key[..]),
    );
    out.set("record", &js_of(&lock.record)?);
    out.set("recoveryCode", &JsValue::from_str(&lock.recovery_code));
    Ok(out.into())
}

/// A new passphrase's lock of the same journal key (the record's
/// `passphrase` field).
#[wasm_bindgen(js_name = passphraseLock)]
pub fn passphrase_lock(
    passphrase: &str,
    journal_key: &[u8],
    random: &[u8],
) -> Result<JsValue, JsError> {
    let lock = journal_lock::passphrase_lock(
        passphrase,
        &bytes("journalKey", journal_key)?,
        &bytes("random", random)?,
    )
    .map_err(refused)?;
    js_of(&lock)
}

/// The journal key a passphrase opens from a lock (the record's
/// `passphrase`), or the error `wrong key`.
#[wasm_bindgen(js_name = openLock)]
pub fn open_lock(passphrase: &str, lock: JsValue) -> Result<Vec<u8>, JsError> {
    journal_lock::open_lock(passphrase, &value_of(&lock))
        .map(|k| k.to_vec())
        .map_err(refused)
}

/// The journal key a recovery key as typed opens (the record's
/// `recovery`), or the error `wrong key` (`not a sealed value…` when what
/// was typed cannot be a recovery key).
#[wasm_bindgen(js_name = openWithRecovery)]
pub fn open_with_recovery(typed: &str, lock: JsValue) -> Result<Vec<u8>, JsError> {
    journal_lock::open_with_recovery(typed, &value_of(&lock))
        .map(|k| k.to_vec())
        .map_err(refused)
}

/// An entry's fields with the title, text and category sealed to it.
#[wasm_bindgen(js_name = sealEntry)]
pub fn seal_entry(
    key: &[u8],
    record_id: &str,
    fields: JsValue,
    random: &[u8],
) -> Result<JsValue, JsError> {
    let fields = object_of(&fields, "fields")?;
    let sealed = journal_lock::seal_entry(
        &bytes("key", key)?,
        record_id,
        &fields,
        &bytes("random", random)?,
    );
    js_of(&serde_json::Value::Object(sealed))
}

/// An entry's fields opened, or the error `wrong key`.
#[wasm_bindgen(js_name = openEntry)]
pub fn open_entry(key: &[u8], record_id: &str, fields: JsValue) -> Result<JsValue, JsError> {
    let fields = object_of(&fields, "fields")?;
    let opened =
        journal_lock::open_entry(&bytes("key", key)?, record_id, &fields).map_err(refused)?;
    js_of(&serde_json::Value::Object(opened))
}
