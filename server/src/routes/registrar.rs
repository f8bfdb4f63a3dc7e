//! One registration, two products. Each call of the route table is
//! registered once, with its handler and its operation together, into a
//! `Registrar`: the router (`Router<AppState>`) takes the handler and never
//! builds the operation; the document (`Doc`) builds the operation and drops
//! the handler, so it needs no state. A call cannot be served without an
//! operation, nor documented without a route.

use super::openapi::doc::{Doc, Op};
use crate::state::AppState;
use axum::Router;
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{MethodFilter, get, on};

/// What the route table is registered into.
pub trait Registrar {
    /// Serves `method` of `route` with `handler`. `operations` makes what the
    /// document says of it: an operation for each path it documents, each a
    /// path the route answers (the route itself, or with its parameters
    /// named for the document or given the values it takes).
    fn call<H, T>(
        &mut self,
        method: Method,
        route: &str,
        handler: H,
        operations: impl FnOnce(&mut Doc) -> Vec<(String, Op)>,
    ) where
        H: Handler<T, AppState>,
        T: 'static;

    /// A page for a browser, outside the API: served, never documented.
    fn page<H, T>(&mut self, path: &str, handler: H)
    where
        H: Handler<T, AppState>,
        T: 'static;

    /// `GET path`, documented by `operation` under the same path.
    fn get<H, T>(&mut self, path: &str, handler: H, operation: impl FnOnce(&mut Doc) -> Op)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.call(Method::GET, path, handler, |doc| {
            vec![(path.to_string(), operation(doc))]
        });
    }

    /// `POST path`, documented by `operation` under the same path.
    fn post<H, T>(&mut self, path: &str, handler: H, operation: impl FnOnce(&mut Doc) -> Op)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.call(Method::POST, path, handler, |doc| {
            vec![(path.to_string(), operation(doc))]
        });
    }

    /// `PATCH path`, documented by `operation` under the same path.
    fn patch<H, T>(&mut self, path: &str, handler: H, operation: impl FnOnce(&mut Doc) -> Op)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.call(Method::PATCH, path, handler, |doc| {
            vec![(path.to_string(), operation(doc))]
        });
    }

    /// `DELETE path`, documented by `operation` under the same path.
    fn delete<H, T>(&mut self, path: &str, handler: H, operation: impl FnOnce(&mut Doc) -> Op)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.call(Method::DELETE, path, handler, |doc| {
            vec![(path.to_string(), operation(doc))]
        });
    }

    /// `GET route` of a generic route (`/api/{kind}`): documented as a path
    /// for each value its parameter takes, each with its own operation.
    fn get_each<H, T>(
        &mut self,
        route: &str,
        handler: H,
        operations: impl FnOnce(&mut Doc) -> Vec<(String, Op)>,
    ) where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.call(Method::GET, route, handler, operations);
    }
}

/// The router: each call's handler on its route.
impl Registrar for Router<AppState> {
    fn call<H, T>(
        &mut self,
        method: Method,
        route: &str,
        handler: H,
        _operations: impl FnOnce(&mut Doc) -> Vec<(String, Op)>,
    ) where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let filter = MethodFilter::try_from(method).expect("a method a route can have");
        // A second method of a route joins the first.
        *self = std::mem::take(self).route(route, on(filter, handler));
    }

    fn page<H, T>(&mut self, path: &str, handler: H)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        *self = std::mem::take(self).route(path, get(handler));
    }
}

/// The document: each call's operations under their paths.
impl Registrar for Doc {
    fn call<H, T>(
        &mut self,
        method: Method,
        _route: &str,
        _handler: H,
        operations: impl FnOnce(&mut Doc) -> Vec<(String, Op)>,
    ) where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let method = method.as_str().to_lowercase();
        for (path, operation) in operations(self) {
            self.add(&method, &path, operation);
        }
    }

    fn page<H, T>(&mut self, _path: &str, _handler: H)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
    }
}
