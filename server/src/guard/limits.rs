//! Rate limits: fixed windows counted per client address (see `client`), per
//! user, and per requesting address and inbox of an email: in memory for one
//! SQLite process, in the shared store for replicas (a burst spread over them
//! is limited as one). A
//! slot is taken before the work it limits (a burst can never run more than
//! the limit), and given back when the attempt turns out to be a legitimate
//! one (a right password).

use crate::error::AppError;
use crate::store::{Charge, LimitTake, Store};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// What a limit allows: `max` attempts per `window` for one key.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub name: &'static str,
    pub max: u32,
    pub window: Duration,
}

const MINUTE: u64 = 60;

// Limits per address are sized for a congregation: hundreds of phones on a
// church's Wi-Fi, or a mobile carrier's shared address, arriving within
// minutes of "open Manna now". What one person's phone may do is limited per
// device or per user, and what the never-signed-in phones of one address may
// store together is bounded (`store::sync::records`), so an attacker pays
// per device and gains nothing from one address that a church would need.

/// Failed logins from one address: 100 per 15 minutes (a congregation
/// mistypes too; each account has its own growing delays against guessing).
pub const LOGIN: Limit = Limit {
    name: "login",
    max: 100,
    window: Duration::from_secs(15 * MINUTE),
};
/// Registrations and set-password from one address: 500 an hour (two calls
/// an account: 250 accounts an hour from one church's network).
pub const REGISTER: Limit = Limit {
    name: "register",
    max: 500,
    window: Duration::from_secs(60 * MINUTE),
};
/// Registrations and set-password from one device: 10 an hour.
pub const REGISTER_DEVICE: Limit = Limit {
    name: "register-device",
    max: 10,
    window: Duration::from_secs(60 * MINUTE),
};
/// One-time codes sent and checked from one address: 300 per 15 minutes.
pub const CODES: Limit = Limit {
    name: "codes",
    max: 300,
    window: Duration::from_secs(15 * MINUTE),
};
/// One-time codes sent and checked from one device: 20 per 15 minutes.
pub const CODES_DEVICE: Limit = Limit {
    name: "codes-device",
    max: 20,
    window: Duration::from_secs(15 * MINUTE),
};
/// Code emails from one address to any inbox: 1,000 a day (a congregation's
/// registrations and restores; not a way to mail strangers by the thousand).
pub const CODE_EMAILS_DAY: Limit = Limit {
    name: "code-emails",
    max: 1_000,
    window: Duration::from_secs(24 * 60 * MINUTE),
};
/// Code emails from one address to one inbox: 5 an hour. A stranger asking
/// for codes to someone's inbox uses up only their own allowance.
pub const CODES_PAIR: Limit = Limit {
    name: "codes-pair",
    max: 5,
    window: Duration::from_secs(60 * MINUTE),
};
/// Code emails to one inbox from everyone: 30 a day, so nobody can flood an
/// inbox, and asking from many addresses to starve its owner costs many.
pub const CODES_INBOX_DAY: Limit = Limit {
    name: "codes-inbox",
    max: 30,
    window: Duration::from_secs(24 * 60 * MINUTE),
};
/// New anonymous users from one address: 1,000 an hour (a congregation of
/// hundreds opening Manna at once; what they may store together is bounded
/// apart).
pub const DEVICES: Limit = Limit {
    name: "devices",
    max: 1_000,
    window: Duration::from_secs(60 * MINUTE),
};
/// Sync pushes of one user: 120 a minute (an app pushes once a write burst,
/// and drains a long outbox in a few rounds).
pub const SYNC_PUSH: Limit = Limit {
    name: "sync-push",
    max: 120,
    window: Duration::from_secs(MINUTE),
};
/// What one user's sync pushes carry: 2 MB a minute, the largest push there
/// is (a phone back from a month offline sends far less). Writes are the
/// costly part of the server's work, and one user's must not crowd out
/// everyone else's.
pub const SYNC_BYTES: Limit = Limit {
    name: "sync-bytes",
    max: 2 * 1024 * 1024,
    window: Duration::from_secs(MINUTE),
};
/// Checkouts started and payments looked up from one address: 300 per 15
/// minutes.
pub const PAYMENTS: Limit = Limit {
    name: "payments",
    max: 300,
    window: Duration::from_secs(15 * MINUTE),
};

/// Finder searches from one address that ask the live map source (the
/// store's answers do not count): 60 per 10 minutes. A congregation searching
/// its own town asks once; a script asking about every town does not get far.
pub const LIVE_SEARCH: Limit = Limit {
    name: "live-search",
    max: 60,
    window: Duration::from_secs(10 * MINUTE),
};

/// Test notifications asked for by one user: 10 an hour (each one is a
/// request to a push service in the server's name).
pub const PUSH_TEST: Limit = Limit {
    name: "push-test",
    max: 10,
    window: Duration::from_secs(60 * MINUTE),
};

impl Limit {
    fn window_ms(self) -> i64 {
        self.window.as_millis() as i64
    }

    /// A take of `amount` of `key`'s allowance, as the shared store counts it.
    fn take(self, key: &str, amount: u32) -> LimitTake {
        LimitTake {
            name: self.name,
            key: key.to_owned(),
            max: i64::from(self.max),
            window_ms: self.window_ms(),
            amount: i64::from(amount),
        }
    }
}

/// `takes` (a limit, a key, an amount each) as the shared store counts them.
fn shared_takes(takes: &[(Limit, &str, u32)]) -> Vec<LimitTake> {
    takes
        .iter()
        .map(|&(limit, key, amount)| limit.take(key, amount))
        .collect()
}

/// When a window started (ms), how many attempts it counted and how long it lasts.
type Window = (i64, u32, i64);

/// Beyond this many keys, windows that ended are dropped before a new one is kept.
const MAX_KEYS: usize = 100_000;

/// Fixed-window counters per limit and key.
#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<(&'static str, String), Window>>,
    /// Counted here instead, when replicas share it.
    shared: Option<Store>,
}

/// What `records` (their ids and fields) write, as [`SYNC_BYTES`] counts
/// it: each id, field name and value written as JSON.
fn written_bytes<'a>(
    records: impl Iterator<Item = (&'a str, &'a serde_json::Map<String, serde_json::Value>)>,
) -> u32 {
    let mut counted = Counted(0);
    for (id, fields) in records {
        counted.0 += id.len();
        for (k, v) in fields {
            counted.0 += k.len();
            // A value is always written (a write only counts).
            let _ = serde_json::to_writer(&mut counted, v);
        }
    }
    u32::try_from(counted.0).unwrap_or(u32::MAX)
}

/// A writer that only counts what is written to it.
struct Counted(usize);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl RateLimiter {
    /// Limits counted in `store`, which replicas share.
    pub fn shared(store: Store) -> Self {
        Self {
            shared: Some(store),
            ..Self::default()
        }
    }

    /// Takes the slots of one code email from `client` to `inbox`: the pair's
    /// hourly allowance, the inbox's daily one and the address's daily one.
    pub async fn code_email(&self, client: &str, inbox: &str, now: i64) -> Result<(), AppError> {
        // Counted by a hash of the address: the counts (kept a day in the
        // database on replicas) never hold an email.
        let inbox = &crate::tokens::hash_token(inbox);
        let pair = format!("{client}|{inbox}");
        self.hit(CODES_PAIR, &pair, now).await?;
        if let Err(e) = self.hit(CODES_INBOX_DAY, inbox, now).await {
            self.refund(CODES_PAIR, &pair).await;
            return Err(e);
        }
        if let Err(e) = self.hit(CODE_EMAILS_DAY, client, now).await {
            self.refund(CODES_PAIR, &pair).await;
            self.refund(CODES_INBOX_DAY, inbox).await;
            return Err(e);
        }
        Ok(())
    }

    /// Takes one of `key`'s attempts under `limit` at `now` (ms), or refuses
    /// with 429 saying how long to wait.
    pub async fn hit(&self, limit: Limit, key: &str, now: i64) -> Result<(), AppError> {
        self.take(limit, key, now, 1).await
    }

    /// Takes `amount` of `key`'s allowance under `limit` (bytes, say), or
    /// refuses with 429 saying how long to wait.
    pub async fn take(
        &self,
        limit: Limit,
        key: &str,
        now: i64,
        amount: u32,
    ) -> Result<(), AppError> {
        self.take_each(&[(limit, key, amount)], now).await
    }

    /// Takes each of `takes` (a limit, a key, an amount) in order, stopping
    /// at the first refused with 429 (those after it are not taken). On
    /// replicas, all in one call to the store.
    pub async fn take_each(&self, takes: &[(Limit, &str, u32)], now: i64) -> Result<(), AppError> {
        if let Some(store) = &self.shared {
            return match store.limit_hits(shared_takes(takes), now).await? {
                None => Ok(()),
                Some(wait_ms) => Err(AppError::too_many(wait_ms)),
            };
        }
        self.take_each_here(takes, now)
    }

    /// Takes what `records` (their ids and fields) write from `user`'s
    /// allowance of [`SYNC_BYTES`]: REST writes.
    pub async fn charge_writes<'a>(
        &self,
        user: &str,
        now: i64,
        records: impl Iterator<Item = (&'a str, &'a serde_json::Map<String, serde_json::Value>)>,
    ) -> Result<(), AppError> {
        self.take(SYNC_BYTES, user, now, written_bytes(records))
            .await
    }

    /// Takes one of `user`'s sync pushes ([`SYNC_PUSH`]) and what its
    /// `records` write ([`SYNC_BYTES`]), the bytes only if the push is. On
    /// replicas they are answered to be taken by the push's write itself,
    /// first in its transaction (one round trip to the database fewer);
    /// here, at once.
    pub fn charge_push<'a>(
        &self,
        user: &str,
        now: i64,
        records: impl Iterator<Item = (&'a str, &'a serde_json::Map<String, serde_json::Value>)>,
    ) -> Result<Option<Charge>, AppError> {
        let takes = [
            (SYNC_PUSH, user, 1),
            (SYNC_BYTES, user, written_bytes(records)),
        ];
        if self.shared.is_some() {
            return Ok(Some(Charge {
                takes: shared_takes(&takes),
                now,
            }));
        }
        self.take_each_here(&takes, now).map(|()| None)
    }

    /// Takes each of `takes` in this server's own counts, in order, stopping
    /// at the first refused.
    fn take_each_here(&self, takes: &[(Limit, &str, u32)], now: i64) -> Result<(), AppError> {
        for &(limit, key, amount) in takes {
            self.take_here(limit, key, now, amount)?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn hit_here(&self, limit: Limit, key: &str, now: i64) -> Result<(), AppError> {
        self.take_here(limit, key, now, 1)
    }

    fn take_here(&self, limit: Limit, key: &str, now: i64, amount: u32) -> Result<(), AppError> {
        let mut map = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > MAX_KEYS {
            map.retain(|_, (start, _, window)| now - *start < *window);
        }
        let entry = map
            .entry((limit.name, key.to_string()))
            .or_insert((now, 0, limit.window_ms()));
        if now - entry.0 >= limit.window_ms() {
            *entry = (now, 0, limit.window_ms());
        }
        if entry.1.saturating_add(amount) > limit.max {
            // Refused: the rest of the window is, as the shared count does
            // (so `Retry-After` says truly when to come back).
            entry.1 = limit.max;
            return Err(AppError::too_many(limit.window_ms() - (now - entry.0)));
        }
        entry.1 += amount;
        Ok(())
    }

    /// Gives back one attempt taken by [`Self::hit`] (it turned out
    /// legitimate). A store that cannot be reached keeps the attempt counted.
    pub async fn refund(&self, limit: Limit, key: &str) {
        if let Some(store) = &self.shared {
            if let Err(e) = store.limit_refund(limit.name, key).await {
                tracing::warn!(error = %e, "giving an attempt back");
            }
            return;
        }
        self.refund_here(limit, key);
    }

    fn refund_here(&self, limit: Limit, key: &str) {
        let mut map = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(entry) = map.get_mut(&(limit.name, key.to_string())) {
            entry.1 = entry.1.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_refuses_after_max_attempts_and_counts_per_key() {
        let rl = RateLimiter::default();
        let t = 1_000_000;
        for _ in 0..LOGIN.max {
            assert!(rl.hit_here(LOGIN, "10.0.0.1", t).is_ok());
        }
        assert!(rl.hit_here(LOGIN, "10.0.0.1", t).is_err());
        assert!(rl.hit_here(LOGIN, "10.0.0.2", t).is_ok());
        assert!(rl.hit_here(CODES, "10.0.0.1", t).is_ok());
        // A refunded attempt can be used again.
        rl.refund_here(LOGIN, "10.0.0.2");
        for _ in 0..LOGIN.max {
            assert!(rl.hit_here(LOGIN, "10.0.0.2", t).is_ok());
        }
        assert!(rl.hit_here(LOGIN, "10.0.0.2", t).is_err());
        // An allowance of bytes is taken by amounts; what would go past it
        // is refused, and so is the rest of the window.
        let mb = 1024 * 1024;
        assert!(rl.take_here(SYNC_BYTES, "ruth", t, mb + mb / 2).is_ok());
        assert!(rl.take_here(SYNC_BYTES, "ruth", t, mb).is_err());
        assert!(rl.take_here(SYNC_BYTES, "ruth", t, 1).is_err());
        assert!(
            rl.take_here(SYNC_BYTES, "ruth", t + SYNC_BYTES.window_ms(), mb)
                .is_ok()
        );
        // The window ends: the address may try again.
        assert!(
            rl.hit_here(LOGIN, "10.0.0.1", t + LOGIN.window_ms())
                .is_ok()
        );
    }
}
