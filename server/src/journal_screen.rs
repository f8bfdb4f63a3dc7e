//! The prayer journal's first response, for a browser whose app last drew
//! this visitor's journal open for writing (it notes that in a cookie): the
//! page with the journal's tabs, today's prayer prompts and the empty form
//! written in, in the app's own boxes (features/journal/PrayerJournalPage.tsx
//! and Prompts.tsx), so the page shows before any script has run and does
//! not move when the app draws the same over it. Nothing of the visitor's is
//! written: the cookie holds whether the journal is locked and how many
//! entries the tabs count, the prompts are everyone's, and the form is
//! empty. Its controls are held (disabled) until the app's take their place.
//! Any other visitor gets the app's page as it is.

use crate::cookies::named;
use crate::html::{capitalized, escape};
use crate::page_shell::{Banner, headed_main, write_tabs};
use manna_sync_protocol::records::TITLE_MAX;
use manna_sync_protocol::records::journal::JournalCategory;
use serde_json::Value;
use std::fmt::Write;

/// The cookie the app sets while it shows the journal open for writing:
/// `open` or `sealed` (locked, and open on this device), then the number of
/// entries and of answered ones: `open.12.3`.
pub const JOURNAL_COOKIE: &str = "manna-journal";

/// What the app last drew of the journal, as its cookie says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub sealed: bool,
    pub entries: u32,
    pub answered: u32,
}

/// The journal as the app last drew it, from the `Cookie` header's pairs;
/// `None` when it did not draw the journal open for writing.
pub fn shown(cookies: &str) -> Option<Shown> {
    let mut parts = named(cookies, JOURNAL_COOKIE)?.split('.');
    let sealed = match parts.next()? {
        "open" => false,
        "sealed" => true,
        _ => return None,
    };
    let entries = parts.next()?.parse().ok()?;
    let answered = parts.next()?.parse().ok()?;
    (parts.next().is_none() && answered <= entries).then_some(Shown {
        sealed,
        entries,
        answered,
    })
}

/// `index.html` with the journal's first frame written in (today's
/// `prompts`); `None` when the page has no place for it. With the premium
/// notice or a member's banner above the header: the app's `banner`.
pub fn page(shell: &str, shown: Shown, prompts: &[&Value], banner: Banner) -> Option<String> {
    headed_main(
        shell,
        "Prayer Journal",
        banner,
        "page journal",
        "journal",
        |out| {
            let tabs = [
                ("write", "Write".to_string()),
                ("entries", format!("My Entries ({})", shown.entries)),
                ("answered", format!("Answered ({})", shown.answered)),
            ];
            write_tabs(out, "journal", "Prayer journal", &tabs);
            write_prompts(out, prompts);
            write_form(out, shown.sealed);
            out.push_str("</div>");
        },
    )
}

/// Today's prompts, each one tap (held) from the form.
fn write_prompts(out: &mut String, prompts: &[&Value]) {
    out.push_str(concat!(
        r#"<section class="card" aria-labelledby="prompts-title">"#,
        r#"<h2 id="prompts-title" class="card-title">Today&#39;s Prayer Prompts</h2>"#,
    ));
    if prompts.is_empty() {
        out.push_str(r#"<p class="meta">Prompts appear here once Manna has been opened with a connection.</p>"#);
    } else {
        out.push_str(r#"<ul class="plain-list prompt-list">"#);
        for p in prompts {
            let category = p["category"].as_str().unwrap_or_default();
            let _ = write!(
                out,
                r#"<li><span class="tag">{}</span> {} <button type="button" class="link-btn" disabled>Use this prompt</button></li>"#,
                escape(&capitalized(category)),
                escape(p["prompt"].as_str().unwrap_or_default()),
            );
        }
        out.push_str("</ul>");
    }
    out.push_str(concat!(
        r#"<p class="meta">Looking for guided prayer? <a href="/prayer-sessions">Prayer sessions</a></p>"#,
        "</section>",
    ));
}

/// The new entry's form, empty and held.
fn write_form(out: &mut String, sealed: bool) {
    let _ = write!(
        out,
        concat!(
            r#"<form class="card form" novalidate aria-labelledby="write-title">"#,
            r#"<h2 id="write-title" class="card-title">New Prayer Entry</h2>"#,
            r#"<div class="field "><label for="journal-title">Title</label><input id="journal-title" name="title" maxlength="{max}" value="" disabled></div>"#,
            r#"<div class="field "><label for="journal-category">Category</label><select id="journal-category" name="category" disabled>"#,
        ),
        max = TITLE_MAX,
    );
    for category in JournalCategory::ALL {
        let word = category.wire();
        let selected = if *category == JournalCategory::Gratitude {
            " selected"
        } else {
            ""
        };
        let _ = write!(
            out,
            r#"<option value="{word}"{selected}>{}</option>"#,
            capitalized(word)
        );
    }
    out.push_str(concat!(
        "</select></div>",
        r#"<div class="field "><label for="journal-content">Your prayer</label><textarea id="journal-content" name="content" disabled></textarea></div>"#,
        r#"<div class="row"><button type="submit" class="btn btn-primary" disabled>Save Prayer</button>"#,
        r#"<button type="button" class="btn btn-outline" disabled>Cancel</button></div>"#,
    ));
    out.push_str(if sealed {
        r#"<p class="meta">Your journal is locked: this entry is sealed on this device before it is kept or synced.</p>"#
    } else {
        r#"<p class="meta">Only you can read your journal. It is kept on this device and synced to your other devices.</p>"#
    });
    out.push_str("</form>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SHELL: &str = r#"<html><head><title>Manna</title></head><body><div id="root"><!--first-screen--><p>Loading...</p><!--/first-screen--></div></body></html>"#;

    #[test]
    fn the_cookie_says_how_the_journal_was_last_drawn() {
        let open = Shown {
            sealed: false,
            entries: 12,
            answered: 3,
        };
        assert_eq!(
            shown("manna-day=2026-12-04~UTC; manna-journal=open.12.3"),
            Some(open)
        );
        assert_eq!(
            shown("manna-journal=sealed.1.0"),
            Some(Shown {
                sealed: true,
                entries: 1,
                answered: 0
            })
        );
        for refused in [
            "",
            "manna-journal=",
            "manna-journal=0",
            "manna-journal=closed.1.0",
            "manna-journal=open.1",
            "manna-journal=open.1.2",
            "manna-journal=open.1.0.0",
            "manna-journal=open.-1.0",
            "manna-journal=open.x.0",
        ] {
            assert_eq!(shown(refused), None, "{refused}");
        }
    }

    #[test]
    fn the_page_is_written_with_the_days_prompts_and_the_form_held() {
        let thanks = json!({ "id": "p1", "category": "gratitude", "prompt": "Name three <gifts> of today." });
        let asking = json!({ "id": "p2", "category": "petition", "prompt": "What do you need?" });
        let shown = Shown {
            sealed: false,
            entries: 12,
            answered: 3,
        };
        let html = page(SHELL, shown, &[&thanks, &asking], Banner::Nothing).expect("a place");
        assert!(html.contains("<title>Prayer Journal · Manna</title>"));
        assert!(html.contains("<h1>Prayer Journal</h1>"));
        assert!(html.contains(r#"<main class="page journal" data-first-screen="journal">"#));
        assert!(html.contains(r#"class="tab selected" disabled>Write</button>"#));
        assert!(html.contains(">My Entries (12)</button>"));
        assert!(html.contains(">Answered (3)</button>"));
        assert!(html.contains(
            r#"<li><span class="tag">Gratitude</span> Name three &lt;gifts&gt; of today. <button type="button" class="link-btn" disabled>"#
        ));
        assert!(html.contains(r#"<span class="tag">Petition</span> What do you need?"#));
        assert_eq!(html.matches("<option ").count(), JournalCategory::ALL.len());
        assert!(html.contains(r#"<option value="gratitude" selected>Gratitude</option>"#));
        assert!(html.contains(r#"maxlength="200""#));
        assert!(html.contains("Only you can read your journal."));
        // Nothing can be typed or pressed before the app is there.
        let controls = html.matches("<button").count()
            + html.matches("<input").count()
            + html.matches("<select").count()
            + html.matches("<textarea").count();
        assert_eq!(
            html.matches(" disabled").count(),
            controls,
            "every control held"
        );
        assert!(!html.contains("<p>Loading...</p>"));
        assert!(!html.contains("PREMIUM REQUIRED"));

        let sealed = Shown {
            sealed: true,
            ..shown
        };
        let html = page(SHELL, sealed, &[], Banner::Prompt).expect("a place");
        assert!(html.contains("Your journal is locked: this entry is sealed"));
        assert!(html.contains("Prompts appear here once Manna has been opened"));
        assert!(html.contains("PREMIUM REQUIRED"));
        assert_eq!(page("<html></html>", shown, &[], Banner::Nothing), None);
    }
}
