//! The steps a device takes with a locked journal, on the format of the
//! module above: a passphrase and a recovery key, a new lock, a new
//! passphrase, opening a lock, and an entry's fields sealed and opened.

use super::{KdfParams, LockError, PARAMS, derive_key, open, seal, unwrap_key, wrap_key};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

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

    fn bytes<const N: usize>(from: u8) -> [u8; N] {
        std::array::from_fn(|i| from + i as u8)
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
