//! Meal plans, personal 30-day plans and shopping lists, built from the
//! catalogue. The server builds them for its REST calls; the browser builds
//! the same ones offline through the plans WebAssembly module.
//!
//! # Layout
//! - `quantity`: amounts and units, adding them up and wording them.
//! - `buying`: what a shopper buys of an amount, the rule per unit.
//! - `catalogue`: ingredients, recipes, moves, verses, themes, tips, pantry.
//! - `diet`: what restrictions, allergies and dislikes leave out.
//! - `pick`: the seeded order recipes are served in.
//! - `menu`: a meal as a day shows it; catalogue meal plans and swapping meals.
//! - `fitness`: a day's workout.
//! - `generate`: the two personal plans from a wellness goal.
//! - `shopping`: a shopping list from days of meals.
//! - `lists`: the lists a person generates (a plan's week, pantry, calendar).
//! - `fallback`: the built-in text for a field a plan leaves out.
//! - `read`: the catalogue and a plan's days read from JSON.
//! - `records`: generated plans and lists as records ready to save.

pub mod buying;
pub mod catalogue;
pub mod diet;
pub mod fallback;
pub mod fitness;
pub mod generate;
pub mod lists;
pub mod menu;
pub mod pick;
pub mod quantity;
pub mod read;
pub mod records;
pub mod shopping;

#[cfg(test)]
mod tests;

pub use catalogue::Catalogue;
pub use diet::Exclusions;
pub use generate::{PLAN_DAYS, Plan, generate, tagged_days};
pub use lists::{ListKind, NamedList, calendar_lists, week_list};
pub use menu::{MenuDay, MenuSource, PersonalDay, personalise};
pub use records::{ListOrigin, list_records, plan_records, value_of};
pub use shopping::{BuiltItem, BuiltList, build_from_lines, build_list};

use crate::Date;
use crate::days::{date_of_day, day_of};
use manna_sync_protocol::FieldError;
use manna_sync_protocol::records::read::{Fields, ReadFields};
use manna_sync_protocol::records::wellness::WellnessGoal;

/// The plans of a wellness goal given as its record's fields.
pub fn plans_for_goal(
    catalogue: &Catalogue,
    goal: &Fields,
    seed: &str,
) -> Result<[Plan; 2], FieldError> {
    Ok(generate(catalogue, &WellnessGoal::read_fields(goal)?, seed))
}

/// Days the shopping calendar covers, from today.
pub const CALENDAR_DAYS: u32 = 30;
/// Weekly lists the calendar makes.
pub const CALENDAR_WEEKS: u32 = 4;

/// The calendar week (1 to 4) of day `day` (1 to 30): ceil(day / 7), with the
/// last two days (29 and 30) in the fourth week's list, so four lists cover
/// all thirty days.
pub fn calendar_week(day: u32) -> u32 {
    day.max(1).div_ceil(7).min(CALENDAR_WEEKS)
}

/// The calendar's day (1 to 30) that `date` is, of a calendar that starts on
/// `start`; none before its first day or after its last.
pub fn calendar_day(start: Date, date: Date) -> Option<u32> {
    u32::try_from(day_of(start, date))
        .ok()
        .filter(|day| (1..=CALENDAR_DAYS).contains(day))
}

/// The calendar week (1 to 4) that `date` is in, of a calendar that starts
/// on `start`; none outside its 30 days.
pub fn calendar_week_of(start: Date, date: Date) -> Option<u32> {
    calendar_day(start, date).map(calendar_week)
}

/// The first and last dates of calendar week `week` (1 to 4) of a calendar
/// that starts on `start`: seven days each, the fourth with the calendar's
/// last two days as well (as [`calendar_week`] counts them).
pub fn calendar_week_dates(start: Date, week: u32) -> (Date, Date) {
    let week = i64::from(week);
    let last = if week >= i64::from(CALENDAR_WEEKS) {
        i64::from(CALENDAR_DAYS)
    } else {
        7 * week
    };
    (
        date_of_day(start, 7 * (week - 1) + 1),
        date_of_day(start, last),
    )
}

/// Indexes (from 0) into a plan of `len` days of the days in calendar week
/// `week`: a shorter plan starts again after its last day.
pub fn calendar_week_days(len: usize, week: u32) -> Vec<usize> {
    if len == 0 {
        return Vec::new();
    }
    (1..=CALENDAR_DAYS)
        .filter(|d| calendar_week(*d) == week)
        .map(|d| (d as usize - 1) % len)
        .collect()
}

/// Days `from..=to` (from 1) of a plan of `len` days: a shorter plan starts
/// again after its last day, so a 7-day plan fills a 30-day calendar.
pub fn day_numbers(len: usize, from: u32, to: u32) -> Vec<usize> {
    if len == 0 {
        return Vec::new();
    }
    (from.max(1)..=to).map(|d| (d as usize - 1) % len).collect()
}

/// The pantry guide as a shopping list.
pub fn pantry_list(catalogue: &Catalogue, exclusions: &Exclusions) -> BuiltList {
    let lines = catalogue
        .pantry
        .iter()
        .flat_map(|g| g.items.iter().map(move |l| (g.title.as_str(), l.as_str())));
    build_from_lines(catalogue, lines, exclusions)
}
