//! The archive's search: every reading, health tip, food spotlight and
//! exercise published up to today, found by word, phrase or reference through
//! SQLite's FTS5 index, each with the date it was last shown.

use super::files::ContentFiles;
use super::kinds::Kind;
use super::set::ContentSet;
use crate::error::AppError;
use manna_core::{Date, rotation_index};
use rusqlite::{Connection, params};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use ts_rs::TS;

/// The archive's types, as the page names them, and their content kinds.
pub const TYPES: [(&str, Kind); 4] = [
    ("bible", Kind::BibleReadings),
    ("health", Kind::HealthTips),
    ("nutrition", Kind::FoodSpotlights),
    ("fitness", Kind::ExerciseSuggestions),
];

/// Longest snippet (spec: 120 characters).
pub const SNIPPET_MAX: usize = 120;
/// Longest search text.
pub const QUERY_MAX: usize = 200;

fn text(item: &Value, fields: &[&str]) -> String {
    fields
        .iter()
        .flat_map(|f| match &item[*f] {
            Value::String(s) => vec![s.clone()],
            Value::Array(a) => a
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => vec![],
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An item's title and searchable text.
fn title_and_body(kind: Kind, item: &Value) -> (String, String) {
    match kind {
        Kind::BibleReadings => (
            text(item, &["reference"]),
            text(item, &["verse", "reflection", "prayer"]),
        ),
        Kind::HealthTips => (
            text(item, &["title"]),
            text(item, &["content", "category", "tags", "quickAction"]),
        ),
        Kind::FoodSpotlights => (
            text(item, &["name"]),
            text(item, &["description", "benefits", "preparation", "season"]),
        ),
        _ => (
            text(item, &["title"]),
            text(
                item,
                &["description", "benefits", "instructions", "category"],
            ),
        ),
    }
}

/// Rebuilds the index from the content files (inside the loading transaction).
pub fn index(conn: &Connection, files: &ContentFiles) -> Result<(), AppError> {
    conn.execute("DELETE FROM archive_fts", [])?;
    let mut insert = conn
        .prepare("INSERT INTO archive_fts (kind, item_id, title, body) VALUES (?1, ?2, ?3, ?4)")?;
    for (name, kind) in TYPES {
        for item in files.items.get(&kind).into_iter().flatten() {
            let (title, body) = title_and_body(kind, item);
            insert.execute(params![
                name,
                item["id"].as_str().unwrap_or_default(),
                title,
                body
            ])?;
        }
    }
    Ok(())
}

/// What the search box's text means to FTS5: every word must appear (the last
/// one as a prefix, for words still being typed), and words in "double quotes"
/// as a phrase. None when there is nothing to search for.
pub fn match_expression(typed: &str) -> Option<String> {
    let mut terms = Vec::new();
    for (i, part) in typed.split('"').enumerate() {
        let words: Vec<String> = part
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.is_empty() {
            continue;
        }
        if i % 2 == 1 {
            terms.push(format!("\"{}\"", words.join(" ")));
        } else {
            terms.extend(words.into_iter().map(|w| format!("\"{w}\"")));
        }
    }
    let unquoted_end =
        typed.matches('"').count().is_multiple_of(2) && !typed.trim_end().ends_with('"');
    if let Some(last) = terms.last_mut()
        && unquoted_end
    {
        last.push('*');
    }
    (!terms.is_empty()).then(|| terms.join(" "))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Recent,
    Oldest,
    Alphabetical,
}

#[derive(Debug, Clone)]
pub struct ArchiveQuery {
    pub text: String,
    /// `bible`, `health`, `nutrition` or `fitness`; none for all.
    pub kind: Option<&'static str>,
    pub sort: Sort,
    pub page: u32,
    pub per_page: u32,
}

/// One found item as the archive's card shows it.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ArchiveHit {
    /// `bible`, `health`, `nutrition` or `fitness`.
    #[serde(rename = "type")]
    pub kind: String,
    pub id: String,
    pub title: String,
    /// The last date it was shown, up to today.
    pub date: String,
    /// At most 120 characters of its text (not the title), around the match
    /// when the match is in the text.
    pub snippet: String,
    /// Day N (readings), the category (tips), the season (foods), the duration (exercises).
    pub badge: String,
}

/// `GET /api/archive/search`.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ArchivePage {
    pub items: Vec<ArchiveHit>,
    /// All items found (the spec's "Found N items").
    pub total: u32,
    pub page: u32,
    pub has_more: bool,
}

fn cut(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let mut out: String = text.chars().take(max - 1).collect();
    if let Some(space) = out.rfind(' ') {
        out.truncate(space);
    }
    out.push('…');
    out
}

/// The last date on or before `today` that `item` (at `index` of its kind's
/// list of `count`) was shown: within the last `count` days, exactly once.
fn last_shown(kind: Kind, index: usize, count: usize, today: Date) -> Option<Date> {
    (0..count as i64)
        .map(|back| today.add_days(-back))
        .find(|d| rotation_index(*d, count, kind.slug()) == Some(index))
}

fn badge(kind: Kind, item: &Value, date: Date) -> String {
    let field = |f: &str| item[f].as_str().unwrap_or_default().to_string();
    match kind {
        Kind::BibleReadings => format!("Day {}", date.day_of_year()),
        Kind::HealthTips => field("category"),
        Kind::FoodSpotlights => field("season"),
        _ => field("duration"),
    }
}

/// The archive's answer for `q` on `today`.
pub fn search(
    conn: &Connection,
    set: &ContentSet,
    q: &ArchiveQuery,
    today: Date,
) -> Result<ArchivePage, AppError> {
    let kinds: Vec<(&str, Kind)> = TYPES
        .into_iter()
        .filter(|(name, _)| q.kind.is_none_or(|k| k == *name))
        .collect();
    // (type, id) → snippet, in rank order when searched.
    let mut found: Vec<(String, String, Option<String>)> = Vec::new();
    match match_expression(&q.text) {
        Some(expr) => {
            let mut stmt = conn.prepare_cached(
                "SELECT kind, item_id, snippet(archive_fts, 3, '', '', '…', 18)
                 FROM archive_fts WHERE archive_fts MATCH ?1 ORDER BY rank",
            )?;
            let rows = stmt.query_map([&expr], |r| Ok((r.get(0)?, r.get(1)?, Some(r.get(2)?))))?;
            for row in rows {
                let row: (String, String, Option<String>) = row?;
                if kinds.iter().any(|(name, _)| *name == row.0) {
                    found.push(row);
                }
            }
        }
        None => {
            for (name, kind) in &kinds {
                for item in set.items(*kind) {
                    found.push((
                        name.to_string(),
                        item["id"].as_str().unwrap_or_default().into(),
                        None,
                    ));
                }
            }
        }
    }
    let positions: HashMap<(&str, &str), (Kind, usize, &Value)> = kinds
        .iter()
        .flat_map(|(name, kind)| {
            set.items(*kind).iter().enumerate().map(move |(i, item)| {
                (
                    (*name, item["id"].as_str().unwrap_or_default()),
                    (*kind, i, item),
                )
            })
        })
        .collect();
    let mut hits: Vec<ArchiveHit> = found
        .into_iter()
        .filter_map(|(name, id, snippet)| {
            let (kind, index, item) = *positions.get(&(name.as_str(), id.as_str()))?;
            let date = last_shown(kind, index, set.items(kind).len(), today)?;
            let (title, body) = title_and_body(kind, item);
            Some(ArchiveHit {
                badge: badge(kind, item, date),
                kind: name,
                id,
                title,
                date: date.to_string(),
                snippet: cut(&snippet.unwrap_or(body), SNIPPET_MAX),
            })
        })
        .collect();
    match q.sort {
        Sort::Recent => hits.sort_by(|a, b| b.date.cmp(&a.date)),
        Sort::Oldest => hits.sort_by(|a, b| a.date.cmp(&b.date)),
        Sort::Alphabetical => hits.sort_by_key(|h| h.title.to_lowercase()),
    }
    let total = hits.len() as u32;
    let start = ((q.page.max(1) - 1) * q.per_page) as usize;
    let items: Vec<ArchiveHit> = hits
        .into_iter()
        .skip(start)
        .take(q.per_page as usize)
        .collect();
    Ok(ArchivePage {
        has_more: start + items.len() < total as usize,
        items,
        total,
        page: q.page.max(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_text_becomes_words_phrases_and_a_prefix() {
        assert_eq!(
            match_expression("Psalm 23").as_deref(),
            Some("\"psalm\" \"23\"*")
        );
        assert_eq!(
            match_expression("\"still waters\" rest").as_deref(),
            Some("\"still waters\" \"rest\"*")
        );
        assert_eq!(
            match_expression("\"be still\"").as_deref(),
            Some("\"be still\"")
        );
        assert_eq!(match_expression("  ?! ").as_deref(), None);
        assert_eq!(
            match_expression("AND OR NEAR(").as_deref(),
            Some("\"and\" \"or\" \"near\"*")
        );
    }

    #[test]
    fn snippets_are_cut_at_a_word() {
        let long = "word ".repeat(60);
        let s = cut(&long, SNIPPET_MAX);
        assert!(s.chars().count() <= SNIPPET_MAX && s.ends_with('…'));
    }
}
