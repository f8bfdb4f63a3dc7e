//! A body that is the same for everyone, compressed once: plain, gzip and
//! brotli bytes and an `ETag`, answered by what the request accepts, or `304`
//! when the client already has it. The busiest calls (`GET /api/home`) and
//! the large content lists cost no JSON or compression work per request this
//! way.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use sha2::{Digest, Sha256};
use std::io::Write;

/// Brotli's window: 4 MB, so a list's repeated fields far apart still match.
const BROTLI_WINDOW: u32 = 22;

/// How hard a body is compressed, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// Brotli 11 and gzip 9: the smallest bytes, for small bodies (Home's
    /// day, a few KB, in milliseconds).
    Best,
    /// Brotli 6 and gzip 6: for lists of hundreds of KB, where the best
    /// level would take a third of a second for 10 % fewer bytes (the
    /// exercise catalogue's 302 KB: 21 KB at 6 in 4 ms, 18 KB at 11 in 145
    /// ms; gzip's 77 KB either way).
    Quick,
}

#[derive(Debug)]
pub struct Encoded {
    content_type: HeaderValue,
    etag: HeaderValue,
    plain: Bytes,
    gzip: Bytes,
    brotli: Bytes,
}

/// The encodings a body is kept in, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoded {
    pub fn new(content_type: &'static str, plain: Bytes) -> Self {
        Self::with_effort(content_type, plain, Effort::Best)
    }

    pub fn with_effort(content_type: &'static str, plain: Bytes, effort: Effort) -> Self {
        let (brotli_quality, gzip_level) = match effort {
            Effort::Best => (11, flate2::Compression::best()),
            Effort::Quick => (6, flate2::Compression::default()),
        };
        let digest = Sha256::digest(&plain);
        let etag = format!("\"{}\"", hex::encode(&digest[..12]));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), gzip_level);
        // Writing to memory cannot fail.
        gz.write_all(&plain).expect("gzip into memory");
        let gzip = Bytes::from(gz.finish().expect("gzip into memory"));
        let mut br = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut br, 4096, brotli_quality, BROTLI_WINDOW);
            w.write_all(&plain).expect("brotli into memory");
        }
        Self {
            content_type: HeaderValue::from_static(content_type),
            etag: HeaderValue::from_str(&etag).expect("hex is a header value"),
            plain,
            gzip,
            brotli: Bytes::from(br),
        }
    }

    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    pub fn bytes(&self, coding: Coding) -> &Bytes {
        match coding {
            Coding::Brotli => &self.brotli,
            Coding::Gzip => &self.gzip,
            Coding::Identity => &self.plain,
        }
    }

    /// The answer to a request with these headers.
    pub fn respond(&self, headers: &HeaderMap) -> Response {
        let mut res = if matches_etag(headers, &self.etag) {
            let mut res = Response::new(Body::empty());
            *res.status_mut() = StatusCode::NOT_MODIFIED;
            res
        } else {
            let coding = chosen(headers);
            let mut res = Response::new(Body::from(self.bytes(coding).clone()));
            let h = res.headers_mut();
            h.insert(header::CONTENT_TYPE, self.content_type.clone());
            match coding {
                Coding::Brotli => {
                    h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
                }
                Coding::Gzip => {
                    h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                }
                // Nothing accepted that the compression layer could add.
                Coding::Identity => {}
            }
            res
        };
        let h = res.headers_mut();
        h.insert(header::ETAG, self.etag.clone());
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        res
    }
}

/// Whether `If-None-Match` names this `ETag` (weakly, as RFC 9110 has it for
/// GET), or is `*`.
fn matches_etag(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let ours = etag.as_bytes();
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/").as_bytes() == ours)
}

/// The best coding `Accept-Encoding` allows (a `q=0` refuses one).
pub fn chosen(headers: &HeaderMap) -> Coding {
    let mut br = false;
    let mut gzip = false;
    for value in headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
    {
        for part in value.split(',') {
            let mut bits = part.split(';');
            let name = bits.next().unwrap_or_default().trim();
            let refused = bits.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if name.eq_ignore_ascii_case("br") {
                br = !refused;
            } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                gzip = !refused;
            } else if name == "*" && !refused {
                br = true;
                gzip = true;
            }
        }
    }
    if br {
        Coding::Brotli
    } else if gzip {
        Coding::Gzip
    } else {
        Coding::Identity
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_str(v).expect("test value"));
        }
        h
    }

    #[test]
    fn each_coding_gives_back_the_same_bytes() {
        let plain = Bytes::from("{\"a\":\"".to_string() + &"manna ".repeat(500) + "\"}");
        let e = Encoded::new("application/json", plain.clone());
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&e.bytes(Coding::Gzip)[..])
            .read_to_end(&mut out)
            .expect("test value");
        assert_eq!(out, plain);
        let mut out = Vec::new();
        brotli::Decompressor::new(&e.bytes(Coding::Brotli)[..], 4096)
            .read_to_end(&mut out)
            .expect("test value");
        assert_eq!(out, plain);
        assert!(e.bytes(Coding::Brotli).len() < e.bytes(Coding::Gzip).len());
    }

    #[test]
    fn a_quick_body_decodes_to_the_same_bytes_and_etag_as_a_best_one() {
        let plain = Bytes::from("[".to_string() + &"{\"name\":\"bread\"},".repeat(2000) + "{}]");
        let best = Encoded::new("application/json", plain.clone());
        let quick = Encoded::with_effort("application/json", plain.clone(), Effort::Quick);
        let mut out = Vec::new();
        brotli::Decompressor::new(&quick.bytes(Coding::Brotli)[..], 4096)
            .read_to_end(&mut out)
            .expect("test value");
        assert_eq!(out, plain);
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&quick.bytes(Coding::Gzip)[..])
            .read_to_end(&mut out)
            .expect("test value");
        assert_eq!(out, plain);
        assert_eq!(
            quick.etag(),
            best.etag(),
            "the tag names the bytes, not their coding"
        );
    }

    #[test]
    fn the_coding_follows_accept_encoding() {
        assert_eq!(chosen(&headers(&[])), Coding::Identity);
        let ae = header::ACCEPT_ENCODING;
        assert_eq!(
            chosen(&headers(&[(ae.clone(), "gzip, deflate, br, zstd")])),
            Coding::Brotli
        );
        assert_eq!(chosen(&headers(&[(ae.clone(), "gzip")])), Coding::Gzip);
        assert_eq!(
            chosen(&headers(&[(ae.clone(), "br;q=0, gzip;q=0.5")])),
            Coding::Gzip
        );
        assert_eq!(chosen(&headers(&[(ae.clone(), "*")])), Coding::Brotli);
        assert_eq!(chosen(&headers(&[(ae, "deflate")])), Coding::Identity);
    }

    #[test]
    fn a_known_etag_answers_304_and_another_the_body() {
        let e = Encoded::new("application/json", Bytes::from_static(b"{}"));
        let tag = e.etag().to_str().expect("test value").to_string();
        let inm = header::IF_NONE_MATCH;
        for known in [
            tag.clone(),
            format!("W/{tag}"),
            format!("\"x\", {tag}"),
            "*".into(),
        ] {
            let res = e.respond(&headers(&[(inm.clone(), &known)]));
            assert_eq!(res.status(), StatusCode::NOT_MODIFIED, "{known}");
            assert_eq!(res.headers()[header::ETAG], tag.as_str());
        }
        let res = e.respond(&headers(&[(inm, "\"other\"")]));
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()[header::CONTENT_TYPE], "application/json");
    }
}
