//! The server's only reading of the time. Handlers and services take it from
//! the state (or as an argument); tests pin it and move it on, so expiry of
//! codes, sessions and entitlements is tested without waiting.

use chrono::{TimeZone, Timelike};
use chrono_tz::Tz;
use manna_core::Date;
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
}
