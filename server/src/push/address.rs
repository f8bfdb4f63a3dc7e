//! Where an IP address leads: this machine, the open internet, or some
//! network inside (private, link-local, shared, reserved…). An IPv6 address
//! that carries an IPv4 one (mapped, compatible, NAT64, 6to4, Teredo) is
//! judged by what it carries or refused outright; only global unicast
//! (2000::/3) outside the special-purpose blocks counts as public.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Where an address leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// This machine (127.0.0.0/8, ::1, ::ffff:127.x.x.x).
    Loopback,
    /// The open internet.
    Public,
    /// Anywhere else: a network inside, or a block that is not for hosts.
    Inside,
}

/// Where `ip` leads.
pub fn place_of(ip: IpAddr) -> Place {
    match ip {
        IpAddr::V4(v4) => place_of_v4(v4),
        IpAddr::V6(v6) => place_of_v6(v6),
    }
}

fn place_of_v4(v4: Ipv4Addr) -> Place {
    let [a, b, c, _] = v4.octets();
    if v4.is_loopback() {
        return Place::Loopback;
    }
    let inside = v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_broadcast()
        || v4.is_multicast()
        || v4.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared (CGNAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || a >= 240; // reserved
    if inside { Place::Inside } else { Place::Public }
}

fn place_of_v6(v6: Ipv6Addr) -> Place {
    let s = v6.segments();
    let embedded = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    if v6.is_loopback() {
        return Place::Loopback;
    }
    // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address itself.
    if let Some(v4) = v6.to_ipv4_mapped() {
        return place_of_v4(v4);
    }
    // IPv4-compatible (::a.b.c.d, deprecated), the unspecified address and
    // everything else in ::/8 but loopback: no host on the internet.
    if s[0] == 0 {
        return Place::Inside;
    }
    // NAT64 (RFC 6052): the well-known prefix 64:ff9b::/96 reaches the
    // IPv4 address it carries; the local-use 64:ff9b:1::/48 is a network's own.
    if s[0] == 0x64 && s[1] == 0xff9b {
        if s[2..6] == [0, 0, 0, 0] {
            return match place_of_v4(embedded(s[6], s[7])) {
                Place::Public => Place::Public,
                _ => Place::Inside,
            };
        }
        return Place::Inside;
    }
    // Outside global unicast (2000::/3): unique local, site-local,
    // link-local, multicast, discard-only and the rest.
    if s[0] & 0xe000 != 0x2000 {
        return Place::Inside;
    }
    let inside = match s[0] {
        // 2001::/23 (Teredo's 2001::/32, benchmarking, ORCHID and the other
        // protocol blocks) and documentation (2001:db8::/32).
        0x2001 => s[1] < 0x0200 || s[1] == 0x0db8,
        // 6to4: relayed through an IPv4 address, never a push service.
        0x2002 => true,
        // Documentation (3fff::/20).
        0x3fff => s[1] < 0x1000,
        _ => false,
    };
    if inside { Place::Inside } else { Place::Public }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Place {
        place_of(text.parse().expect("an address"))
    }

    #[test]
    fn ipv4_special_purpose_blocks_are_inside() {
        for inside in [
            "10.1.2.3",
            "172.16.5.5",
            "192.168.0.9",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "192.0.0.8",
            "198.18.0.1",
            "192.0.2.1",
            "224.0.0.1",
            "255.255.255.255",
            "240.0.0.1",
        ] {
            assert_eq!(at(inside), Place::Inside, "{inside}");
        }
        assert_eq!(at("127.0.0.1"), Place::Loopback);
        assert_eq!(at("142.250.1.1"), Place::Public);
    }

    #[test]
    fn ipv6_forms_that_carry_an_inside_ipv4_address_are_inside() {
        for inside in [
            "::a9fe:a9fe",         // IPv4-compatible 169.254.169.254
            "::7f00:1",            // IPv4-compatible 127.0.0.1
            "::8efa:101",          // IPv4-compatible, even of a public address
            "::ffff:10.0.0.1",     // IPv4-mapped private
            "64:ff9b::a9fe:a9fe",  // NAT64 of 169.254.169.254
            "64:ff9b::7f00:1",     // NAT64 of 127.0.0.1
            "64:ff9b::a00:1",      // NAT64 of 10.0.0.1
            "64:ff9b:1::8efa:101", // local-use NAT64
            "2002:7f00:1::1",      // 6to4 of 127.0.0.1
            "2002:8efa:101::1",    // 6to4 of a public address
            "2001::a9fe:a9fe",     // Teredo
            "2001:0:4136:e378::1", // Teredo
            "2001:2::1",           // benchmarking
            "2001:10::1",          // ORCHID
            "2001:db8::1",         // documentation
            "3fff::1",             // documentation
            "3fff:fff::1",         // documentation
            "fec0::1",             // site-local
            "fc00::1",             // unique local
            "fd12:3456::1",        // unique local
            "fe80::1",             // link-local
            "ff02::1",             // multicast
            "100::1",              // discard-only
            "::",                  // unspecified
        ] {
            assert_eq!(at(inside), Place::Inside, "{inside}");
        }
    }

    #[test]
    fn ipv6_global_unicast_and_nat64_of_a_public_address_are_public() {
        for public in [
            "2a00:1450:4001:82a::200a", // a push service's
            "2607:f8b0:4004:c1b::5f",
            "2001:4860:4860::8888",
            "3ff0::1",           // global unicast, outside 3fff::/20
            "64:ff9b::8efa:101", // NAT64 of 142.250.1.1
            "::ffff:142.250.1.1",
        ] {
            assert_eq!(at(public), Place::Public, "{public}");
        }
        assert_eq!(at("::1"), Place::Loopback);
        assert_eq!(at("::ffff:127.0.0.1"), Place::Loopback);
    }
}
