//! The browser's side of the core, the only code that touches wasm-bindgen.
//! What the browser passes is read as JSON values (`value_of`) and results go
//! back as plain objects (`js_of`; the core module builds its few results by
//! hand, see `core/shapes.rs`). The browser gets seven modules from this
//! crate, one per build: the core (built with none of the features below),
//! which the first screen needs; the records (`records`): a record's checks,
//! id and defaults, loaded once the first screen is up; the tools (`tools`): timers,
//! weight progress, plans and shopping lists, loaded by the pages that use
//! them; the search (`search`), loaded by the archive's and the reader's
//! searches with no signal; the entitlement checks (`premium`), loaded by a
//! device that keeps an entitlement; the groups' rules (`groups`), loaded by
//! the pages of groups; and the journal's lock (`journal`), loaded by a
//! locked journal.
//! Splitting them keeps the first screen's download small.
//!
//! - `core`: dates, the week, rotation and scores.
//! - `records`: a record's checks by the server's rules, its id, its
//!   table's defaults.
//! - `tools`: timers, weight progress, meal plans, shopping lists and the
//!   account forms' rules.
//! - `search`: the archive and the Bible searched on the device.
//! - `premium`: a cached entitlement's check and when to check again.
//! - `groups`: a shared record's check, who may write what in a group, where
//!   a request stands, an invitation code's shape.
//! - `journal`: a passphrase's key, the journal key wrapped and opened, an
//!   entry's fields sealed and opened.

// Each module but the tools needs only some of the helpers below.
#![cfg_attr(not(feature = "tools"), allow(dead_code, unused_imports))]

#[cfg(not(any(
    feature = "tools",
    feature = "search",
    feature = "premium",
    feature = "groups",
    feature = "journal",
    feature = "records"
)))]
mod core;
#[cfg(feature = "groups")]
mod groups;
#[cfg(feature = "journal")]
mod journal;
#[cfg(feature = "premium")]
mod premium;
#[cfg(feature = "records")]
mod records;
#[cfg(feature = "search")]
mod search;
#[cfg(feature = "tools")]
mod tools;
#[cfg(any(feature = "tools", feature = "search"))]
mod values;

use crate::Date;
use wasm_bindgen::prelude::*;

fn parse(date: &str) -> Result<Date, JsError> {
    date.parse::<Date>().map_err(|e| JsError::new(&e.0))
}

/// A browser value as `JSON.stringify` would send it, read without a JSON
/// text parser (which would weigh more than the rules that read the value):
/// whole numbers within JavaScript's safe range become integers, `undefined`
/// members are left out, and what JSON cannot hold becomes `null`.
fn value_of(js: &JsValue) -> serde_json::Value {
    use serde_json::{Map, Number, Value};
    const SAFE: f64 = 9_007_199_254_740_991.0;
    if let Some(b) = js.as_bool() {
        Value::Bool(b)
    } else if let Some(n) = js.as_f64() {
        if n.fract() == 0.0 && n.abs() <= SAFE {
            Value::from(n as i64)
        } else {
            Number::from_f64(n).map_or(Value::Null, Value::Number)
        }
    } else if let Some(s) = js.as_string() {
        Value::String(s)
    } else if js_sys::Array::is_array(js) {
        Value::Array(
            js_sys::Array::from(js)
                .iter()
                .map(|v| value_of(&v))
                .collect(),
        )
    } else if js.is_object() {
        let mut members = Map::new();
        for entry in js_sys::Object::entries(js.unchecked_ref()).iter() {
            let entry = js_sys::Array::from(&entry);
            let (key, member) = (entry.get(0), entry.get(1));
            if !member.is_undefined() {
                members.insert(key.as_string().unwrap_or_default(), value_of(&member));
            }
        }
        Value::Object(members)
    } else {
        Value::Null
    }
}

#[wasm_bindgen]
extern "C" {
    /// A plain JavaScript object, written to key by key.
    #[wasm_bindgen(extends = js_sys::Object)]
    type PlainObject;

    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &PlainObject, key: &str, value: &JsValue);
}

/// A new, empty plain object.
fn plain_object() -> PlainObject {
    js_sys::Object::new().unchecked_into()
}

/// A JSON value as a browser value: objects and arrays as plain ones, numbers
/// as JavaScript numbers, and a whole number beyond JavaScript's safe range
/// refused rather than rounded.
fn js_of(value: &serde_json::Value) -> Result<JsValue, JsError> {
    use serde_json::Value;
    const SAFE: u64 = 9_007_199_254_740_991;
    Ok(match value {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => {
            let unsafe_whole = match (n.as_i64(), n.as_u64()) {
                (Some(i), _) if i.unsigned_abs() > SAFE => Some(i.to_string()),
                (None, Some(u)) => Some(u.to_string()),
                _ => None,
            };
            if let Some(n) = unsafe_whole {
                return Err(JsError::new(&format!(
                    "Error: {n} can't be represented as a JavaScript number"
                )));
            }
            JsValue::from_f64(n.as_f64().unwrap_or(0.0))
        }
        Value::String(s) => JsValue::from_str(s),
        Value::Array(items) => {
            let array = js_sys::Array::new();
            for item in items {
                array.push(&js_of(item)?);
            }
            array.into()
        }
        Value::Object(members) => {
            let object = plain_object();
            for (key, member) in members {
                object.set(key, &js_of(member)?);
            }
            object.into()
        }
    })
}

/// Dated values from parallel lists of dates and values; a date that does not
/// parse is passed over, as a day the person never recorded.
fn dated(dates: &[String], values: Vec<u32>) -> Vec<(Date, u32)> {
    dates
        .iter()
        .zip(values)
        .filter_map(|(d, v)| d.parse().ok().map(|d| (d, v)))
        .collect()
}
