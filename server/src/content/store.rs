//! Content in the store (the source the server reads at start and on
//! refresh) and the in-memory set handlers answer from.

use super::files::ContentFiles;
use super::kinds::Kind;
use super::set::ContentSet;
use crate::error::AppError;
use crate::store::{ContentRows, Store, StoredContent};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Stores `files` when their hash differs from the stored one, then builds
/// the set from what is stored.
pub async fn load_into_store(
    store: &Store,
    files: &ContentFiles,
) -> Result<Arc<ContentSet>, AppError> {
    // The set read last in this process, by its content's hash: the same
    // stored content is read into the same set.
    static LAST: Mutex<Option<(String, Arc<ContentSet>)>> = Mutex::new(None);
    let rows = ContentRows {
        hash: files.hash.clone(),
        items: files.rows.clone(),
        catalogue: files.catalogue.clone(),
    };
    let stored = store.load_content(rows).await?;
    let last = LAST.lock().unwrap_or_else(|p| p.into_inner()).clone();
    if let Some((hash, set)) = last
        && hash == stored.hash
    {
        return Ok(set);
    }
    let hash = stored.hash.clone();
    let set = Arc::new(read_set(stored)?);
    *LAST.lock().unwrap_or_else(|p| p.into_inner()) = Some((hash, set.clone()));
    Ok(set)
}

fn read_set(stored: StoredContent) -> Result<ContentSet, AppError> {
    let StoredContent {
        hash: version,
        items: rows,
        catalogue,
    } = stored;
    let mut items: HashMap<Kind, Vec<Value>> = HashMap::new();
    for (slug, body) in rows {
        let kind = Kind::from_slug(&slug).ok_or_else(|| {
            AppError::Internal(format!("unknown content kind {slug} in the database"))
        })?;
        let value = serde_json::from_str(&body)
            .map_err(|e| AppError::Internal(format!("stored {slug} item is not JSON: {e}")))?;
        items.entry(kind).or_default().push(value);
    }
    let parsed = manna_core::meals::Catalogue::from_json(&catalogue)
        .map_err(|e| AppError::Internal(format!("stored meal catalogue: {e}")))?;
    let plans = items.get(&Kind::MealPlans).map_or(&[][..], Vec::as_slice);
    let foods = super::foods::rotation(
        items
            .get(&Kind::FoodSpotlights)
            .map_or(&[][..], Vec::as_slice),
    )
    .map_err(AppError::Internal)?;
    Ok(ContentSet {
        foods,
        version: version.chars().take(12).collect(),
        archive: super::set::archive_entries(&items),
        meal_plans: super::meal_plans::load(plans, &parsed),
        readings: super::readings::ReadingYear::new(
            items
                .get(&Kind::BibleReadings)
                .map_or(&[][..], Vec::as_slice),
        ),
        items,
        catalogue: std::sync::Arc::new(parsed),
        catalogue_json: catalogue.into(),
    })
}
