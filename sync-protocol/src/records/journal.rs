//! The private prayer journal.

use super::read::record;
use super::{Record, TITLE_MAX, not_blank};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;

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

record! {
    pub struct JournalEntry as "a journal entry" {
        date: Date,
        title: String,
        content: String,
        category: JournalCategory,
        answered: Option<bool>,
        /// The day the prayer was marked answered.
        answered_on: Option<Date>,
    }
}

impl Record for JournalEntry {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("title", &self.title, TITLE_MAX)?;
        not_blank("content", &self.content, ENTRY_MAX)?;
        if self.answered_on.is_some() && self.answered != Some(true) {
            return Err(FieldError::new(
                "answeredOn",
                "is set only on a prayer marked answered",
            ));
        }
        Ok(())
    }
}
