//! The eight kinds of daily content, their API paths and their item shapes.
//!
//! Each item type lists the fields of spec part 1 section 3 under their JSON
//! names; unknown fields in a content file are refused so typos cannot hide.

use serde::{Deserialize, Serialize};
use serde_json::Value;

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
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::BibleReadings,
        Kind::HealthTips,
        Kind::FoodSpotlights,
        Kind::ExerciseSuggestions,
        Kind::Biohacks,
        Kind::HealthyHomeTips,
        Kind::BiblicalFoods,
        Kind::HealthySnacks,
    ];

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
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct BibleReading {
    id: String,
    reference: String,
    verse: String,
    reflection: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cs_lewis_quote: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quote_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    prayer: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HealthTip {
    id: String,
    category: String,
    title: String,
    content: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    quick_action: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sources: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FoodSpotlight {
    id: String,
    name: String,
    season: String,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    benefits: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preparation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sources: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ExerciseSuggestion {
    id: String,
    category: String,
    title: String,
    description: String,
    duration: String,
    difficulty: Difficulty,
    benefits: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    instructions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sources: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Difficulty {
    Beginner,
    Intermediate,
    Advanced,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum BiohackCategory {
    LightTherapy,
    Grounding,
    Breathwork,
    ColdTherapy,
    Mindfulness,
    Detoxification,
    NutritionTiming,
    Movement,
    Hydration,
    Other,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Biohack {
    id: String,
    title: String,
    description: String,
    category: BiohackCategory,
    duration: String,
    how_to: String,
    benefits: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    scientific_basis: Option<String>,
    #[serde(deserialize_with = "premium_flag")]
    is_premium: u8,
}

fn premium_flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    match u8::deserialize(d)? {
        v @ (0 | 1) => Ok(v),
        v => Err(serde::de::Error::custom(format!(
            "isPremium must be 0 or 1, not {v}"
        ))),
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum CostLevel {
    Free,
    LowCost,
    ModerateCost,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum TipDifficulty {
    Easy,
    Moderate,
    Advanced,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HomeTip {
    id: String,
    category: String,
    title: String,
    content: String,
    quick_action: String,
    cost_level: CostLevel,
    difficulty: TipDifficulty,
    tags: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct BiblicalFood {
    id: String,
    name: String,
    description: String,
    biblical_references: String,
    health_benefits: String,
    modern_preparation: String,
    spiritual_significance: String,
    sources: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HealthySnack {
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
