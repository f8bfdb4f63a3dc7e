//! `GET /api/openapi.json`: the OpenAPI 3.1 document of every `/api` call,
//! built from the route table itself (`super::every_call`, registered into a
//! `Doc`), so a client written against it, and schemathesis in `make test`,
//! see the API as built. Its schemas are generated from the handlers' request
//! and answer types (their `ToSchema` derives).
//!
//! - `doc`: the document builder (schemas by type, operations, parameters),
//!   and the registrar the route table is registered into (`super::registrar`).
//! - `content`, `groups`, `plans`, `places`, `service`: the operation of each fixed
//!   call, by what it is about, one function per call, which the route table
//!   names beside the call's route and handler.
//! - `records`: the operations of the record resources' calls, from a row.
//! - `ops`: all of these by name, as the route table refers to them.

mod content;
pub(super) mod doc;
mod groups;
mod places;
mod plans;
mod records;
mod service;

/// Every call's operation, by the name the route table gives it.
pub(super) mod ops {
    pub use super::content::*;
    pub use super::groups::*;
    pub use super::places::*;
    pub use super::plans::*;
    pub use super::records::*;
    pub use super::service::*;
}

use axum::http::header;
use axum::response::IntoResponse;
use doc::Doc;
use serde_json::Value;
use std::sync::LazyLock;

/// The whole document (built once: it depends only on the code).
pub fn document() -> &'static Value {
    static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
        let mut doc = Doc::new();
        super::every_call(&mut doc);
        doc.finish()
    });
    &DOCUMENT
}

pub async fn openapi_get() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        document().to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which routes are documented is the route table's test
    /// (`super::super::tests`); here, the document itself.
    #[test]
    fn every_schema_referred_to_is_defined() {
        let doc = document();
        assert_eq!(doc["openapi"], "3.1.0");
        let text = doc.to_string();
        for part in text.split("\"#/components/schemas/").skip(1) {
            let name = part.split('"').next().unwrap_or_default();
            assert!(
                doc["components"]["schemas"].get(name).is_some(),
                "{name} is referred to but not defined"
            );
        }
    }
}
