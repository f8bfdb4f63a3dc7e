//! Home's first response: the app's page (`index.html`, `page_shell`) with today's header,
//! banner and reading written where the app will draw them, so the verse shows
//! before any script has run. The boxes are the ones the app's first frame
//! draws (features/home/HomePage.tsx), so nothing moves when it takes over;
//! controls that need the app keep their place, hidden, until it does.
//!
//! The page is for the visitor's local date (`visitor_day`).

use crate::html::escape;
use crate::page_shell::{Banner, HELD_SYNC_BADGE, with_first_screen, write_banner};
use crate::visitor_day::{Moment, long_date};
use serde_json::Value;
use std::fmt::Write;

/// The time of day at the top of Home: shown, or held in its place for a page
/// kept on the device for the rest of the day (the app's service worker keeps
/// one, so that Home opens on the reading with no signal), whose time would be
/// wrong by the time it is opened; the app writes it when it takes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Time {
    Shown,
    Held,
}

/// `index.html` with the day written in, or `None` when it has no place for
/// it; under the app's `banner`.
pub fn page(
    shell: &str,
    reading: Option<&Value>,
    now: &Moment,
    banner: Banner,
    time: Time,
) -> Option<String> {
    with_first_screen(shell, |out| write_day(out, reading, now, banner, time))
}

fn write_day(out: &mut String, reading: Option<&Value>, now: &Moment, banner: Banner, time: Time) {
    // What the app showed at the top of its pages on the last visit.
    write_banner(out, banner);
    out.push_str(concat!(
        r#"<header class="app-header home-header"><div class="brand"><h1>Manna</h1>"#,
        r#"<p class="tagline">Inspiration for Body and Soul</p></div><div class="header-side">"#,
    ));
    out.push_str(HELD_SYNC_BADGE);
    out.push_str(concat!(
        r#"<span class="account-link account-pending" aria-hidden="true">Log in</span></div></header>"#,
        r#"<main class="page home" data-first-screen="day">"#,
    ));
    write_day_banner(out, now, time);
    match reading {
        Some(r) => write_reading(out, r),
        None => out.push_str(concat!(
            r#"<section class="card card-reading" aria-labelledby="reading-title" data-card="reading">"#,
            r#"<h2 id="reading-title" class="card-title">Today's Reading</h2>"#,
            r#"<div class="empty"><p>No Bible reading available for today</p></div></section>"#,
        )),
    }
    out.push_str("</main>");
}

fn write_day_banner(out: &mut String, now: &Moment, time: Time) {
    let d = now.date;
    let (hour, minute) = (now.minute / 60, now.minute % 60);
    let half = if hour < 12 { "AM" } else { "PM" };
    let hour12 = if hour % 12 == 0 { 12 } else { hour % 12 };
    let _ = write!(
        out,
        concat!(
            r#"<section class="banner" aria-labelledby="banner-title"><div>"#,
            r#"<h2 id="banner-title">Today's Wellness Inspiration</h2>"#,
            r#"<p class="banner-date">{date}</p></div>"#,
            r#"<div class="banner-side"><span class="day-badge">Day {day_of_year}</span>"#,
            r#"<time class="banner-time{held}" datetime="{iso}"{hidden}>{hour12}:{minute:02} {half}</time>"#,
            r#"<button type="button" class="icon-btn held" disabled aria-hidden="true"><span>↻</span></button>"#,
            "</div></section>",
        ),
        date = long_date(d),
        day_of_year = d.day_of_year(),
        iso = manna_core::calendar::iso_time(now.epoch_ms),
        hour12 = hour12,
        minute = minute,
        half = half,
        held = if time == Time::Held { " held" } else { "" },
        hidden = if time == Time::Held {
            r#" aria-hidden="true""#
        } else {
            ""
        },
    );
}

fn text<'a>(item: &'a Value, field: &str) -> Option<&'a str> {
    item[field].as_str().filter(|s| !s.is_empty())
}

fn write_reading(out: &mut String, r: &Value) {
    let reference = escape(text(r, "reference").unwrap_or_default());
    out.push_str(concat!(
        r#"<section class="card card-reading" aria-labelledby="reading-title" data-card="reading">"#,
        r#"<h2 id="reading-title" class="card-title">Today's Reading</h2>"#,
    ));
    if let Some(place) = text(r, "place") {
        let _ = write!(out, r#"<p class="eyebrow">{}</p>"#, escape(place));
    }
    let passage = &r["passage"];
    match (
        passage["osis"].as_str(),
        passage["chapter"].as_u64(),
        passage["from"].as_u64(),
    ) {
        (Some(osis), Some(chapter), Some(from)) => {
            let _ = write!(
                out,
                r#"<p class="reference"><a href="/read/kjv/{}/{chapter}{}" title="Read {reference} in its chapter">{reference}</a></p>"#,
                escape(osis),
                if from > 0 {
                    format!("#v{from}")
                } else {
                    String::new()
                },
            );
        }
        _ => {
            let _ = write!(out, r#"<p class="reference">{reference}</p>"#);
        }
    }
    // Read aloud's place, kept (hidden) until the app's own controls take it.
    out.push_str(concat!(
        r#"<div class="read-aloud held" aria-hidden="true"><div class="row play-controls">"#,
        r#"<button type="button" class="btn btn-primary" disabled>Listen</button>"#,
        r#"<label class="read-aloud-speed">Speed<select disabled>"#,
        "<option>0.75×</option><option selected>0.85×</option><option>1×</option><option>1.25×</option>",
        r#"</select></label></div><p class="read-aloud-state"></p></div>"#,
    ));
    // A long passage opens on its first lines, as the app's card does.
    let folded = passage["folded"].as_bool() == Some(true);
    let _ = write!(
        out,
        r#"<blockquote class="verse{}">{}</blockquote>"#,
        if folded { " folded" } else { "" },
        escape(text(r, "verse").unwrap_or_default())
    );
    if folded {
        out.push_str(concat!(
            r#"<p class="unfold held" aria-hidden="true">"#,
            r#"<button type="button" class="link-btn" disabled>Read the whole passage</button></p>"#,
        ));
    }
    // Share, favourite and (for a passage) the note: the app's buttons.
    out.push_str(concat!(
        r#"<div class="row share-row held" aria-hidden="true">"#,
        r#"<button type="button" class="btn btn-outline" disabled>Share</button>"#,
        r#"<button type="button" class="btn btn-outline" disabled>Share as image</button>"#,
        r#"<button type="button" class="btn btn-outline heart" disabled>"#,
        r#"<svg viewBox="0 0 24 24" width="20" height="20" focusable="false"><path d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.8.8.8-.8a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7Z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path></svg>"#,
        "<span>Favorite</span></button>",
    ));
    if passage.is_object() {
        out.push_str(
            r#"<button type="button" class="btn btn-outline" disabled>Highlight or note</button>"#,
        );
    }
    out.push_str("</div>");
    for paragraph in paragraphs(text(r, "reflection").unwrap_or_default()) {
        let _ = write!(out, "<p>{}</p>", escape(paragraph));
    }
    if let Some(quote) = text(r, "csLewisQuote") {
        let _ = write!(
            out,
            r#"<figure class="quote"><blockquote>“{}”</blockquote>"#,
            escape(quote)
        );
        if let Some(source) = text(r, "quoteSource") {
            let _ = write!(out, "<figcaption>— {}</figcaption>", escape(source));
        }
        out.push_str("</figure>");
    }
    if let Some(prayer) = text(r, "prayer") {
        let _ = write!(
            out,
            r#"<div class="prayer"><h3>Prayer</h3><p>{}</p></div>"#,
            escape(prayer)
        );
    }
    out.push_str("</section>");
}

/// Text written with blank lines between paragraphs, as the app shows it
/// (components/Paragraphs.tsx).
fn paragraphs(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            let (para, next) = split_blank_line(rest);
            rest = next;
            let para = para.trim();
            if !para.is_empty() {
                return Some(para);
            }
        }
    })
}

/// `text` up to its first blank line (a newline, any white space, a newline),
/// and what follows it.
fn split_blank_line(text: &str) -> (&str, &str) {
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices('\n') {
        let mut j = i + 1;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() && bytes[j] != b'\n' {
            j += 1;
        }
        if j < bytes.len() && bytes[j] == b'\n' {
            // More blank lines after it make empty paragraphs, left out.
            return (&text[..i], &text[j + 1..]);
        }
    }
    (text, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_shell::banner;
    use manna_core::plans::Plan;
    use serde_json::json;

    const SHELL: &str = r#"<html><body><div id="root"><!--first-screen--><p>Loading...</p><!--/first-screen--></div></body></html>"#;

    fn at(date: &str, minute: u32) -> Moment {
        Moment {
            date: date.parse().expect("test value"),
            minute,
            epoch_ms: 0,
            day_ends_ms: None,
        }
    }

    /// `shell` with no reading written in, on New Year's Day at midnight.
    fn plain(shell: &str) -> Option<String> {
        page(
            shell,
            None,
            &at("2026-01-01", 0),
            Banner::Nothing,
            Time::Shown,
        )
    }

    #[test]
    fn the_reading_is_written_in_place_of_the_placeholder_escaped() {
        let reading = json!({
            "reference": "John 3:16",
            "verse": "For God so loved <the> world",
            "reflection": "One.\n\nTwo & three.\n  \n",
            "place": "Jerusalem",
            "passage": {"osis": "John", "chapter": 3, "from": 16, "to": 16},
            "csLewisQuote": "A quote",
            "quoteSource": "Someone",
            "prayer": "Lord, teach us."
        });
        let html = page(
            SHELL,
            Some(&reading),
            &at("2026-11-28", 13 * 60 + 5),
            Banner::Prompt,
            Time::Shown,
        )
        .expect("test value");
        assert!(!html.contains("Loading..."));
        assert!(html.starts_with(r#"<html><body><div id="root"><!--first-screen-->"#));
        assert!(html.ends_with("<!--/first-screen--></div></body></html>"));
        assert!(html.contains("For God so loved &lt;the&gt; world"));
        assert!(html.contains("<p>One.</p><p>Two &amp; three.</p>"));
        assert!(html.contains(r#"href="/read/kjv/John/3#v16""#));
        assert!(html.contains("Saturday, November 28, 2026"));
        assert!(html.contains("PREMIUM REQUIRED"), "shown last visit: kept");
        let first_visit = page(
            SHELL,
            Some(&reading),
            &at("2026-11-28", 0),
            Banner::Nothing,
            Time::Shown,
        )
        .expect("test value");
        assert!(
            !first_visit.contains("PREMIUM REQUIRED"),
            "a first visit opens without it"
        );
        assert_eq!(
            banner("manna-day=2026-11-28~UTC; manna-prompt=1"),
            Banner::Prompt
        );
        assert_eq!(banner("manna-prompt=annual"), Banner::Member(Plan::Annual));
        assert_eq!(
            banner("manna-prompt=monthly"),
            Banner::Member(Plan::Monthly)
        );
        for nothing in [
            "manna-prompt=0",
            "",
            "manna-prompted=1",
            "manna-prompt=weekly",
        ] {
            assert_eq!(banner(nothing), Banner::Nothing, "{nothing}");
        }
        let member = page(
            SHELL,
            Some(&reading),
            &at("2026-11-28", 0),
            Banner::Member(Plan::Annual),
            Time::Shown,
        )
        .expect("test value");
        assert!(member.contains(r#"<div class="premium-banner premium-member" role="status">"#));
        assert!(member.contains("<span>Annual Plan</span><span>Full Access</span>"));
        assert!(!member.contains("PREMIUM REQUIRED"));
        assert!(html.contains("Day 332"));
        assert!(html.contains("1:05 PM"));
        assert!(html.contains(r#"<p class="eyebrow">Jerusalem</p>"#));
        assert!(!html.contains("<script"));
        assert!(!html.contains("folded") && !html.contains("Read the whole passage"));
    }

    #[test]
    fn a_page_kept_for_the_day_holds_its_time_of_day_in_place() {
        let friday = at("2026-12-04", 15 * 60 + 47);
        for (time, written) in [
            (
                Time::Held,
                r#"<time class="banner-time held" datetime="1970-01-01T00:00:00.000Z" aria-hidden="true">3:47 PM</time>"#,
            ),
            (
                Time::Shown,
                r#"<time class="banner-time" datetime="1970-01-01T00:00:00.000Z">3:47 PM</time>"#,
            ),
        ] {
            let html = page(SHELL, None, &friday, Banner::Nothing, time).expect("test value");
            assert!(html.contains(written), "{time:?}: {html}");
            assert!(html.contains("Friday, December 4, 2026") && html.contains("Day 338"));
        }
    }

    #[test]
    fn a_long_passage_opens_on_its_first_lines_as_the_card_does() {
        let mut reading = json!({
            "reference": "Luke 2:1-14",
            "verse": "And it came to pass in those days",
            "reflection": "One.",
        });
        reading["passage"] =
            serde_json::to_value(manna_core::scripture::passage("Luke 2:1-14").expect("a passage"))
                .expect("test value");
        let html = page(
            SHELL,
            Some(&reading),
            &at("2026-12-25", 8 * 60),
            Banner::Prompt,
            Time::Shown,
        )
        .expect("test value");
        assert!(html.contains(r#"<blockquote class="verse folded">And it came to pass"#));
        assert!(html.contains("Read the whole passage"));
    }

    #[test]
    fn the_hints_that_fetch_the_apps_code_are_left_out() {
        let shell = concat!(
            r#"<html><head><link rel="stylesheet" href="/a.css"><!--app-preload--><link rel="modulepreload" href="/m.js">"#,
            "\n  <!--/app-preload-->\n</head><body><div id=\"root\"><!--first-screen--><!--/first-screen--></div></body></html>",
        );
        let html = plain(shell).expect("test value");
        assert!(
            html.starts_with(r#"<html><head><link rel="stylesheet" href="/a.css"></head><body>"#),
            "{html}"
        );
        assert!(!html.contains("modulepreload"));
        // Without the marks, the head is as it was.
        let html = plain(SHELL).expect("test value");
        assert!(html.starts_with(r#"<html><body><div id="root"><!--first-screen-->"#));
    }

    #[test]
    fn a_shell_without_a_place_is_left_alone_and_a_missing_reading_says_so() {
        assert!(plain("<html></html>").is_none());
        let html = plain(SHELL).expect("test value");
        assert!(html.contains("No Bible reading available for today"));
        assert!(html.contains("12:00 AM"));
        assert!(html.contains("Thursday, January 1, 2026"));
    }
}
