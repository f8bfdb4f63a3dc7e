//! The eight kinds of daily content, their API paths and their item shapes.
//!
//! Each item type lists the fields of spec part 1 section 3 under their JSON
//! names; unknown fields in a content file are refused so typos cannot hide.

use super::list_shapes::{
    JournalPrompt, MeditationSession, PrayerSession, Recipe, WorshipSong, premium_flag,
};
use super::premium_shapes::{
    Difficulty, GlossaryCategory, LibraryReading, PremiumRoutine, RemedyEntry,
};
use super::studies::BibleStudy;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    BibleReadings,
    HealthTips,
    FoodSpotlights,
    ExerciseSuggestions,
    Biohacks,
    HealthyHomeTips,
    BiblicalFoods,
    HealthySnacks,
    /// Fixed lists, not one a day: the worship page's hymns, and the guided
    /// meditation and prayer sessions.
    WorshipSongs,
    MeditationSessions,
    PrayerSessions,
    /// Recipe ideas, at least three for every food spotlight.
    Recipes,
    /// The Bible Study Center's study of each reading.
    BibleStudies,
    /// Premium only (never through the public list calls): the premium
    /// exercise routines.
    PremiumExercises,
    /// The prayer journal's prompts.
    JournalPrompts,
    /// Premium only: home remedies by symptom.
    HomeRemedies,
    /// Premium only: the biohack glossary's categories and techniques.
    BiohackCategories,
    /// Premium only: the reading library.
    PremiumLibrary,
    /// The wholistic meal plans: free ones whole, premium ones whole only
    /// through their own calls to members (see `meal_plans`).
    MealPlans,
}

impl Kind {
    /// Every kind of content file.
    pub const ALL: [Kind; 19] = [
        Kind::BibleReadings,
        Kind::HealthTips,
        Kind::FoodSpotlights,
        Kind::ExerciseSuggestions,
        Kind::Biohacks,
        Kind::HealthyHomeTips,
        Kind::BiblicalFoods,
        Kind::HealthySnacks,
        Kind::WorshipSongs,
        Kind::MeditationSessions,
        Kind::PrayerSessions,
        Kind::Recipes,
        Kind::BibleStudies,
        Kind::PremiumExercises,
        Kind::JournalPrompts,
        Kind::HomeRemedies,
        Kind::BiohackCategories,
        Kind::PremiumLibrary,
        Kind::MealPlans,
    ];

    /// The kinds that show one item a day (Home's cards, the day payload).
    pub const DAILY: [Kind; 8] = [
        Kind::BibleReadings,
        Kind::HealthTips,
        Kind::FoodSpotlights,
        Kind::ExerciseSuggestions,
        Kind::Biohacks,
        Kind::HealthyHomeTips,
        Kind::BiblicalFoods,
        Kind::HealthySnacks,
    ];

    pub fn is_daily(self) -> bool {
        Kind::DAILY.contains(&self)
    }

    /// Kinds sent to premium members only, through their own calls.
    pub fn is_premium_kind(self) -> bool {
        matches!(
            self,
            Kind::PremiumExercises
                | Kind::HomeRemedies
                | Kind::BiohackCategories
                | Kind::PremiumLibrary
        )
    }

    /// The fields of this kind's premium items (`isPremium` 1) that only
    /// premium members receive; others get them as null.
    pub fn premium_fields(self) -> &'static [&'static str] {
        match self {
            Kind::Biohacks => &[
                "description",
                "duration",
                "howTo",
                "benefits",
                "scientificBasis",
            ],
            Kind::MeditationSessions | Kind::PrayerSessions => &["scriptContent"],
            _ => &[],
        }
    }

    /// The path segment under `/api/`, the content file stem and the rotation salt.
    pub fn slug(self) -> &'static str {
        match self {
            Kind::BibleReadings => "bible-readings",
            Kind::HealthTips => "health-tips",
            Kind::FoodSpotlights => "food-spotlights",
            Kind::ExerciseSuggestions => "exercise-suggestions",
            Kind::Biohacks => "biohacks",
            Kind::HealthyHomeTips => "healthy-home-tips",
            Kind::BiblicalFoods => "biblical-foods",
            Kind::HealthySnacks => "healthy-snacks",
            Kind::WorshipSongs => "worship-songs",
            Kind::MeditationSessions => "meditation-sessions",
            Kind::PrayerSessions => "prayer-sessions",
            Kind::Recipes => "recipes",
            Kind::BibleStudies => "bible-studies",
            Kind::PremiumExercises => "premium-exercises",
            Kind::JournalPrompts => "journal-prompts",
            Kind::HomeRemedies => "home-remedies",
            Kind::BiohackCategories => "biohack-categories",
            Kind::PremiumLibrary => "premium-library",
            Kind::MealPlans => "meal-plans",
        }
    }

    /// The key of this kind in the day and home payloads.
    pub fn field(self) -> &'static str {
        match self {
            Kind::BibleReadings => "bibleReading",
            Kind::HealthTips => "healthTip",
            Kind::FoodSpotlights => "foodSpotlight",
            Kind::ExerciseSuggestions => "exerciseSuggestion",
            Kind::Biohacks => "dailyBiohack",
            Kind::HealthyHomeTips => "healthyHomeTip",
            Kind::BiblicalFoods => "biblicalFood",
            Kind::HealthySnacks => "healthySnack",
            Kind::WorshipSongs => "worshipSong",
            Kind::MeditationSessions => "meditationSession",
            Kind::PrayerSessions => "prayerSession",
            Kind::Recipes => "recipe",
            Kind::BibleStudies => "bibleStudy",
            Kind::PremiumExercises => "premiumExercise",
            Kind::JournalPrompts => "journalPrompt",
            Kind::HomeRemedies => "homeRemedy",
            Kind::BiohackCategories => "biohackCategory",
            Kind::PremiumLibrary => "libraryReading",
            Kind::MealPlans => "mealPlan",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.slug() == slug)
    }

    /// Checks one item against this kind's shape, returning it normalised.
    pub fn parse_item(self, item: Value) -> Result<Value, serde_json::Error> {
        fn typed<T: for<'de> Deserialize<'de> + Serialize>(
            v: Value,
        ) -> Result<Value, serde_json::Error> {
            serde_json::to_value(serde_json::from_value::<T>(v)?)
        }
        match self {
            Kind::BibleReadings => typed::<BibleReading>(item),
            Kind::HealthTips => typed::<HealthTip>(item),
            Kind::FoodSpotlights => typed::<FoodSpotlight>(item),
            Kind::ExerciseSuggestions => typed::<ExerciseSuggestion>(item),
            Kind::Biohacks => typed::<Biohack>(item),
            Kind::HealthyHomeTips => typed::<HomeTip>(item),
            Kind::BiblicalFoods => typed::<BiblicalFood>(item),
            Kind::HealthySnacks => typed::<HealthySnack>(item),
            Kind::WorshipSongs => typed::<WorshipSong>(item),
            Kind::MeditationSessions => typed::<MeditationSession>(item),
            Kind::PrayerSessions => typed::<PrayerSession>(item),
            Kind::Recipes => typed::<Recipe>(item),
            Kind::BibleStudies => typed::<BibleStudy>(item),
            Kind::PremiumExercises => typed::<PremiumRoutine>(item),
            Kind::JournalPrompts => typed::<JournalPrompt>(item),
            Kind::HomeRemedies => typed::<RemedyEntry>(item),
            Kind::BiohackCategories => typed::<GlossaryCategory>(item),
            Kind::PremiumLibrary => typed::<LibraryReading>(item),
            Kind::MealPlans => typed::<super::meal_shapes::MealPlanItem>(item),
        }
    }
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BibleReading {
    id: String,
    reference: String,
    verse: String,
    reflection: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    cs_lewis_quote: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    quote_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    prayer: Option<String>,
    /// The day of the church year it is read on (`manna_core::Slot::key`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    slot: Option<String>,
    /// The book or series an ordinary day's reading walks through ("Mark").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    series: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HealthTip {
    id: String,
    category: String,
    title: String,
    content: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    quick_action: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    sources: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FoodSpotlight {
    id: String,
    name: String,
    season: String,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    benefits: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    preparation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    sources: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExerciseSuggestion {
    id: String,
    category: String,
    title: String,
    description: String,
    duration: String,
    difficulty: Difficulty,
    benefits: String,
    /// A verse and thought to carry through the exercise.
    spiritual_component: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    instructions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    sources: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BiohackCategory {
    LightTherapy,
    Grounding,
    Breathwork,
    ColdTherapy,
    Mindfulness,
    /// The spec's `detoxification`: what these are is care of the home.
    HealthyHome,
    NutritionTiming,
    Movement,
    Hydration,
    Other,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Biohack {
    id: String,
    title: String,
    description: String,
    category: BiohackCategory,
    duration: String,
    how_to: String,
    benefits: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    scientific_basis: Option<String>,
    #[serde(deserialize_with = "premium_flag")]
    is_premium: u8,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CostLevel {
    Free,
    LowCost,
    ModerateCost,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TipDifficulty {
    Easy,
    Moderate,
    Advanced,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomeTip {
    id: String,
    category: String,
    title: String,
    content: String,
    quick_action: String,
    cost_level: CostLevel,
    difficulty: TipDifficulty,
    tags: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BiblicalFood {
    id: String,
    name: String,
    description: String,
    biblical_references: String,
    health_benefits: String,
    modern_preparation: String,
    spiritual_significance: String,
    sources: String,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HealthySnack {
    id: String,
    name: String,
    category: String,
    description: String,
    nutrition_highlights: String,
    health_benefits: String,
    serving_size: String,
    preparation_tips: String,
    pairing_ideas: String,
}
