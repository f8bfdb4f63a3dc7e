//! Scripture as Manna names and searches it, the same on the server and on
//! the device: the 66 books in canonical order, the passage a reading's
//! reference names ("Psalm 23:1-3", "1 Corinthians 15:1-8"), and which verses
//! a search finds (words matched as the archive matches them: by their
//! beginning, singular and plural alike, "phrases" in quotes).

use crate::archive::Query;
use serde::Serialize;
use ts_rs::TS;

pub use manna_sync_protocol::books::{BOOKS, CHAPTERS, book_position};

/// The verses a reference names, in one chapter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerseRange {
    /// The book's OSIS id (`Ps`, `1Cor`).
    pub osis: String,
    pub chapter: u32,
    pub from: u32,
    pub to: u32,
    /// Whether a card shows only the passage's first lines until the person
    /// asks for the whole (it has more than `FOLDED_AFTER_VERSES` verses).
    pub folded: bool,
}

/// The most verses a card shows whole at once: a longer passage (a feast's
/// story) opens on its first lines, with "Read the whole passage".
pub const FOLDED_AFTER_VERSES: u32 = 8;

/// The passage of "Book chapter:verse[-verse]"; "Psalm" names one psalm.
pub fn passage(reference: &str) -> Option<VerseRange> {
    let (book, place) = reference.rsplit_once(' ')?;
    let book = if book == "Psalm" { "Psalms" } else { book };
    let (osis, _) = BOOKS.iter().find(|(_, name)| *name == book)?;
    let (chapter, verses) = place.split_once(':')?;
    let (from, to) = verses.split_once('-').unwrap_or((verses, verses));
    let (chapter, from, to) = (chapter.parse().ok()?, from.parse().ok()?, to.parse().ok()?);
    (chapter >= 1 && from >= 1 && from <= to).then(|| VerseRange {
        osis: (*osis).to_string(),
        chapter,
        from,
        to,
        folded: to - from + 1 > FOLDED_AFTER_VERSES,
    })
}

/// A book as the reader's pickers list it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BookChapters {
    pub osis: &'static str,
    pub name: &'static str,
    pub chapters: u32,
}

/// The 66 books with their chapters, in canonical order.
pub fn books() -> Vec<BookChapters> {
    BOOKS
        .iter()
        .zip(CHAPTERS)
        .map(|(&(osis, name), chapters)| BookChapters {
            osis,
            name,
            chapters,
        })
        .collect()
}

/// Most verses one search answer lists (the total counts them all).
pub const SEARCH_LIMIT_MAX: usize = 100;
/// Verses listed when the search does not say.
pub const SEARCH_LIMIT_DEFAULT: usize = 50;

/// A verse a search found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VerseHit {
    /// The book's OSIS id (`Ps`, `1Cor`).
    pub osis: String,
    /// The book's name ("1 Corinthians").
    pub book: String,
    pub chapter: u32,
    pub verse: u32,
    pub text: String,
}

/// One chapter's text as a search reads it.
#[derive(Debug, Clone, Copy)]
pub struct ChapterText<'a> {
    pub osis: &'a str,
    pub chapter: u32,
    /// Its verses in order, the first being verse 1 (a verse the translation
    /// leaves out is empty).
    pub verses: &'a [String],
}

/// The verses of `chapters` that have every word and phrase of `query`, in
/// canonical order (books, then chapters, then verses), at most `limit` of
/// them, and how many there are in all.
pub fn search<'a>(
    query: &Query,
    chapters: impl IntoIterator<Item = ChapterText<'a>>,
    limit: usize,
) -> (usize, Vec<VerseHit>) {
    let mut ordered: Vec<(usize, ChapterText<'a>)> = chapters
        .into_iter()
        .filter_map(|c| book_position(c.osis).map(|at| (at, c)))
        .collect();
    crate::order::sort_by_key(&mut ordered, |(at, c)| (*at, c.chapter));
    let mut total = 0;
    let mut hits = Vec::new();
    for (at, c) in ordered {
        for (i, text) in c.verses.iter().enumerate() {
            if text.is_empty() || !query.matches_text(text) {
                continue;
            }
            total += 1;
            if hits.len() < limit {
                hits.push(VerseHit {
                    osis: c.osis.to_string(),
                    book: BOOKS[at].1.to_string(),
                    chapter: c.chapter,
                    verse: i as u32 + 1,
                    text: text.clone(),
                });
            }
        }
    }
    (total, hits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_name_their_chapter() {
        let p = |r: &str| passage(r).map(|p| (p.osis, p.chapter, p.from, p.to));
        assert_eq!(p("Psalm 23:1-3"), Some(("Ps".into(), 23, 1, 3)));
        assert_eq!(p("1 Corinthians 15:55"), Some(("1Cor".into(), 15, 55, 55)));
        assert_eq!(
            p("Song of Solomon 2:10-13"),
            Some(("Song".into(), 2, 10, 13))
        );
        // A feast's story opens folded on a card; eight verses show whole.
        let folded = |r: &str| passage(r).map(|p| p.folded);
        assert_eq!(folded("Luke 2:1-14"), Some(true));
        assert_eq!(folded("Luke 2:1-9"), Some(true));
        assert_eq!(folded("Luke 2:1-8"), Some(false));
        assert_eq!(folded("John 3:16"), Some(false));
        for bad in ["Psalm 23", "Hezekiah 1:1", "John 3:16-3", "John 0:1", ""] {
            assert_eq!(p(bad), None, "{bad}");
        }
    }

    fn chapter<'a>(osis: &'a str, chapter: u32, verses: &'a [String]) -> ChapterText<'a> {
        ChapterText {
            osis,
            chapter,
            verses,
        }
    }

    #[test]
    fn a_search_finds_verses_in_canonical_order_by_their_words() {
        let john = vec![
            "For God so loved the world, that he gave his only begotten Son".to_string(),
            "".to_string(),
            "He that loveth not knoweth not God; for God is love.".to_string(),
        ];
        let genesis = vec!["In the beginning God created the heaven and the earth.".to_string()];
        let psalm = vec!["The LORD is my shepherd; I shall not want.".to_string()];
        // Given out of order, as a device's saved chapters may be.
        let chapters = [
            chapter("1John", 4, &john),
            chapter("Ps", 23, &psalm),
            chapter("Gen", 1, &genesis),
            chapter("Nope", 1, &genesis),
        ];
        let found = |typed: &str, limit: usize| {
            let (total, hits) = search(&Query::parse(typed).expect(typed), chapters, limit);
            let places: Vec<String> = hits
                .iter()
                .map(|h| format!("{} {}:{}", h.book, h.chapter, h.verse))
                .collect();
            (total, places)
        };
        assert_eq!(
            found("god", 10),
            (
                3,
                vec![
                    "Genesis 1:1".into(),
                    "1 John 4:1".into(),
                    "1 John 4:3".into()
                ]
            )
        );
        // Words by their beginning, every one of them; phrases in order.
        assert_eq!(found("lov world", 10), (1, vec!["1 John 4:1".into()]));
        assert_eq!(found("\"god is love\"", 10), (1, vec!["1 John 4:3".into()]));
        assert_eq!(found("\"love is god\"", 10).0, 0);
        assert_eq!(found("SHEPHERDS", 10), (1, vec!["Psalms 23:1".into()]));
        // The limit cuts the list, never the count.
        assert_eq!(found("god", 1), (3, vec!["Genesis 1:1".into()]));
    }
}
