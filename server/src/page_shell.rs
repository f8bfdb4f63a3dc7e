//! The app's page (`index.html`) as the server writes into it: the place
//! between its marks where the app's first frame goes, the hints that fetch
//! the app's code left out (the boot module fetches it once the page is
//! painted), the tab's title, and what every written page draws as the app
//! does: a page's header, the premium notice, the held sync badge and
//! placeholder cards. Each written page marks its `main` with what it holds
//! (`data-first-screen="day"`, `"chapter"`, `"header"`) for the app's start.

use crate::cookies::named;
use crate::html::escape;
use manna_core::plans::Plan;
use std::fmt::Write;

/// The cookie in which the app notes what it shows at the top of its pages:
/// `1` while it shows the premium notice (not before the welcome is done,
/// never to members, not once dismissed), the plan (`monthly`, `annual`)
/// while it shows a member's banner, `0` for nothing; so the next first page
/// has the same there.
pub const BANNER_COOKIE: &str = "manna-prompt";

/// What the app showed at the top of its pages, as its cookie says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Banner {
    /// Nothing: a visitor the app does not know yet (a first visit opens on
    /// the welcome), or one who dismissed the notice.
    Nothing,
    /// The premium notice.
    Prompt,
    /// A member's banner, naming the plan.
    Member(Plan),
}

/// Where the app's placeholder is in `index.html`.
const START: &str = "<!--first-screen-->";
const END: &str = "<!--/first-screen-->";

/// The hints that fetch the app's code from the page's head: left out of a
/// written page, where the app's boot module fetches that code once the page
/// is painted, so what is written waits on nothing but the styles.
const PRELOAD_START: &str = "<!--app-preload-->";
const PRELOAD_END: &str = "<!--/app-preload-->";

/// What the app last showed this visitor at the top of its pages.
pub fn banner(cookies: &str) -> Banner {
    match named(cookies, BANNER_COOKIE) {
        Some("1") => Banner::Prompt,
        Some(plan) => Plan::from_wire(plan).map_or(Banner::Nothing, Banner::Member),
        None => Banner::Nothing,
    }
}

/// `index.html` with what `write` writes in the app's place, and without the
/// hints that fetch the app's code from the head (the boot module fetches it
/// once this is painted); `None` when the page has no place for it.
pub fn with_first_screen(shell: &str, write: impl FnOnce(&mut String)) -> Option<String> {
    let start = shell.find(START)? + START.len();
    let end = start + shell[start..].find(END)?;
    let mut out = String::with_capacity(shell.len() + 16 * 1024);
    out.push_str(&without_preloads(&shell[..start]));
    write(&mut out);
    out.push_str(&shell[end..]);
    Some(out)
}

/// The page with the tab named as the app names a page (`name` escaped):
/// "John 3 · Manna".
pub fn titled(shell: &str, name: &str) -> String {
    match (shell.find("<title>"), shell.find("</title>")) {
        (Some(from), Some(to)) if from < to => format!(
            "{}<title>{name} · Manna</title>{}",
            &shell[..from],
            &shell[to + "</title>".len()..]
        ),
        _ => shell.to_string(),
    }
}

/// A page's header as the app draws it (components/PageHeader.tsx), its
/// sync badge held.
pub fn write_page_header(out: &mut String, title: &str) {
    let _ = write!(
        out,
        r#"<header class="app-header page-header"><a href="/" class="back-link">← Home</a><h1>{title}</h1>{HELD_SYNC_BADGE}</header>"#
    );
}

/// Placeholder cards while something loads, as the app draws them
/// (components/CardSkeleton.tsx).
pub fn write_card_skeleton(out: &mut String, label: &str, count: usize) {
    let _ = write!(
        out,
        r#"<div role="status" aria-label="{}" aria-busy="true" class="stack">"#,
        escape(label)
    );
    for _ in 0..count {
        out.push_str(concat!(
            r#"<div class="card skeleton-group"><div class="skeleton skeleton-line short"></div>"#,
            r#"<div class="skeleton skeleton-line wide"></div><div class="skeleton skeleton-line"></div></div>"#,
        ));
    }
    out.push_str("</div>");
}

/// A page whose first frame is its header over what `body` writes (the
/// app's own first frame before it has read the page's data): `index.html`
/// with them written in, marked `header`, and the tab named `title`; under
/// the app's `banner`.
pub fn headed_page(
    shell: &str,
    title: &str,
    banner: Banner,
    body: impl FnOnce(&mut String),
) -> Option<String> {
    headed_main(shell, title, banner, "page", "header", body)
}

/// `headed_page` with its `main` of class `class` (the app's own: "page
/// journal") and marked `mark`.
pub fn headed_main(
    shell: &str,
    title: &str,
    banner: Banner,
    class: &str,
    mark: &str,
    body: impl FnOnce(&mut String),
) -> Option<String> {
    with_first_screen(&titled(shell, &escape(title)), |out| {
        write_banner(out, banner);
        write_page_header(out, &escape(title));
        let _ = write!(out, r#"<main class="{class}" data-first-screen="{mark}">"#);
        body(out);
        out.push_str("</main>");
    })
}

/// The app's tabs (components/Tabs.tsx) named `name` and labelled `label`,
/// held (disabled) until the app's take their place, the first selected;
/// then the opening of its panel, which the caller closes (`</div>`).
pub fn write_tabs<S: AsRef<str>>(out: &mut String, name: &str, label: &str, tabs: &[(&str, S)]) {
    let _ = write!(
        out,
        r#"<div class="tabs" role="tablist" aria-label="{}">"#,
        escape(label)
    );
    for (n, (id, text)) in tabs.iter().enumerate() {
        let open = n == 0;
        let _ = write!(
            out,
            r#"<button type="button" role="tab" id="{name}-tab-{id}" aria-selected="{open}" aria-controls="{name}-panel" tabindex="{index}" class="tab{class}" disabled>{text}</button>"#,
            index = if open { 0 } else { -1 },
            class = if open { " selected" } else { "" },
            text = escape(text.as_ref()),
        );
    }
    let first = tabs.first().map_or("", |(id, _)| id);
    let _ = write!(
        out,
        r#"</div><div role="tabpanel" id="{name}-panel" aria-labelledby="{name}-tab-{first}" class="tab-panel">"#
    );
}

/// What the app shows at the top of a page (features/premium/PremiumBanner.tsx):
/// the premium notice, its close button held, or a member's banner.
pub fn write_banner(out: &mut String, banner: Banner) {
    match banner {
        Banner::Nothing => {}
        Banner::Prompt => out.push_str(concat!(
            r#"<div class="premium-banner premium-required" role="region" aria-label="Premium">"#,
            "<p><strong>PREMIUM REQUIRED</strong> - Subscribe now to access premium wellness content and features</p>",
            r#"<a class="btn btn-gold btn-small" href="/subscribe">Subscribe</a>"#,
            r#"<button type="button" class="icon-btn held" disabled aria-hidden="true">×</button></div>"#,
        )),
        Banner::Member(plan) => {
            let _ = write!(
                out,
                concat!(
                    r#"<div class="premium-banner premium-member" role="status">"#,
                    r#"<strong><span aria-hidden="true">👑</span> PREMIUM MEMBER</strong>"#,
                    "<span>{}</span><span>Full Access</span></div>",
                ),
                plan.label()
            );
        }
    }
}

/// The sync badge's place in a header, held until the app's badge takes it.
pub const HELD_SYNC_BADGE: &str = concat!(
    r#"<button type="button" class="sync-badge sync-idle held" disabled aria-hidden="true">"#,
    r#"<span class="sync-dot"></span><span class="sync-label">Not synced yet</span></button>"#,
);

/// The head without the block of hints between the preload marks.
fn without_preloads(head: &str) -> std::borrow::Cow<'_, str> {
    let block = head.find(PRELOAD_START).and_then(|from| {
        let to = from + head[from..].find(PRELOAD_END)? + PRELOAD_END.len();
        Some((from, to))
    });
    match block {
        Some((from, to)) => format!("{}{}", &head[..from], head[to..].trim_start()).into(),
        None => head.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_headed_page_is_its_header_over_the_apps_placeholder() {
        let shell = r#"<html><head><title>Manna: Inspiration for Body and Soul</title><!--app-preload--><link rel="modulepreload" href="/a.js"><!--/app-preload--></head><body><div id="root"><!--first-screen--><p>Loading...</p><!--/first-screen--></div></body></html>"#;
        let html = headed_page(shell, "Weight & Tracking", Banner::Nothing, |out| {
            write_card_skeleton(out, "Loading your weight log", 2);
        })
        .expect("a place");
        assert!(html.contains("<title>Weight &amp; Tracking · Manna</title>"));
        assert!(html.contains("<h1>Weight &amp; Tracking</h1>"));
        assert!(html.contains(r#"<div role="status" aria-label="Loading your weight log" aria-busy="true" class="stack">"#));
        assert_eq!(html.matches("card skeleton-group").count(), 2);
        assert!(!html.contains("modulepreload") && !html.contains("Loading..."));
        assert!(!html.contains("PREMIUM REQUIRED"));
        assert!(
            headed_page(shell, "Weight Tracking", Banner::Prompt, |_| {})
                .expect("a place")
                .contains("PREMIUM REQUIRED")
        );
    }
}
