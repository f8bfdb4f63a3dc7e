//! The content every request reads, in memory, with what the archive's
//! search sees of its items.

use super::kinds::Kind;
use manna_core::archive::{ArchiveType, Searchable};
use manna_core::meals::Catalogue;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// The content every request reads: immutable, swapped whole on refresh.
#[derive(Debug, Default)]
pub struct ContentSet {
    pub version: String,
    pub items: HashMap<Kind, Vec<Value>>,
    /// The meal catalogue plans and shopping lists are built from, and its
    /// file as the app downloads it.
    pub catalogue: Arc<Catalogue>,
    pub catalogue_json: Arc<str>,
    /// What the archive's search sees of each of its items.
    pub archive: Vec<ArchiveEntry>,
    /// The meal plans, read with their days and shopping lists.
    pub meal_plans: Vec<super::meal_shapes::LoadedPlan>,
    /// Which reading each date shows.
    pub readings: super::readings::ReadingYear,
    /// Which food spotlight each date shows: only in its season.
    pub foods: manna_core::seasons::SeasonalRotation,
}

impl ContentSet {
    pub fn items(&self, kind: Kind) -> &[Value] {
        self.items.get(&kind).map_or(&[], Vec::as_slice)
    }
}

/// The archive's types and their content kinds.
pub const TYPES: [(ArchiveType, Kind); 4] = [
    (ArchiveType::Bible, Kind::BibleReadings),
    (ArchiveType::Health, Kind::HealthTips),
    (ArchiveType::Nutrition, Kind::FoodSpotlights),
    (ArchiveType::Fitness, Kind::ExerciseSuggestions),
];

/// An item of the archive: its kind, its place in the kind's list and what
/// the search sees of it (made once, when the content is loaded).
#[derive(Debug, Clone)]
pub struct ArchiveEntry {
    pub kind: Kind,
    pub index: usize,
    pub searchable: Searchable,
}

/// Every item of the archive's kinds.
pub fn archive_entries(items: &HashMap<Kind, Vec<Value>>) -> Vec<ArchiveEntry> {
    TYPES
        .iter()
        .flat_map(|(archive_type, kind)| {
            items
                .get(kind)
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(index, item)| ArchiveEntry {
                    kind: *kind,
                    index,
                    searchable: Searchable::new(*archive_type, item),
                })
        })
        .collect()
}
