//! The records module: a record's checks by the same rules as the server's,
//! its id and its table's defaults, which a write needs and the first screen
//! does not (the app loads it once the first screen is up).

use super::{js_of, parse, value_of};
use manna_sync_protocol::{FieldError, Table};
use wasm_bindgen::prelude::*;

/// `{ field, message }`.
fn field_error(e: &FieldError) -> JsValue {
    let object = super::plain_object();
    object.set("field", &JsValue::from_str(&e.field));
    object.set("message", &JsValue::from_str(&e.message));
    object.into()
}

fn table(name: &str) -> Result<Table, JsError> {
    Table::from_name(name).ok_or_else(|| JsError::new(&format!("no synced table '{name}'")))
}

/// Checks a whole record before it is written: `undefined` when valid,
/// else `{ field, message }` (the same words the server would refuse with).
#[wasm_bindgen(js_name = validateRecord)]
pub fn validate_record(table_name: &str, id: &str, fields: JsValue) -> Result<JsValue, JsError> {
    let serde_json::Value::Object(fields) = value_of(&fields) else {
        return Err(JsError::new("fields: must be an object"));
    };
    // A group's records are checked by the groups' module.
    let outcome = table(table_name)?.validate_own(id, &fields);
    match outcome {
        Ok(()) => Ok(JsValue::UNDEFINED),
        Err(e) => Ok(field_error(&e)),
    }
}

/// Refuses a day still to come after `today` (the device's own) in a field
/// that holds a day already come, unless `current` (the record as stored, if
/// any) already held it: `undefined`, else `{ field, message }`.
#[wasm_bindgen(js_name = checkDays)]
pub fn check_days(
    table_name: &str,
    fields: JsValue,
    current: JsValue,
    today: &str,
) -> Result<JsValue, JsError> {
    let serde_json::Value::Object(fields) = value_of(&fields) else {
        return Err(JsError::new("fields: must be an object"));
    };
    let current = match value_of(&current) {
        serde_json::Value::Object(current) => Some(current),
        _ => None,
    };
    let checked = table(table_name)?.check_days(&fields, current.as_ref(), parse(today)?);
    Ok(match checked {
        Ok(()) => JsValue::UNDEFINED,
        Err(e) => field_error(&e),
    })
}

/// The id of a new record of `table` with these fields: from its date or
/// key fields where the table names records by them, otherwise the
/// table's prefix and `random` (letters and digits).
#[wasm_bindgen(js_name = recordId)]
pub fn record_id(table_name: &str, fields: JsValue, random: &str) -> Result<String, JsError> {
    let serde_json::Value::Object(fields) = value_of(&fields) else {
        return Err(JsError::new("fields: must be an object"));
    };
    table(table_name)?
        .id_scheme()
        .new_id(&fields, random)
        .map_err(|e: FieldError| JsError::new(&e.to_string()))
}

/// A new record's fields with its table's defaults for what they leave out
/// (`now_iso` is the time of the write).
#[wasm_bindgen(js_name = withDefaults)]
pub fn with_defaults(table_name: &str, fields: JsValue, now_iso: &str) -> Result<JsValue, JsError> {
    let serde_json::Value::Object(mut fields) = value_of(&fields) else {
        return Err(JsError::new("fields: must be an object"));
    };
    table(table_name)?.fill_defaults(&mut fields, now_iso);
    super::js_of(&serde_json::Value::Object(fields))
}
