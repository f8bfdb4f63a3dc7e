//! # manna-core
//!
//! Pure rules shared by the server (as a Rust library) and the PWA (compiled to
//! WebAssembly). Nothing here reads a clock, the network or a random source:
//! dates and seeds are arguments, so the same call gives the same answer in both
//! places.
//!
//! Record rules (shapes, limits, enums, the wellness grade, id schemes) live in
//! `manna_sync_protocol`, the crate below this one; the browser reaches them
//! through the exports here (`validateRecord`, `recordId`, `wellnessScore`).
//!
//! # Layout
//! - `calendar`: the date type (from `manna_sync_protocol::date`).
//! - `days`: counting days from a start date (a plan's day 1 is the date it
//!   starts) and the first day of a span ending on a date.
//! - `archive`: what the archive shows and finds, on the server and offline.
//! - `week`: the Monday-to-Sunday journey strip and its streak.
//! - `rotation`: which content item a date shows.
//! - `seasons`: the seasons a food is in, and the rotation that keeps each
//!   food to its season.
//! - `church_year`: Easter, the seasons, and which reading a date shows.
//! - `scripture`: the books of the Bible, a reference's passage, and verse search.
//! - `scoring`: weight progress and the weekly wellness average.
//! - `premium`: entitlement tokens and the premium-cache rules.
//! - `flatjson`: a reader for the flat JSON of an entitlement token.
//! - `plans`: the two plans, their prices and the figures shown of them.
//! - `meals`: meal plans, personal 30-day plans and shopping lists.
//! - `order`: stable sorting, built once for every type sorted.
//! - `json_value`: any serde value as a JSON value, with little code per type.
//! - `journal_lock`: a locked journal's format v1 (keys, sealed fields) and
//!   the steps a device takes with it (`steps`).
//! - `timer`: the countdown of meditation, prayer and exercise sessions.
//! - `wasm`: the browser's six modules (the core the first screen needs,
//!   the records' checks, the tools, the entitlement checks, the groups'
//!   rules, the journal's lock; one build each, chosen by the `records`,
//!   `tools`, `premium`, `groups` and `journal` features), the only place
//!   that touches wasm-bindgen.

pub mod archive;
pub mod church_year;
pub mod days;
pub mod flatjson;
#[cfg(any(feature = "journal", not(target_arch = "wasm32")))]
pub mod journal_lock;
pub mod json_value;
pub mod meals;
pub mod order;
pub mod plans;
pub mod premium;
pub mod rotation;
pub mod scoring;
pub mod scripture;
pub mod seasons;
pub mod timer;
pub mod week;

pub use church_year::{ChurchDay, Slot, church_day};
pub use manna_sync_protocol::date as calendar;
pub use manna_sync_protocol::records::wellness::{Grade, wellness_grade, wellness_total};
pub use manna_sync_protocol::{Date, DateError};
pub use rotation::rotation_index;
pub use scoring::{
    ScoreCheck, ScoreHistory, Trend, WeeklyAverage, WeightPoint, WeightProgress, score_history,
    weekly_average, weight_chart, weight_progress,
};
pub use week::{Streak, WeekDay, WeekStrip, streak, week_strip, week_strip_with_rest};

// Talc instead of the default dlmalloc: same job, a fraction of the bytes.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
mod wasm;
