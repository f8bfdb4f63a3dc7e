//! The cookies a request carries, read by name: the session's and the known
//! browser's (`accounts`), and those the app notes for the pages the server
//! writes (the day, the banner, the journal).

use axum::http::{HeaderMap, header::COOKIE};

/// The value of the cookie `name` in `cookies` (a `Cookie` header's
/// `a=1; b=2`), if it is there.
pub fn named<'a>(cookies: &'a str, name: &str) -> Option<&'a str> {
    cookies
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value)
}

/// The value of the cookie `name` in any of a request's `Cookie` headers.
pub fn in_headers<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| named(v, name))
}

/// Every `Cookie` header's pairs, as one.
pub fn joined(headers: &HeaderMap) -> String {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_is_found_by_its_whole_name_in_any_header() {
        assert_eq!(
            named("a=1; manna-day=2026-12-04~UTC", "manna-day"),
            Some("2026-12-04~UTC")
        );
        assert_eq!(named("manna-prompted=1", "manna-prompt"), None);
        assert_eq!(named("", "a"), None);
        let mut headers = HeaderMap::new();
        headers.append(COOKIE, "a=1".parse().expect("a header"));
        headers.append(COOKIE, "b=2; c=".parse().expect("a header"));
        assert_eq!(in_headers(&headers, "b"), Some("2"));
        assert_eq!(in_headers(&headers, "c"), Some(""));
        assert_eq!(joined(&headers), "a=1; b=2; c=");
    }
}
