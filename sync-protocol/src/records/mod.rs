//! The shape of a valid record of each synced table, by domain. A record is
//! read from its fields one by one with unknown fields refused (types, enums
//! and dates are checked by reading); `Record::check` adds what types cannot
//! say (non-blank text, lengths, ranges, sums that add up). A record's id is
//! checked against its fields by its table's id scheme (`crate::ids`).
//!
//! The same reader runs on the server and in the browser's WebAssembly build,
//! so both refuse a record with the same words.

pub mod journal;
pub mod plans;
pub mod prayer;
pub mod progress;
pub mod read;
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

/// Text that must hold something, up to `max` characters.
pub(crate) fn not_blank(field: &str, value: &str, max: usize) -> Result<(), FieldError> {
    if value.trim().is_empty() {
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
