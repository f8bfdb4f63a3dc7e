//! Weight entries: one a day, in tenths of a pound.

use super::read::record;
use super::{NOTES_MAX, Record, optional_at_most};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;

/// Weight in tenths of a pound: 0.1 lb to 1500 lb.
pub const MAX_WEIGHT_TENTHS: u32 = 15_000;

wire_enum! {
    /// How the day felt.
    pub enum Mood {
        Great = "great",
        Good = "good",
        Okay = "okay",
        Struggling = "struggling",
    }
}

record! {
    pub struct WeightEntry as "a weight entry" {
        /// Tenths of a pound.
        weight: u32,
        date: Date,
        notes: Option<String>,
        mood: Option<Mood>,
    }
}

impl Record for WeightEntry {
    fn check(&self) -> Result<(), FieldError> {
        if self.weight == 0 || self.weight > MAX_WEIGHT_TENTHS {
            let (w, max) = (self.weight, MAX_WEIGHT_TENTHS);
            return Err(FieldError::new(
                "weight",
                format!("{}.{} lb is outside 0.1 to {} lb", w / 10, w % 10, max / 10),
            ));
        }
        optional_at_most("notes", self.notes.as_deref(), NOTES_MAX)
    }
}
