//! The Bible Study Center's first response: the app's page with today's
//! reading written where the study page draws it (features/bible/BiblePage.tsx
//! and components/Tabs.tsx: the same boxes), and the study's placeholder
//! below it, as the app's first frame shows it until the study is in. The app
//! then draws the same over it, so the verse shows before any script has run
//! and does not move. The tabs show, disabled, until the app's take their place.

use crate::html::escape;
use crate::page_shell::{
    Banner, titled, with_first_screen, write_banner, write_card_skeleton, write_page_header,
    write_tabs,
};
use crate::visitor_day::{Moment, long_date};
use serde_json::Value;
use std::fmt::Write;

/// The study page's tabs (BiblePage's `TABS`); the first is open.
const TABS: [(&str, &str); 4] = [
    ("study", "Study"),
    ("context", "Context"),
    ("application", "Application"),
    ("resources", "Resources"),
];

/// `index.html` with today's reading written in, or `None` when there is no
/// reading for the day (the app says so itself) or the page has no place for
/// it; under the app's `banner`.
pub fn page(shell: &str, reading: &Value, now: &Moment, banner: Banner) -> Option<String> {
    let reference = reading["reference"].as_str().filter(|s| !s.is_empty())?;
    let verse = reading["verse"].as_str().unwrap_or_default();
    with_first_screen(&titled(shell, "Bible Study Center"), |out| {
        write_banner(out, banner);
        write_page_header(out, "Bible Study Center");
        let _ = write!(
            out,
            r#"<main class="page bible" data-first-screen="day"><p class="meta"><time datetime="{iso}">{date}</time></p>"#,
            iso = now.date,
            date = long_date(now.date),
        );
        write_tabs(out, "bible", "Bible study", &TABS);
        let _ = write!(
            out,
            r#"<section class="card"><p class="reference">{reference}</p><blockquote class="verse">{verse}</blockquote>"#,
            reference = escape(reference),
            verse = escape(verse),
        );
        let passage = &reading["passage"];
        if let (Some(osis), Some(chapter)) = (passage["osis"].as_str(), passage["chapter"].as_u64())
        {
            let verse = match passage["from"].as_u64() {
                Some(from) if from > 0 => format!("#v{from}"),
                _ => String::new(),
            };
            let osis = escape(osis);
            let _ = write!(
                out,
                concat!(
                    r#"<p class="inline-links"><a href="/read/kjv/{osis}/{chapter}{verse}">Read the whole chapter</a>"#,
                    r#"<a href="/read/kjv/{osis}/{chapter}?with=web{verse}">KJV and WEB side by side</a></p>"#,
                ),
                osis = osis,
                chapter = chapter,
                verse = verse,
            );
        }
        // The study's place while it loads.
        out.push_str("</section>");
        write_card_skeleton(out, "Loading the study", 1);
        out.push_str("</div></main>");
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use manna_core::Date;
    use serde_json::json;

    const SHELL: &str = r#"<html><body><div id="root"><!--first-screen--><p>Loading...</p><!--/first-screen--></div></body></html>"#;

    fn friday() -> Moment {
        Moment {
            date: Date::new(2026, 12, 4).expect("a date"),
            minute: 7 * 60,
            epoch_ms: 0,
            day_ends_ms: None,
        }
    }

    #[test]
    fn todays_reading_is_written_under_the_studys_tabs() {
        let reading = json!({
            "reference": "Psalm 46:10",
            "verse": "Be still, and know that I am God: I will be exalted among the heathen, I will be exalted in the earth.",
            "passage": {"osis": "Ps", "chapter": 46, "from": 10},
        });
        let html = page(SHELL, &reading, &friday(), Banner::Nothing).expect("a place");
        assert!(html.contains("<h1>Bible Study Center</h1>"));
        assert!(html.contains(r#"<time datetime="2026-12-04">Friday, December 4, 2026</time>"#));
        assert!(html.contains(r#"class="tab selected" disabled>Study</button>"#));
        assert_eq!(html.matches(r#"role="tab""#).count(), 4);
        assert!(html.contains(r#"<blockquote class="verse">Be still, and know that I am God"#));
        assert!(html.contains(r#"<a href="/read/kjv/Ps/46#v10">Read the whole chapter</a>"#));
        assert!(
            html.contains(r#"<a href="/read/kjv/Ps/46?with=web#v10">KJV and WEB side by side</a>"#)
        );
        assert!(html.contains(r#"aria-label="Loading the study""#));
        assert!(!html.contains("Loading..."));
        assert!(!html.contains("PREMIUM REQUIRED"));
        assert!(
            page(SHELL, &reading, &friday(), Banner::Prompt)
                .expect("a place")
                .contains("PREMIUM REQUIRED")
        );
    }

    #[test]
    fn no_reading_leaves_the_page_to_the_app() {
        assert_eq!(page(SHELL, &json!({}), &friday(), Banner::Nothing), None);
        assert_eq!(
            page(
                "<html></html>",
                &json!({"reference": "John 3:16", "verse": "For God so loved"}),
                &friday(),
                Banner::Nothing
            ),
            None
        );
    }
}
