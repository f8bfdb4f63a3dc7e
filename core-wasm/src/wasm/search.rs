//! The search module: the archive and the Bible searched on the device, with
//! no signal, by the server's rules (the archive's words and order, the
//! Bible's verses in canonical order).

use super::parse;
use super::values::{read, to_js};
use manna_sync_protocol::FieldError;
use manna_sync_protocol::records::read::{
    Fields, FromField, ReadFields, nested, read_field, read_object,
};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// Why typed search text finds nothing to search for (emoji or symbols
/// alone), in the server's words, or `undefined`.
#[wasm_bindgen(js_name = searchHint)]
pub fn search_hint(typed: &str) -> Option<String> {
    crate::archive::nothing_to_search(typed).map(str::to_string)
}

/// The archive searched on the device: `items` are `{type, item, date}` of
/// what it saved; answers the cards found (JSON), in the order asked, as the
/// server finds and orders them.
#[wasm_bindgen(js_name = archiveSearch)]
pub fn archive_search(
    typed: &str,
    kind: &str,
    sort: &str,
    items: &JsValue,
) -> Result<JsValue, JsError> {
    use crate::archive::{ArchiveType, Query, Searchable, Sort, hit, sort_hits};
    let saved: Vec<SavedItem> = read("items", items)?;
    let only = match kind {
        "" | "all" => None,
        k => Some(
            ArchiveType::from_wire(k)
                .ok_or_else(|| JsError::new(&format!("type: no archive type '{k}'")))?,
        ),
    };
    let sort =
        Sort::from_wire(sort).ok_or_else(|| JsError::new(&format!("sort: no order '{sort}'")))?;
    let query = Query::parse(typed);
    let mut hits = Vec::new();
    for s in &saved {
        let Some(kind) = ArchiveType::from_wire(&s.kind) else {
            continue;
        };
        if only.is_some_and(|o| o != kind) {
            continue;
        }
        let searchable = Searchable::new(kind, &s.item);
        if query.as_ref().is_some_and(|q| !q.matches(&searchable)) {
            continue;
        }
        hits.push(hit(&s.item, &searchable, parse(&s.date)?, query.as_ref()));
    }
    sort_hits(&mut hits, sort);
    to_js(&hits)
}

/// The saved chapters' verses that have every word of `typed` (chapters
/// `[{osis, chapter, verses: [{verse, text}]}]`), in canonical order:
/// `{total, verses}` with at most `limit` verses, as the server's search.
#[wasm_bindgen(js_name = bibleSearch)]
pub fn bible_search(typed: &str, chapters: &JsValue, limit: u32) -> Result<JsValue, JsError> {
    use crate::archive::Query;
    use crate::scripture::{ChapterText, VerseHit, search};
    #[derive(Serialize)]
    struct Found {
        total: usize,
        verses: Vec<VerseHit>,
    }
    let Some(query) = Query::parse(typed) else {
        return to_js(&Found {
            total: 0,
            verses: Vec::new(),
        });
    };
    let saved: Vec<SavedChapter> = read("chapters", chapters)?;
    // Each chapter's verses by number, the first being verse 1.
    let texts: Vec<Vec<String>> = saved
        .iter()
        .map(|c| {
            let last = c.verses.iter().map(|v| v.verse).max().unwrap_or(0) as usize;
            let mut texts = vec![String::new(); last];
            for v in &c.verses {
                if v.verse >= 1 {
                    texts[v.verse as usize - 1].clone_from(&v.text);
                }
            }
            texts
        })
        .collect();
    let (total, verses) = search(
        &query,
        saved.iter().zip(&texts).map(|(c, verses)| ChapterText {
            osis: &c.osis,
            chapter: c.chapter,
            verses,
        }),
        limit as usize,
    );
    to_js(&Found { total, verses })
}

/// An archive card's item as the device saved it.
struct SavedItem {
    kind: String,
    item: Value,
    date: String,
}

/// A verse of a chapter saved on the device.
struct SavedVerse {
    verse: u32,
    text: String,
}

/// A Bible chapter saved on the device.
struct SavedChapter {
    osis: String,
    chapter: u32,
    verses: Vec<SavedVerse>,
}

impl ReadFields for SavedItem {
    const NAME: &'static str = "a saved item";

    fn read_fields(f: &Fields) -> Result<Self, FieldError> {
        read_object(|r| {
            Some(SavedItem {
                kind: read_field(f, "type", None, r)?,
                item: match f.get("item") {
                    Some(item) => item.clone(),
                    None => {
                        *r = FieldError::new("item", "is required");
                        return None;
                    }
                },
                date: read_field(f, "date", None, r)?,
            })
        })
    }
}

impl ReadFields for SavedVerse {
    const NAME: &'static str = "a verse";

    fn read_fields(f: &Fields) -> Result<Self, FieldError> {
        read_object(|r| {
            Some(SavedVerse {
                verse: read_field(f, "verse", None, r)?,
                text: read_field(f, "text", None, r)?,
            })
        })
    }
}

impl ReadFields for SavedChapter {
    const NAME: &'static str = "a chapter";

    fn read_fields(f: &Fields) -> Result<Self, FieldError> {
        read_object(|r| {
            Some(SavedChapter {
                osis: read_field(f, "osis", None, r)?,
                chapter: read_field(f, "chapter", None, r)?,
                verses: read_field(f, "verses", None, r)?,
            })
        })
    }
}

/// Each of these reads from an object as a record does.
macro_rules! from_object {
    ($($name:ident),+) => {$(
        impl FromField for $name {
            fn from_value(value: &Value) -> Result<Self, String> {
                nested(value)
            }
        }
    )+};
}

from_object!(SavedItem, SavedVerse, SavedChapter);
