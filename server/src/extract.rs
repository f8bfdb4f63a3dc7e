//! Request extractors whose refusals are JSON errors naming the problem.

use crate::error::AppError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

/// The largest request body accepted (a sync push of 1,000 records is far
/// below it); a larger one answers 413.
pub const BODY_LIMIT_BYTES: usize = 2 * 1024 * 1024;

/// A JSON body; a missing content type or a bad field answers 400 with the reason.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                Err(AppError::TooLarge(format!(
                    "the body is larger than {} MB",
                    BODY_LIMIT_BYTES / (1024 * 1024)
                )))
            }
            Err(rejection) => Err(AppError::BadRequest(json_problem(&rejection))),
        }
    }
}

fn json_problem(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "the body must be JSON, sent with Content-Type: application/json".into()
        }
        other => other.body_text(),
    }
}

/// Query parameters by name.
pub type Params = axum::extract::Query<std::collections::HashMap<String, String>>;

/// A `YYYY-MM-DD` query parameter; the server's date (UTC) when absent.
pub fn date_param(
    params: &std::collections::HashMap<String, String>,
    name: &str,
    clock: &crate::clock::Clock,
) -> Result<manna_core::Date, AppError> {
    match params.get(name) {
        None => Ok(clock.today_utc()),
        Some(s) => s
            .parse()
            .map_err(|e: manna_core::DateError| AppError::BadRequest(format!("{name}: {e}"))),
    }
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
