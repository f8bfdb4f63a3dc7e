//! Daily content: the versioned files under `server/content/`, their copy in
//! SQLite, and which item each date shows.
//!
//! # Layout
//! - `kinds`: the kinds of content and the shape of their daily items.
//! - `list_shapes`: the shapes of the fixed lists (hymns, sessions, prompts, recipes).
//! - `day_shape`: a date's content as the API sends it.
//! - `studies`: the shape of a Bible study.
//! - `premium_shapes`: the premium content's shapes.
//! - `premium`: which routines a date features.
//! - `set`: the content in memory.
//! - `remedies`: home remedies and the symptom search.
//! - `meal_shapes`: a meal plan's shape in its content file.
//! - `meal_plans`: the wholistic meal plans and what members and others get of them.
//! - `files`: reading and checking the content files.
//! - `store`: loading them into SQLite when they changed.
//! - `served`: the set served now, and the answers encoded once (Home, the large lists).
//! - `archive`: the archive's search (the core's rules over the content).
//! - `readings`: which reading each day of the church year shows.
//! - `foods`: the food spotlights' seasons and their rotation.
//! - `days`: the item of a date, the day and home payloads, the archive.

pub mod archive;
mod day_shape;
mod days;
mod files;
mod foods;
pub mod kinds;
mod list_shapes;
pub mod meal_plans;
mod meal_shapes;
pub mod premium;
mod premium_shapes;
mod readings;
pub mod remedies;
mod served;
mod set;
mod store;
pub mod studies;

pub use day_shape::{Dated, DayContent};
pub use days::{
    archive, as_non_member, day_payload, full_item, home_payload, is_premium_only, item_for,
    items_in_turn,
};
pub use files::{ContentFiles, read_content_files, read_content_files_shared};
pub use kinds::*;
pub use list_shapes::*;
pub use premium::{routines, todays_routines};
pub use premium_shapes::*;
pub use served::{ListKey, Served};
pub use set::ContentSet;
pub use store::load_into_store;
pub use studies::*;
