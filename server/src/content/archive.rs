//! The archive's search: every reading, health tip, food spotlight and
//! exercise published up to today, found by the core's rules
//! (`manna_core::archive`, which the app runs offline over what it saved),
//! each with the date it was last shown, a page at a time.

use super::kinds::Kind;
use super::set::ContentSet;
pub use manna_core::archive::{ArchiveHit, QUERY_MAX, SNIPPET_MAX};
use manna_core::archive::{ArchiveType, Query, Sort, hit, sort_hits};
use manna_core::{Date, rotation_index};
use serde::Serialize;
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

/// The last date on or before `today` that `item` (at `index` of its kind's
/// list of `count`) was shown: within the last `count` days, exactly once.
fn last_shown(kind: Kind, index: usize, count: usize, today: Date) -> Option<Date> {
    (0..count as i64)
        .map(|back| today.add_days(-back))
        .find(|d| rotation_index(*d, count, kind.slug()) == Some(index))
}

/// The archive's answer for `q` on `today`.
pub fn search(set: &ContentSet, q: &ArchiveQuery, today: Date) -> ArchivePage {
    let query = Query::parse(&q.text);
    let mut hits: Vec<ArchiveHit> = set
        .archive
        .iter()
        .filter(|e| q.kind.is_none_or(|k| k == e.searchable.kind))
        .filter(|e| query.as_ref().is_none_or(|q| q.matches(&e.searchable)))
        .filter_map(|e| {
            let items = set.items(e.kind);
            let date = last_shown(e.kind, e.index, items.len(), today)?;
            Some(hit(&items[e.index], &e.searchable, date, query.as_ref()))
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
