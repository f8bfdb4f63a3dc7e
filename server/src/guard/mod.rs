//! Request guards: the browser rules (CSRF, the host check), the client's
//! address as limits see it, the rate limits and the growing delays of wrong
//! passwords.

mod backoff;
mod client;
mod csrf;
mod limits;

pub use backoff::Backoff;
pub use client::ClientIp;
pub use csrf::{check_host, csrf, host_allowed};
pub use limits::{
    CODES, CODES_INBOX_DAY, CODES_PAIR, DEVICES, LOGIN, Limit, PAYMENTS, PUSH_TEST, REGISTER,
    RateLimiter, SYNC_PUSH,
};
