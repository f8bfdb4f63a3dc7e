//! The prayer reminders' first response: the app's page with what the
//! reminders page draws before it has read anything from the device
//! (features/reminders/PrayerRemindersPage.tsx and RingSettings.tsx: the same
//! boxes), so the page shows before any script has run and does not move
//! when the app draws the same over it. Its controls are held (disabled)
//! until the app's take their place: the device's notifications are being
//! checked, the verse of the day's setting has no value yet, and the list
//! of reminders is loading.

use crate::page_shell::{Banner, headed_page};

/// `index.html` with the reminders page's first frame written in; `None`
/// when the page has no place for it; under the app's `banner`.
pub fn page(shell: &str, banner: Banner) -> Option<String> {
    headed_page(shell, "Prayer Reminders", banner, |out| {
        out.push_str(concat!(
            r#"<button type="button" class="btn btn-primary" disabled>Create Prayer Reminder</button>"#,
            r#"<section class="card ring-settings" aria-labelledby="ring-title">"#,
            r#"<h2 id="ring-title" class="card-title">Notifications</h2>"#,
            r#"<div class="ring-device" aria-live="polite"><p class="muted">Checking this device…</p></div>"#,
            r#"<fieldset class="ring-verse form" disabled><legend>Verse of the day</legend>"#,
            r#"<label class="check"><input type="checkbox">Ring the day's reference and first words, opening the reading</label>"#,
            r#"<div class="field"><label for="verse-time">Time</label><input id="verse-time" name="verseTime" type="time" value=""></div>"#,
            "</fieldset></section>",
            r#"<p role="status">Loading prayer reminders...</p>"#,
        ));
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = r#"<html><head><title>Manna</title></head><body><div id="root"><!--first-screen--><p>Loading...</p><!--/first-screen--></div></body></html>"#;

    #[test]
    fn the_page_is_written_with_its_controls_held() {
        let html = page(SHELL, Banner::Nothing).expect("a place");
        assert!(html.contains("<title>Prayer Reminders · Manna</title>"));
        assert!(html.contains("<h1>Prayer Reminders</h1>"));
        assert!(
            html.contains(r#"class="btn btn-primary" disabled>Create Prayer Reminder</button>"#)
        );
        assert!(html.contains(
            r#"<fieldset class="ring-verse form" disabled><legend>Verse of the day</legend>"#
        ));
        assert!(html.contains(r#"type="time" value="""#));
        assert!(html.contains("Loading prayer reminders..."));
        assert!(!html.contains("<p>Loading...</p>"));
        assert!(!html.contains("PREMIUM REQUIRED"));
        assert!(
            page(SHELL, Banner::Prompt)
                .expect("a place")
                .contains("PREMIUM REQUIRED")
        );
        assert_eq!(page("<html></html>", Banner::Nothing), None);
    }
}
