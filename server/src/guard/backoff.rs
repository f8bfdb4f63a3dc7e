//! Growing delays for an account's wrong passwords: after a few free
//! mistakes, each further attempt must wait twice as long as the last, up to a
//! cap. A guesser spread over many addresses gets a handful of tries an hour;
//! the owner is never locked out for longer than the current delay, and from a
//! device the account has signed in on before is not slowed at all (see
//! `accounts::known`).

use crate::error::AppError;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::Mutex;

/// Wrong passwords allowed before any wait.
pub const FREE_FAILURES: u32 = 5;
/// The first wait, doubled after each further failure.
pub const FIRST_DELAY_MS: i64 = 1_000;
/// The longest wait between two attempts.
pub const MAX_DELAY_MS: i64 = 15 * 60_000;
/// Failures are forgotten after this long without one.
pub const FORGET_AFTER_MS: i64 = 24 * 60 * 60_000;

/// Beyond this many keys, forgotten ones are dropped before a new one is kept.
const MAX_KEYS: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last_ms: i64,
}

impl Failures {
    /// The wait after `count` failures.
    fn delay_ms(self) -> i64 {
        match self.count.checked_sub(FREE_FAILURES) {
            None => 0,
            Some(over) => FIRST_DELAY_MS
                .saturating_mul(1_i64 << over.min(30))
                .min(MAX_DELAY_MS),
        }
    }
}

/// Failures per key (an account's email): in memory for one SQLite process,
/// in the shared store for replicas.
#[derive(Debug, Default)]
pub struct Backoff {
    keys: Mutex<HashMap<String, Failures>>,
    shared: Option<Store>,
}

/// The wait (ms) before another attempt, after `count` failures the last at
/// `last_ms`, at `now`.
fn wait_ms(count: i64, last_ms: i64, now: i64) -> i64 {
    let failures = Failures {
        count: u32::try_from(count).unwrap_or(u32::MAX),
        last_ms,
    };
    failures.last_ms + failures.delay_ms() - now
}

/// The refusal of an attempt that must wait `wait` ms more.
fn too_soon(wait: i64) -> AppError {
    let seconds = (wait + 999) / 1000;
    let message = if seconds < 120 {
        let unit = if seconds == 1 { "second" } else { "seconds" };
        format!(
            "Too many wrong passwords for this account. Please wait {seconds} {unit} and try again."
        )
    } else {
        format!(
            "Too many wrong passwords for this account. Please wait {} minutes and try again.",
            (seconds + 59) / 60
        )
    };
    AppError::TooManyRequests(message, u64::try_from(seconds).unwrap_or(1))
}

impl Backoff {
    /// Delays counted in `store`, which replicas share.
    pub fn shared(store: Store) -> Self {
        Self {
            shared: Some(store),
            ..Self::default()
        }
    }

    /// As [`Self::attempt_here`], counted where the failures are kept.
    pub async fn attempt(&self, key: &str, now: i64) -> Result<(), AppError> {
        match &self.shared {
            Some(store) => match store
                .login_attempt(key, now, FORGET_AFTER_MS, wait_ms)
                .await?
            {
                None => Ok(()),
                Some(wait) => Err(too_soon(wait)),
            },
            None => self.attempt_here(key, now),
        }
    }

    /// The attempt was right: the key's failures are forgotten.
    pub async fn succeeded(&self, key: &str) {
        match &self.shared {
            Some(store) => {
                if let Err(e) = store.login_succeeded(key).await {
                    tracing::warn!(error = %e, "forgetting wrong passwords");
                }
            }
            None => self.succeeded_here(key),
        }
    }

    /// Starts an attempt for `key` at `now` (ms), counted as a failure until
    /// [`Self::succeeded`] says otherwise (so a burst of attempts at once
    /// cannot slip past the delay), or refuses with 429 saying how long to
    /// wait.
    fn attempt_here(&self, key: &str, now: i64) -> Result<(), AppError> {
        let mut keys = self.keys.lock().unwrap_or_else(|p| p.into_inner());
        if keys.len() > MAX_KEYS {
            keys.retain(|_, f| now - f.last_ms < FORGET_AFTER_MS);
        }
        let entry = keys.entry(key.to_string()).or_insert(Failures {
            count: 0,
            last_ms: now,
        });
        if now - entry.last_ms >= FORGET_AFTER_MS {
            *entry = Failures {
                count: 0,
                last_ms: now,
            };
        }
        let wait = wait_ms(i64::from(entry.count), entry.last_ms, now);
        if wait > 0 {
            return Err(too_soon(wait));
        }
        entry.count += 1;
        entry.last_ms = now;
        Ok(())
    }

    fn succeeded_here(&self, key: &str) {
        self.keys
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_after_the_free_failures_and_a_success_forgets_them() {
        let b = Backoff::default();
        let mut t = 1_000_000;
        for _ in 0..FREE_FAILURES {
            assert!(b.attempt_here("a@x.test", t).is_ok());
        }
        // Then each attempt waits: 1 s after the last, then 2 s, then 4 s.
        for wait in [1_000, 2_000, 4_000] {
            assert!(b.attempt_here("a@x.test", t + wait - 1).is_err());
            t += wait;
            assert!(b.attempt_here("a@x.test", t).is_ok());
        }
        assert!(
            b.attempt_here("b@x.test", t).is_ok(),
            "other accounts are not slowed"
        );
        b.succeeded_here("a@x.test");
        assert!(b.attempt_here("a@x.test", t).is_ok());
    }

    #[test]
    fn the_wait_never_exceeds_the_cap() {
        let f = Failures {
            count: 200,
            last_ms: 0,
        };
        assert_eq!(f.delay_ms(), MAX_DELAY_MS);
    }
}
