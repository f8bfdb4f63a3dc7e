//! The user's settings: free-form, kept small; the ones the app and the server
//! read are checked here (`theme`; `restDay`, the day of rest that never breaks
//! the streak; `verseTime`, when the verse of the day rings; `weightGoal`, the
//! weight the chart draws a line at).

use super::Record;
use super::prayer::{Weekday, is_clock_time};
use super::read::{Fields, FromField, ReadFields};
use super::weight::MAX_WEIGHT_TENTHS;
use crate::field_error::FieldError;
use crate::wire_enum;
use serde_json::Value;
use ts_rs::TS;

pub const SETTINGS_MAX_KEYS: usize = 100;
pub const SETTINGS_MAX_BYTES: usize = 16_384;

/// The settings record the app's preferences are kept in (one per account,
/// so every device shows the same).
pub const PREFERENCES_ID: &str = "settings-preferences";

/// The preference holding the local `HH:MM` the verse of the day rings at
/// (absent: it does not ring).
pub const VERSE_TIME: &str = "verseTime";

/// The preference holding the goal weight, in tenths of a pound.
pub const WEIGHT_GOAL: &str = "weightGoal";

/// The preference saying the welcome was gone through or skipped (absent:
/// it is shown on the first visit of every device until one of them is).
pub const WELCOME: &str = "welcome";

wire_enum! {
    /// How the welcome ended: gone through, or skipped.
    pub enum Welcome {
        Done = "done",
        Skipped = "skipped",
    }
}

wire_enum! {
    /// The app's colours: the device's own setting, or always light or dark.
    pub enum Theme {
        System = "system",
        Light = "light",
        Dark = "dark",
    }
}

/// Any settings; only their size is checked.
#[derive(Debug, Clone, PartialEq, TS)]
#[ts(type = "Record<string, unknown>")]
pub struct UserSettings(pub Fields);

impl ReadFields for UserSettings {
    const NAME: &'static str = "the settings";

    fn read_fields(fields: &Fields) -> Result<Self, FieldError> {
        Ok(UserSettings(fields.clone()))
    }
}

impl super::read::FieldDefaults for UserSettings {
    fn field_defaults() -> Vec<(&'static str, Value)> {
        Vec::new()
    }
}

impl Record for UserSettings {
    fn check(&self) -> Result<(), FieldError> {
        let bytes: usize = self.0.iter().map(|(k, v)| k.len() + 4 + size(v)).sum();
        if self.0.len() > SETTINGS_MAX_KEYS || bytes > SETTINGS_MAX_BYTES {
            return Err(FieldError::new(
                "settings",
                format!(
                    "at most {SETTINGS_MAX_KEYS} keys and {} KB",
                    SETTINGS_MAX_BYTES / 1024
                ),
            ));
        }
        // The settings the app reads, as their records' fields are read.
        word::<Theme>(&self.0, "theme")?;
        word::<Weekday>(&self.0, "restDay")?;
        word::<Welcome>(&self.0, WELCOME)?;
        if let Some(time) = self.0.get(VERSE_TIME)
            && !time.as_str().is_some_and(is_clock_time)
        {
            return Err(FieldError::new(
                VERSE_TIME,
                format!("{} is not a time in the form HH:MM", json_text(time)),
            ));
        }
        quiet_hours(&self.0)?;
        if let Some(goal) = self.0.get(WEIGHT_GOAL)
            && !goal
                .as_u64()
                .is_some_and(|g| (1..=u64::from(MAX_WEIGHT_TENTHS)).contains(&g))
        {
            return Err(FieldError::new(
                WEIGHT_GOAL,
                format!("must be a weight in tenths of a pound, 1 to {MAX_WEIGHT_TENTHS}"),
            ));
        }
        Ok(())
    }
}

/// The quiet hours of group notifications: both times or neither.
fn quiet_hours(fields: &Fields) -> Result<(), FieldError> {
    use crate::groups::notices::{QUIET_FROM, QUIET_TO, check_times};
    let text = |key: &str| fields.get(key).map(|v| v.as_str().unwrap_or("?"));
    match (text(QUIET_FROM), text(QUIET_TO)) {
        (None, None) => Ok(()),
        (Some(from), Some(to)) => check_times(Some((from, to)), None),
        (None, Some(_)) => Err(FieldError::new(
            QUIET_FROM,
            "quiet hours need a start as well as an end",
        )),
        (Some(_), None) => Err(FieldError::new(
            QUIET_TO,
            "quiet hours need an end as well as a start",
        )),
    }
}

/// The quiet hours set in a person's preferences, if any (checked times).
pub fn quiet_hours_of(fields: &Fields) -> Option<(String, String)> {
    use crate::groups::notices::{QUIET_FROM, QUIET_TO};
    let time = |key: &str| {
        fields
            .get(key)
            .and_then(Value::as_str)
            .filter(|t| is_clock_time(t))
            .map(String::from)
    };
    Some((time(QUIET_FROM)?, time(QUIET_TO)?))
}

/// A setting that, when given, is one of `E`'s words.
fn word<E: FromField>(fields: &Fields, key: &str) -> Result<(), FieldError> {
    match fields.get(key) {
        Some(value) => E::from_value(value)
            .map(|_| ())
            .map_err(|message| FieldError::new(key, message)),
        None => Ok(()),
    }
}

/// A value as the compact JSON text `serde_json` writes, for a message. Written
/// out here because `serde_json`'s own writer brings its I/O error handling
/// (and a second copy of its serializer) into the browser build.
fn json_text(value: &Value) -> String {
    let mut out = String::new();
    write_json(value, &mut out);
    out
}

fn write_json(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => write_json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(key, out);
                out.push(':');
                write_json(item, out);
            }
            out.push('}');
        }
    }
}

/// A string in quotes, with JSON's escapes: the quote, the backslash and the
/// control characters (short forms where JSON has them).
fn write_json_string(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let b = c as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[b >> 4]));
                out.push(char::from(HEX[b & 15]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Free-form settings in the API's documents: an object.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for UserSettings {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Object)
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for UserSettings {}

/// About as many bytes as the value's JSON text.
fn size(value: &Value) -> usize {
    match value {
        Value::Null | Value::Bool(_) => 5,
        Value::Number(_) => 8,
        Value::String(s) => s.len() + 2,
        Value::Array(items) => 2 + items.iter().map(|v| size(v) + 1).sum::<usize>(),
        Value::Object(o) => 2 + o.iter().map(|(k, v)| k.len() + 4 + size(v)).sum::<usize>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn settings(value: Value) -> UserSettings {
        UserSettings(value.as_object().cloned().unwrap_or_default())
    }

    #[test]
    fn a_theme_is_one_of_the_three_and_a_rest_day_a_weekday() {
        for ok in ["system", "light", "dark"] {
            assert!(settings(json!({"theme": ok})).check().is_ok(), "{ok}");
        }
        assert!(settings(json!({"fontSize": 3})).check().is_ok());
        for bad in [json!("sepia"), json!(1), json!(null), json!("Dark")] {
            let err = settings(json!({ "theme": bad }))
                .check()
                .expect_err("refused");
            assert_eq!(err.field, "theme");
        }
        assert!(settings(json!({"restDay": "sunday"})).check().is_ok());
        assert!(settings(json!({"welcome": "skipped"})).check().is_ok());
        assert_eq!(
            settings(json!({"welcome": "maybe"}))
                .check()
                .map_err(|e| e.field),
            Err("welcome".to_string())
        );
        for bad in [json!("sabbath"), json!(6)] {
            let err = settings(json!({ "restDay": bad }))
                .check()
                .expect_err("refused");
            assert_eq!(err.field, "restDay");
        }
    }

    #[test]
    fn the_verse_time_is_a_clock_time() {
        assert!(settings(json!({"verseTime": "06:45"})).check().is_ok());
        for bad in [json!("6:45"), json!("25:00"), json!(645), json!(null)] {
            let err = settings(json!({ "verseTime": bad }))
                .check()
                .expect_err("refused");
            assert_eq!(err.field, "verseTime");
        }
    }

    #[test]
    fn quiet_hours_are_two_clock_times_or_none() {
        let ok = settings(json!({"quietFrom": "22:00", "quietTo": "07:00"}));
        assert!(ok.check().is_ok());
        assert_eq!(
            quiet_hours_of(&ok.0),
            Some(("22:00".to_string(), "07:00".to_string()))
        );
        for (bad, field) in [
            (json!({"quietFrom": "22:00"}), "quietTo"),
            (json!({"quietTo": "07:00"}), "quietFrom"),
            (
                json!({"quietFrom": "10pm", "quietTo": "07:00"}),
                "quietFrom",
            ),
            (json!({"quietFrom": "22:00", "quietTo": 7}), "quietTo"),
            (json!({"quietFrom": "07:00", "quietTo": "07:00"}), "quietTo"),
        ] {
            let err = settings(bad.clone()).check().expect_err("refused");
            assert_eq!(err.field, field, "{bad}");
        }
    }

    #[test]
    fn a_wrong_verse_time_is_shown_as_its_json() {
        for value in [
            json!(null),
            json!(true),
            json!(645),
            json!(-3),
            json!(6.45),
            json!(1e16),
            json!(1.5e-7),
            json!("6:45"),
            json!("q\"\\/\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é🙏"),
            json!([1, "a", [], {}]),
            json!({"b": [null, 2.5], "a": {"c": "d"}}),
        ] {
            assert_eq!(json_text(&value), value.to_string(), "{value}");
        }
        let err = settings(json!({ "verseTime": 6.45 }))
            .check()
            .expect_err("refused");
        assert_eq!(err.message, "6.45 is not a time in the form HH:MM");
    }

    #[test]
    fn the_weight_goal_is_a_weight_in_tenths() {
        assert!(settings(json!({"weightGoal": 1650})).check().is_ok());
        for bad in [json!(0), json!(15_001), json!(165.5), json!("165")] {
            let err = settings(json!({ "weightGoal": bad }))
                .check()
                .expect_err("refused");
            assert_eq!(err.field, "weightGoal");
        }
    }
}
