//! Which premium routines a date features.

use super::kinds::Kind;
use super::set::ContentSet;
use manna_core::{Date, rotation_index};
use serde_json::{Value, json};

/// The levels, in the order the spec shows them.
pub const LEVELS: [&str; 3] = ["beginner", "intermediate", "advanced"];

/// The routines of `level` (all of them for none), each with the `date` it was
/// last a workout of the day, up to `today`: newest first. Each level's
/// routines take turns (one a day), so within one turn every routine has
/// exactly one such date.
pub fn routines(set: &ContentSet, level: Option<&str>, today: Date) -> Vec<Value> {
    let mut out: Vec<Value> = LEVELS
        .iter()
        .filter(|l| level.is_none_or(|wanted| wanted == **l))
        .flat_map(|l| {
            let of_level = of_level(set, l);
            let turn = of_level.len() as i64;
            (0..turn).filter_map(move |back| {
                let date = today.add_days(-back);
                featured(&of_level, l, date).map(|item| dated(item, date))
            })
        })
        .collect();
    out.sort_by(|a, b| b["date"].as_str().cmp(&a["date"].as_str()));
    out
}

/// Today's premium workouts: one of each level, beginner first.
pub fn todays_routines(set: &ContentSet, today: Date) -> Vec<Value> {
    LEVELS
        .iter()
        .filter_map(|l| featured(&of_level(set, l), l, today).map(|item| dated(item, today)))
        .collect()
}

fn of_level<'a>(set: &'a ContentSet, level: &str) -> Vec<&'a Value> {
    set.items(Kind::PremiumExercises)
        .iter()
        .filter(|r| r["difficultyLevel"] == level)
        .collect()
}

fn featured<'a>(of_level: &[&'a Value], level: &str, date: Date) -> Option<&'a Value> {
    let salt = format!("{}-{level}", Kind::PremiumExercises.slug());
    rotation_index(date, of_level.len(), &salt).map(|i| of_level[i])
}

fn dated(item: &Value, date: Date) -> Value {
    let mut item = item.clone();
    item["date"] = json!(date.to_string());
    item
}
