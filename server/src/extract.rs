//! Request extractors whose refusals are JSON errors naming the problem.

use crate::error::AppError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

/// The largest request body accepted (a sync push of 1,000 records is far
/// below it); a larger one answers 413.
pub const BODY_LIMIT_BYTES: usize = 2 * 1024 * 1024;

/// A JSON body; a missing content type or a bad field answers 400 with the reason.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

/// The deepest nesting of objects and lists a body may have (a sync push of
/// the deepest record, a personal plan, is under ten levels).
pub const MAX_JSON_DEPTH: usize = 32;

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(AppError::BadRequest(
                "the body must be JSON, sent with Content-Type: application/json".into(),
            ));
        }
        let bytes = match Bytes::from_request(req, state).await {
            Ok(bytes) => bytes,
            Err(rejection) if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(AppError::TooLarge(format!(
                    "the body is larger than {} MB",
                    BODY_LIMIT_BYTES / (1024 * 1024)
                )));
            }
            Err(rejection) => return Err(AppError::BadRequest(rejection.body_text())),
        };
        // Checked before parsing, so no depth reaches the parser's own limit
        // or a stored record's.
        if nesting_depth(&bytes) > MAX_JSON_DEPTH {
            return Err(AppError::BadRequest(format!(
                "the body nests objects and lists more than {MAX_JSON_DEPTH} levels deep"
            )));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(AppError::BadRequest(rejection.body_text())),
        }
    }
}

/// Whether a Content-Type is the one the API takes: `application/json`, with
/// any parameters (`; charset=utf-8`).
pub fn is_json_media(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json")
}

fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(is_json_media)
}

/// The deepest nesting of `[` and `{` in JSON text, outside strings.
pub fn nesting_depth(text: &[u8]) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &b in text {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Query parameters by name.
pub type Params = axum::extract::Query<std::collections::HashMap<String, String>>;

/// A `YYYY-MM-DD` query parameter; the server's date (UTC) when absent.
pub fn date_param(
    params: &std::collections::HashMap<String, String>,
    name: &str,
    clock: &crate::clock::Clock,
) -> Result<manna_core::Date, AppError> {
    date_or_today(params.get(name).map(String::as_str), clock)
        .map_err(|e| AppError::BadRequest(format!("{name}: {e}")))
}

/// A `YYYY-MM-DD` date, or today (UTC) when none is given.
pub fn date_or_today(
    raw: Option<&str>,
    clock: &crate::clock::Clock,
) -> Result<manna_core::Date, manna_core::DateError> {
    raw.map_or_else(|| Ok(clock.today_utc()), str::parse)
}

/// A whole-number query parameter from 1 to `max`, `default` when absent.
pub fn count_param(
    params: &std::collections::HashMap<String, String>,
    name: &str,
    default: u32,
    max: u32,
) -> Result<u32, AppError> {
    let Some(raw) = params.get(name) else {
        return Ok(default);
    };
    match raw.parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(AppError::BadRequest(format!(
            "{name}: '{}' must be a whole number from 1 to {max}",
            raw.chars().take(40).collect::<String>()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_brackets_outside_strings() {
        assert_eq!(nesting_depth(br#"{"a":[1,{"b":"[[[{"}]}"#), 3);
        assert_eq!(nesting_depth(br#"{"a":"\"[[[[\""}"#), 1);
        assert_eq!(nesting_depth(b"42"), 0);
    }
}
