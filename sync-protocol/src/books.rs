//! The books of the Bible as Manna names them (OSIS ids), and the place of a
//! verse in them: what a highlight or a note on a verse may point at. The
//! core's scripture rules (passages, search) use the same list.

use crate::field_error::FieldError;
use crate::verse_counts::VERSES;

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

/// How many chapters each book of [`BOOKS`] has (1,189 in all).
pub const CHAPTERS: [u32; 66] = [
    50, 40, 27, 36, 34, 24, 21, 4, 31, 24, 22, 25, 29, 36, 10, 13, 10, 42, 150, 31, 12, 8, 66, 52,
    5, 48, 12, 14, 3, 9, 1, 4, 7, 3, 3, 3, 2, 14, 4, 28, 16, 24, 21, 28, 16, 16, 13, 6, 6, 4, 4, 5,
    3, 6, 4, 3, 1, 13, 5, 5, 3, 5, 1, 1, 1, 22,
];

/// The most verses a chapter has (Psalm 119).
pub const VERSE_MAX: u32 = 176;

/// Where a book stands in the canon (0 for Genesis), by its OSIS id.
pub fn book_position(osis: &str) -> Option<usize> {
    BOOKS.iter().position(|(o, _)| *o == osis)
}

/// The English name of the book `osis` names.
pub fn book_name(osis: &str) -> Option<&'static str> {
    book_position(osis).map(|at| BOOKS[at].1)
}

/// How many verses chapter `chapter` (from 1) of the book at `at` has (the
/// KJV's versification with the WEB's two extra verses), if the book has
/// that chapter.
pub fn verses_in(at: usize, chapter: u32) -> Option<u32> {
    let chapters = *CHAPTERS.get(at)?;
    if chapter == 0 || chapter > chapters {
        return None;
    }
    let before: u32 = CHAPTERS[..at].iter().sum();
    Some(u32::from(VERSES[(before + chapter - 1) as usize]))
}

/// Checks that `book chapter:verse` is a place in the Bible: a book of
/// [`BOOKS`], one of its chapters, and one of that chapter's verses (as the
/// reader shows them: the KJV's versification, with the two verses the WEB
/// numbers apart; highlights and notes share it).
pub fn check_verse(book: &str, chapter: u32, verse: u32) -> Result<(), FieldError> {
    let at = book_position(book).ok_or_else(|| {
        FieldError::new(
            "book",
            format!("\"{book}\" is not a book of the Bible (OSIS ids: Gen, Ps, John, 1Cor …)"),
        )
    })?;
    let (name, chapters) = (BOOKS[at].1, CHAPTERS[at]);
    let Some(verses) = verses_in(at, chapter) else {
        return Err(FieldError::new(
            "chapter",
            format!("{name} has chapters 1 to {chapters}"),
        ));
    };
    if verse == 0 || verse > verses {
        return Err(FieldError::new(
            "verse",
            format!("{name} {chapter} has verses 1 to {verses}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verse_is_checked_against_its_book_and_chapters() {
        assert!(check_verse("John", 3, 16).is_ok());
        assert!(check_verse("Ps", 119, 176).is_ok());
        assert_eq!(
            check_verse("Jn", 3, 16).map_err(|e| e.field),
            Err("book".to_string())
        );
        let jude = check_verse("Jude", 2, 1).expect_err("Jude has one chapter");
        assert_eq!(
            (jude.field.as_str(), jude.message.as_str()),
            ("chapter", "Jude has chapters 1 to 1")
        );
        assert_eq!(
            check_verse("Gen", 1, 0).map_err(|e| e.field),
            Err("verse".to_string())
        );
        assert_eq!(CHAPTERS.iter().sum::<u32>(), 1189);
        assert_eq!(book_name("1Cor"), Some("1 Corinthians"));
    }

    #[test]
    fn a_verse_past_its_chapters_end_is_refused() {
        // John 3 has 36 verses; Psalm 117 two; 3 John one chapter of 14.
        assert!(check_verse("John", 3, 36).is_ok());
        let past = check_verse("John", 3, 99).expect_err("John 3 ends at 36");
        assert_eq!(
            (past.field.as_str(), past.message.as_str()),
            ("verse", "John 3 has verses 1 to 36")
        );
        assert!(check_verse("John", 3, 37).is_err());
        assert!(check_verse("Ps", 117, 2).is_ok());
        assert!(check_verse("Ps", 117, 3).is_err());
        // The WEB numbers 3 John 1:15 and Revelation 12:18 apart.
        assert!(check_verse("3John", 1, 15).is_ok());
        assert!(check_verse("3John", 1, 16).is_err());
        assert!(check_verse("Rev", 12, 18).is_ok());
        assert_eq!(verses_in(0, 1), Some(31), "Genesis 1");
        assert_eq!(verses_in(65, 22), Some(21), "Revelation 22");
        assert_eq!(verses_in(65, 23), None);
        let total: u32 = (0..66)
            .flat_map(|at| (1..=CHAPTERS[at]).map(move |c| verses_in(at, c).unwrap_or(0)))
            .sum();
        assert_eq!(total, 31_104);
        assert_eq!(VERSES.iter().copied().max().map(u32::from), Some(VERSE_MAX));
    }
}
