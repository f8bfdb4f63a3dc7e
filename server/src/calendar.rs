//! The user's calendar feed (iCalendar, RFC 5545) for their phone's calendar:
//! the daily Bible reading of the coming weeks, active prayer reminders as
//! weekly repeating events, the days of the meal plans they started and of
//! their personal plans, and the days their generated shopping lists are for.
//! The address holds a secret kept only as a hash; making a new one or turning
//! it off ends the old one.

use crate::content::{ContentSet, Kind, item_for};
use crate::error::AppError;
use crate::store::{FeedSource, LiveRecord, Store};
use crate::tokens::{hash_token, random_hex};
use manna_core::Date;
use manna_core::days::date_of_day;
use manna_core::meals::calendar_week_dates;
use manna_sync_protocol::Table;
use manna_sync_protocol::records::prayer::{PrayerReminder, Weekday};
use manna_sync_protocol::records::read::ReadFields;
use serde_json::{Map, Value};

/// Days of readings the feed carries, from today.
pub const READING_DAYS: i64 = 30;

/// The tables a feed shows.
pub const FEED_TABLES: &[Table] = &[
    Table::PrayerReminders,
    Table::MealPlanEnrollments,
    Table::PersonalizedPlans,
    Table::ShoppingLists,
];

/// A new secret for a feed's address, and its hash for the store.
pub fn new_secret() -> Result<(String, String), AppError> {
    let token = random_hex(24)?;
    let hash = hash_token(&token);
    Ok((token, hash))
}

/// The hash a feed secret is stored by.
pub fn secret_hash(token: &str) -> String {
    hash_token(token)
}

/// The feeds' addresses, as the routes use them (cheap to clone: it shares
/// the store).
#[derive(Debug, Clone)]
pub struct Feeds {
    store: Store,
}

impl Feeds {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// When `user`'s current address was made, if they have one.
    pub async fn made_at(&self, user: &str) -> Result<Option<i64>, AppError> {
        Ok(self.store.calendar_made_at(user).await?)
    }

    /// Gives `user` a new address by its secret's hash (the old one ends).
    pub async fn renew(
        &self,
        user: &str,
        secret_hash: String,
        now_ms: i64,
    ) -> Result<(), AppError> {
        Ok(self
            .store
            .set_calendar_secret(user, secret_hash, now_ms)
            .await?)
    }

    /// Turns `user`'s address off; answers whether there was one.
    pub async fn revoke(&self, user: &str) -> Result<bool, AppError> {
        Ok(self.store.revoke_calendar(user).await?)
    }

    /// What the feed of the address whose secret is `token` shows, if the
    /// address is live.
    pub async fn source(
        &self,
        token: &str,
        with_emails: bool,
    ) -> Result<Option<FeedSource>, AppError> {
        Ok(self
            .store
            .calendar_source(&secret_hash(token), FEED_TABLES, with_emails)
            .await?)
    }
}

/// Text as a property value: backslash, comma, semicolon and newlines escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ',' => out.push_str("\\,"),
            ';' => out.push_str("\\;"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line, folded at 75 octets (never inside a character), CRLF.
fn line(out: &mut String, text: &str) {
    let mut width = 0;
    for c in text.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
}

fn compact(date: Date) -> String {
    date.to_string().replace('-', "")
}

struct Event {
    uid: String,
    day: Date,
    /// `HHMM` local (floating) time, or all day.
    time: Option<String>,
    summary: String,
    description: String,
    rrule: Option<String>,
    /// A display alarm at the event's start (reminders ring).
    alarm: bool,
}

fn write_event(out: &mut String, e: &Event, stamp: &str) {
    line(out, "BEGIN:VEVENT");
    line(out, &format!("UID:{}@manna", e.uid));
    line(out, &format!("DTSTAMP:{stamp}"));
    match &e.time {
        Some(hhmm) => {
            line(out, &format!("DTSTART:{}T{hhmm}00", compact(e.day)));
            line(out, "DURATION:PT15M");
        }
        None => {
            line(out, &format!("DTSTART;VALUE=DATE:{}", compact(e.day)));
            line(
                out,
                &format!("DTEND;VALUE=DATE:{}", compact(e.day.add_days(1))),
            );
        }
    }
    if let Some(rule) = &e.rrule {
        line(out, &format!("RRULE:{rule}"));
    }
    line(out, &format!("SUMMARY:{}", escape(&e.summary)));
    if !e.description.is_empty() {
        line(out, &format!("DESCRIPTION:{}", escape(&e.description)));
    }
    if e.alarm {
        line(out, "BEGIN:VALARM");
        line(out, "ACTION:DISPLAY");
        line(out, "TRIGGER:PT0M");
        line(out, &format!("DESCRIPTION:{}", escape(&e.summary)));
        line(out, "END:VALARM");
    }
    line(out, "END:VEVENT");
}

/// The first of `days` on or after `from` (a weekly event starts on a day of
/// its rule: RFC 5545 leaves a start outside the rule undefined, and calendar
/// apps show it as an extra event).
fn first_of(days: &[Weekday], from: Date) -> Date {
    (0..7)
        .map(|n| from.add_days(n))
        .find(|d| {
            days.iter()
                .any(|w| from_monday(*w) == d.weekday_from_monday())
        })
        .unwrap_or(from)
}

/// 0 = Monday … 6 = Sunday, as [`Date::weekday_from_monday`] counts.
fn from_monday(day: Weekday) -> u32 {
    match day {
        Weekday::Monday => 0,
        Weekday::Tuesday => 1,
        Weekday::Wednesday => 2,
        Weekday::Thursday => 3,
        Weekday::Friday => 4,
        Weekday::Saturday => 5,
        Weekday::Sunday => 6,
    }
}

fn byday(day: Weekday) -> &'static str {
    match day {
        Weekday::Monday => "MO",
        Weekday::Tuesday => "TU",
        Weekday::Wednesday => "WE",
        Weekday::Thursday => "TH",
        Weekday::Friday => "FR",
        Weekday::Saturday => "SA",
        Weekday::Sunday => "SU",
    }
}

fn text(fields: &Map<String, Value>, key: &str) -> String {
    fields
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn date_of(fields: &Map<String, Value>, key: &str) -> Option<Date> {
    fields.get(key)?.as_str()?.get(..10)?.parse().ok()
}

/// What a plan day says in a calendar: its meals' names, or its workout.
fn day_summary(day: &Value) -> String {
    let mut parts = Vec::new();
    for meal in ["breakfast", "lunch", "dinner"] {
        if let Some(name) = day
            .get(meal)
            .and_then(|m| m.get("name"))
            .and_then(Value::as_str)
        {
            parts.push(format!("{}: {name}", crate::html::capitalized(meal)));
        }
    }
    if let Some(w) = day
        .get("workout")
        .and_then(|w| w.get("title"))
        .and_then(Value::as_str)
    {
        parts.push(format!("Workout: {w}"));
    }
    parts.join("\n")
}

/// The whole feed of `user` on `today`; `stamp` is the time it is made
/// (`YYYYMMDDTHHMMSSZ`). A premium meal plan's days appear only while `member`.
pub fn feed(
    source: &[(Table, Vec<LiveRecord>)],
    set: &ContentSet,
    today: Date,
    stamp: &str,
    member: bool,
) -> Result<String, AppError> {
    let live_records = |table: Table| {
        source
            .iter()
            .find(|(t, _)| *t == table)
            .map(|(_, records)| records.clone())
            .unwrap_or_default()
    };
    let mut events = Vec::new();
    for offset in 0..READING_DAYS {
        let day = today.add_days(offset);
        if let Some(reading) = item_for(set, Kind::BibleReadings, day) {
            events.push(Event {
                uid: format!("reading-{day}"),
                day,
                time: None,
                summary: format!(
                    "Bible reading: {}",
                    text(reading.as_object().unwrap_or(&Map::new()), "reference")
                ),
                description: text(reading.as_object().unwrap_or(&Map::new()), "verse"),
                rrule: None,
                alarm: false,
            });
        }
    }
    for (id, _, fields) in live_records(Table::PrayerReminders) {
        let Ok(r) = PrayerReminder::read_fields(&fields) else {
            continue;
        };
        if r.is_active != 1 {
            continue;
        }
        let days: Vec<&str> = r.days.iter().map(|d| byday(*d)).collect();
        events.push(Event {
            uid: id,
            day: first_of(&r.days, today),
            time: Some(r.reminder_time.replace(':', "")),
            summary: r.title.clone(),
            description: r.description.clone(),
            rrule: Some(format!("FREQ=WEEKLY;BYDAY={}", days.join(","))),
            alarm: true,
        });
    }
    for (id, _, fields) in live_records(Table::MealPlanEnrollments) {
        let plan_id = text(&fields, "mealPlanId");
        let (Some(start), Some((_, days))) = (
            date_of(&fields, "startDate"),
            crate::content::meal_plans::category_and_days(set, &plan_id, member),
        ) else {
            continue;
        };
        let title = crate::content::meal_plans::title_of(set, &plan_id).unwrap_or(plan_id);
        for d in &days {
            events.push(Event {
                uid: format!("{id}-day{}", d.day_number),
                day: date_of_day(start, i64::from(d.day_number)),
                time: None,
                summary: format!("{title}, day {}: {}", d.day_number, d.theme),
                description: day_summary(&serde_json::json!(d)),
                rrule: None,
                alarm: false,
            });
        }
    }
    for (id, _, fields) in live_records(Table::PersonalizedPlans) {
        let Some(start) = date_of(&fields, "createdAt") else {
            continue;
        };
        let title = text(&fields, "title");
        let days = fields
            .get("dailyPlans")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for (i, d) in days.iter().enumerate() {
            let theme = d.get("theme").and_then(Value::as_str).unwrap_or_default();
            events.push(Event {
                uid: format!("{id}-day{}", i + 1),
                day: date_of_day(start, i as i64 + 1),
                time: None,
                summary: format!("{title}, day {}: {theme}", i + 1),
                description: day_summary(d),
                rrule: None,
                alarm: false,
            });
        }
    }
    for (id, _, fields) in live_records(Table::ShoppingLists) {
        let (Some(start), Some(week)) = (
            date_of(&fields, "startDate"),
            fields
                .get("weekNumber")
                .and_then(Value::as_u64)
                .and_then(|w| u32::try_from(w).ok()),
        ) else {
            continue;
        };
        if text(&fields, "status") == "completed" {
            continue;
        }
        let cost = fields.get("estimatedCost").and_then(Value::as_u64);
        events.push(Event {
            uid: id,
            day: calendar_week_dates(start, week).0,
            time: None,
            summary: format!("Shopping: {}", text(&fields, "title")),
            description: cost.map_or_else(String::new, |c| {
                format!("Estimated cost ${}.{:02}", c / 100, c % 100)
            }),
            rrule: None,
            alarm: false,
        });
    }
    let mut out = String::new();
    line(&mut out, "BEGIN:VCALENDAR");
    line(&mut out, "VERSION:2.0");
    line(&mut out, "PRODID:-//Manna//Daily Faith and Wellness//EN");
    line(&mut out, "CALSCALE:GREGORIAN");
    line(&mut out, "METHOD:PUBLISH");
    line(&mut out, "X-WR-CALNAME:Manna");
    line(&mut out, "REFRESH-INTERVAL;VALUE=DURATION:PT12H");
    for e in &events {
        write_event(&mut out, e, stamp);
    }
    line(&mut out, "END:VCALENDAR");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weekly_reminder_starts_on_its_first_day() {
        let tuesday: Date = "2026-11-24".parse().expect("date");
        let mwf = [Weekday::Monday, Weekday::Wednesday, Weekday::Friday];
        assert_eq!(first_of(&mwf, tuesday).to_string(), "2026-11-25");
        assert_eq!(first_of(&[Weekday::Tuesday], tuesday), tuesday);
        assert_eq!(
            first_of(&[Weekday::Monday], tuesday).to_string(),
            "2026-11-30"
        );
    }

    #[test]
    fn values_are_escaped_and_long_lines_folded() {
        assert_eq!(escape("a, b; c\\d\nnext"), "a\\, b\\; c\\\\d\\nnext");
        let mut out = String::new();
        line(&mut out, &format!("SUMMARY:{}", "é".repeat(60)));
        for physical in out.trim_end().split("\r\n") {
            assert!(physical.len() <= 75, "{} octets", physical.len());
        }
        let unfolded = out.trim_end().replace("\r\n ", "");
        assert_eq!(unfolded, format!("SUMMARY:{}", "é".repeat(60)));
    }

    #[test]
    fn plan_days_read_as_their_meals_or_workout() {
        let day = serde_json::json!({"breakfast": {"name": "Oatmeal"}, "dinner": {"name": "Lentil Curry"},
            "workout": {"title": "Prayer Walk"}});
        assert_eq!(
            day_summary(&day),
            "Breakfast: Oatmeal\nDinner: Lentil Curry\nWorkout: Prayer Walk"
        );
    }
}
