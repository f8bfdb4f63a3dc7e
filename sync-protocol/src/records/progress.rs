//! What the user finished on a day: today's reading read, a prayer prayed, an
//! exercise and a meditation finished. One record a day, named by its date, so
//! every device's ticks for the day merge into one record field by field.

use super::Record;
use super::read::record;
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;

wire_enum! {
    /// Something done on a day (also the record's field that records it).
    pub enum Practice {
        Reading = "reading",
        Prayer = "prayer",
        Exercise = "exercise",
        Meditation = "meditation",
    }
}

record! {
    pub struct DailyCompletion as "a day's completions" {
        date: Date,
        reading: Option<bool>,
        prayer: Option<bool>,
        exercise: Option<bool>,
        meditation: Option<bool>,
    }
}

impl Record for DailyCompletion {
    fn check(&self) -> Result<(), FieldError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::read::ReadFields;
    use serde_json::json;

    #[test]
    fn a_day_reads_its_ticks_and_refuses_other_fields() {
        let fields = json!({"date": "2026-11-23", "reading": true, "exercise": false});
        let day = DailyCompletion::read_fields(fields.as_object().expect("object")).expect("valid");
        assert_eq!(
            (day.reading, day.exercise, day.meditation),
            (Some(true), Some(false), None)
        );
        let bad = json!({"date": "2026-11-23", "walked": true});
        let refused = DailyCompletion::read_fields(bad.as_object().expect("object"));
        assert!(
            refused.is_err_and(|e| e.to_string().contains("walked")),
            "an unknown field is refused by name"
        );
    }
}
