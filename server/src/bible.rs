//! The whole Bible for the reader: the KJV and the WEB as extracted from the
//! SWORD packages into `content/bible/{kjv,web}.json.gz` (the content tests
//! re-extract and compare them), read once at start.

use crate::error::AppError;
use flate2::read::GzDecoder;
use manna_sync_protocol::FieldError;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;
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
        let translations = TRANSLATIONS
            .iter()
            .map(|t| read(&content_dir.join("bible").join(format!("{t}.json.gz"))))
            .collect::<Result<_, _>>()?;
        Ok(Self { translations })
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

    pub fn chapter(
        &self,
        translation: &str,
        book: &str,
        chapter: &str,
    ) -> Result<BibleChapter, AppError> {
        let t = self.translation(translation)?;
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
        let number: u32 = chapter.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
            AppError::Invalid(FieldError::new(
                "chapter",
                "chapter must be a whole number from 1",
            ))
        })?;
        let b = t
            .books
            .iter()
            .find(|b| same_book(b, &key))
            .ok_or_else(|| AppError::NotFound(format!("no book '{book}' in the Bible")))?;
        let verses = b.chapters.get(number as usize - 1).ok_or_else(|| {
            AppError::NotFound(format!("{} has {} chapters", b.name, b.chapters.len()))
        })?;
        Ok(BibleChapter {
            translation: t.translation.clone(),
            book: b.name.clone(),
            osis: b.osis.clone(),
            chapter: number,
            chapters: b.chapters.len() as u32,
            verses: verses
                .iter()
                .enumerate()
                .map(|(i, text)| Verse {
                    verse: i as u32 + 1,
                    text: text.clone(),
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
