//! A Bible reference as Manna's readings write it ("Psalm 23:1-3",
//! "1 Corinthians 15:1-8"): the book, chapter and verses it names, so a
//! reading can link to its chapter in the reader.

use serde::Serialize;
use ts_rs::TS;

/// The 66 books in canonical order: OSIS id and English name.
pub const BOOKS: [(&str, &str); 66] = [
    ("Gen", "Genesis"),
    ("Exod", "Exodus"),
    ("Lev", "Leviticus"),
    ("Num", "Numbers"),
    ("Deut", "Deuteronomy"),
    ("Josh", "Joshua"),
    ("Judg", "Judges"),
    ("Ruth", "Ruth"),
    ("1Sam", "1 Samuel"),
    ("2Sam", "2 Samuel"),
    ("1Kgs", "1 Kings"),
    ("2Kgs", "2 Kings"),
    ("1Chr", "1 Chronicles"),
    ("2Chr", "2 Chronicles"),
    ("Ezra", "Ezra"),
    ("Neh", "Nehemiah"),
    ("Esth", "Esther"),
    ("Job", "Job"),
    ("Ps", "Psalms"),
    ("Prov", "Proverbs"),
    ("Eccl", "Ecclesiastes"),
    ("Song", "Song of Solomon"),
    ("Isa", "Isaiah"),
    ("Jer", "Jeremiah"),
    ("Lam", "Lamentations"),
    ("Ezek", "Ezekiel"),
    ("Dan", "Daniel"),
    ("Hos", "Hosea"),
    ("Joel", "Joel"),
    ("Amos", "Amos"),
    ("Obad", "Obadiah"),
    ("Jonah", "Jonah"),
    ("Mic", "Micah"),
    ("Nah", "Nahum"),
    ("Hab", "Habakkuk"),
    ("Zeph", "Zephaniah"),
    ("Hag", "Haggai"),
    ("Zech", "Zechariah"),
    ("Mal", "Malachi"),
    ("Matt", "Matthew"),
    ("Mark", "Mark"),
    ("Luke", "Luke"),
    ("John", "John"),
    ("Acts", "Acts"),
    ("Rom", "Romans"),
    ("1Cor", "1 Corinthians"),
    ("2Cor", "2 Corinthians"),
    ("Gal", "Galatians"),
    ("Eph", "Ephesians"),
    ("Phil", "Philippians"),
    ("Col", "Colossians"),
    ("1Thess", "1 Thessalonians"),
    ("2Thess", "2 Thessalonians"),
    ("1Tim", "1 Timothy"),
    ("2Tim", "2 Timothy"),
    ("Titus", "Titus"),
    ("Phlm", "Philemon"),
    ("Heb", "Hebrews"),
    ("Jas", "James"),
    ("1Pet", "1 Peter"),
    ("2Pet", "2 Peter"),
    ("1John", "1 John"),
    ("2John", "2 John"),
    ("3John", "3 John"),
    ("Jude", "Jude"),
    ("Rev", "Revelation"),
];

/// The verses a reference names, in one chapter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
pub struct VerseRange {
    /// The book's OSIS id (`Ps`, `1Cor`).
    pub osis: String,
    pub chapter: u32,
    pub from: u32,
    pub to: u32,
}

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
    })
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
        for bad in ["Psalm 23", "Hezekiah 1:1", "John 3:16-3", "John 0:1", ""] {
            assert_eq!(p(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_books_are_the_shipped_bibles() {
        let bible = crate::bible::Bible::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
        )
        .expect("shipped Bible");
        for translation in crate::bible::TRANSLATIONS {
            let books: Vec<(String, String)> = bible
                .index(translation)
                .expect("index")
                .books
                .into_iter()
                .map(|b| (b.osis, b.name))
                .collect();
            let expected: Vec<(String, String)> = BOOKS
                .iter()
                .map(|(o, n)| ((*o).into(), (*n).into()))
                .collect();
            assert_eq!(books, expected, "{translation}");
        }
    }
}
