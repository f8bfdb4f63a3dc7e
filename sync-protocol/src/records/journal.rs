//! The private prayer journal, and its lock.
//!
//! A person may lock their journal: their devices then seal each entry's
//! title, text and category before it leaves them (`manna_core::journal_lock`,
//! format v1), and the server keeps only what it cannot read. Here are the
//! shapes the server can check without the key: a locked entry's fields are
//! sealed values of the right size, the journal key record's fields are what
//! a device wrote, and a locked journal takes no plain entry.

use super::read::{FromField, record};
use super::{Record, TITLE_MAX, not_blank};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::records::read::Fields;
use crate::wire_enum;
use serde_json::Value;

/// Longest journal entry, in characters.
pub const ENTRY_MAX: usize = 20_000;

wire_enum! {
    /// What kind of prayer an entry is.
    pub enum JournalCategory {
        Gratitude = "gratitude",
        Petition = "petition",
        Intercession = "intercession",
        Confession = "confession",
        Praise = "praise",
        Reflection = "reflection",
    }
}

/// The mark at the start of every sealed value (format v1): then the
/// base64url, without padding, of a 12-byte nonce, the ciphertext and its
/// 16-byte tag.
pub const SEALED_MARK: &str = "v1.";

/// Bytes a sealed value adds to what it seals (the nonce and the tag).
const SEALED_OVERHEAD: usize = 12 + 16;

/// The id of a person's one journal key record.
pub const JOURNAL_KEY_ID: &str = "journal-key";

/// Whether `text` has the shape of a sealed value: the mark, then base64url
/// of at least a nonce and a tag.
pub fn is_sealed(text: &str) -> bool {
    let Some(body) = text.strip_prefix(SEALED_MARK) else {
        return false;
    };
    body.len() % 4 != 1
        && body.len() * 3 / 4 >= SEALED_OVERHEAD
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The longest sealed value of a text of `chars` characters (each at most
/// four bytes of UTF-8).
fn sealed_len_max(chars: usize) -> usize {
    SEALED_MARK.len() + (SEALED_OVERHEAD + 4 * chars).div_ceil(3) * 4
}

const MUST_BE_SEALED: &str = "must be sealed on the device: this journal is locked";

/// A sealed value of a text of at most `max` characters.
fn sealed(field: &str, value: &str, max: usize) -> Result<(), FieldError> {
    if !is_sealed(value) {
        return Err(FieldError::new(field, MUST_BE_SEALED));
    }
    if value.len() > sealed_len_max(max) {
        return Err(FieldError::new(
            field,
            format!("seals more than {max} characters"),
        ));
    }
    Ok(())
}

/// A value in the open, or (in a locked journal) sealed.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Sealable<T> {
    Plain(T),
    Sealed(String),
}

impl<T: FromField> FromField for Sealable<T> {
    fn from_value(value: &Value) -> Result<Self, String> {
        match value.as_str() {
            Some(text) if is_sealed(text) => Ok(Sealable::Sealed(text.to_owned())),
            _ => T::from_value(value).map(Sealable::Plain),
        }
    }
}

/// The longest category word, sealed.
const CATEGORY_MAX: usize = 16;

record! {
    pub struct JournalEntry as "a journal entry" {
        date: Date,
        /// The title; sealed in a locked journal.
        title: String,
        /// The prayer; sealed in a locked journal.
        content: String,
        /// Its kind; sealed in a locked journal.
        #[ts(type = "JournalCategory | string")]
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        category: Sealable<JournalCategory>,
        answered: Option<bool>,
        /// The day the prayer was marked answered.
        answered_on: Option<Date>,
        /// Whether the title, text and category are sealed (a locked
        /// journal's entry).
        locked: Option<bool>,
    }
}

impl Record for JournalEntry {
    fn check(&self) -> Result<(), FieldError> {
        if self.locked == Some(true) {
            sealed("title", &self.title, TITLE_MAX)?;
            sealed("content", &self.content, ENTRY_MAX)?;
            match &self.category {
                Sealable::Sealed(value) => sealed("category", value, CATEGORY_MAX)?,
                Sealable::Plain(_) => return Err(FieldError::new("category", MUST_BE_SEALED)),
            }
        } else {
            not_blank("title", &self.title, TITLE_MAX)?;
            not_blank("content", &self.content, ENTRY_MAX)?;
            if let Sealable::Sealed(value) = &self.category {
                let words = Value::String(value.clone());
                JournalCategory::from_value(&words)
                    .map_err(|message| FieldError::new("category", message))?;
            }
        }
        if self.answered_on.is_some() && self.answered != Some(true) {
            return Err(FieldError::new(
                "answeredOn",
                "is set only on a prayer marked answered",
            ));
        }
        Ok(())
    }
}

/// Whether a journal entry's fields are a locked entry's.
pub fn is_locked(fields: &Fields) -> bool {
    fields.get("locked") == Some(&Value::Bool(true))
}

/// A journal that is locked takes only sealed entries: an app that cannot
/// seal (an older one, a REST client) is refused, and no plain text reaches
/// the server again.
pub fn check_locked_journal(journal_locked: bool, entry: &Fields) -> Result<(), FieldError> {
    if journal_locked && !is_locked(entry) {
        return Err(FieldError::new(
            "locked",
            "this journal is locked: its entries are sealed on the device before they are sent, so write them in an up-to-date Manna app",
        ));
    }
    Ok(())
}

/// Argon2id's cost bounds a device accepts from a journal key record: enough
/// to be worth it, never more than a phone can do.
pub const KDF_MEMORY_KIB: std::ops::RangeInclusive<u32> = 8_192..=262_144;
pub const KDF_PASSES: std::ops::RangeInclusive<u32> = 1..=10;
pub const KDF_LANES: std::ops::RangeInclusive<u32> = 1..=4;

record! {
    /// How a passphrase opens the journal key: Argon2id's salt and cost,
    /// and the journal key wrapped with the key they derive.
    pub struct PassphraseLock as "a passphrase lock" {
        /// 16 random bytes, base64url without padding.
        salt: String,
        memory_kib: u32,
        passes: u32,
        lanes: u32,
        /// The journal key, sealed.
        wrapped: String,
    }
}

record! {
    /// A person's locked journal: its key, wrapped with their passphrase
    /// and with their recovery key. One record, `journal-key`.
    pub struct JournalKey as "a journal key" {
        /// The lock's format (1).
        format: u32,
        /// Names the journal key, so a second lock made elsewhere at the
        /// same time is refused rather than orphaning the first one's entries.
        key_id: String,
        /// Changed with the passphrase, as one value.
        passphrase: PassphraseLock,
        /// The same for the recovery key shown once when the journal was
        /// locked.
        recovery: PassphraseLock,
        locked_at: String,
    }
}

/// A sealed journal key (32 bytes) is exactly this long.
const WRAPPED_KEY_LEN: usize = 3 + (SEALED_OVERHEAD + 32).div_ceil(3) * 4;

fn wrapped_key(field: &str, value: &str) -> Result<(), FieldError> {
    if is_sealed(value) && value.len() == WRAPPED_KEY_LEN {
        Ok(())
    } else {
        Err(FieldError::new(field, "must be a sealed 32-byte key"))
    }
}

fn base64url_of(field: &str, value: &str, bytes: usize) -> Result<(), FieldError> {
    let chars = (bytes * 4).div_ceil(3);
    if value.len() == chars
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(())
    } else {
        Err(FieldError::new(
            field,
            format!("must be {bytes} bytes in base64url ({chars} characters)"),
        ))
    }
}

fn within(field: &str, value: u32, range: std::ops::RangeInclusive<u32>) -> Result<(), FieldError> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(FieldError::new(
            field,
            format!("must be from {} to {}", range.start(), range.end()),
        ))
    }
}

impl PassphraseLock {
    fn check_as(&self, field: &str) -> Result<(), FieldError> {
        let named = |part: &str| format!("{field}.{part}");
        base64url_of(&named("salt"), &self.salt, 16)?;
        within(&named("memoryKib"), self.memory_kib, KDF_MEMORY_KIB)?;
        within(&named("passes"), self.passes, KDF_PASSES)?;
        within(&named("lanes"), self.lanes, KDF_LANES)?;
        wrapped_key(&named("wrapped"), &self.wrapped)
    }
}

impl Record for JournalKey {
    fn check(&self) -> Result<(), FieldError> {
        if self.format != 1 {
            return Err(FieldError::new("format", "must be 1"));
        }
        base64url_of("keyId", &self.key_id, 12)?;
        self.passphrase.check_as("passphrase")?;
        self.recovery.check_as("recovery")?;
        super::at_most("lockedAt", &self.locked_at, 40)
    }
}

/// A locked journal stays locked: its key record is deleted only with the
/// account (without it, no device could open the entries, and a plain entry
/// would be taken again).
pub fn check_key_kept(table: crate::tables::Table, deleting: bool) -> Result<(), FieldError> {
    if deleting && table == crate::tables::Table::JournalKeys {
        return Err(FieldError::new(
            "id",
            "a locked journal stays locked: its key goes only with the account",
        ));
    }
    Ok(())
}

/// A journal key stays the one the journal was locked with: a new
/// passphrase re-wraps it, and a lock made on another device at the same
/// time (another key) is refused.
pub fn check_same_key(before: Option<&Fields>, after: &Fields) -> Result<(), FieldError> {
    let key_id = |f: &Fields| f.get("keyId").cloned();
    match before {
        Some(before) if key_id(before) != key_id(after) => Err(FieldError::new(
            "keyId",
            "this journal is already locked with another key: open it with its passphrase",
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Table;
    use serde_json::json;

    fn fields(value: Value) -> Fields {
        value.as_object().cloned().expect("an object")
    }

    const ID: &str = "journal-1700000000000-abc";
    // Format v1's golden sealed value (see manna_core::journal_lock).
    const SEALED: &str = "v1.yMnKy8zNzs_Q0dLT6Sbchp921qo_8ejNuxdw9PerQV6lmhGCfZhKiKcaC99bVtZovBNUr_7xLezODoka2zuBABVTRjcfLPTxUb3qatVdtGonkG9MXmE";
    const SHORT: &str = "v1.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxw";

    fn locked(title: &str, content: &str, category: &str) -> Fields {
        fields(json!({
            "date": "2026-11-30", "title": title, "content": content,
            "category": category, "locked": true,
        }))
    }

    #[test]
    fn a_sealed_value_has_its_shape() {
        assert!(is_sealed(SEALED));
        assert!(is_sealed(SHORT));
        for not in [
            "",
            "v1.",
            "v1.AAAA",
            "v2.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxw",
            "v1.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGx w",
            "Lord, hear my prayer",
        ] {
            assert!(!is_sealed(not), "{not}");
        }
    }

    #[test]
    fn a_locked_entry_holds_only_sealed_values_of_its_fields_sizes() {
        let table = Table::PrayerJournal;
        assert_eq!(table.validate(ID, &locked(SHORT, SEALED, SHORT)), Ok(()));
        let refused = table
            .validate(ID, &locked("Thanks", SEALED, SHORT))
            .expect_err("plain title");
        assert_eq!(refused.field, "title");
        assert_eq!(refused.message, MUST_BE_SEALED);
        let refused = table
            .validate(ID, &locked(SHORT, SEALED, "gratitude"))
            .expect_err("plain category");
        assert_eq!(refused.field, "category");
        // A title seals at most 200 characters of four bytes each.
        let long = format!("v1.{}", "A".repeat(sealed_len_max(TITLE_MAX)));
        let refused = table
            .validate(ID, &locked(&long, SEALED, SHORT))
            .expect_err("too long");
        assert_eq!(refused.message, "seals more than 200 characters");
        let within = format!("v1.{}", "A".repeat(sealed_len_max(TITLE_MAX) - 4));
        assert_eq!(table.validate(ID, &locked(&within, SEALED, SHORT)), Ok(()));
    }

    #[test]
    fn an_entry_in_the_open_keeps_its_rules() {
        let table = Table::PrayerJournal;
        let open = fields(json!({
            "date": "2026-11-30", "title": "Thanks", "content": "For the morning",
            "category": "gratitude",
        }));
        assert_eq!(table.validate(ID, &open), Ok(()));
        let mut sealed_category = open.clone();
        sealed_category.insert("category".into(), json!(SHORT));
        assert_eq!(
            table
                .validate(ID, &sealed_category)
                .expect_err("refused")
                .field,
            "category"
        );
        // A title that looks sealed is still a title in an open journal.
        let mut odd = open.clone();
        odd.insert("title".into(), json!(SHORT));
        assert_eq!(table.validate(ID, &odd), Ok(()));
    }

    #[test]
    fn a_locked_journal_takes_no_plain_entry() {
        let open = fields(json!({"title": "Thanks", "locked": false}));
        assert_eq!(check_locked_journal(false, &open), Ok(()));
        assert_eq!(
            check_locked_journal(true, &open)
                .expect_err("refused")
                .field,
            "locked"
        );
        assert_eq!(
            check_locked_journal(true, &locked(SHORT, SEALED, SHORT)),
            Ok(())
        );
    }

    fn key(key_id: &str) -> Fields {
        let wrapped = format!("v1.{}", "A".repeat(WRAPPED_KEY_LEN - 3));
        let lock = json!({"salt": "AAECAwQFBgcICQoLDA0ODw", "memoryKib": 19456,
            "passes": 2, "lanes": 1, "wrapped": wrapped});
        fields(json!({
            "format": 1, "keyId": key_id, "lockedAt": "2026-12-01T08:00:00.000Z",
            "passphrase": lock, "recovery": lock,
        }))
    }

    #[test]
    fn a_journal_key_is_never_deleted_alone() {
        assert_eq!(
            check_key_kept(Table::JournalKeys, true)
                .expect_err("refused")
                .field,
            "id"
        );
        assert_eq!(check_key_kept(Table::JournalKeys, false), Ok(()));
        assert_eq!(check_key_kept(Table::PrayerJournal, true), Ok(()));
    }

    #[test]
    fn a_journal_key_is_checked_for_shape_and_stays_the_same_key() {
        let table = Table::JournalKeys;
        assert_eq!(
            table.validate(JOURNAL_KEY_ID, &key("AAECAwQFBgcICQoL")),
            Ok(())
        );
        assert_eq!(
            table
                .validate("journal-key-2", &key("AAECAwQFBgcICQoL"))
                .expect_err("one id")
                .field,
            "id"
        );
        let mut cheap = key("AAECAwQFBgcICQoL");
        cheap["passphrase"]["memoryKib"] = json!(64);
        assert_eq!(
            table
                .validate(JOURNAL_KEY_ID, &cheap)
                .expect_err("refused")
                .field,
            "passphrase.memoryKib"
        );
        let mut short = key("AAECAwQFBgcICQoL");
        short["recovery"]["wrapped"] = json!(SHORT);
        assert_eq!(
            table
                .validate(JOURNAL_KEY_ID, &short)
                .expect_err("refused")
                .field,
            "recovery.wrapped"
        );
        let first = key("AAECAwQFBgcICQoL");
        assert_eq!(check_same_key(None, &first), Ok(()));
        assert_eq!(
            check_same_key(Some(&first), &key("AAECAwQFBgcICQoL")),
            Ok(())
        );
        assert_eq!(
            check_same_key(Some(&first), &key("BBECAwQFBgcICQoL"))
                .expect_err("refused")
                .field,
            "keyId"
        );
    }
}
