//! The archive's search, the same on the server (over everything published)
//! and on the device (over what it saved, when the server cannot be reached):
//! what each item shows and is searched by, what the typed text means, which
//! items it finds, their snippets and their order.
//!
//! Words are matched by their beginning ("pray" finds "prayer"), singular and
//! plural alike ("anxiety" finds "anxieties"); every word must appear, and
//! words in "double quotes" as a phrase, in the title or the text.

use crate::calendar::Date;
use crate::order::sort_by;
use manna_sync_protocol::records::read::joined;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// Longest snippet (spec: 120 characters).
pub const SNIPPET_MAX: usize = 120;
/// Longest search text.
pub const QUERY_MAX: usize = 200;

/// The archive's types, as the page names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArchiveType {
    Bible,
    Health,
    Nutrition,
    Fitness,
}

impl ArchiveType {
    pub const ALL: [ArchiveType; 4] = [
        ArchiveType::Bible,
        ArchiveType::Health,
        ArchiveType::Nutrition,
        ArchiveType::Fitness,
    ];

    pub fn wire(self) -> &'static str {
        match self {
            ArchiveType::Bible => "bible",
            ArchiveType::Health => "health",
            ArchiveType::Nutrition => "nutrition",
            ArchiveType::Fitness => "fitness",
        }
    }

    pub fn from_wire(word: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.wire() == word)
    }

    /// The title field, and the fields searched besides it (readings saved
    /// for the archive name their reflection `content`).
    fn fields(self) -> (&'static str, &'static [&'static str]) {
        match self {
            ArchiveType::Bible => ("reference", &["verse", "reflection", "content", "prayer"]),
            ArchiveType::Health => ("title", &["content", "category", "tags", "quickAction"]),
            ArchiveType::Nutrition => (
                "name",
                &["description", "benefits", "preparation", "season"],
            ),
            ArchiveType::Fitness => (
                "title",
                &[
                    "description",
                    "benefits",
                    "instructions",
                    "category",
                    "duration",
                ],
            ),
        }
    }
}

/// The text of `fields` of an item (lists of text joined), space-separated.
fn text(item: &Value, fields: &[&str]) -> String {
    let mut parts = Vec::new();
    for field in fields {
        match item.get(*field) {
            Some(Value::String(s)) => parts.push(s.as_str()),
            Some(Value::Array(list)) => parts.extend(list.iter().filter_map(Value::as_str)),
            _ => {}
        }
    }
    joined(&parts, " ")
}

/// What the search sees of an item: its title, its text and their words.
#[derive(Debug, Clone, PartialEq)]
pub struct Searchable {
    pub kind: ArchiveType,
    pub title: String,
    pub body: String,
    roots: Vec<String>,
}

impl Searchable {
    pub fn new(kind: ArchiveType, item: &Value) -> Self {
        let (title_field, body_fields) = kind.fields();
        let title = text(item, &[title_field]);
        let body = text(item, body_fields);
        let roots = words(&title)
            .chain(words(&body))
            .map(|w| root(&w))
            .collect();
        Self {
            kind,
            title,
            body,
            roots,
        }
    }
}

/// The card's badge: Day N (readings, the day of the year it was shown), the
/// category (tips), the season (foods), the duration (exercises).
pub fn badge(kind: ArchiveType, item: &Value, date: Date) -> String {
    let field = |f: &str| {
        item.get(f)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    match kind {
        ArchiveType::Bible => format!("Day {}", date.day_of_year()),
        ArchiveType::Health => field("category"),
        ArchiveType::Nutrition => field("season"),
        ArchiveType::Fitness => field("duration"),
    }
}

/// Lower-cased runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// A word in its singular: "anxieties" and "anxiety" both read "anxiety",
/// "churches" "church", "prayers" "prayer".
fn root(word: &str) -> String {
    let n = word.chars().count();
    if n > 4 && word.ends_with("ies") {
        return format!("{}y", &word[..word.len() - 3]);
    }
    if n > 4
        && ["ches", "shes", "sses", "xes"]
            .iter()
            .any(|s| word.ends_with(s))
    {
        return word[..word.len() - 2].to_string();
    }
    if n > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") {
        return word[..word.len() - 1].to_string();
    }
    word.to_string()
}

/// Why typed text finds nothing to search for: it holds something, but no
/// letter or digit (emoji, symbols, punctuation alone).
pub const NO_WORDS: &str =
    "type a word or a number to search for: emoji and symbols alone match nothing";

/// `NO_WORDS` when `typed` holds something but no word to search for (an
/// empty search is the whole archive, not this).
pub fn nothing_to_search(typed: &str) -> Option<&'static str> {
    (!typed.trim().is_empty() && Query::parse(typed).is_none()).then_some(NO_WORDS)
}

/// What typed text asks for: each part a word or a phrase ("in quotes"), all
/// of which must appear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    parts: Vec<Vec<String>>,
}

impl Query {
    /// None when there is nothing to search for.
    pub fn parse(typed: &str) -> Option<Query> {
        let mut parts = Vec::new();
        for (i, piece) in typed.split('"').enumerate() {
            let found: Vec<String> = words(piece).map(|w| root(&w)).collect();
            if found.is_empty() {
                continue;
            }
            if i % 2 == 1 {
                parts.push(found);
            } else {
                parts.extend(found.into_iter().map(|w| vec![w]));
            }
        }
        (!parts.is_empty()).then_some(Query { parts })
    }

    /// Whether every word and phrase appears in the item.
    pub fn matches(&self, item: &Searchable) -> bool {
        self.matches_roots(&item.roots)
    }

    /// Whether every word and phrase appears in `text`.
    pub fn matches_text(&self, text: &str) -> bool {
        let roots: Vec<String> = words(text).map(|w| root(&w)).collect();
        self.matches_roots(&roots)
    }

    fn matches_roots(&self, roots: &[String]) -> bool {
        self.parts.iter().all(|phrase| {
            roots.windows(phrase.len()).any(|run| {
                run.iter()
                    .zip(phrase)
                    .all(|(word, term)| word.starts_with(term.as_str()))
            })
        })
    }

    /// Where in `text` the first word of the query begins (bytes), if it is there.
    fn first_match(&self, text: &str) -> Option<usize> {
        let mut at = None;
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if !c.is_alphanumeric() {
                start = i + c.len_utf8();
                continue;
            }
            if i != start {
                continue;
            }
            let end = text[i..]
                .find(|c: char| !c.is_alphanumeric())
                .map_or(text.len(), |e| i + e);
            let word = root(&text[i..end].to_lowercase());
            if self
                .parts
                .iter()
                .flatten()
                .any(|t| word.starts_with(t.as_str()))
            {
                at = Some(i);
                break;
            }
        }
        at
    }
}

/// At most [`SNIPPET_MAX`] characters of `body`, cut at a word, starting a
/// little before the first word the query found there.
pub fn snippet(body: &str, query: Option<&Query>) -> String {
    let flat = body.split_whitespace().collect::<Vec<_>>();
    let flat = joined(&flat, " ");
    let at = query.and_then(|q| q.first_match(&flat)).unwrap_or(0);
    let start = if flat[..at].chars().count() < 40 {
        0
    } else {
        let before: Vec<(usize, char)> = flat[..at].char_indices().collect();
        let back = before.len().saturating_sub(30);
        flat[..before[back].0].rfind(' ').map_or(0, |s| s + 1)
    };
    let piece = &flat[start..];
    let lead = if start > 0 { "…" } else { "" };
    if start == 0 && piece.chars().count() <= SNIPPET_MAX {
        return piece.to_string();
    }
    let room = SNIPPET_MAX - 1 - lead.chars().count();
    if piece.chars().count() <= room {
        return format!("{lead}{piece}");
    }
    let mut cut: String = piece.chars().take(room).collect();
    if let Some(space) = cut.rfind(' ') {
        cut.truncate(space);
    }
    format!("{lead}{cut}…")
}

/// How found items are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Recent,
    Oldest,
    Alphabetical,
}

impl Sort {
    pub fn from_wire(word: &str) -> Option<Sort> {
        match word {
            "" | "recent" => Some(Sort::Recent),
            "oldest" => Some(Sort::Oldest),
            "alphabetical" => Some(Sort::Alphabetical),
            _ => None,
        }
    }
}

/// One found item as the archive's card shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

/// The card of an item found on `date`.
pub fn hit(item: &Value, searchable: &Searchable, date: Date, query: Option<&Query>) -> ArchiveHit {
    ArchiveHit {
        kind: searchable.kind.wire().to_string(),
        id: item
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        title: searchable.title.clone(),
        date: date.to_string(),
        snippet: snippet(&searchable.body, query),
        badge: badge(searchable.kind, item, date),
    }
}

/// Puts found items in the order asked for.
pub fn sort_hits(hits: &mut [ArchiveHit], sort: Sort) {
    match sort {
        Sort::Recent => sort_by(hits, |a, b| b.date.cmp(&a.date).then(a.id.cmp(&b.id))),
        Sort::Oldest => sort_by(hits, |a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id))),
        Sort::Alphabetical => sort_by(hits, |a, b| {
            a.title
                .to_lowercase()
                .cmp(&b.title.to_lowercase())
                .then(a.id.cmp(&b.id))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tip(content: &str) -> Searchable {
        Searchable::new(
            ArchiveType::Health,
            &json!({"id": "t", "title": "Rest", "content": content, "category": "Sleep", "tags": ["quiet"]}),
        )
    }

    #[test]
    fn emoji_or_symbols_alone_are_nothing_to_search_for() {
        for typed in ["🙏", " 🙏🕊️ ", "!!!", "\"\"", "—"] {
            assert_eq!(nothing_to_search(typed), Some(NO_WORDS), "{typed:?}");
        }
        for typed in ["", "   ", "grace", "🙏 prayer", "3:16", "Ps 23"] {
            assert_eq!(nothing_to_search(typed), None, "{typed:?}");
        }
    }

    #[test]
    fn words_match_by_their_beginning_singular_or_plural_and_never_by_likeness() {
        let item = tip("Peaceful evenings ease anxieties. Pray before sleep.");
        for found in [
            "peace",
            "anxiety",
            "ANXIETIES",
            "pray",
            "evening",
            "quiet",
            "sleep rest",
        ] {
            assert!(
                Query::parse(found).expect("a query").matches(&item),
                "{found}"
            );
        }
        for missed in ["pace", "calm", "peace storm"] {
            assert!(
                !Query::parse(missed).expect("a query").matches(&item),
                "{missed}"
            );
        }
        assert!(Query::parse("  ?! ").is_none());
    }

    #[test]
    fn phrases_match_words_in_order() {
        let item = tip("Be still, and know that I am God.");
        assert!(Query::parse("\"be still\"").expect("q").matches(&item));
        assert!(
            Query::parse("\"still and know\" god")
                .expect("q")
                .matches(&item)
        );
        assert!(!Query::parse("\"still be\"").expect("q").matches(&item));
    }

    #[test]
    fn snippets_start_near_the_match_and_are_cut_at_a_word() {
        let long = format!(
            "{} the word mercy appears here {}",
            "filler ".repeat(30),
            "more ".repeat(40)
        );
        let q = Query::parse("mercy");
        let s = snippet(&long, q.as_ref());
        assert!(s.chars().count() <= SNIPPET_MAX, "{s}");
        assert!(
            s.starts_with('…') && s.contains("mercy") && s.ends_with('…'),
            "{s}"
        );
        assert_eq!(snippet("Short text.", None), "Short text.");
        let plain = snippet(&"word ".repeat(60), None);
        assert!(plain.chars().count() <= SNIPPET_MAX && plain.ends_with('…'));
    }

    #[test]
    fn badges_say_the_day_the_category_the_season_or_the_duration() {
        let date: Date = "2026-02-01".parse().expect("date");
        assert_eq!(badge(ArchiveType::Bible, &json!({}), date), "Day 32");
        assert_eq!(
            badge(ArchiveType::Nutrition, &json!({"season": "winter"}), date),
            "winter"
        );
    }
}
