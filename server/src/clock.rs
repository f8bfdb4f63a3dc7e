//! The server's only reading of the time. Handlers and services take it from
//! the state (or as an argument); tests pin it and move it on, so expiry of
//! codes, sessions and entitlements is tested without waiting.

use chrono::{TimeZone, Timelike};
use chrono_tz::Tz;
use manna_core::Date;
use manna_core::calendar::DAY_MS;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Days from 0001-01-01 (chrono's count) to 1970-01-01 (the core's).
pub(crate) const CE_TO_UNIX_DAYS: i64 = 719_163;

/// A browser's time zone name (`America/New_York`), if the database knows it.
pub fn zone(name: &str) -> Option<Tz> {
    name.parse().ok()
}

/// The local date in `zone` at `epoch_ms`.
pub fn local_date(zone: Tz, epoch_ms: i64) -> Date {
    let days = zone
        .timestamp_millis_opt(epoch_ms)
        .single()
        .map(|t| i64::from(chrono::Datelike::num_days_from_ce(&t.date_naive())))
        .unwrap_or(CE_TO_UNIX_DAYS + epoch_ms.div_euclid(86_400_000));
    Date::from_days(days - CE_TO_UNIX_DAYS)
}

/// The minute of the local day in `zone` at `epoch_ms` (0 at midnight).
pub fn local_minute(zone: Tz, epoch_ms: i64) -> u32 {
    zone.timestamp_millis_opt(epoch_ms)
        .single()
        .map_or(0, |t| t.hour() * 60 + t.minute())
}

/// When the local day in `zone` that holds `epoch_ms` ends: the first instant
/// of the next date there (where a change of clocks skips its midnight, the
/// first minute the next date has).
pub fn day_ends_ms(zone: Tz, epoch_ms: i64) -> i64 {
    let next = local_date(zone, epoch_ms).add_days(1);
    let start = chrono::NaiveDate::from_ymd_opt(next.year, next.month, next.day)
        .and_then(|d| d.and_hms_opt(0, 0, 0));
    (0..=24 * 60)
        .step_by(15)
        .find_map(|minutes| {
            let local = start? + chrono::Duration::minutes(minutes);
            zone.from_local_datetime(&local).earliest()
        })
        .map_or(epoch_ms - epoch_ms.rem_euclid(DAY_MS) + DAY_MS, |t| {
            t.timestamp_millis()
        })
}

#[derive(Debug, Clone)]
pub struct Clock(Arc<Source>);

#[derive(Debug)]
enum Source {
    System,
    /// Milliseconds since the Unix epoch, set by a test.
    Pinned(AtomicI64),
}

impl Clock {
    /// The machine's clock.
    pub fn system() -> Self {
        Self(Arc::new(Source::System))
    }

    /// A clock that stands at `epoch_ms` until moved.
    pub fn pinned(epoch_ms: i64) -> Self {
        Self(Arc::new(Source::Pinned(AtomicI64::new(epoch_ms))))
    }

    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        match &*self.0 {
            Source::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
            Source::Pinned(ms) => ms.load(Ordering::SeqCst),
        }
    }

    /// Seconds since the Unix epoch (Stripe's unit).
    pub fn now_secs(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Today in UTC: the date used when a request names none.
    pub fn today_utc(&self) -> Date {
        Date::from_epoch_ms(self.now_ms(), 0)
    }

    /// Moves a pinned clock on by `ms` (a system clock cannot be moved).
    pub fn advance(&self, ms: i64) {
        match &*self.0 {
            Source::System => panic!("the system clock cannot be moved; use Clock::pinned"),
            Source::Pinned(now) => {
                now.fetch_add(ms, Ordering::SeqCst);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinned_clock_stands_still_until_moved() {
        let clock = Clock::pinned(1_763_790_000_000);
        assert_eq!(clock.now_ms(), 1_763_790_000_000);
        assert_eq!(clock.today_utc().to_string(), "2025-11-22");
        clock.advance(86_400_000);
        assert_eq!(clock.today_utc().to_string(), "2025-11-23");
        assert_eq!(clock.now_secs(), 1_763_876_400);
    }

    fn utc(text: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(text)
            .expect("test value")
            .timestamp_millis()
    }

    #[test]
    fn a_day_ends_at_the_next_local_midnight() {
        let chicago = zone("America/Chicago").expect("test value");
        // 3 p.m. on Friday in Chicago: its Saturday starts at 06:00 UTC.
        let friday = utc("2026-12-04T21:00:00Z");
        assert_eq!(day_ends_ms(chicago, friday), utc("2026-12-05T06:00:00Z"));
        // A minute before that midnight, the same end; at it, the next one.
        let end = utc("2026-12-05T06:00:00Z");
        assert_eq!(day_ends_ms(chicago, end - 60_000), end);
        assert_eq!(day_ends_ms(chicago, end), utc("2026-12-06T06:00:00Z"));
        // East of London the day ends before midnight UTC.
        let tokyo = zone("Asia/Tokyo").expect("test value");
        assert_eq!(day_ends_ms(tokyo, friday), utc("2026-12-05T15:00:00Z"));
    }

    #[test]
    fn where_the_clocks_skip_midnight_the_day_ends_when_the_next_one_starts() {
        // Chile moves its clocks on at midnight on the first Saturday of
        // September: Sunday starts at 01:00 local, 04:00 UTC.
        let santiago = zone("America/Santiago").expect("test value");
        let saturday = utc("2026-09-05T18:00:00Z");
        assert_eq!(day_ends_ms(santiago, saturday), utc("2026-09-06T04:00:00Z"));
        // A 25-hour day (clocks back) still ends at its own midnight.
        let chicago = zone("America/Chicago").expect("test value");
        let november = utc("2026-11-01T12:00:00Z");
        assert_eq!(day_ends_ms(chicago, november), utc("2026-11-02T06:00:00Z"));
    }
}
