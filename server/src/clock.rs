//! The server's only reading of the time. Handlers and services take it from
//! the state (or as an argument); tests pin it and move it on, so expiry of
//! codes, sessions and entitlements is tested without waiting.

use manna_core::Date;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

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
