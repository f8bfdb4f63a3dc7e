//! When a clock time in a person's time zone happens, as an instant: reminders
//! are kept as a local `HH:MM` and ring at that time wherever the device is,
//! in summer and winter alike (the IANA zone database knows the changes).

use chrono::{LocalResult, NaiveDate, NaiveTime, TimeZone};
use chrono_tz::Tz;
use manna_core::Date;

use crate::clock::CE_TO_UNIX_DAYS;
pub use crate::clock::{local_date, zone};

/// `HH:MM` as a time of day.
pub fn clock_time(text: &str) -> Option<NaiveTime> {
    let (h, m) = text.split_once(':')?;
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}

fn naive(date: Date) -> Option<NaiveDate> {
    NaiveDate::from_num_days_from_ce_opt(i32::try_from(date.to_days() + CE_TO_UNIX_DAYS).ok()?)
}

/// The instant `time` happens on `date` in `zone`. In the hour skipped when
/// clocks go forward, the first minute that exists after it; in the hour
/// lived twice when they go back, the first of the two (it rings once).
pub fn instant(zone: Tz, date: Date, time: NaiveTime) -> Option<i64> {
    let mut local = naive(date)?.and_time(time);
    // Gaps are at most a few hours long anywhere in the database.
    for _ in 0..=240 {
        match zone.from_local_datetime(&local) {
            LocalResult::Single(t) => return Some(t.timestamp_millis()),
            LocalResult::Ambiguous(first, _) => return Some(first.timestamp_millis()),
            LocalResult::None => local += chrono::Duration::minutes(1),
        }
    }
    None
}

/// The local `HH:MM` in `zone` at the instant `ms`.
pub fn local_clock(zone: Tz, ms: i64) -> String {
    zone.timestamp_millis_opt(ms)
        .single()
        .map_or_else(|| "00:00".into(), |t| t.format("%H:%M").to_string())
}

/// Each local date and instant in `(from_ms, to_ms]` at which `time` falls in
/// `zone` on a day `on` accepts (0 = Monday … 6 = Sunday).
pub fn due_between(
    zone: Tz,
    time: NaiveTime,
    on: impl Fn(u32) -> bool,
    from_ms: i64,
    to_ms: i64,
) -> Vec<(Date, i64)> {
    let last = local_date(zone, to_ms);
    let mut day = local_date(zone, from_ms).add_days(-1);
    let mut due = Vec::new();
    while day <= last {
        if on(day.weekday_from_monday())
            && let Some(at) = instant(zone, day, time)
            && at > from_ms
            && at <= to_ms
        {
            due.push((day, at));
        }
        day = day.add_days(1);
    }
    due
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(utc: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(utc)
            .expect("time")
            .timestamp_millis()
    }

    fn d(text: &str) -> Date {
        text.parse().expect("date")
    }

    #[test]
    fn a_time_keeps_its_local_hour_across_the_spring_change() {
        let ny = zone("America/New_York").expect("zone");
        let eight = clock_time("08:00").expect("time");
        // Clocks went forward on Sunday 14 March 2027: 08:00 is 13:00 UTC the
        // day before and 12:00 UTC that day.
        assert_eq!(
            instant(ny, d("2027-03-13"), eight),
            Some(ms("2027-03-13T13:00:00Z"))
        );
        assert_eq!(
            instant(ny, d("2027-03-14"), eight),
            Some(ms("2027-03-14T12:00:00Z"))
        );
        // 02:30 does not exist that night: it rings at 03:00 EDT.
        assert_eq!(
            instant(ny, d("2027-03-14"), clock_time("02:30").expect("time")),
            Some(ms("2027-03-14T07:00:00Z"))
        );
    }

    #[test]
    fn the_hour_lived_twice_rings_once() {
        let ny = zone("America/New_York").expect("zone");
        let half_one = clock_time("01:30").expect("time");
        // 7 November 2027: 01:30 EDT (05:30 UTC), then 01:30 EST again.
        let due = due_between(
            ny,
            half_one,
            |_| true,
            ms("2027-11-07T00:00:00Z"),
            ms("2027-11-07T12:00:00Z"),
        );
        assert_eq!(due, vec![(d("2027-11-07"), ms("2027-11-07T05:30:00Z"))]);
    }

    #[test]
    fn only_the_chosen_days_fall_due() {
        let berlin = zone("Europe/Berlin").expect("zone");
        let seven = clock_time("07:00").expect("time");
        // Monday 23 to Monday 30 November 2026, Mondays and Fridays (0 and 4).
        let due = due_between(
            berlin,
            seven,
            |w| w == 0 || w == 4,
            ms("2026-11-23T00:00:00Z"),
            ms("2026-11-30T23:00:00Z"),
        );
        let days: Vec<String> = due.iter().map(|(day, _)| day.to_string()).collect();
        assert_eq!(days, ["2026-11-23", "2026-11-27", "2026-11-30"]);
        assert_eq!(due[0].1, ms("2026-11-23T06:00:00Z"));
    }

    #[test]
    fn the_local_date_is_the_zones() {
        let tokyo = zone("Asia/Tokyo").expect("zone");
        assert_eq!(
            local_date(tokyo, ms("2026-11-24T20:00:00Z")).to_string(),
            "2026-11-25"
        );
        assert!(zone("Mars/Olympus_Mons").is_none());
        assert!(clock_time("24:00").is_none());
    }
}
