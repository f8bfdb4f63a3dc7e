//! The first screen's module: record checks and ids, dates, the week strip,
//! rotation and wellness scores.

use super::{dated, parse, value_of};
use crate::{
    Date, rotation_index, week_strip_with_rest, weekly_average, wellness_grade, wellness_total,
};
use manna_sync_protocol::{FieldError, Table};
use wasm_bindgen::prelude::*;

mod shapes;

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
        Err(e) => Ok(shapes::field_error(&e)),
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
        Err(e) => shapes::field_error(&e),
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

/// Day of the year (1 January is 1) of a local `YYYY-MM-DD` date.
#[wasm_bindgen(js_name = dayOfYear)]
pub fn day_of_year(date: &str) -> Result<u32, JsError> {
    Ok(parse(date)?.day_of_year())
}

/// The local `YYYY-MM-DD` date of an instant, given the local UTC offset in minutes.
#[wasm_bindgen(js_name = localDate)]
pub fn local_date(epoch_ms: f64, utc_offset_minutes: i32) -> String {
    Date::from_epoch_ms(epoch_ms as i64, utc_offset_minutes).to_string()
}

/// `YYYY-MM-DD` of `date` plus `days`.
#[wasm_bindgen(js_name = addDays)]
pub fn add_days(date: &str, days: i32) -> Result<String, JsError> {
    Ok(parse(date)?.add_days(i64::from(days)).to_string())
}

/// The day of a plan of `length` days started on `start` that `today` is:
/// 1 on its start date (and before it), never past its last. A start that
/// is not a date is refused (an error costs this module fewer bytes than
/// an `Option`; the app's wrapper makes it `undefined`).
#[wasm_bindgen(js_name = planDay)]
pub fn plan_day(start: &str, today: &str, length: u32) -> Result<u32, JsError> {
    Ok(crate::days::plan_day(parse(start)?, parse(today)?, length))
}

/// The week strip for `today`, given the dates on which the app was opened
/// and the person's rest day (0 = Monday … 6 = Sunday), if any.
#[wasm_bindgen(js_name = weekStrip)]
pub fn week_strip_js(
    today: &str,
    visited: Vec<String>,
    rest_day: Option<u32>,
) -> Result<JsValue, JsError> {
    let visited: Vec<Date> = visited.iter().filter_map(|v| v.parse().ok()).collect();
    let strip = week_strip_with_rest(parse(today)?, &visited, rest_day);
    Ok(shapes::week_strip(&strip))
}

/// Total and grade of the five wellness ratings: `{ score, grade }`.
#[wasm_bindgen(js_name = wellnessScore)]
pub fn wellness_score(ratings: Vec<u32>) -> Result<JsValue, JsError> {
    let score = wellness_total(&ratings).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(shapes::scored(score, wellness_grade(score)))
}

/// The average score of the 7 days up to `to`, from parallel lists.
#[wasm_bindgen(js_name = weeklyAverage)]
pub fn weekly_average_js(
    dates: Vec<String>,
    scores: Vec<u32>,
    to: &str,
) -> Result<JsValue, JsError> {
    let week = weekly_average(&dated(&dates, scores), parse(to)?);
    Ok(shapes::weekly_average(&week))
}

/// Index of the item a date shows from a list of `count` items (-1 when empty).
#[wasm_bindgen(js_name = rotationIndex)]
pub fn rotation_index_js(date: &str, count: u32, salt: &str) -> Result<i32, JsError> {
    Ok(rotation_index(parse(date)?, count as usize, salt).map_or(-1, |i| i as i32))
}
