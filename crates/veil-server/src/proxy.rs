//! The client's address behind a reverse proxy. The per-address limits
//! count clients by address; behind a proxy every connection comes from
//! the proxy, so the address is read from the header the proxy adds — but
//! only when the connection really comes from a proxy the server was told
//! to trust: anyone else could write the header themselves.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// Which header a trusted proxy writes the client's address in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: client, proxy1, proxy2` (Caddy, and nginx with
    /// `$proxy_add_x_forwarded_for`).
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for="[2001:db8::1]:4711"` (RFC 7239).
    Forwarded,
}

impl std::str::FromStr for ProxyHeader {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Ok(ProxyHeader::XForwardedFor),
            "forwarded" => Ok(ProxyHeader::Forwarded),
            _ => Err(format!("x-forwarded-for or forwarded, not {s:?}")),
        }
    }
}

/// Who to count a connection from `peer` as. Only if `peer` is one of
/// `trusted`, the hops of `header` are read from the nearest (last) back:
/// each trusted proxy passes on to the hop before it, and the first hop
/// that is not a trusted proxy is the client. Hops further back were
/// written by the client itself and are never believed. A hop that cannot
/// be read (malformed, `unknown`, obfuscated) stops the walk at the last
/// address known: the proxy's own, at worst, so such clients share one
/// count rather than escape it.
pub(crate) fn client_ip(
    peer: IpAddr,
    headers: &HeaderMap,
    trusted: &[IpAddr],
    header: ProxyHeader,
) -> IpAddr {
    let peer = peer.to_canonical();
    let is_trusted = |ip: IpAddr| trusted.iter().any(|t| t.to_canonical() == ip);
    if !is_trusted(peer) {
        return peer;
    }
    let name = match header {
        ProxyHeader::XForwardedFor => "x-forwarded-for",
        ProxyHeader::Forwarded => "forwarded",
    };
    // Several header lines are one list, in order (RFC 9110 §5.3); it is
    // read from its end, and only as far as the first untrusted hop.
    let values: Vec<_> = headers.get_all(name).iter().collect();
    let mut ip = peer;
    for value in values.into_iter().rev() {
        let Ok(value) = value.to_str() else {
            return ip;
        };
        for element in value.rsplit(',') {
            let hop = match header {
                ProxyHeader::XForwardedFor => parse_hop(element),
                ProxyHeader::Forwarded => forwarded_for(element),
            };
            let Some(hop) = hop else {
                return ip;
            };
            ip = hop.to_canonical();
            if !is_trusted(ip) {
                return ip;
            }
        }
    }
    ip
}

/// One address as proxies write it: `203.0.113.7`, `2001:db8::1`,
/// `203.0.113.7:4711`, `[2001:db8::1]`, `[2001:db8::1]:4711`.
fn parse_hop(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Some(addr.ip());
    }
    text.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

/// The `for=` of one `Forwarded` element (`for=192.0.2.60;proto=https`),
/// quoted or not; `None` if it has none or it is not an address.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        if !key.trim().eq_ignore_ascii_case("for") {
            return None;
        }
        let value = value.trim();
        let value = match value.strip_prefix('"') {
            Some(v) => v.strip_suffix('"')?,
            None => value,
        };
        parse_hop(value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn headers(name: &str, values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        h
    }

    const PROXY: &str = "10.0.0.2";

    fn xff(values: &[&str]) -> IpAddr {
        client_ip(
            ip(PROXY),
            &headers("x-forwarded-for", values),
            &[ip(PROXY)],
            ProxyHeader::XForwardedFor,
        )
    }

    #[test]
    fn without_a_trusted_proxy_the_header_is_ignored() {
        let h = headers("x-forwarded-for", &["203.0.113.7"]);
        // No proxy trusted at all: a client writing the header itself.
        let none = client_ip(ip("198.51.100.9"), &h, &[], ProxyHeader::XForwardedFor);
        assert_eq!(none, ip("198.51.100.9"));
        // A proxy trusted, but this connection is not from it.
        let other = client_ip(
            ip("198.51.100.9"),
            &h,
            &[ip(PROXY)],
            ProxyHeader::XForwardedFor,
        );
        assert_eq!(other, ip("198.51.100.9"));
    }

    #[test]
    fn from_a_trusted_proxy_the_last_hop_is_the_client() {
        assert_eq!(xff(&["203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(xff(&[" 203.0.113.7 "]), ip("203.0.113.7"));
        // The proxy wrote no header: its own address.
        assert_eq!(xff(&[]), ip(PROXY));
    }

    #[test]
    fn hops_the_client_wrote_itself_are_not_believed() {
        // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended
        // the address it saw.
        assert_eq!(xff(&["1.2.3.4, 203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(xff(&["1.2.3.4", "203.0.113.7"]), ip("203.0.113.7"));
        // Even claiming to be the trusted proxy gets it nowhere.
        assert_eq!(xff(&["10.0.0.2, 203.0.113.7"]), ip("203.0.113.7"));
    }

    #[test]
    fn trusted_proxies_in_a_chain_are_passed_over() {
        let h = headers("x-forwarded-for", &["1.2.3.4, 203.0.113.7, 10.0.0.3"]);
        let trusted = [ip(PROXY), ip("10.0.0.3")];
        let got = client_ip(ip(PROXY), &h, &trusted, ProxyHeader::XForwardedFor);
        assert_eq!(got, ip("203.0.113.7"));
        // Every hop a trusted proxy: the furthest one.
        let h = headers("x-forwarded-for", &["10.0.0.3"]);
        let got = client_ip(ip(PROXY), &h, &trusted, ProxyHeader::XForwardedFor);
        assert_eq!(got, ip("10.0.0.3"));
    }

    #[test]
    fn malformed_hops_stop_at_the_last_address_known() {
        for bad in [
            "",
            "not-an-ip",
            "unknown",
            "203.0.113.7.1",
            "[::1",
            "1.2.3.4:x",
        ] {
            assert_eq!(xff(&[bad]), ip(PROXY), "{bad:?}");
            // What stands before a bad hop is not read either.
            assert_eq!(xff(&[&format!("203.0.113.7, {bad}")]), ip(PROXY), "{bad:?}");
        }
        assert_eq!(xff(&["garbage, 203.0.113.7"]), ip("203.0.113.7"));
        // Bytes that are not text.
        let mut h = HeaderMap::new();
        h.append(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"203.0.113.7\xff").unwrap(),
        );
        let got = client_ip(ip(PROXY), &h, &[ip(PROXY)], ProxyHeader::XForwardedFor);
        assert_eq!(got, ip(PROXY));
    }

    #[test]
    fn ipv6_and_ports_are_read() {
        assert_eq!(xff(&["2001:db8::1"]), ip("2001:db8::1"));
        assert_eq!(xff(&["[2001:db8::1]"]), ip("2001:db8::1"));
        assert_eq!(xff(&["[2001:db8::1]:4711"]), ip("2001:db8::1"));
        assert_eq!(xff(&["203.0.113.7:4711"]), ip("203.0.113.7"));
        // An IPv4 client seen through an IPv6 socket is the same client.
        assert_eq!(xff(&["::ffff:203.0.113.7"]), ip("203.0.113.7"));
        // A proxy reaching us over IPv6, trusted by its IPv4 address.
        let h = headers("x-forwarded-for", &["203.0.113.7"]);
        let got = client_ip(
            ip("::ffff:10.0.0.2"),
            &h,
            &[ip(PROXY)],
            ProxyHeader::XForwardedFor,
        );
        assert_eq!(got, ip("203.0.113.7"));
    }

    #[test]
    fn forwarded_for_is_read_when_chosen() {
        let fwd = |values: &[&str]| {
            client_ip(
                ip(PROXY),
                &headers("forwarded", values),
                &[ip(PROXY)],
                ProxyHeader::Forwarded,
            )
        };
        assert_eq!(fwd(&["for=203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(
            fwd(&["for=1.2.3.4, for=203.0.113.7;proto=https;by=10.0.0.2"]),
            ip("203.0.113.7")
        );
        assert_eq!(
            fwd(&["For=\"[2001:db8:cafe::17]:4711\""]),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(fwd(&["proto=https;for=203.0.113.7"]), ip("203.0.113.7"));
        // Obfuscated, unknown, or no for= at all: not an address.
        for bad in ["for=_hidden", "for=unknown", "proto=https", "for=\"1.2.3.4"] {
            assert_eq!(fwd(&[bad]), ip(PROXY), "{bad:?}");
        }
        // Choosing Forwarded, an X-Forwarded-For the client sent is not read.
        let h = headers("x-forwarded-for", &["203.0.113.7"]);
        let got = client_ip(ip(PROXY), &h, &[ip(PROXY)], ProxyHeader::Forwarded);
        assert_eq!(got, ip(PROXY));
    }
}
