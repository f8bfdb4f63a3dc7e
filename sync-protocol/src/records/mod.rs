//! The shape of a valid record of each synced table, by domain. A record is
//! read from its fields one by one with unknown fields refused (types, enums
//! and dates are checked by reading); `Record::check` adds what types cannot
//! say (non-blank text, lengths, ranges, sums that add up). A record's id is
//! checked against its fields by its table's id scheme (`crate::ids`).
//!
//! The same reader runs on the server and in the browser's WebAssembly build,
//! so both refuse a record with the same words.

pub mod groups;
pub mod journal;
pub mod plans;
pub mod prayer;
pub mod progress;
pub mod read;
pub mod saved;
pub mod settings;
pub mod shopping;
pub mod weight;
pub mod wellness;

use crate::field_error::FieldError;
use read::ReadFields;

/// A record type of one synced table.
pub trait Record: ReadFields {
    /// The rules beyond the shape.
    fn check(&self) -> Result<(), FieldError> {
        Ok(())
    }
}

/// Whether text shows nothing: only spaces and characters that take no
/// room on screen (zero-width spaces and joiners, word joiners, soft hyphens,
/// direction marks, byte-order marks, blank fillers).
pub fn is_blank(value: &str) -> bool {
    value.chars().all(|c| c.is_whitespace() || is_invisible(c))
}

fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}')
}

/// Text that must hold something visible, up to `max` characters.
pub(crate) fn not_blank(field: &str, value: &str, max: usize) -> Result<(), FieldError> {
    if is_blank(value) {
        return Err(FieldError::new(field, "must not be empty"));
    }
    at_most(field, value, max)
}

/// Text of at most `max` characters.
pub(crate) fn at_most(field: &str, value: &str, max: usize) -> Result<(), FieldError> {
    if value.chars().count() > max {
        return Err(FieldError::new(
            field,
            format!("must be at most {max} characters"),
        ));
    }
    Ok(())
}

/// Optional text of at most `max` characters.
pub(crate) fn optional_at_most(
    field: &str,
    value: Option<&str>,
    max: usize,
) -> Result<(), FieldError> {
    value.map_or(Ok(()), |v| at_most(field, v, max))
}

/// A short text (titles, names).
pub const TITLE_MAX: usize = 200;
/// A longer text (descriptions, notes).
pub const NOTES_MAX: usize = 2000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_of_only_invisible_characters_is_blank() {
        for blank in [
            "",
            "   ",
            "\u{200B}",
            " \u{200B}\u{200D} \u{FEFF}",
            "\u{2060}\n\u{00AD}",
            "\u{3164}",
        ] {
            assert!(is_blank(blank), "{blank:?}");
            assert!(not_blank("title", blank, 10).is_err());
        }
        for text in ["a", "\u{200B}Amen", "🙏", "e\u{301}"] {
            assert!(!is_blank(text), "{text:?}");
        }
    }
}
