//! Request extractors whose refusals are JSON errors naming the problem.

use crate::error::AppError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

/// A JSON body; a missing content type or a bad field answers 400 with the reason.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
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
