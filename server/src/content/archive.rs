//! The archive's search: every reading, health tip, food spotlight and
//! exercise published up to today, found by the core's rules
//! (`manna_core::archive`, which the app runs offline over what it saved),
//! each with the date it was last shown, a page at a time.

use super::days::shown_on;
use super::kinds::Kind;
use super::set::ContentSet;
use super::set::TYPES;
use manna_core::Date;
pub use manna_core::archive::{ArchiveHit, QUERY_MAX, SNIPPET_MAX};
use manna_core::archive::{ArchiveType, Query, Sort, hit, sort_hits};
use serde::Serialize;
use std::collections::HashMap;
use ts_rs::TS;

#[derive(Debug, Clone)]
pub struct ArchiveQuery {
    pub text: String,
    /// One type, or none for all.
    pub kind: Option<ArchiveType>,
    pub sort: Sort,
    pub page: u32,
    pub per_page: u32,
}

/// `GET /api/archive/search`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArchivePage {
    pub items: Vec<ArchiveHit>,
    /// All items found (the spec's "Found N items").
    pub total: u32,
    pub page: u32,
    pub has_more: bool,
}

/// How far back the archive looks: a rotating kind shows every item within
/// its list's length; a reading is read once a church year, and a year of
/// ordinary days can leave one out, so two years.
fn window(set: &ContentSet, kind: Kind) -> usize {
    if kind == Kind::BibleReadings {
        2 * 366
    } else {
        set.items(kind).len()
    }
}

/// The last date on or before `today` each item of `kind` was shown, by index.
fn last_shown(set: &ContentSet, kind: Kind, today: Date) -> HashMap<usize, Date> {
    let mut last = HashMap::new();
    for back in 0..window(set, kind) as i64 {
        let date = today.add_days(-back);
        if let Some((index, _)) = shown_on(set, kind, date) {
            last.entry(index).or_insert(date);
        }
    }
    last
}

/// The archive's answer for `q` on `today`.
pub fn search(set: &ContentSet, q: &ArchiveQuery, today: Date) -> ArchivePage {
    let query = Query::parse(&q.text);
    let shown: HashMap<Kind, HashMap<usize, Date>> = TYPES
        .iter()
        .filter(|(t, _)| q.kind.is_none_or(|k| k == *t))
        .map(|(_, kind)| (*kind, last_shown(set, *kind, today)))
        .collect();
    let mut hits: Vec<ArchiveHit> = set
        .archive
        .iter()
        .filter(|e| q.kind.is_none_or(|k| k == e.searchable.kind))
        .filter(|e| query.as_ref().is_none_or(|q| q.matches(&e.searchable)))
        .filter_map(|e| {
            let date = *shown.get(&e.kind)?.get(&e.index)?;
            Some(hit(
                &set.items(e.kind)[e.index],
                &e.searchable,
                date,
                query.as_ref(),
            ))
        })
        .collect();
    sort_hits(&mut hits, q.sort);
    let total = hits.len() as u32;
    let start = ((q.page.max(1) - 1) * q.per_page) as usize;
    let items: Vec<ArchiveHit> = hits
        .into_iter()
        .skip(start)
        .take(q.per_page as usize)
        .collect();
    ArchivePage {
        has_more: start + items.len() < total as usize,
        items,
        total,
        page: q.page.max(1),
    }
}
