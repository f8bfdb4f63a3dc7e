//! The first screen's module: dates, the week strip, rotation and wellness
//! scores. A record's checks, id and defaults are the records module's.

use super::{dated, parse};
use crate::{
    Date, rotation_index, week_strip_with_rest, weekly_average, wellness_grade, wellness_total,
};
use wasm_bindgen::prelude::*;

mod shapes;

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
