//! What a person keeps from their reading: a day's reading kept as a
//! favorite (the heart), a verse highlighted in one of four colours, and a
//! note on a verse. A favorite is named by its day and a highlight or a note
//! by its verse (`highlight:John:3:16`), so the same thing kept on two
//! devices is one record.

use super::read::record;
use super::{NOTES_MAX, Record, TITLE_MAX, not_blank, optional_at_most};
use crate::books::check_verse;
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;

/// Longest passage a favorite keeps, in characters.
pub const PASSAGE_MAX: usize = 10_000;
/// Longest time text (`2026-11-24T08:30:00.000Z`).
const TIME_MAX: usize = 40;

record! {
    /// A day's reading kept with the heart.
    pub struct FavoriteReading as "a favorite reading" {
        /// The day whose reading it is.
        date: Date,
        reference: String,
        /// The words of the passage, as the reading gave them.
        verse: String,
        saved_at: String,
    }
}

impl Record for FavoriteReading {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("reference", &self.reference, TITLE_MAX)?;
        not_blank("verse", &self.verse, PASSAGE_MAX)?;
        not_blank("savedAt", &self.saved_at, TIME_MAX)
    }
}

wire_enum! {
    /// A highlight's colour.
    pub enum HighlightColor {
        Yellow = "yellow",
        Green = "green",
        Blue = "blue",
        Pink = "pink",
    }
}

record! {
    /// A verse marked in a colour.
    pub struct Highlight as "a highlight" {
        /// The book's OSIS id (`John`, `1Cor`).
        book: String,
        chapter: u32,
        verse: u32,
        color: HighlightColor,
        /// The verse's words where it was highlighted, for the Saved page.
        text: Option<String>,
        created_at: String,
    }
}

impl Record for Highlight {
    fn check(&self) -> Result<(), FieldError> {
        check_verse(&self.book, self.chapter, self.verse)?;
        optional_at_most("text", self.text.as_deref(), NOTES_MAX)?;
        not_blank("createdAt", &self.created_at, TIME_MAX)
    }
}

record! {
    /// A person's own words on a verse.
    pub struct VerseNote as "a note on a verse" {
        /// The book's OSIS id (`John`, `1Cor`).
        book: String,
        chapter: u32,
        verse: u32,
        note: String,
        /// The verse's words where the note was written, for the Saved page.
        text: Option<String>,
        updated_at: String,
    }
}

impl Record for VerseNote {
    fn check(&self) -> Result<(), FieldError> {
        check_verse(&self.book, self.chapter, self.verse)?;
        not_blank("note", &self.note, NOTES_MAX)?;
        optional_at_most("text", self.text.as_deref(), NOTES_MAX)?;
        not_blank("updatedAt", &self.updated_at, TIME_MAX)
    }
}

#[cfg(test)]
mod tests {
    use crate::tables::Table;
    use serde_json::{Value, json};

    fn fields(value: Value) -> crate::records::read::Fields {
        value.as_object().cloned().unwrap_or_default()
    }

    fn refusal(table: Table, id: &str, value: Value) -> Option<(String, String)> {
        table
            .validate(id, &fields(value))
            .err()
            .map(|e| (e.field, e.message))
    }

    #[test]
    fn a_highlight_is_named_by_its_verse_and_must_point_at_one() {
        let at = "2026-11-24T08:30:00.000Z";
        let ok = json!({"book": "John", "chapter": 3, "verse": 16, "color": "yellow", "text": null, "createdAt": at});
        assert_eq!(
            refusal(Table::Highlights, "highlight:John:3:16", ok.clone()),
            None
        );
        let other = refusal(Table::Highlights, "highlight:John:3:17", ok);
        assert_eq!(
            other.map(|(f, m)| (f, m.contains("highlight:John:3:16"))),
            Some(("id".into(), true))
        );
        let purple =
            json!({"book": "John", "chapter": 3, "verse": 16, "color": "purple", "createdAt": at});
        assert_eq!(
            refusal(Table::Highlights, "highlight:John:3:16", purple).map(|(f, _)| f),
            Some("color".into())
        );
        let psalm =
            json!({"book": "Ps", "chapter": 151, "verse": 1, "color": "blue", "createdAt": at});
        assert_eq!(
            refusal(Table::Highlights, "highlight:Ps:151:1", psalm),
            Some(("chapter".into(), "Psalms has chapters 1 to 150".into()))
        );
    }

    #[test]
    fn a_note_has_words_and_a_favorite_is_one_a_day() {
        let at = "2026-11-24T08:30:00.000Z";
        let blank =
            json!({"book": "Rom", "chapter": 8, "verse": 28, "note": " \u{200B}", "updatedAt": at});
        assert_eq!(
            refusal(Table::VerseNotes, "note:Rom:8:28", blank).map(|(f, _)| f),
            Some("note".into())
        );
        let note = json!({"book": "Rom", "chapter": 8, "verse": 28, "note": "All things.", "updatedAt": at});
        assert_eq!(refusal(Table::VerseNotes, "note:Rom:8:28", note), None);

        let day = json!({"date": "2026-11-24", "reference": "Psalm 23:1", "verse": "The LORD is my shepherd.", "savedAt": at});
        assert_eq!(
            refusal(Table::FavoriteReadings, "favorite:2026-11-24", day.clone()),
            None
        );
        assert_eq!(
            refusal(Table::FavoriteReadings, "favorite:2026-11-25", day).map(|(f, _)| f),
            Some("id".into())
        );
    }
}
