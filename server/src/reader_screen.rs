//! A chapter's first response: the app's page with the chapter written where
//! the reader draws it (features/read/ReaderPage.tsx, ReaderSearch.tsx and
//! ChapterText.tsx: the same boxes, so nothing moves when the app takes over),
//! and the chapter itself for the app's first render (`first-chapter`), so
//! the text shows before any script has run, on a first visit too. Its
//! controls show, disabled, until the app's own take their place.

use crate::bible::BibleChapter;
use crate::bible::TRANSLATIONS;
use crate::html::escape;
use crate::page_shell::{Banner, titled, with_first_screen, write_banner, write_page_header};
use manna_core::scripture::books;
use std::fmt::Write;

/// The books of the Old Testament: the first 39 of the 66.
const OLD_TESTAMENT: usize = 39;

/// `index.html` with `chapter` written in, or `None` when the page has no
/// place for it or the chapter's translation is not one the reader offers;
/// under the app's `banner`.
pub fn page(shell: &str, chapter: &BibleChapter, banner: Banner) -> Option<String> {
    // The reader names a translation by its id in capitals (KJV), and offers
    // the other beside it.
    let id = chapter.translation.as_str();
    if !TRANSLATIONS.contains(&id) {
        return None;
    }
    let short = id.to_ascii_uppercase();
    let other = TRANSLATIONS
        .iter()
        .find(|t| **t != id)?
        .to_ascii_uppercase();
    let title = escape(&format!("{} {}", chapter.book, chapter.chapter));
    let shell = titled(shell, &title);
    with_first_screen(&shell, |out| {
        write_banner(out, banner);
        write_page_header(out, &title);
        out.push_str(r#"<main class="page reader" data-first-screen="chapter">"#);
        write_pickers(out, chapter, id, &other);
        let _ = write!(
            out,
            concat!(
                r#"<section class="card reader-search" aria-label="Search the {short}"><form role="search" class="row">"#,
                r#"<label for="first-search" class="sr-only">Search the {short}</label>"#,
                r#"<input id="first-search" type="search" placeholder="Search the {short}" disabled>"#,
                r#"<button type="submit" class="btn btn-primary btn-small" disabled>Search</button></form></section>"#,
            ),
            short = short
        );
        write_chapter(out, chapter, &title, &short);
        out.push_str("</main>");
        // The chapter for the app's first render, as GET /api/bible/… answers it.
        if let Ok(json) = serde_json::to_string(chapter) {
            let _ = write!(
                out,
                r#"<script type="application/json" id="first-chapter">{}</script>"#,
                json.replace('<', "\\u003c")
            );
        }
    })
}

fn write_pickers(out: &mut String, chapter: &BibleChapter, id: &str, other: &str) {
    out.push_str(concat!(
        r#"<nav class="card reader-pickers" aria-label="Choose a passage"><div class="reader-place">"#,
        r#"<div class="field"><label for="first-book">Book</label><select id="first-book" disabled>"#,
    ));
    for (n, book) in books().iter().enumerate() {
        if n == 0 {
            out.push_str(r#"<optgroup label="Old Testament">"#);
        } else if n == OLD_TESTAMENT {
            out.push_str(r#"</optgroup><optgroup label="New Testament">"#);
        }
        let _ = write!(
            out,
            r#"<option value="{}"{}>{}</option>"#,
            book.osis,
            if book.osis == chapter.osis {
                " selected"
            } else {
                ""
            },
            book.name
        );
    }
    out.push_str(concat!(
        "</optgroup></select></div>",
        r#"<div class="field"><label for="first-chapter-number">Chapter</label><select id="first-chapter-number" disabled>"#,
    ));
    for n in 1..=chapter.chapters {
        let selected = if n == chapter.chapter {
            " selected"
        } else {
            ""
        };
        let _ = write!(out, r#"<option value="{n}"{selected}>{n}</option>"#);
    }
    out.push_str(concat!(
        "</select></div>",
        r#"<div class="field"><label for="first-translation">Translation</label><select id="first-translation" disabled>"#,
    ));
    for t in TRANSLATIONS {
        let selected = if t == id { " selected" } else { "" };
        let short = t.to_ascii_uppercase();
        let _ = write!(out, r#"<option value="{t}"{selected}>{short}</option>"#);
    }
    let _ = write!(
        out,
        r#"</select></div></div><label class="check"><input type="checkbox" disabled>Show the {other} beside it</label></nav>"#
    );
}

fn write_chapter(out: &mut String, chapter: &BibleChapter, title: &str, short: &str) {
    let _ = write!(
        out,
        concat!(
            r#"<article class="card chapter " aria-labelledby="chapter-title">"#,
            r#"<h2 id="chapter-title" class="section-title">{title} <span class="muted small">{short}</span></h2>"#,
            r#"<p class="muted small">Tap a verse number to highlight the verse or write a note on it. "#,
            r#"They are all on your <a href="/saved">Saved</a> page.</p><div class="verses">"#,
        ),
        title = title,
        short = short
    );
    for v in chapter.verses.iter().filter(|v| !v.text.is_empty()) {
        let _ = write!(
            out,
            concat!(
                r#"<div class="verse-block"><p id="v{n}" class="verse-row  ">"#,
                r#"<button type="button" class="verse-number" disabled aria-label="Verse {n}: highlight or note">{n}</button>"#,
                "<span>{text}</span></p></div>",
            ),
            n = v.verse,
            text = escape(&v.text)
        );
    }
    let _ = write!(
        out,
        r#"</div><p class="muted small">{}</p></article>"#,
        if chapter.translation == "kjv" {
            "King James Version (1769), public domain."
        } else {
            "World English Bible, public domain."
        }
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bible::Verse;

    const SHELL: &str = concat!(
        r#"<html><head><title>Manna: Inspiration for Body and Soul</title><!--app-preload--><link rel="modulepreload" href="/assets/main.js"><!--/app-preload--></head>"#,
        r#"<body><div id="root"><!--first-screen--><p>Loading...</p><!--/first-screen--></div></body></html>"#,
    );

    fn john_3() -> BibleChapter {
        BibleChapter {
            translation: "kjv".into(),
            book: "John".into(),
            osis: "John".into(),
            chapter: 3,
            chapters: 21,
            verses: vec![
                Verse {
                    verse: 1,
                    text: "There was a man of the Pharisees, named Nicodemus, a ruler of the Jews:".into(),
                },
                Verse {
                    verse: 2,
                    text: String::new(),
                },
                Verse {
                    verse: 3,
                    text: "Jesus answered and said unto him, Verily, verily, I say unto thee, Except a man be born again, he cannot see the kingdom of God.</script>".into(),
                },
            ],
        }
    }

    #[test]
    fn the_chapter_is_written_in_the_readers_boxes_with_its_data_for_the_app() {
        let html = page(SHELL, &john_3(), Banner::Nothing).expect("the shell has a place");
        assert!(
            !html.contains("modulepreload"),
            "the app's code waits for the paint"
        );
        assert!(!html.contains("Loading..."));
        assert!(html.contains(r#"<h1>John 3</h1>"#));
        assert!(html.contains("<title>John 3 · Manna</title>"));
        assert!(html.contains(r#"<main class="page reader" data-first-screen="chapter">"#));
        assert!(html.contains(r#"<option value="John" selected>John</option>"#));
        assert!(html.contains(r#"<option value="3" selected>3</option>"#));
        assert!(
            html.contains(r#"<option value="21">21</option>"#)
                && !html.contains(r#"<option value="22">"#)
        );
        assert!(html.contains(r#"<option value="kjv" selected>KJV</option>"#));
        assert!(html.contains("Show the WEB beside it"));
        assert!(html.contains(r#"<p id="v1" class="verse-row  ">"#));
        // A verse the translation leaves out is not shown, as in the app.
        assert!(!html.contains(r#"id="v2""#));
        // Text is escaped in the page, and cannot end the data's script.
        assert!(html.contains("kingdom of God.&lt;/script&gt;</span>"));
        let data = html
            .split(r#"<script type="application/json" id="first-chapter">"#)
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .expect("the chapter's data");
        let parsed: serde_json::Value = serde_json::from_str(data).expect("JSON");
        assert_eq!(parsed["osis"], "John");
        assert_eq!(
            parsed["verses"][2]["text"]
                .as_str()
                .map(|t| t.ends_with("God.</script>")),
            Some(true)
        );
        assert!(!html.contains("PREMIUM REQUIRED"));
        assert!(
            page(SHELL, &john_3(), Banner::Prompt)
                .expect("page")
                .contains("PREMIUM REQUIRED")
        );
    }

    #[test]
    fn a_translation_the_reader_does_not_offer_or_a_page_without_a_place_is_left_alone() {
        let mut other = john_3();
        other.translation = "asv".into();
        assert_eq!(page(SHELL, &other, Banner::Nothing), None);
        assert_eq!(
            page("<html><body></body></html>", &john_3(), Banner::Nothing),
            None
        );
    }
}
