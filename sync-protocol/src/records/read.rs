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

/// A value as JSON, the same as its serde shape, for the values of fields
/// left out (a serializer for each of their types would weigh more in the
/// browser build than these few lines).
pub trait ToField {
    fn to_field(&self) -> Value;
}

impl ToField for String {
    fn to_field(&self) -> Value {
        Value::String(self.clone())
    }
}

impl ToField for bool {
    fn to_field(&self) -> Value {
        Value::Bool(*self)
    }
}

impl<T: ToField> ToField for Vec<T> {
    fn to_field(&self) -> Value {
        let mut items = Vec::with_capacity(self.len());
        for item in self {
            items.push(item.to_field());
        }
        Value::Array(items)
    }
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

/// A refusal of `value`: "must be `what`, not" the value as it reads.
pub fn must(what: &str, value: &Value) -> String {
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
        let mut out = Vec::new();
        each_item(value, &mut |item| {
            out.push(T::from_value(item)?);
            Ok(())
        })?;
        Ok(out)
    }
}

/// Reads each item of the list `value` with `read`; a refusal names the item.
/// Kept apart from the typed reading, so each item type adds little more
/// than its own reader to the browser build.
#[inline(never)]
fn each_item(
    value: &Value,
    read: &mut dyn FnMut(&Value) -> Result<(), String>,
) -> Result<(), String> {
    let items = value.as_array().ok_or_else(|| must("a list", value))?;
    for (i, item) in items.iter().enumerate() {
        read(item).map_err(|m| format!("item {}: {m}", i + 1))?;
    }
    Ok(())
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
    match value.as_str() {
        Some(word) => words
            .iter()
            .position(|w| *w == word)
            .ok_or_else(|| format!("'{word}' is not one of {}", joined(words, ", "))),
        None => Err(must(&format!("one of {}", joined(words, ", ")), value)),
    }
}

/// `words` with `between` between each two. Written out because the
/// standard `join` is a generic copy routine that weighs several times more
/// in the browser build.
pub fn joined<S: AsRef<str>>(words: &[S], between: &str) -> String {
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            out.push_str(between);
        }
        out.push_str(word.as_ref());
    }
    out
}

/// A nested object reads like a record; its refusal names the inner field.
pub fn nested<T: ReadFields>(value: &Value) -> Result<T, String> {
    T::read_fields(object(value)?).map_err(inner_refusal)
}

// The parts of `nested` that do not depend on the type, kept out of line
// so each nested type adds only a few instructions to the browser build.
#[inline(never)]
fn object(value: &Value) -> Result<&Fields, String> {
    value.as_object().ok_or_else(|| must("an object", value))
}

#[inline(never)]
fn inner_refusal(refused: FieldError) -> String {
    refused.to_string()
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

/// Reads a whole object with `read`, which reads each field with
/// `read_field` and stops at the first one refused; that refusal is the error.
pub fn read_object<T>(read: impl FnOnce(&mut FieldError) -> Option<T>) -> Result<T, FieldError> {
    let mut refused = FieldError::new(String::new(), String::new());
    read(&mut refused).ok_or(refused)
}

/// Reads one field (`snake` is its Rust name; `default` is used when it is
/// absent): `None` when the field is refused, with the refusal left in
/// `refused`. Only a flag passes back to the reader, so each field of each
/// object adds a few instructions to the browser build instead of the moves
/// of a whole `Result`.
pub fn read_field<T: FromField>(
    fields: &Fields,
    snake: &str,
    default: Option<fn() -> T>,
    refused: &mut FieldError,
) -> Option<T> {
    match lookup(fields, snake) {
        Some(value) => match T::from_value(value) {
            Ok(read) => Some(read),
            Err(message) => {
                refuse(refused, snake, message);
                None
            }
        },
        None => match default {
            Some(default) => Some(default()),
            None => T::absent().or_else(|| {
                refuse(refused, snake, "is required".into());
                None
            }),
        },
    }
}

// The parts of `read_field` that do not depend on the type, kept out of line
// so each field type adds only a few instructions to the browser build.
#[inline(never)]
fn lookup<'a>(fields: &'a Fields, snake: &str) -> Option<&'a Value> {
    fields.get(&camel(snake))
}

#[inline(never)]
fn refuse(refused: &mut FieldError, snake: &str, message: String) {
    *refused = FieldError::new(camel(snake), message);
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
                $crate::records::read::read_object(|refused| Some(Self {
                    $( $field: $crate::records::read::read_field(
                        fields,
                        stringify!($field),
                        $crate::records::read::record!(@default $($default)?),
                        refused,
                    )?, )+
                }))
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
        $out.push((stringify!($field), $crate::records::read::ToField::to_field(&value)));
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

    #[test]
    fn values_of_fields_left_out_are_their_serde_json() {
        use crate::records::shopping::ItemCategory;
        use crate::records::wellness::MealType;
        fn same_as_serde<T: ToField + serde::Serialize>(value: T) {
            assert_eq!(Some(value.to_field()), serde_json::to_value(&value).ok());
        }
        same_as_serde("active".to_string());
        same_as_serde(false);
        same_as_serde(ItemCategory::Other);
        same_as_serde(vec![MealType::QuickPrep, MealType::RawFoods]);
        same_as_serde(Vec::<String>::new());
    }
}
