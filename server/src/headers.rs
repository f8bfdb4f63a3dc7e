//! Security headers on every answer: a Content-Security-Policy that allows
//! only the app's own scripts (plus Stripe's, for the payment form), no
//! framing of the app, no content-type sniffing, and HSTS when served over
//! https. A JSON answer is never a page: its policy allows nothing at all
//! (`default-src 'none'`), which is also a third of the bytes.

use crate::config::Config;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;

/// The headers every answer carries, built once from the configuration.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    headers: Vec<(HeaderName, HeaderValue)>,
    /// The policy of the pages, scripts and the rest the app is made of.
    page_policy: HeaderValue,
}

/// The policy of an answer that is data, not a page.
const DATA_POLICY: HeaderValue =
    HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'");

impl SecurityHeaders {
    /// `card_frame` is the origin of the test-mode card form (the Stripe
    /// emulator), which the payment page frames.
    pub fn new(config: &Config, card_frame: Option<&str>) -> Self {
        let frames = card_frame.map_or(String::new(), |o| format!(" {o}"));
        // The finders' map tiles (MANNA_MAP_TILES).
        let tiles = config
            .map_tiles_origin()
            .map_or(String::new(), |o| format!(" {o}"));
        // Scripts: the app's own files only (no inline script), WebAssembly
        // for the core, and Stripe.js for the embedded payment form. Styles
        // may be inline (React sets style attributes).
        let csp = format!(
            "default-src 'self'; \
             script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com; \
             style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:{tiles}; \
             font-src 'self'; \
             connect-src 'self' https://api.stripe.com; \
             frame-src https://js.stripe.com https://hooks.stripe.com{frames}; \
             worker-src 'self'; \
             manifest-src 'self'; \
             object-src 'none'; \
             base-uri 'self'; \
             form-action 'self'; \
             frame-ancestors 'none'"
        );
        let mut headers = vec![
            (header::X_CONTENT_TYPE_OPTIONS, String::from("nosniff")),
            (header::X_FRAME_OPTIONS, "DENY".into()),
            (header::REFERRER_POLICY, "same-origin".into()),
        ];
        if config.secure_cookies() {
            headers.push((
                header::STRICT_TRANSPORT_SECURITY,
                "max-age=31536000; includeSubDomains".into(),
            ));
        }
        Self {
            headers: headers
                .into_iter()
                .filter_map(|(name, value)| Some((name, HeaderValue::from_str(&value).ok()?)))
                .collect(),
            page_policy: HeaderValue::from_str(&csp).unwrap_or(DATA_POLICY),
        }
    }
}

/// Adds the security headers to every answer.
impl SecurityHeaders {
    /// Puts the headers on an answer.
    pub fn apply(&self, headers: &mut HeaderMap) {
        let data = headers
            .get(header::CONTENT_TYPE)
            .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
        let policy = if data {
            DATA_POLICY
        } else {
            self.page_policy.clone()
        };
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
        for (name, value) in &self.headers {
            headers.insert(name.clone(), value.clone());
        }
    }
}

pub async fn add(State(h): State<Arc<SecurityHeaders>>, req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    h.apply(res.headers_mut());
    res
}
