//! The values crossing to and from the browser for the tools and the search
//! modules: what it passes read as JSON values (and from them field by
//! field), results given back as plain objects.

use crate::wasm::{js_of, value_of};
use manna_sync_protocol::records::read::FromField;
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// A result as the browser gets it: the JSON value serde makes of it, as
/// plain objects, arrays, numbers and strings. Going through the JSON value
/// shares one serializer with the rest of the module, where a serializer
/// straight to browser values would add its own code for every type; an
/// object's keys come in the JSON value's (sorted) order.
pub(super) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let value = crate::json_value::to_value(value)
        .map_err(|_| JsError::new("a result that JSON cannot hold"))?;
    js_of(&value)
}

/// The browser's value `what` read as `T`; a refusal names `what` first.
pub(super) fn read<T: FromField>(what: &str, js: &JsValue) -> Result<T, JsError> {
    T::from_value(&value_of(js)).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// The browser's list `what`, each item as parsed JSON.
pub(super) fn list(what: &str, js: &JsValue) -> Result<Vec<Value>, JsError> {
    match value_of(js) {
        Value::Array(items) => Ok(items),
        _ => Err(JsError::new(&format!("{what}: must be a list"))),
    }
}
