//! `GET /api/home` on its shortest way: the busiest call of all is answered
//! from the bytes kept for the date (`encoded`) as soon as it is routed, with
//! the headers the full stack would give it (the security headers and
//! `Cache-Control: no-cache`), without passing through the middleware the
//! other calls need (request tracing, compression, the CSRF check). Anything
//! unusual (another host, a query other than one well-formed `date`) goes the
//! full way, which answers it or refuses it as every other call.

use crate::extract::date_or_today;
use crate::guard::host_allowed;
use crate::headers::SecurityHeaders;
use crate::state::AppState;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, header};
use axum::response::Response;
use futures_util::future::Either;
use std::future::{Ready, ready};

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};
use tower::{Layer, Service};

const PATH: &str = "/api/home";

/// The service is cloned for every request (as hyper asks), so what it holds
/// is behind one `Arc`: a clone is one count, not one per part of the state.
#[derive(Debug, Clone)]
pub struct FastHomeLayer(Arc<Shared>);

#[derive(Debug)]
struct Shared {
    state: AppState,
    security: Arc<SecurityHeaders>,
}

impl FastHomeLayer {
    pub fn new(state: AppState, security: Arc<SecurityHeaders>) -> Self {
        Self(Arc::new(Shared { state, security }))
    }
}

impl<S> Layer<S> for FastHomeLayer {
    type Service = FastHome<S>;

    fn layer(&self, inner: S) -> FastHome<S> {
        FastHome {
            inner,
            layer: self.clone(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct FastHome<S> {
    inner: S,
    layer: FastHomeLayer,
}

impl<S> Service<Request> for FastHome<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Ready<Result<Response, Infallible>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        match self.layer.0.answer(&req) {
            Some(res) => Either::Left(ready(Ok(res))),
            None => Either::Right(self.inner.call(req)),
        }
    }
}

impl Shared {
    fn answer(&self, req: &Request) -> Option<Response> {
        if req.method() != Method::GET || req.uri().path() != PATH {
            return None;
        }
        let host = req.headers().get(header::HOST)?.to_str().ok()?;
        if !host_allowed(&self.state.config, host) {
            return None;
        }
        let raw = match req.uri().query() {
            None | Some("") => None,
            Some(q) => Some(q.strip_prefix("date=")?),
        };
        let date = date_or_today(raw, &self.state.clock).ok()?;
        let mut res = self.state.home_json(date).respond(req.headers());
        let headers = res.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        self.security.apply(headers);
        Some(res)
    }
}
