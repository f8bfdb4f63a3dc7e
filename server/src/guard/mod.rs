//! Request guards: the browser rules (CSRF, the host check), the client's
//! address as limits see it, the rate limits, the growing delays of wrong
//! passwords, the database's guard against a flood, and each user's fair
//! share of calls at once.

mod backoff;
mod client;
mod csrf;
mod limits;
mod load;
mod origin;
pub mod turns;

pub use backoff::Backoff;
pub use client::ClientIp;
pub use csrf::{check_host, csrf, host_allowed};
pub use limits::{
    CODES, CODES_DEVICE, CODES_INBOX_DAY, CODES_PAIR, DEVICES, LIVE_SEARCH, LOGIN, Limit, PAYMENTS,
    PUSH_TEST, REGISTER, REGISTER_DEVICE, RateLimiter, SYNC_BYTES, SYNC_PUSH,
};
pub use load::{Load, shed};
pub use origin::Origins;
pub use turns::{Turn, Turns};
