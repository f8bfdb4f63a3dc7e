//! The shapes of the premium content kinds (spec part 1 section 3 and part 2
//! section 3): the premium exercise routines, home remedies, the biohack
//! glossary and the reading library, and the difficulty levels they share
//! with the daily exercises.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Beginner,
    Intermediate,
    Advanced,
}

/// A premium exercise routine: a warm-up, the main exercises and a cool-down.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
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
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
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

/// The remedies for one symptom, and the words people use for it.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemedyEntry {
    id: String,
    symptom: String,
    synonyms: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    message: Option<String>,
    primary_remedies: Vec<Remedy>,
    additional_support: Vec<String>,
    avoid_list: Vec<String>,
    when_to_seek_care: String,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Remedy {
    name: String,
    ingredients: Vec<String>,
    instructions: String,
    benefits: String,
    timing: String,
}

/// A biohack glossary category and its techniques.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
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

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
pub enum TechniqueLevel {
    Beginner,
    Intermediate,
    Advanced,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
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
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
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
