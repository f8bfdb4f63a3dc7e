//! Content in SQLite (the source the server reads at start and on refresh) and
//! the in-memory set handlers answer from.

use super::files::ContentFiles;
use super::kinds::Kind;
use super::set::ContentSet;
use crate::error::AppError;
use rusqlite::{Connection, params};
use serde_json::Value;
use std::collections::HashMap;

/// Replaces the stored content with `files` when their hash differs from the
/// stored one (one transaction), then reads the stored content back.
pub fn load_into_db(conn: &mut Connection, files: &ContentFiles) -> Result<ContentSet, AppError> {
    let tx = conn.transaction()?;
    let stored: Option<String> = tx
        .query_row(
            "SELECT value FROM meta WHERE key = 'content_hash'",
            [],
            |r| r.get(0),
        )
        .ok();
    if stored.as_deref() != Some(files.hash.as_str()) {
        tx.execute("DELETE FROM content_items", [])?;
        {
            let mut insert = tx.prepare(
                "INSERT INTO content_items (kind, position, id, body) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (kind, items) in &files.items {
                for (position, item) in items.iter().enumerate() {
                    let id = item["id"].as_str().unwrap_or_default();
                    insert.execute(params![kind.slug(), position as i64, id, item.to_string()])?;
                }
            }
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('content_hash', ?1), ('meal_catalogue', ?2)
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [&files.hash, &files.catalogue],
        )?;
        tracing::info!(hash = %files.hash, "content files loaded into the database");
    }
    tx.commit()?;
    read_set(conn)
}

fn read_set(conn: &Connection) -> Result<ContentSet, AppError> {
    let version: String = conn.query_row(
        "SELECT value FROM meta WHERE key = 'content_hash'",
        [],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare("SELECT kind, body FROM content_items ORDER BY kind, position")?;
    let mut items: HashMap<Kind, Vec<Value>> = HashMap::new();
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    for row in rows {
        let (slug, body) = row?;
        let kind = Kind::from_slug(&slug).ok_or_else(|| {
            AppError::Internal(format!("unknown content kind {slug} in the database"))
        })?;
        let value = serde_json::from_str(&body)
            .map_err(|e| AppError::Internal(format!("stored {slug} item is not JSON: {e}")))?;
        items.entry(kind).or_default().push(value);
    }
    let catalogue: String = conn.query_row(
        "SELECT value FROM meta WHERE key = 'meal_catalogue'",
        [],
        |r| r.get(0),
    )?;
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
