//! Who is asking: the client's address, seen through the proxies the
//! configuration trusts, and the key its rate limits count under.

use crate::config::Config;
use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

/// The client's address: the peer, or, when the peer is a trusted proxy
/// (`MANNA_TRUSTED_PROXIES`), the last address in `X-Forwarded-For` that no
/// trusted proxy added. Loopback when the server runs without connection info
/// (as in `oneshot` tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// The key its limits count under: the address, or for IPv6 its /64 (one
    /// household or phone gets a whole /64, so rotating inside it gains nothing).
    pub fn key(self) -> String {
        match self.0 {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = v6.segments();
                    let net = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                    format!("{net}/64")
                }
            },
        }
    }

    /// The client behind `peer`, given the request's `X-Forwarded-For` values.
    pub fn resolve(config: &Config, peer: IpAddr, forwarded: &[&str]) -> Self {
        if !config.trusts_proxy(peer) {
            return Self(peer);
        }
        let hops: Vec<IpAddr> = forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse().ok())
            .collect();
        // From the nearest hop outwards: the first one no trusted proxy is.
        let client = hops
            .iter()
            .rev()
            .find(|ip| !config.trusts_proxy(**ip))
            .or(hops.first())
            .copied()
            .unwrap_or(peer);
        Self(client)
    }
}

impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    Arc<Config>: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip());
        let forwarded: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        Ok(Self::resolve(
            &Arc::<Config>::from_ref(state),
            peer,
            &forwarded,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(trusted: &str) -> Config {
        let mut c = Config::for_tests("/tmp".into());
        c.trusted_proxies = trusted
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("network"))
            .collect();
        c
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.5".parse().expect("ip");
        let direct = config("");
        assert_eq!(
            ClientIp::resolve(&direct, proxy, &["203.0.113.9"]).0,
            proxy,
            "an untrusted peer's X-Forwarded-For is ignored"
        );
        let behind = config("10.0.0.0/8");
        // A client can put anything at the front of the header; the proxy
        // appends the address it saw, which is the one that counts.
        assert_eq!(
            ClientIp::resolve(&behind, proxy, &["198.51.100.1, 203.0.113.9"]).0,
            "203.0.113.9".parse::<IpAddr>().expect("ip")
        );
        assert_eq!(
            ClientIp::resolve(&behind, proxy, &["203.0.113.9", "10.1.2.3"]).0,
            "203.0.113.9".parse::<IpAddr>().expect("ip"),
            "a chain of trusted proxies is skipped"
        );
        assert_eq!(ClientIp::resolve(&behind, proxy, &[]).0, proxy);
    }

    #[test]
    fn ipv6_clients_count_by_their_64() {
        let a = ClientIp("2001:db8:1:2::1".parse().expect("ip"));
        let b = ClientIp("2001:db8:1:2:ffff:1:2:3".parse().expect("ip"));
        let other = ClientIp("2001:db8:1:3::1".parse().expect("ip"));
        assert_eq!(a.key(), b.key());
        assert_ne!(a.key(), other.key());
        assert_eq!(
            ClientIp("192.0.2.7".parse().expect("ip")).key(),
            "192.0.2.7"
        );
    }
}
