//! Request guards: the browser rules (CSRF, the host check), the client's
//! address as limits see it, and the rate limits.

mod client;
mod csrf;
mod limits;

pub use client::ClientIp;
pub use csrf::{check_host, csrf, host_allowed};
pub use limits::{
    CODES, CODES_RECIPIENT, DEVICES, LOGIN, LOGIN_ACCOUNT, Limit, PAYMENTS, REGISTER, RateLimiter,
};
