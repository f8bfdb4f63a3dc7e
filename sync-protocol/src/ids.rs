//! How each table's records are named. Records made once a day get an id from
//! their date, so two devices logging the same day's weight or score merge into
//! one record instead of two; other records get a prefix and a random part
//! (the caller brings the randomness: this crate has none).

use crate::date::Date;
use crate::field_error::FieldError;
use crate::records::read::{Fields, FromField};
use serde_json::Value;

/// Longest record id.
pub const ID_MAX: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdScheme {
    /// `kind:YYYY-MM-DD`, from the record's `date`.
    Daily { kind: &'static str },
    /// `kind:<a>:<b>`, from the values of the record's fields `by` (a plan's
    /// day: `progress:<planId>:<day>`), so two devices marking the same thing
    /// merge into one record.
    Keyed {
        kind: &'static str,
        by: &'static [&'static str],
    },
    /// `prefix-<random>`.
    Random { prefix: &'static str },
    /// `kind:<groupId>:<random>`: a record shared in a group, named by the
    /// group it belongs to (its `groupId`), so a change is filed in the
    /// group's records from its id alone, a delete's too.
    Grouped { kind: &'static str },
}

/// The group a shared record's id names (`request:<groupId>:<random>`).
pub fn group_in<'a>(kind: &str, id: &'a str) -> Option<&'a str> {
    let rest = id.strip_prefix(kind)?.strip_prefix(':')?;
    let (group, random) = rest.split_once(':')?;
    (!group.is_empty() && !random.is_empty()).then_some(group)
}

/// `daily_id("weight", "2026-11-22")` is `weight:2026-11-22`.
pub fn daily_id(kind: &str, date: &str) -> String {
    format!("{kind}:{date}")
}

impl IdScheme {
    /// The id a record with these fields must have; `None` for random ids.
    /// A daily record's date is checked (the record's reader checks it too).
    fn expected(self, fields: &Fields) -> Result<Option<String>, FieldError> {
        match self {
            IdScheme::Daily { kind } => {
                let date = fields
                    .get("date")
                    .ok_or_else(|| FieldError::new("date", "is required"))?;
                let day: Date = FromField::from_value(date)
                    .map_err(|message: String| FieldError::new("date", message))?;
                Ok(Some(daily_id(kind, &day.to_string())))
            }
            IdScheme::Keyed { kind, by } => {
                let mut id = kind.to_string();
                for field in by {
                    // Whole numbers only: printing other numbers would bring the
                    // float printer into the browser build.
                    let part = match fields.get(*field) {
                        Some(Value::String(s)) => s.clone(),
                        Some(v) if v.as_u64().is_some() => v.as_u64().unwrap_or(0).to_string(),
                        _ => return Err(FieldError::new(*field, "is required")),
                    };
                    id.push(':');
                    id.push_str(&part);
                }
                Ok(Some(id))
            }
            IdScheme::Random { .. } | IdScheme::Grouped { .. } => Ok(None),
        }
    }

    /// A new id for a record with these fields: from its date or key fields,
    /// otherwise the prefix and `random` (letters and digits).
    pub fn new_id(self, fields: &Fields, random: &str) -> Result<String, FieldError> {
        match (self.expected(fields)?, self) {
            (Some(id), _) => Ok(id),
            (None, IdScheme::Random { prefix }) => Ok(format!("{prefix}-{random}")),
            (None, IdScheme::Grouped { kind }) => match fields.get("groupId") {
                Some(Value::String(group)) => Ok(format!("{kind}:{group}:{random}")),
                _ => Err(FieldError::new("groupId", "is required")),
            },
            (None, _) => Err(FieldError::new("id", "cannot be made")),
        }
    }

    /// Checks an id on its own, as a delete carries no fields: its characters
    /// and length, for records of one day that it names a real day, and for
    /// keyed records that it starts with their kind.
    pub fn check_alone(self, id: &str) -> Result<(), FieldError> {
        match self {
            IdScheme::Daily { kind } => {
                let mut fields = Fields::new();
                if let Some(date) = id.strip_prefix(kind).and_then(|r| r.strip_prefix(':')) {
                    fields.insert("date".into(), Value::String(date.into()));
                }
                self.check(id, &fields)
            }
            // One record a person: its id is the kind alone.
            IdScheme::Keyed { kind, by: [] } => match id == kind {
                true => Ok(()),
                false => Err(FieldError::new(
                    "id",
                    format!("this record is named {kind}"),
                )),
            },
            IdScheme::Keyed { kind, by } => {
                check_shape(id)?;
                match id.strip_prefix(kind).and_then(|r| r.strip_prefix(':')) {
                    Some(_) => Ok(()),
                    None => Err(FieldError::new(
                        "id",
                        format!(
                            "a record of this table is named {kind}:<{}>",
                            crate::records::read::joined(by, ">:<")
                        ),
                    )),
                }
            }
            IdScheme::Random { .. } => check_shape(id),
            IdScheme::Grouped { kind } => {
                check_shape(id)?;
                match group_in(kind, id) {
                    Some(_) => Ok(()),
                    None => Err(FieldError::new(
                        "id",
                        format!("a record of this table is named {kind}:<groupId>:<random>"),
                    )),
                }
            }
        }
    }

    /// Checks a record's id against the scheme and the record's fields.
    pub fn check(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
        check_shape(id)?;
        if let IdScheme::Grouped { kind } = self {
            self.check_alone(id)?;
            let named = group_in(kind, id);
            return match fields.get("groupId").and_then(Value::as_str) {
                Some(group) if Some(group) == named => Ok(()),
                _ => Err(FieldError::new(
                    "groupId",
                    "must be the group the record's id names",
                )),
            };
        }
        let expected = match (self, self.expected(fields)) {
            (IdScheme::Daily { kind }, Err(_)) => format!("{kind}:<date>"),
            (_, Err(e)) => return Err(e),
            (_, Ok(None)) => return Ok(()),
            (_, Ok(Some(expected))) if expected == id => return Ok(()),
            (_, Ok(Some(expected))) => expected,
        };
        let what = match self {
            IdScheme::Daily { .. } => "a record of one day",
            _ => "this record",
        };
        Err(FieldError::new("id", format!("{what} is named {expected}")))
    }
}

/// The characters and length every id keeps to.
fn check_shape(id: &str) -> Result<(), FieldError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.');
    if id.is_empty() || id.len() > ID_MAX || !id.chars().all(allowed) {
        return Err(FieldError::new(
            "id",
            format!("must be 1 to {ID_MAX} letters, digits, '-', '_', ':' or '.'"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(v: Value) -> Fields {
        v.as_object().cloned().expect("an object")
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
        let progress = IdScheme::Keyed {
            kind: "progress",
            by: &["planId", "day"],
        };
        assert!(progress.check_alone("progress:plan-a:4").is_ok());
        assert!(progress.check_alone("list-4").is_err());
    }

    #[test]
    fn same_day_same_id() {
        assert_eq!(daily_id("weight", "2026-11-22"), "weight:2026-11-22");
        let weight = IdScheme::Daily { kind: "weight" };
        let day = fields(json!({"date": "2026-11-22"}));
        assert_eq!(weight.new_id(&day, "x").as_deref(), Ok("weight:2026-11-22"));
        assert!(weight.check("weight:2026-11-22", &day).is_ok());
        let wrong = weight.check("weight:2026-11-21", &day);
        assert_eq!(
            wrong.map_err(|e| e.message),
            Err("a record of one day is named weight:2026-11-22".into())
        );
        let bad = weight.new_id(&fields(json!({"date": "2026-02-30"})), "x");
        assert_eq!(bad.map_err(|e| e.field), Err("date".into()));
    }

    #[test]
    fn keyed_ids_come_from_their_fields() {
        let progress = IdScheme::Keyed {
            kind: "progress",
            by: &["planId", "day"],
        };
        let tick = fields(json!({"planId": "plan-a1", "day": 4, "completed": true}));
        assert_eq!(
            progress.new_id(&tick, "x").as_deref(),
            Ok("progress:plan-a1:4")
        );
        assert!(progress.check("progress:plan-a1:4", &tick).is_ok());
        let other = progress.check("progress:plan-a1:5", &tick);
        assert_eq!(
            other.map_err(|e| e.message),
            Err("this record is named progress:plan-a1:4".into())
        );
        let missing = progress.new_id(&fields(json!({"day": 4})), "x");
        assert_eq!(missing.map_err(|e| e.field), Err("planId".into()));
    }

    #[test]
    fn random_ids_take_a_prefix_and_plain_characters() {
        let reminder = IdScheme::Random { prefix: "reminder" };
        let none = Fields::new();
        assert_eq!(
            reminder.new_id(&none, "k3j9").as_deref(),
            Ok("reminder-k3j9")
        );
        assert!(reminder.check("reminder-k3j9", &none).is_ok());
        assert!(reminder.check("1763790000000", &none).is_ok());
        for bad in ["", "a/b", "a b", &"x".repeat(ID_MAX + 1)] {
            assert!(reminder.check(bad, &none).is_err(), "{bad}");
        }
    }
}
