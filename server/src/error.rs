//! One error type for every handler. Client errors carry a message naming the
//! problem; server errors answer a generic text and log the cause.

use crate::store::{BackupRefusal, StoreError};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use ts_rs::TS;

/// The body of every error answer.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A stable code (`bad_request`, `unauthorized`, `clientTooOld`, …).
    pub error: &'static str,
    /// What went wrong, for a person.
    pub message: String,
    /// The field at fault, when a record was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    /// A record refused by its rules: 400 naming the field.
    #[error("{0}")]
    Invalid(manna_sync_protocol::FieldError),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Forbidden(String),
    /// Refused by a rule of who may do what: 403 naming the field.
    #[error("{0}")]
    Denied(manna_sync_protocol::FieldError),
    #[error("{0}")]
    NotFound(String),
    /// Refused by a rate limit: 429, with how many seconds until a try may
    /// succeed (`Retry-After`).
    #[error("{0}")]
    TooManyRequests(String, u64),
    #[error("{0}")]
    UnsupportedMedia(String),
    /// The server is at capacity for this kind of work: 503, try again soon.
    #[error("{0}")]
    Busy(String),
    /// The request's body is over the limit: 413.
    #[error("{0}")]
    TooLarge(String),
    /// Stripe (or the emulator) refused or failed.
    #[error("{0}")]
    Payment(String),
    /// The mail server refused or could not be reached.
    #[error("{0}")]
    Mail(String),
    /// A data service the answer needs (the live map source) failed: 503.
    #[error("{0}")]
    Unavailable(String),
    /// The client speaks an older or newer sync protocol.
    #[error("{message}")]
    Incompatible {
        reason: &'static str,
        message: String,
    },
    /// The database failed (its cause is logged, never shown).
    #[error("database: {0}")]
    Storage(StoreError),
    /// A file the server keeps could not be written (logged, never shown).
    #[error("file: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Internal(String),
}

impl AppError {
    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            Self::BadRequest(_) | Self::Invalid(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            Self::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            Self::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized"),
            Self::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            Self::Forbidden(_) | Self::Denied(_) => (StatusCode::FORBIDDEN, "forbidden"),
            Self::TooManyRequests(..) => (StatusCode::TOO_MANY_REQUESTS, "too_many_requests"),
            Self::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            Self::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            Self::TooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            Self::UnsupportedMedia(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            Self::Payment(_) => (StatusCode::BAD_GATEWAY, "payment_provider"),
            Self::Mail(_) => (StatusCode::BAD_GATEWAY, "mail_server"),
            Self::Incompatible { reason, .. } => (StatusCode::CONFLICT, reason),
            Self::Storage(_) | Self::Io(_) | Self::Internal(_) => {
                (StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let message = if status.is_server_error()
            && !matches!(
                self,
                Self::Payment(_) | Self::Mail(_) | Self::Busy(_) | Self::Unavailable(_)
            ) {
            tracing::error!(cause = %self, "request failed");
            "Something went wrong on our side. Please try again.".to_string()
        } else {
            self.to_string()
        };
        let field = match &self {
            Self::Invalid(e) | Self::Denied(e) => Some(e.field.clone()),
            _ => None,
        };
        // When to try again: a phone that is turned away waits this long.
        let retry_after = match &self {
            Self::Busy(_) => Some(5),
            Self::Unavailable(_) => Some(60),
            Self::TooManyRequests(_, secs) => Some((*secs).max(1)),
            _ => None,
        };
        let body = ErrorBody {
            error: code,
            message,
            field,
        };
        let mut res = (status, Json(body)).into_response();
        if let Some(secs) = retry_after {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        res
    }
}

/// The one place where what the store answers becomes what a person reads.
impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::EmailTaken => Self::Conflict(
                "An account with this email already exists. Please log in instead.".into(),
            ),
            StoreError::SignedInAs { email } => Self::Conflict(format!(
                "This device is signed in as {email}. Log out to secure another account."
            )),
            StoreError::UserTaken => Self::Conflict(
                "this user id is already registered; requests for it need its device token".into(),
            ),
            StoreError::Backup(refusal) => Self::BadRequest(match refusal {
                BackupRefusal::Postgres { instead } => format!(
                    "MANNA_DATABASE_URL names a PostgreSQL database: use {instead} (see the README)"
                ),
                BackupRefusal::Exists(file) => format!(
                    "{} already exists: name a new file for the backup",
                    file.display()
                ),
                BackupRefusal::NoDatabase(live) => {
                    format!("no database at {} (MANNA_DATA_DIR)", live.display())
                }
                BackupRefusal::PathNotUtf8 => "the backup's path must be valid UTF-8".into(),
                BackupRefusal::NotABackup { file, reason } => {
                    format!("{} is not a Manna backup: {reason}", file.display())
                }
            }),
            StoreError::Limited { wait_ms } => Self::too_many(wait_ms),
            // As the device's next request will be answered.
            StoreError::DeviceGone => Self::Unauthorized("the device token is not valid".into()),
            other => Self::Storage(other),
        }
    }
}

impl AppError {
    /// A rate limit's refusal: 429, saying how long to wait (`wait_ms`).
    pub fn too_many(wait_ms: i64) -> Self {
        let minutes = (wait_ms + 59_999).div_euclid(60_000).max(1);
        let wait = match minutes {
            1 => "a minute".to_string(),
            n => format!("{n} minutes"),
        };
        Self::TooManyRequests(
            format!("Too many attempts. Please wait {wait} and try again."),
            u64::try_from((wait_ms + 999).div_euclid(1000)).unwrap_or(1),
        )
    }
}
