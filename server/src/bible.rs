//! The whole Bible for the reader: the KJV and the WEB as extracted from the
//! SWORD packages into `content/bible/{kjv,web}.json.gz` (the content tests
//! re-extract and compare them), read once at start.

use crate::error::AppError;
use crate::memo::FileMemo;
use flate2::read::GzDecoder;
use manna_core::archive::Query;
use manna_core::scripture::{self, ChapterText, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, VerseHit};
use manna_sync_protocol::FieldError;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use ts_rs::TS;

/// The translations served, by their id in paths.
pub const TRANSLATIONS: [&str; 2] = ["kjv", "web"];

#[derive(Debug, Deserialize)]
struct Book {
    osis: String,
    name: String,
    /// Each chapter's verses (a verse the translation leaves out is empty).
    chapters: Vec<Vec<String>>,
}

#[derive(Debug, Deserialize)]
struct Translation {
    translation: String,
    name: String,
    books: Vec<Book>,
}

/// Every translation, in memory.
#[derive(Debug, Default)]
pub struct Bible {
    translations: Vec<Translation>,
}

/// `GET /api/bible/{translation}`: the books and how many chapters each has.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BibleIndex {
    pub translation: String,
    pub name: String,
    pub books: Vec<BookEntry>,
}

#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookEntry {
    /// The OSIS id (`Gen`, `1Sam`, `Ps`).
    pub osis: String,
    pub name: String,
    pub chapters: u32,
}

/// `GET /api/bible/{translation}/{book}/{chapter}`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BibleChapter {
    pub translation: String,
    /// The book's name ("1 Samuel").
    pub book: String,
    pub osis: String,
    pub chapter: u32,
    pub chapters: u32,
    pub verses: Vec<Verse>,
}

#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct Verse {
    pub verse: u32,
    pub text: String,
}

/// `GET /api/bible/{translation}/{book}`: a whole book, for a device to keep.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BibleBook {
    pub translation: String,
    pub book: String,
    pub osis: String,
    /// Every chapter, in order, each as `GET …/{book}/{chapter}` answers it.
    pub chapters: Vec<BibleChapter>,
}

/// `GET /api/bible/{translation}/search?q=`: the verses with every word.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BibleSearch {
    pub translation: String,
    pub query: String,
    /// How many verses have every word (`verses` lists the first of them).
    pub total: u32,
    pub verses: Vec<VerseHit>,
}

/// Longest search text, in characters.
pub const SEARCH_QUERY_MAX: usize = 200;

fn read(path: &Path) -> Result<Translation, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut json = String::new();
    GzDecoder::new(file)
        .read_to_string(&mut json)
        .map_err(|e| format!("{}: not a gzip file: {e}", path.display()))?;
    let t: Translation =
        serde_json::from_str(&json).map_err(|e| format!("{}: {e}", path.display()))?;
    if t.books.len() != 66 {
        return Err(format!(
            "{}: {} books, not 66",
            path.display(),
            t.books.len()
        ));
    }
    Ok(t)
}

/// A book named in a path: its English name in any case, with spaces or
/// hyphens ("1 samuel", "song-of-solomon"), or its OSIS id ("1Sam").
fn same_book(book: &Book, key: &str) -> bool {
    let name = book.name.to_lowercase();
    key == name || key.replace(['-', '_'], " ") == name || key == book.osis.to_lowercase()
}

impl Bible {
    /// Reads `<content>/bible/<translation>.json.gz` for every translation.
    pub fn load(content_dir: &Path) -> Result<Self, String> {
        let translations = Self::files(content_dir)
            .iter()
            .map(|f| read(f))
            .collect::<Result<_, _>>()?;
        Ok(Self { translations })
    }

    /// [`Bible::load`], read once per process while the files stay as they
    /// were (every server of a process shares it).
    pub fn load_shared(content_dir: &Path) -> Result<Arc<Self>, String> {
        static READ: FileMemo<Bible> = FileMemo::new();
        READ.get(&Self::files(content_dir), || Self::load(content_dir))
    }

    fn files(content_dir: &Path) -> Vec<PathBuf> {
        TRANSLATIONS
            .iter()
            .map(|t| content_dir.join("bible").join(format!("{t}.json.gz")))
            .collect()
    }

    fn translation(&self, id: &str) -> Result<&Translation, AppError> {
        if id.is_empty() || id.len() > 16 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(AppError::Invalid(FieldError::new(
                "translation",
                "translation must be a translation's id, such as kjv or web",
            )));
        }
        self.translations
            .iter()
            .find(|t| t.translation == id.to_ascii_lowercase())
            .ok_or_else(|| {
                AppError::NotFound(format!("no translation '{id}': kjv and web are served"))
            })
    }

    pub fn index(&self, translation: &str) -> Result<BibleIndex, AppError> {
        let t = self.translation(translation)?;
        Ok(BibleIndex {
            translation: t.translation.clone(),
            name: t.name.clone(),
            books: t
                .books
                .iter()
                .map(|b| BookEntry {
                    osis: b.osis.clone(),
                    name: b.name.clone(),
                    chapters: b.chapters.len() as u32,
                })
                .collect(),
        })
    }

    fn book<'a>(&self, t: &'a Translation, book: &str) -> Result<&'a Book, AppError> {
        let key = book.trim().to_lowercase();
        if key.is_empty()
            || key.len() > 40
            || !key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        {
            return Err(AppError::Invalid(FieldError::new(
                "book",
                "book must be a book's name (genesis, 1 samuel) or its OSIS id (Gen, 1Sam)",
            )));
        }
        t.books
            .iter()
            .find(|b| same_book(b, &key))
            .ok_or_else(|| AppError::NotFound(format!("no book '{book}' in the Bible")))
    }

    pub fn chapter(
        &self,
        translation: &str,
        book: &str,
        chapter: &str,
    ) -> Result<BibleChapter, AppError> {
        let t = self.translation(translation)?;
        let b = self.book(t, book)?;
        let number: u32 = chapter.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
            AppError::Invalid(FieldError::new(
                "chapter",
                "chapter must be a whole number from 1",
            ))
        })?;
        if number as usize > b.chapters.len() {
            return Err(AppError::NotFound(format!(
                "{} has {} chapters",
                b.name,
                b.chapters.len()
            )));
        }
        Ok(chapter_of(t, b, number))
    }

    pub fn whole_book(&self, translation: &str, book: &str) -> Result<BibleBook, AppError> {
        let t = self.translation(translation)?;
        let b = self.book(t, book)?;
        Ok(BibleBook {
            translation: t.translation.clone(),
            book: b.name.clone(),
            osis: b.osis.clone(),
            chapters: (1..=b.chapters.len() as u32)
                .map(|n| chapter_of(t, b, n))
                .collect(),
        })
    }

    /// The verses with every word of `typed`, the first `limit` (text) of them.
    pub fn search(
        &self,
        translation: &str,
        typed: Option<&str>,
        limit: Option<&str>,
    ) -> Result<BibleSearch, AppError> {
        let t = self.translation(translation)?;
        let typed = typed.unwrap_or_default().trim();
        if typed.chars().count() > SEARCH_QUERY_MAX {
            return Err(AppError::Invalid(FieldError::new(
                "q",
                format!("q must be at most {SEARCH_QUERY_MAX} characters"),
            )));
        }
        let query = Query::parse(typed).ok_or_else(|| {
            AppError::Invalid(FieldError::new("q", "q must have a word to search for"))
        })?;
        let limit = match limit {
            None | Some("") => SEARCH_LIMIT_DEFAULT,
            Some(text) => text
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=SEARCH_LIMIT_MAX).contains(n))
                .ok_or_else(|| {
                    AppError::Invalid(FieldError::new(
                        "limit",
                        format!("limit must be a whole number from 1 to {SEARCH_LIMIT_MAX}"),
                    ))
                })?,
        };
        let chapters = t.books.iter().flat_map(|b| {
            b.chapters
                .iter()
                .enumerate()
                .map(|(i, verses)| ChapterText {
                    osis: &b.osis,
                    chapter: i as u32 + 1,
                    verses,
                })
        });
        let (total, verses) = scripture::search(&query, chapters, limit);
        Ok(BibleSearch {
            translation: t.translation.clone(),
            query: typed.to_string(),
            total: total as u32,
            verses,
        })
    }
}

/// Chapter `number` (from 1, within the book) as the reader shows it.
fn chapter_of(t: &Translation, b: &Book, number: u32) -> BibleChapter {
    BibleChapter {
        translation: t.translation.clone(),
        book: b.name.clone(),
        osis: b.osis.clone(),
        chapter: number,
        chapters: b.chapters.len() as u32,
        verses: b.chapters[number as usize - 1]
            .iter()
            .enumerate()
            .map(|(i, text)| Verse {
                verse: i as u32 + 1,
                text: text.clone(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use manna_core::scripture::books;

    fn shipped() -> Bible {
        Bible::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("content")).expect("shipped Bible")
    }

    #[test]
    fn books_are_found_by_name_or_osis_id() {
        let bible = shipped();
        for key in ["genesis", "Genesis", "gen", "GEN"] {
            assert_eq!(bible.chapter("kjv", key, "1").expect(key).book, "Genesis");
        }
        for key in ["1 samuel", "1-samuel", "1Sam"] {
            assert_eq!(bible.chapter("web", key, "3").expect(key).osis, "1Sam");
        }
        let john = bible.chapter("kjv", "john", "3").expect("John 3");
        assert_eq!(john.verses.len(), 36);
        assert!(
            john.verses[15]
                .text
                .starts_with("For God so loved the world")
        );
        assert_eq!(bible.index("kjv").expect("index").books.len(), 66);
    }

    #[test]
    fn bad_and_unknown_keys_are_told_apart() {
        let bible = shipped();
        let status = |r: Result<BibleChapter, AppError>| match r {
            Err(AppError::Invalid(e)) => format!("400 {}", e.field),
            Err(AppError::NotFound(_)) => "404".into(),
            other => format!("{other:?}"),
        };
        assert_eq!(status(bible.chapter("kjv", "genesis", "0")), "400 chapter");
        assert_eq!(status(bible.chapter("kjv", "genesis", "x")), "400 chapter");
        assert_eq!(status(bible.chapter("kjv", "gen<esis", "1")), "400 book");
        assert_eq!(status(bible.chapter("kjv", "hezekiah", "1")), "404");
        assert_eq!(status(bible.chapter("kjv", "genesis", "51")), "404");
        assert_eq!(status(bible.chapter("niv", "genesis", "1")), "404");
        assert_eq!(
            status(bible.chapter("k.v", "genesis", "1")),
            "400 translation"
        );
    }

    #[test]
    fn the_books_are_the_canon_in_order() {
        let bible = shipped();
        for translation in TRANSLATIONS {
            let shipped: Vec<(String, String, u32)> = bible
                .index(translation)
                .expect("index")
                .books
                .into_iter()
                .map(|b| (b.osis, b.name, b.chapters))
                .collect();
            let canon: Vec<(String, String, u32)> = books()
                .into_iter()
                .map(|b| (b.osis.into(), b.name.into(), b.chapters))
                .collect();
            assert_eq!(shipped, canon, "{translation}");
        }
    }

    #[test]
    fn a_search_counts_every_verse_and_lists_the_first() {
        let bible = shipped();
        let found = bible
            .search("kjv", Some("  \"only begotten son\" "), None)
            .expect("search");
        assert_eq!(found.query, "\"only begotten son\"");
        let places: Vec<String> = found
            .verses
            .iter()
            .map(|v| format!("{} {}:{}", v.book, v.chapter, v.verse))
            .collect();
        assert_eq!(
            places,
            [
                "John 1:18",
                "John 3:16",
                "John 3:18",
                "Hebrews 11:17",
                "1 John 4:9"
            ]
        );
        assert_eq!(found.total, 5);
        let many = bible.search("web", Some("love"), Some("5")).expect("love");
        assert_eq!(many.verses.len(), 5);
        assert!(many.total > 100, "{}", many.total);
        let field = |r: Result<BibleSearch, AppError>| match r {
            Err(AppError::Invalid(e)) => e.field,
            other => format!("{other:?}"),
        };
        assert_eq!(field(bible.search("kjv", Some(" ,. "), None)), "q");
        assert_eq!(field(bible.search("kjv", None, None)), "q");
        assert_eq!(
            field(bible.search("kjv", Some(&"a".repeat(201)), None)),
            "q"
        );
        assert_eq!(field(bible.search("kjv", Some("love"), Some("0"))), "limit");
        assert_eq!(
            field(bible.search("kjv", Some("love"), Some("101"))),
            "limit"
        );
        assert_eq!(field(bible.search("kjv", Some("love"), Some("x"))), "limit");
    }

    #[test]
    fn a_whole_book_is_its_chapters() {
        let bible = shipped();
        let ruth = bible.whole_book("kjv", "ruth").expect("Ruth");
        assert_eq!(ruth.chapters.len(), 4);
        assert_eq!(ruth.chapters[3].chapter, 4);
        assert_eq!(
            ruth.chapters[0].verses[15].text,
            bible.chapter("kjv", "Ruth", "1").expect("Ruth 1").verses[15].text
        );
        assert!(matches!(
            bible.whole_book("kjv", "hezekiah"),
            Err(AppError::NotFound(_))
        ));
    }
}
