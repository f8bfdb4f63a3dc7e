//! Where an anonymous user was first seen, as the database keeps it: a keyed
//! hash of the address its device registered from (a /64 for IPv6), never
//! the address. What the never-signed-in users of one origin store together
//! is bounded, so a script on one address cannot fill the database however
//! many devices it makes, while a congregation on one network gets in.

use super::ClientIp;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// The key of the hashes (kept in the database, so replicas agree).
#[derive(Debug, Clone)]
pub struct Origins(Arc<str>);

impl Origins {
    /// The database's secret under this name.
    pub const SECRET_NAME: &'static str = "origin";

    pub fn new(secret: &str) -> Self {
        Self(secret.into())
    }

    /// The origin of a request from `client`.
    pub fn of(&self, client: ClientIp) -> String {
        let digest = Sha256::digest(format!("{}|{}", self.0, client.key()).as_bytes());
        hex::encode(&digest[..12])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_is_the_same_for_an_address_and_says_nothing_of_it() {
        let origins = Origins::new("secret");
        let a = ClientIp("203.0.113.9".parse().expect("ip"));
        let b = ClientIp("203.0.113.10".parse().expect("ip"));
        assert_eq!(origins.of(a), origins.of(a));
        assert_ne!(origins.of(a), origins.of(b));
        assert!(!origins.of(a).contains("203"));
        assert_ne!(Origins::new("another").of(a), origins.of(a));
        // One IPv6 /64 is one origin.
        let c = ClientIp("2001:db8:1:2::1".parse().expect("ip"));
        let d = ClientIp("2001:db8:1:2::ffff".parse().expect("ip"));
        assert_eq!(origins.of(c), origins.of(d));
    }
}
