//! The shape of a wholistic meal plan in its content file (kept apart from
//! what the API makes of it, which reads the content set).

use manna_core::meals::MenuSource;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The plan categories (besides `all`). The spec's `digestive-healing` and
/// `detox` are named for what the plans are: no food heals or detoxifies.
pub const CATEGORIES: [&str; 3] = [
    "anti-inflammatory",
    "digestive-comfort",
    "whole-foods-reset",
];

/// A meal plan as its content file writes it.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MealPlanItem {
    pub id: String,
    /// Ids the plan had before (in people's records and links): they still find it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(skip)]
    pub former_ids: Vec<String>,
    pub title: String,
    pub description: String,
    /// "7-Day": the number before the first '-' is the day count.
    pub duration: String,
    pub category: String,
    pub is_premium: bool,
    pub principles: Vec<String>,
    pub benefits: Vec<String>,
    pub guidelines: Vec<String>,
    #[ts(skip)]
    pub days: Vec<MenuSource>,
}

/// The day count of a duration text ("7-Day" → 7).
pub fn day_count(duration: &str) -> Option<u32> {
    duration.split('-').next()?.trim().parse().ok()
}

/// A plan as the content set keeps it: read once, when the content is
/// loaded, with its days written out and its whole shopping list (its days'
/// ingredients, added up).
#[derive(Debug)]
pub struct LoadedPlan {
    pub plan: MealPlanItem,
    pub days: Vec<manna_core::meals::MenuDay>,
    pub shopping_list: Vec<String>,
}
