//! Reading a record from its JSON fields, field by field, so every refusal
//! names its field in plain words. The same reader runs on the server and in
//! the browser build (a serde derive per record type would do the same job at
//! several times the size of the WebAssembly file).

use crate::date::Date;
use crate::field_error::FieldError;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A record's fields as they travel.
pub type Fields = Map<String, Value>;

/// A value one field can hold.
pub trait FromField: Sized {
    /// The value when the field is absent; `None` when the field is required.
    fn absent() -> Option<Self> {
        None
    }

    /// Reads a present value; the error is a message without the field's name.
    fn from_value(value: &Value) -> Result<Self, String>;
}

/// The values a record type's reader takes for fields left out (its Rust
/// names), as JSON: what a new record is filled with (`crate::defaults`).
pub trait FieldDefaults {
    fn field_defaults() -> Vec<(&'static str, Value)>;
}

/// A type read from a whole object of fields (a record, or a nested object).
pub trait ReadFields: Sized {
    /// What one is called in messages ("a weight entry").
    const NAME: &'static str;

    /// Its fields' Rust names, in order (none for free-form records).
    const FIELDS: &'static [&'static str] = &[];

    fn read_fields(fields: &Fields) -> Result<Self, FieldError>;
}

/// How a value reads in a message: `"abc"`, `180.5`, `a list`.
fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number(n),
        Value::String(s) if s.chars().count() > 40 => "a long text".into(),
        Value::String(s) => format!("\"{s}\""),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// A number as a person writes it, to three decimals at most (kept free of the
/// float printer, which would double the browser build).
fn number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    let f = n.as_f64().unwrap_or(0.0);
    if !f.is_finite() || f.abs() >= 1e15 {
        return "a very large number".into();
    }
    let thousandths = (f * 1000.0).round() as i64;
    let (sign, whole, frac) = (
        if thousandths < 0 { "-" } else { "" },
        (thousandths / 1000).abs(),
        (thousandths % 1000).abs(),
    );
    let frac = format!("{frac:03}");
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac}")
    }
}

pub(crate) fn must(what: &str, value: &Value) -> String {
    format!("must be {what}, not {}", describe(value))
}

impl FromField for String {
    fn from_value(value: &Value) -> Result<Self, String> {
        value
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| must("text", value))
    }
}

impl FromField for bool {
    fn from_value(value: &Value) -> Result<Self, String> {
        value.as_bool().ok_or_else(|| must("true or false", value))
    }
}

fn whole<T: TryFrom<u64>>(value: &Value, what: &str) -> Result<T, String> {
    value
        .as_u64()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| must(what, value))
}

impl FromField for u8 {
    fn from_value(value: &Value) -> Result<Self, String> {
        whole(value, "a whole number from 0 to 255")
    }
}

impl FromField for u32 {
    fn from_value(value: &Value) -> Result<Self, String> {
        whole(value, "a whole number")
    }
}

impl FromField for Date {
    fn from_value(value: &Value) -> Result<Self, String> {
        let text = value
            .as_str()
            .ok_or_else(|| must("a date (YYYY-MM-DD)", value))?;
        text.parse().map_err(|e: crate::date::DateError| e.0)
    }
}

impl<T: FromField> FromField for Option<T> {
    fn absent() -> Option<Self> {
        Some(None)
    }

    fn from_value(value: &Value) -> Result<Self, String> {
        match value {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl<T: FromField> FromField for Vec<T> {
    fn from_value(value: &Value) -> Result<Self, String> {
        let items = value.as_array().ok_or_else(|| must("a list", value))?;
        items
            .iter()
            .enumerate()
            .map(|(i, v)| T::from_value(v).map_err(|m| format!("item {}: {m}", i + 1)))
            .collect()
    }
}

impl<T: FromField> FromField for BTreeMap<String, T> {
    fn from_value(value: &Value) -> Result<Self, String> {
        let entries = value.as_object().ok_or_else(|| must("an object", value))?;
        let mut out = BTreeMap::new();
        for (k, v) in entries {
            out.insert(
                k.clone(),
                T::from_value(v).map_err(|m| format!("{k}: {m}"))?,
            );
        }
        Ok(out)
    }
}

/// The index of `value` among an enum's `words`, or why it is none of them.
pub fn word_index(value: &Value, words: &[&str]) -> Result<usize, String> {
    let list = words.join(", ");
    match value.as_str() {
        Some(word) => words
            .iter()
            .position(|w| *w == word)
            .ok_or_else(|| format!("'{word}' is not one of {list}")),
        None => Err(must(&format!("one of {list}"), value)),
    }
}

/// A nested object reads like a record; its refusal names the inner field.
pub(crate) fn nested<T: ReadFields>(value: &Value) -> Result<T, String> {
    let fields = value.as_object().ok_or_else(|| must("an object", value))?;
    T::read_fields(fields).map_err(|e| e.to_string())
}

/// `reminder_time` → `reminderTime`: Rust field names as they travel.
pub fn camel(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Refuses a field the record does not have.
pub fn only_known(fields: &Fields, known: &[&str], name: &str) -> Result<(), FieldError> {
    match fields
        .keys()
        .find(|k| !known.iter().any(|f| camel(f) == **k))
    {
        Some(unknown) => Err(FieldError::new(
            unknown.as_str(),
            format!("is not a field of {name}"),
        )),
        None => Ok(()),
    }
}

/// Reads one field (`snake` is its Rust name); `default` is used when absent.
pub fn field<T: FromField>(
    fields: &Fields,
    snake: &str,
    default: Option<fn() -> T>,
) -> Result<T, FieldError> {
    let (wire, value) = lookup(fields, snake);
    match value {
        Some(value) => T::from_value(value).map_err(|m| FieldError {
            field: wire,
            message: m,
        }),
        None => default
            .map(|d| d())
            .or_else(T::absent)
            .ok_or_else(|| required(wire)),
    }
}

// The parts of `field` that do not depend on the type, kept out of line so
// each field type adds only a few instructions to the browser build.
#[inline(never)]
fn lookup<'a>(fields: &'a Fields, snake: &str) -> (String, Option<&'a Value>) {
    let wire = camel(snake);
    let value = fields.get(&wire);
    (wire, value)
}

#[inline(never)]
fn required(wire: String) -> FieldError {
    FieldError::new(wire, "is required")
}

/// Declares a record type: the struct (with its TypeScript and JSON shape,
/// fields in camelCase) and its field-by-field reader. A field may name a
/// default for when it is absent; `Option` fields may always be absent.
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident as $label:literal {
            $( $(#[$fmeta:meta])* $field:ident : $ty:ty $(= $default:expr)? ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, serde::Serialize, ts_rs::TS)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(rename_all = "camelCase")]
        #[ts(optional_fields = nullable)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty ),+
        }

        impl $crate::records::read::ReadFields for $name {
            const NAME: &'static str = $label;
            const FIELDS: &'static [&'static str] = &[$(stringify!($field)),+];

            fn read_fields(
                fields: &$crate::records::read::Fields,
            ) -> Result<Self, $crate::field_error::FieldError> {
                $crate::records::read::only_known(fields, &[$(stringify!($field)),+], $label)?;
                Ok(Self {
                    $( $field: $crate::records::read::field(
                        fields,
                        stringify!($field),
                        $crate::records::read::record!(@default $($default)?),
                    )?, )+
                })
            }
        }

        impl $crate::records::read::FromField for $name {
            fn from_value(value: &serde_json::Value) -> Result<Self, String> {
                $crate::records::read::nested(value)
            }
        }

        impl $crate::records::read::FieldDefaults for $name {
            fn field_defaults() -> Vec<(&'static str, serde_json::Value)> {
                #[allow(unused_mut)]
                let mut out = Vec::new();
                $( $crate::records::read::record!(@push out, $field: $ty $(= $default)?); )+
                out
            }
        }
    };
    (@default) => { None };
    (@default $default:expr) => { Some(|| $default) };
    (@push $out:ident, $field:ident: $ty:ty) => {};
    (@push $out:ident, $field:ident: $ty:ty = $default:expr) => {{
        let value: $ty = $default;
        $out.push((stringify!($field), serde_json::to_value(value).unwrap_or(serde_json::Value::Null)));
    }};
}

pub(crate) use record;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_are_read_with_plain_refusals() {
        assert_eq!(u32::from_value(&json!(1805)), Ok(1805));
        assert_eq!(
            u32::from_value(&json!("heavy")),
            Err("must be a whole number, not \"heavy\"".into())
        );
        assert_eq!(
            u8::from_value(&json!(-1)),
            Err("must be a whole number from 0 to 255, not -1".into())
        );
        assert_eq!(Option::<u32>::from_value(&json!(null)), Ok(None));
        assert_eq!(
            Vec::<u32>::from_value(&json!([1, "x"])),
            Err("item 2: must be a whole number, not \"x\"".into())
        );
        assert_eq!(
            Date::from_value(&json!("2026-02-30")),
            Err("day 30 does not exist in 2026-02".into())
        );
        assert_eq!(
            u32::from_value(&json!(180.5)),
            Err("must be a whole number, not 180.5".into())
        );
        assert_eq!(
            u32::from_value(&json!(-0.25)),
            Err("must be a whole number, not -0.25".into())
        );
        assert_eq!(camel("reminder_time"), "reminderTime");
        assert_eq!(camel("weight"), "weight");
    }
}
