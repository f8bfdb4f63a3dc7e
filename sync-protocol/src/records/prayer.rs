//! Prayer reminders.

use super::read::record;
use super::{NOTES_MAX, Record, TITLE_MAX, at_most, not_blank};
use crate::field_error::FieldError;
use crate::wire_enum;

wire_enum! {
    /// Days of the week, Monday first.
    pub enum Weekday {
        Monday = "monday",
        Tuesday = "tuesday",
        Wednesday = "wednesday",
        Thursday = "thursday",
        Friday = "friday",
        Saturday = "saturday",
        Sunday = "sunday",
    }
}

wire_enum! {
    /// When in the day a reminder is for.
    pub enum PrayerType {
        Morning = "morning",
        Mealtime = "mealtime",
        Evening = "evening",
        Custom = "custom",
    }
}

record! {
    pub struct PrayerReminder as "a prayer reminder" {
        title: String,
        description: String = String::new(),
        /// `HH:MM`, 24-hour.
        reminder_time: String,
        /// 1 active, 0 paused (the spec's wire form).
        is_active: u8,
        days: Vec<Weekday>,
        prayer_type: PrayerType,
    }
}

impl Record for PrayerReminder {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("title", &self.title, TITLE_MAX)?;
        at_most("description", &self.description, NOTES_MAX)?;
        if !is_clock_time(&self.reminder_time) {
            return Err(FieldError::new(
                "reminderTime",
                format!("'{}' is not a time in the form HH:MM", self.reminder_time),
            ));
        }
        if self.is_active > 1 {
            return Err(FieldError::new("isActive", "must be 0 or 1"));
        }
        if self.days.is_empty() {
            return Err(FieldError::new("days", "select at least one day"));
        }
        let mut seen = 0u8;
        for day in &self.days {
            let bit = 1 << (*day as u8);
            if seen & bit != 0 {
                return Err(FieldError::new("days", "a day is listed twice"));
            }
            seen |= bit;
        }
        Ok(())
    }
}

/// `HH:MM` with hours 00-23 and minutes 00-59.
pub fn is_clock_time(t: &str) -> bool {
    let b = t.as_bytes();
    let two = |i: usize| {
        (b[i].is_ascii_digit() && b[i + 1].is_ascii_digit())
            .then(|| (b[i] - b'0') * 10 + (b[i + 1] - b'0'))
    };
    b.len() == 5 && b[2] == b':' && two(0).is_some_and(|h| h < 24) && two(3).is_some_and(|m| m < 60)
}
