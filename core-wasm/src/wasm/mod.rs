//! The browser's side of the core, the only code that touches wasm-bindgen
//! (serde-wasm-bindgen at the boundary). The browser gets three modules from
//! this crate, one per build: the core (built with neither feature below),
//! which the first screen needs; the tools (`tools`): timers, weight progress,
//! plans and shopping lists, loaded by the pages that use them; and the
//! entitlement checks (`premium`), loaded by a device that keeps an
//! entitlement. Splitting them keeps the first screen's download small.
//!
//! - `core`: records, dates, the week, rotation and scores.
//! - `tools`: timers, weight progress, meal plans, shopping lists, the
//!   archive's offline search and the account forms' rules.
//! - `premium`: a cached entitlement's check and when to check again.

// The premium module needs none of the helpers below.
#![cfg_attr(
    all(feature = "premium", not(feature = "tools")),
    allow(dead_code, unused_imports)
)]

#[cfg(not(any(feature = "tools", feature = "premium")))]
mod core;
#[cfg(feature = "premium")]
mod premium;
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
