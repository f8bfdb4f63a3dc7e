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
            let w = self.weight;
            return Err(outside(&format!("{}.{}", w / 10, w % 10)));
        }
        optional_at_most("notes", self.notes.as_deref(), NOTES_MAX)
    }
}

fn outside(pounds: &str) -> FieldError {
    FieldError::new(
        "weight",
        format!(
            "{pounds} lb is outside 0.1 to {} lb",
            MAX_WEIGHT_TENTHS / 10
        ),
    )
}

/// A weight as a person types it, in pounds ("172", "172.4", " 98.25 "), as
/// the record's tenths, rounded to the nearest; refused in pounds, the unit
/// typed (never in tenths).
pub fn tenths_of_pounds(typed: &str) -> Result<u32, FieldError> {
    let typed = typed.trim();
    let unsigned = typed.strip_prefix(['-', '+']).unwrap_or(typed);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
        return Err(FieldError::new(
            "weight",
            format!(
                "must be your weight in pounds, a number from 0.1 to {}",
                MAX_WEIGHT_TENTHS / 10
            ),
        ));
    }
    // Tenths, rounded on the hundredths; a number past the most is only
    // ever refused, so its size is capped before it could overflow.
    let whole = whole.trim_start_matches('0');
    let pounds: u64 = if whole.len() > 6 {
        u64::MAX / 100
    } else {
        whole.parse().unwrap_or(0)
    };
    let mut places = fraction
        .bytes()
        .map(|b| u64::from(b - b'0'))
        .chain(std::iter::repeat(0));
    let (tenth, hundredth) = (places.next().unwrap_or(0), places.next().unwrap_or(0));
    let tenths = pounds * 10 + tenth + u64::from(hundredth >= 5);
    if typed.starts_with('-') && tenths > 0 || tenths == 0 || tenths > u64::from(MAX_WEIGHT_TENTHS)
    {
        return Err(outside(typed.trim_start_matches('+')));
    }
    Ok(tenths as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_weight_is_read_in_pounds_and_refused_in_pounds() {
        assert_eq!(tenths_of_pounds("172"), Ok(1720));
        assert_eq!(tenths_of_pounds(" 172.46 "), Ok(1725));
        assert_eq!(tenths_of_pounds("0.1"), Ok(1));
        assert_eq!(tenths_of_pounds("1500"), Ok(15_000));
        let message = |typed: &str| tenths_of_pounds(typed).expect_err("refused").message;
        assert_eq!(message("-5"), "-5 lb is outside 0.1 to 1500 lb");
        assert_eq!(message("0"), "0 lb is outside 0.1 to 1500 lb");
        assert_eq!(message("0.04"), "0.04 lb is outside 0.1 to 1500 lb");
        assert_eq!(message("1500.1"), "1500.1 lb is outside 0.1 to 1500 lb");
        for not_a_number in [
            "", "  ", "heavy", "1e3", "1.2.3", "-", ".", "170 lb", "NaN", "inf",
        ] {
            assert_eq!(
                message(not_a_number),
                "must be your weight in pounds, a number from 0.1 to 1500",
                "{not_a_number:?}"
            );
        }
    }
}
