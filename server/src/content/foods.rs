//! The food spotlights' seasons: each food's `season` read in the core's
//! vocabulary, and the rotation that shows it only then.

use manna_core::seasons::{SeasonSet, SeasonalRotation};
use serde_json::Value;

/// The spotlights' rotation, or which food's season is not in the vocabulary
/// (or which season has too few foods).
pub fn rotation(foods: &[Value]) -> Result<SeasonalRotation, String> {
    let seasons = foods
        .iter()
        .map(|food| {
            food["season"]
                .as_str()
                .unwrap_or_default()
                .parse::<SeasonSet>()
                .map_err(|e| {
                    format!(
                        "food-spotlights: {}: season: {e}",
                        food["id"].as_str().unwrap_or("?")
                    )
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    SeasonalRotation::new(&seasons, super::Kind::FoodSpotlights.slug())
        .map_err(|e| format!("food-spotlights: {e}"))
}
