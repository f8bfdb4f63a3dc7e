//! The database's guard: when more calls wait for the database than it can
//! answer soon, a request is answered at once with 503 and `Retry-After`
//! instead of joining a queue that only grows; the phone tries again by
//! itself. It protects everyone's requests from one flood, whatever its
//! source.

use crate::error::AppError;
use crate::store::Store;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// What the guard watches, and how many waiting calls it allows.
#[derive(Debug, Clone)]
pub struct Load {
    pub store: Store,
    pub most_waiting: usize,
}

/// Turns a request away while the database's queue is longer than allowed.
/// The health check always answers.
pub async fn shed(State(load): State<Load>, req: Request, next: Next) -> Response {
    if load.store.waiting() > load.most_waiting && req.uri().path() != "/api/health" {
        return AppError::Busy(
            "Manna is very busy just now. Your changes are kept on your phone; please try again in a few seconds."
                .into(),
        )
        .into_response();
    }
    next.run(req).await
}
