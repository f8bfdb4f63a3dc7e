//! The browser's side of the core, the only code that touches wasm-bindgen
//! (serde-wasm-bindgen at the boundary). The browser gets two modules from
//! this crate: the core (built without the `tools` feature), which the first
//! screen needs, and the tools (built with it): timers, weight progress, plans
//! and shopping lists, loaded by the pages that use them. Splitting them keeps
//! the first screen's download small.
//!
//! - `core`: records, dates, the week, rotation, scores and entitlements.
//! - `tools`: timers, weight progress, meal plans, shopping lists, the
//!   archive's offline search and the account forms' rules.

#[cfg(not(feature = "tools"))]
mod core;
#[cfg(feature = "tools")]
mod tools;

use crate::Date;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn parse(date: &str) -> Result<Date, JsError> {
    date.parse::<Date>().map_err(|e| JsError::new(&e.0))
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
