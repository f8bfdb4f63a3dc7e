//! How each table's records are named. Records made once a day get an id from
//! their date, so two devices logging the same day's weight or score merge into
//! one record instead of two; other records get a prefix and a random part
//! (the caller brings the randomness: this crate has none).

use crate::date::Date;
use crate::field_error::FieldError;

/// Longest record id.
pub const ID_MAX: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdScheme {
    /// `kind:YYYY-MM-DD`, from the record's `date`.
    Daily { kind: &'static str },
    /// `prefix-<random>`.
    Random { prefix: &'static str },
}

/// `daily_id("weight", "2026-11-22")` is `weight:2026-11-22`.
pub fn daily_id(kind: &str, date: &str) -> String {
    format!("{kind}:{date}")
}

impl IdScheme {
    /// A new id for a record of this scheme: from `day` for daily records,
    /// otherwise the prefix and `random` (letters and digits).
    pub fn new_id(self, day: Option<Date>, random: &str) -> Result<String, FieldError> {
        match self {
            IdScheme::Daily { kind } => day
                .map(|d| daily_id(kind, &d.to_string()))
                .ok_or_else(|| FieldError::new("date", "is required")),
            IdScheme::Random { prefix } => Ok(format!("{prefix}-{random}")),
        }
    }

    /// Checks an id on its own, as a delete carries no fields: its characters
    /// and length, and for records of one day that it names a real day.
    pub fn check_alone(self, id: &str) -> Result<(), FieldError> {
        let day = match self {
            IdScheme::Daily { kind } => id
                .strip_prefix(kind)
                .and_then(|rest| rest.strip_prefix(':'))
                .and_then(|date| date.parse().ok()),
            IdScheme::Random { .. } => None,
        };
        self.check(id, day)
    }

    /// Checks a record's id against the scheme (`day` is the record's date).
    pub fn check(self, id: &str, day: Option<Date>) -> Result<(), FieldError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.');
        if id.is_empty() || id.len() > ID_MAX || !id.chars().all(allowed) {
            return Err(FieldError::new(
                "id",
                format!("must be 1 to {ID_MAX} letters, digits, '-', '_', ':' or '.'"),
            ));
        }
        if let IdScheme::Daily { kind } = self {
            let expected = day.map(|d| daily_id(kind, &d.to_string()));
            if expected.as_deref() != Some(id) {
                return Err(FieldError::new(
                    "id",
                    format!(
                        "a record of one day is named {}",
                        expected.unwrap_or_else(|| format!("{kind}:<date>"))
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().expect("date")
    }

    #[test]
    fn an_id_alone_is_checked_for_shape_and_day() {
        let weight = IdScheme::Daily { kind: "weight" };
        assert!(weight.check_alone("weight:2026-11-22").is_ok());
        for bad in ["", "weight:2026-02-30", "weight:", "score:2026-11-22"] {
            assert!(weight.check_alone(bad).is_err(), "{bad}");
        }
        let reminder = IdScheme::Random { prefix: "reminder" };
        assert!(reminder.check_alone("reminder-a1b2").is_ok());
        assert!(reminder.check_alone(&"x".repeat(ID_MAX + 1)).is_err());
        assert!(reminder.check_alone("a b").is_err());
    }

    #[test]
    fn same_day_same_id() {
        assert_eq!(daily_id("weight", "2026-11-22"), "weight:2026-11-22");
        let weight = IdScheme::Daily { kind: "weight" };
        assert_eq!(
            weight.new_id(Some(d("2026-11-22")), "x").as_deref(),
            Ok("weight:2026-11-22")
        );
        assert!(
            weight
                .check("weight:2026-11-22", Some(d("2026-11-22")))
                .is_ok()
        );
        let wrong = weight.check("weight:2026-11-21", Some(d("2026-11-22")));
        assert_eq!(
            wrong.map_err(|e| e.message),
            Err("a record of one day is named weight:2026-11-22".into())
        );
    }

    #[test]
    fn random_ids_take_a_prefix_and_plain_characters() {
        let reminder = IdScheme::Random { prefix: "reminder" };
        assert_eq!(
            reminder.new_id(None, "k3j9").as_deref(),
            Ok("reminder-k3j9")
        );
        assert!(reminder.check("reminder-k3j9", None).is_ok());
        assert!(reminder.check("1763790000000", None).is_ok());
        for bad in ["", "a/b", "a b", &"x".repeat(ID_MAX + 1)] {
            assert!(reminder.check(bad, None).is_err(), "{bad}");
        }
    }
}
