//! Which push service addresses the server will send to. A subscription's
//! endpoint is given by a browser, so it is checked like any address a client
//! names: https on a public host, never the server's own network. The check
//! runs twice: when the subscription is made (its text), and on every send
//! (the addresses its name resolves to, so a name cannot later point inward).

use super::address::{Place, place_of};
use reqwest::Url;
use std::net::{IpAddr, SocketAddr};

/// The longest endpoint kept (real ones are under 500 characters).
pub const ENDPOINT_MAX: usize = 2048;

/// What the check allows: loopback http only on a development server, so
/// tests can run a push service of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Public,
    PublicOrLoopback,
}

/// The endpoint as a URL the server may send to, or why not.
pub fn check_endpoint(text: &str, reach: Reach) -> Result<Url, String> {
    if text.len() > ENDPOINT_MAX {
        return Err(format!("must be at most {ENDPOINT_MAX} characters"));
    }
    let url = Url::parse(text).map_err(|_| format!("'{}' is not an address", short(text)))?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err("must not carry a user name or password".into());
    }
    let loopback = match url.host() {
        None => return Err("must name a host".into()),
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            if name == "localhost" || name.ends_with(".localhost") {
                true
            } else if !name.contains('.')
                || [".local", ".localdomain", ".internal", ".lan", ".home.arpa"]
                    .iter()
                    .any(|end| name.ends_with(end))
            {
                return Err("must be a public push service, not a local name".into());
            } else {
                false
            }
        }
        Some(url::Host::Ipv4(ip)) => address_kind(IpAddr::V4(ip))?,
        Some(url::Host::Ipv6(ip)) => address_kind(IpAddr::V6(ip))?,
    };
    match (url.scheme(), loopback, reach) {
        ("https", false, _) => Ok(url),
        ("https" | "http", true, Reach::PublicOrLoopback) => Ok(url),
        (_, true, Reach::Public) => Err("must be a public push service, not this machine".into()),
        _ => Err("must be an https address".into()),
    }
}

/// Whether an address may be sent to: `Ok(true)` for loopback (allowed in
/// development only), `Ok(false)` for a public address, else why not.
fn address_kind(ip: IpAddr) -> Result<bool, String> {
    match place_of(ip) {
        Place::Loopback => Ok(true),
        Place::Public => Ok(false),
        Place::Inside => Err("must be a public push service, not a private address".into()),
    }
}

/// The addresses a push endpoint's name resolved to that may be reached: all
/// public ones, and loopback ones when `reach` allows them.
pub fn reachable(addrs: impl Iterator<Item = SocketAddr>, reach: Reach) -> Vec<SocketAddr> {
    addrs
        .filter(|a| match address_kind(a.ip()) {
            Ok(false) => true,
            Ok(true) => reach == Reach::PublicOrLoopback,
            Err(_) => false,
        })
        .collect()
}

fn short(text: &str) -> String {
    text.chars().take(60).collect()
}

/// A resolver for the push client that drops every address the rules above
/// refuse; a name with none left fails to resolve.
#[derive(Debug, Clone, Copy)]
pub struct GuardedResolver(pub Reach);

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let reach = self.0;
        Box::pin(async move {
            let host = format!("{}:0", name.as_str());
            let found = tokio::net::lookup_host(host).await?;
            let kept = reachable(found, reach);
            if kept.is_empty() {
                return Err(format!("{} resolves to no public address", name.as_str()).into());
            }
            let addrs: reqwest::dns::Addrs = Box::new(kept.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const PUBLIC_V4: Ipv4Addr = Ipv4Addr::new(142, 250, 1, 1);

    #[test]
    fn real_push_services_are_accepted() {
        for ok in [
            "https://fcm.googleapis.com/fcm/send/abc:APA91b",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
            "https://web.push.apple.com/QGuQyavXutnMH",
            "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
        ] {
            assert!(check_endpoint(ok, Reach::Public).is_ok(), "{ok}");
        }
    }

    #[test]
    fn the_servers_own_network_is_refused() {
        for bad in [
            "http://fcm.googleapis.com/fcm/send/x",
            "https://127.0.0.1/push",
            "https://localhost/push",
            "https://10.1.2.3/push",
            "https://192.168.0.9/push",
            "https://172.16.5.5/push",
            "https://169.254.169.254/latest/meta-data",
            "https://[::1]/push",
            "https://[fd00::1]/push",
            "https://[::ffff:10.0.0.1]/push",
            // IPv6 forms that carry an address inside, or are not global.
            "https://[::a9fe:a9fe]/push",
            "https://[64:ff9b::a9fe:a9fe]/push",
            "https://[64:ff9b::7f00:1]/push",
            "https://[2002:7f00:1::1]/push",
            "https://[2001::a9fe:a9fe]/push",
            "https://[fec0::1]/push",
            "https://0.0.0.0/push",
            "https://printer.local/push",
            "https://intranet/push",
            "https://user:pw@fcm.googleapis.com/x",
            "ftp://fcm.googleapis.com/x",
            "not a url",
        ] {
            assert!(check_endpoint(bad, Reach::Public).is_err(), "{bad}");
        }
        assert!(
            check_endpoint(
                &format!("https://a.com/{}", "x".repeat(3000)),
                Reach::Public
            )
            .is_err()
        );
    }

    #[test]
    fn development_allows_loopback_http_only() {
        assert!(check_endpoint("http://127.0.0.1:9000/push/1", Reach::PublicOrLoopback).is_ok());
        assert!(check_endpoint("http://localhost:9000/push/1", Reach::PublicOrLoopback).is_ok());
        assert!(check_endpoint("http://10.0.0.1/push", Reach::PublicOrLoopback).is_err());
        assert!(check_endpoint("http://fcm.googleapis.com/x", Reach::PublicOrLoopback).is_err());
    }

    #[test]
    fn resolved_addresses_inside_are_dropped() {
        let addrs = [
            SocketAddr::from((PUBLIC_V4, 443)),
            SocketAddr::from((Ipv4Addr::new(10, 0, 0, 1), 443)),
            SocketAddr::from((Ipv4Addr::LOCALHOST, 443)),
        ];
        assert_eq!(
            reachable(addrs.into_iter(), Reach::Public),
            vec![SocketAddr::from((PUBLIC_V4, 443))]
        );
        assert_eq!(
            reachable(addrs.into_iter(), Reach::PublicOrLoopback).len(),
            2
        );
    }
}
