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
/// and nonce (12), and the recovery key itself (15).
pub const LOCK_RANDOM: usize = 32 + 12 + 16 + 12 + 16 + 12 + RECOVERY_BYTES;
/// Bytes of randomness a new passphrase takes: its salt and nonce.
pub const REWRAP_RANDOM: usize = 16 + 12;
/// Bytes of randomness sealing an entry takes: a nonce for each field.
pub const SEAL_RANDOM: usize = 12 * SEALED_FIELDS.len();

/// The fields of an entry a locked journal seals.
pub const SEALED_FIELDS: [&str; 3] = ["title", "content", "category"];

/// The shortest passphrase taken, in characters.
pub const PASSPHRASE_MIN: usize = 8;

/// A passphrase as its key is derived from: without the spaces around it (a
/// phone's keyboard adds one after a word), so it opens the journal however
/// it was typed. (The app gives it in Unicode's composed form, NFC.)
fn as_typed(passphrase: &str) -> &str {
    passphrase.trim()
}

/// A passphrase a person may lock their journal with: why not, in words.
pub fn check_passphrase(passphrase: &str) -> Result<(), String> {
    if as_typed(passphrase).chars().count() < PASSPHRASE_MIN {
        return Err(format!(
            "must be at least {PASSPHRASE_MIN} characters: a few words you will remember"
        ));
    }
    Ok(())
}

/// The recovery key's random bytes (120 bits).
const RECOVERY_BYTES: usize = 15;
/// The recovery key's letters: Crockford's base32 (no I, L, O or U).
const RECOVERY_LETTERS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A recovery key as a person writes it down: 24 letters and digits in
/// groups of four (`7Q2M-…`).
pub fn recovery_code(bytes: &[u8; RECOVERY_BYTES]) -> String {
    let mut letters = String::new();
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            letters.push(RECOVERY_LETTERS[((acc >> bits) & 31) as usize] as char);
        }
    }
    let mut out = String::new();
    for (i, c) in letters.chars().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        out.push(c);
    }
    out
}

/// A recovery key as typed (any case, spaces or dashes, O for 0, I or L
/// for 1) in the form its key is derived from, or none if it cannot be one.
pub fn normalize_recovery(typed: &str) -> Option<String> {
    let mut out = String::new();
    for c in typed.chars() {
        let c = match c.to_ascii_uppercase() {
            ' ' | '-' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !c.is_ascii() || !RECOVERY_LETTERS.contains(&(c as u8)) {
            return None;
        }
        out.push(c);
    }
    (out.len() == RECOVERY_BYTES * 8 / 5).then_some(out)
}

fn take<const N: usize>(from: &mut &[u8]) -> [u8; N] {
    let (head, rest) = from.split_at(N);
    *from = rest;
    head.try_into().expect("N bytes")
}

/// A passphrase (or recovery key) lock of `journal_key`: the fields of a
/// `PassphraseLock` record.
fn lock_with(
    secret: &str,
    journal_key: &[u8; 32],
    salt: &[u8; 16],
    nonce: &[u8; 12],
) -> Result<serde_json::Value, LockError> {
    let kek = derive_key(secret, salt, PARAMS)?;
    Ok(serde_json::json!({
        "salt": URL_SAFE_NO_PAD.encode(salt),
        "memoryKib": PARAMS.memory_kib,
        "passes": PARAMS.passes,
        "lanes": PARAMS.lanes,
        "wrapped": wrap_key(&kek, journal_key, nonce),
    }))
}

/// A journal locked anew: the journal key, its record's fields (but
/// `lockedAt`), and the recovery key to show once.
#[derive(Debug, Clone, PartialEq)]
pub struct NewLock {
    pub journal_key: [u8; 32],
    pub record: serde_json::Value,
    pub recovery_code: String,
}

/// Locks a journal with `passphrase`, from `random` bytes the caller drew.
pub fn new_lock(passphrase: &str, random: &[u8; LOCK_RANDOM]) -> Result<NewLock, LockError> {
    let mut r: &[u8] = random;
    let journal_key: [u8; 32] = take(&mut r);
    let key_id: [u8; 12] = take(&mut r);
    let (salt, nonce): ([u8; 16], [u8; 12]) = (take(&mut r), take(&mut r));
    let (recovery_salt, recovery_nonce): ([u8; 16], [u8; 12]) = (take(&mut r), take(&mut r));
    let recovery_code = recovery_code(&take(&mut r));
    let recovery_secret = normalize_recovery(&recovery_code).ok_or(LockError::Kdf)?;
    Ok(NewLock {
        journal_key,
        record: serde_json::json!({
            "format": 1,
            "keyId": URL_SAFE_NO_PAD.encode(key_id),
            "passphrase": lock_with(as_typed(passphrase), &journal_key, &salt, &nonce)?,
            "recovery": lock_with(&recovery_secret, &journal_key, &recovery_salt, &recovery_nonce)?,
        }),
        recovery_code,
    })
}

/// A new passphrase's lock of the same journal key (the `passphrase` field
/// of the record; no entry is sealed again).
pub fn passphrase_lock(
    passphrase: &str,
    journal_key: &[u8; 32],
    random: &[u8; REWRAP_RANDOM],
) -> Result<serde_json::Value, LockError> {
    let mut r: &[u8] = random;
    lock_with(
        as_typed(passphrase),
        journal_key,
        &take(&mut r),
        &take(&mut r),
    )
}

/// The journal key a lock (a record's `passphrase` or `recovery`) gives
/// `secret`; `WrongKey` for another passphrase.
pub fn open_lock(secret: &str, lock: &serde_json::Value) -> Result<[u8; 32], LockError> {
    let text = |name: &str| lock.get(name).and_then(|v| v.as_str()).unwrap_or_default();
    let number = |name: &str| {
        lock.get(name)
            .and_then(|v| v.as_u64())
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or_default()
    };
    let salt: [u8; 16] = URL_SAFE_NO_PAD
        .decode(text("salt"))
        .ok()
        .and_then(|s| s.try_into().ok())
        .ok_or(LockError::NotSealed)?;
    let params = KdfParams {
        memory_kib: number("memoryKib"),
        passes: number("passes"),
        lanes: number("lanes"),
    };
    // A cost past the protocol's bounds (a record changed on its way) is
    // never run: it could take all of a phone's memory.
    use manna_sync_protocol::records::journal::{KDF_LANES, KDF_MEMORY_KIB, KDF_PASSES};
    if !KDF_MEMORY_KIB.contains(&params.memory_kib)
        || !KDF_PASSES.contains(&params.passes)
        || !KDF_LANES.contains(&params.lanes)
    {
        return Err(LockError::Kdf);
    }
    unwrap_key(
        &derive_key(as_typed(secret), &salt, params)?,
        text("wrapped"),
    )
}

/// The journal key a recovery key as typed gives; `WrongKey` when it is not
/// this journal's, `NotSealed` when it cannot be a recovery key at all.
pub fn open_with_recovery(typed: &str, lock: &serde_json::Value) -> Result<[u8; 32], LockError> {
    open_lock(
        &normalize_recovery(typed).ok_or(LockError::NotSealed)?,
        lock,
    )
}

/// The bytes a category is sealed as: its word padded with spaces, so that
/// every category seals to the same length and none can be told by it.
const CATEGORY_SEALED_LEN: usize = 16;

/// A field's text as it is sealed (the category padded).
fn padded(field: &str, text: &str) -> String {
    match field {
        "category" => format!("{text:<CATEGORY_SEALED_LEN$}"),
        _ => text.to_owned(),
    }
}

/// An entry's fields with its title, text and category sealed to it, and
/// `locked` set; the other fields as they were. (A title's and a text's
/// length still shows in their sealed length, as the README says.)
pub fn seal_entry(
    key: &[u8; 32],
    record_id: &str,
    fields: &serde_json::Map<String, serde_json::Value>,
    random: &[u8; SEAL_RANDOM],
) -> serde_json::Map<String, serde_json::Value> {
    let mut out = fields.clone();
    let mut r: &[u8] = random;
    for field in SEALED_FIELDS {
        let nonce: [u8; 12] = take(&mut r);
        if let Some(text) = fields.get(field).and_then(|v| v.as_str()) {
            out.insert(
                field.into(),
                seal(key, record_id, field, &padded(field, text), &nonce).into(),
            );
        }
    }
    out.insert("locked".into(), true.into());
    out
}

/// An entry's fields opened: its title, text and category in words, the
/// other fields as they were. An entry that is not locked is as it is.
pub fn open_entry(
    key: &[u8; 32],
    record_id: &str,
    fields: &serde_json::Map<String, serde_json::Value>,
) -> Result<serde_json::Map<String, serde_json::Value>, LockError> {
    if fields.get("locked") != Some(&serde_json::Value::Bool(true)) {
        return Ok(fields.clone());
    }
    let mut out = fields.clone();
    for field in SEALED_FIELDS {
        if let Some(sealed) = fields.get(field).and_then(|v| v.as_str()) {
            let text = open(key, record_id, field, sealed)?;
            let text = match field {
                "category" => text.trim_end().to_owned(),
                _ => text,
            };
            out.insert(field.into(), text.into());
        }
    }
    Ok(out)
}

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

    #[test]
    fn a_recovery_key_is_written_in_groups_and_read_back_as_typed() {
        let code = recovery_code(&[0xff; 15]);
        assert_eq!(code, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ");
        let code = recovery_code(&bytes(1));
        assert_eq!(code.len(), 29);
        let typed = code.to_lowercase().replace('-', " ");
        assert_eq!(normalize_recovery(&typed), Some(code.replace('-', "")));
        assert_eq!(
            normalize_recovery("O1L0-0000-0000-0000-0000-0000"),
            Some("011000000000000000000000".into())
        );
        assert_eq!(normalize_recovery("ZZZZ-ZZZZ"), None);
        assert_eq!(normalize_recovery("UUUU-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ"), None);
    }

    #[test]
    fn a_lock_opens_with_its_passphrase_or_its_recovery_key_and_seals_entries() {
        let random: [u8; LOCK_RANDOM] = std::array::from_fn(|i| (i * 7) as u8);
        let lock = new_lock("still waters", &random).expect("locked");
        let key = open_lock("still waters", &lock.record["passphrase"]).expect("opens");
        assert_eq!(key, lock.journal_key);
        assert_eq!(
            open_lock("still water", &lock.record["passphrase"]),
            Err(LockError::WrongKey)
        );
        let typed = lock.recovery_code.to_lowercase();
        assert_eq!(
            open_with_recovery(&typed, &lock.record["recovery"]),
            Ok(key)
        );
        assert_eq!(
            open_with_recovery(&recovery_code(&[9; 15]), &lock.record["recovery"]),
            Err(LockError::WrongKey)
        );
        // The record is one the protocol takes.
        let mut record = lock.record.as_object().cloned().expect("fields");
        record.insert("lockedAt".into(), "2026-12-01T08:00:00.000Z".into());
        assert_eq!(
            manna_sync_protocol::Table::JournalKeys.validate("journal-key", &record),
            Ok(())
        );
        // A new passphrase, the same key.
        let changed = passphrase_lock("quiet morning", &key, &[3; REWRAP_RANDOM]).expect("wrapped");
        assert_eq!(open_lock("quiet morning", &changed), Ok(key));
        // An entry sealed is one the protocol takes as locked, and opens as it was.
        let entry = serde_json::json!({"date": "2026-11-30", "title": "Thanks",
            "content": "For the morning \u{2014} amen", "category": "gratitude", "answered": null});
        let entry = entry.as_object().cloned().expect("fields");
        let id = "journal-1700000000000-abc";
        let sealed = seal_entry(&key, id, &entry, &[5; SEAL_RANDOM]);
        assert_eq!(sealed["locked"], serde_json::Value::Bool(true));
        assert!(
            !serde_json::Value::Object(sealed.clone())
                .to_string()
                .contains("morning")
        );
        assert_eq!(
            manna_sync_protocol::Table::PrayerJournal.validate(id, &sealed),
            Ok(())
        );
        let opened = open_entry(&key, id, &sealed).expect("opens");
        assert_eq!(opened["title"], "Thanks");
        assert_eq!(opened["content"], entry["content"]);
        assert_eq!(opened["category"], "gratitude");
        assert_eq!(
            open_entry(&key, "journal-2", &sealed),
            Err(LockError::WrongKey)
        );
        assert_eq!(open_entry(&[0; 32], id, &sealed), Err(LockError::WrongKey));
        assert_eq!(open_entry(&key, id, &entry).as_ref(), Ok(&entry));
    }

    #[test]
    fn every_category_seals_to_one_length_and_a_passphrase_opens_however_spaced() {
        let key = [7u8; 32];
        let lengths: std::collections::BTreeSet<usize> = [
            "gratitude",
            "petition",
            "intercession",
            "confession",
            "praise",
            "reflection",
        ]
        .iter()
        .map(|c| {
            let entry = serde_json::json!({"title": "t", "content": "c", "category": c});
            let sealed = seal_entry(
                &key,
                "journal-1",
                entry.as_object().expect("fields"),
                &[1; SEAL_RANDOM],
            );
            let length = sealed["category"].as_str().expect("sealed").len();
            assert_eq!(
                open_entry(&key, "journal-1", &sealed).expect("opens")["category"],
                *c
            );
            length
        })
        .collect();
        assert_eq!(lengths.len(), 1, "{lengths:?}");
        let random: [u8; LOCK_RANDOM] = std::array::from_fn(|i| (i * 3) as u8);
        let lock = new_lock("still waters ", &random).expect("locked");
        assert_eq!(
            open_lock(" still waters", &lock.record["passphrase"]),
            Ok(lock.journal_key)
        );
        let mut costly = lock.record["passphrase"].clone();
        costly["memoryKib"] = serde_json::json!(4_000_000);
        assert_eq!(open_lock("still waters", &costly), Err(LockError::Kdf));
    }

    #[test]
    fn a_short_passphrase_is_refused_in_words() {
        assert!(check_passphrase("  amen  ").is_err());
        assert!(check_passphrase("the lord is near").is_ok());
    }
}
