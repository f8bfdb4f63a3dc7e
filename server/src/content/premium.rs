//! The shapes of the premium content kinds: the premium exercise routines
//! (spec part 1 section 3), and which routines a date features.

use super::kinds::{Difficulty, Kind};
use super::store::ContentSet;
use manna_core::{Date, rotation_index};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ts_rs::TS;

/// A premium exercise routine: a warm-up, the main exercises and a cool-down.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PremiumRoutine {
    id: String,
    title: String,
    description: String,
    difficulty_level: Difficulty,
    /// As shown: "25 minutes".
    duration: String,
    /// The guided session's length.
    duration_minutes: u16,
    equipment: Vec<String>,
    target_muscles: Vec<String>,
    warmup_exercises: Vec<String>,
    main_exercises: Vec<MainExercise>,
    cooldown_exercises: Vec<String>,
    rest_periods: String,
    /// A KJV verse (checked by the content tests) and a thought for the session.
    spiritual_focus: String,
    tips: Vec<String>,
    benefits: String,
}

/// One exercise of a routine's main part.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MainExercise {
    name: String,
    sets: u16,
    reps: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    duration: Option<String>,
    instructions: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    modifications: Vec<String>,
}

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

/// A biohack glossary category and its techniques.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GlossaryCategory {
    id: String,
    title: String,
    description: String,
    icon: String,
    /// A gradient, as the spec names it ("from-amber-400 to-orange-500").
    color: String,
    techniques: Vec<Technique>,
}

#[derive(Debug, Serialize, Deserialize, TS)]
pub enum TechniqueLevel {
    Beginner,
    Intermediate,
    Advanced,
}

#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Technique {
    name: String,
    description: String,
    how_to: String,
    benefits: Vec<String>,
    difficulty: TechniqueLevel,
    time_required: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    equipment: Vec<String>,
    tips: Vec<String>,
    warnings: Vec<String>,
}

/// A reading in the premium library: a public-domain Christian work, a
/// summary written for Manna and a search for it on Project Gutenberg (a
/// search address, so it cannot point at a page that does not exist).
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LibraryReading {
    id: String,
    title: String,
    author: String,
    topic: String,
    category: String,
    description: String,
    url: String,
}
