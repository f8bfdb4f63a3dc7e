//! `GET /api/openapi.json`: the OpenAPI 3.1 document of every `/api` call,
//! its schemas generated from the handlers' request and answer types (their
//! `ToSchema` derives), its operations from the route table's fixed calls
//! and from the record resources' rows (`crate::resources`), so a client
//! written against it, and schemathesis in `make test`, see the API as built.
//!
//! - `doc`: the document builder (schemas by type, operations, parameters).
//! - `content`, `plans`, `places`, `service`: every fixed call, as the route table
//!   serves it, by what it is about.
//! - `records`: the record resources' calls, one set per row.

mod content;
mod doc;
mod places;
mod plans;
mod records;
mod service;

use axum::http::header;
use axum::response::IntoResponse;
use doc::Doc;
use serde_json::Value;
use std::sync::LazyLock;

/// The whole document (built once: it depends only on the code).
pub fn document() -> &'static Value {
    static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
        let mut doc = Doc::new();
        content::add(&mut doc);
        plans::add(&mut doc);
        places::add(&mut doc);
        service::add(&mut doc);
        records::add(&mut doc);
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

/// Every route the router serves under `/api` (its templates, as written in
/// the route table and the resource rows).
#[cfg(test)]
fn served_paths() -> std::collections::BTreeSet<String> {
    let table = include_str!("../mod.rs");
    let mut paths: std::collections::BTreeSet<String> = table
        .split('"')
        .filter(|s| s.starts_with("/api/") && !s.contains("{kind}"))
        .map(|s| {
            s.replace("{p0}", "{goalId}")
                .replace("{user_id}", "{userId}")
        })
        .collect();
    for r in crate::resources::RESOURCES {
        paths.extend([r.list, r.create].map(String::from));
        paths.extend(r.item.map(String::from));
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_is_in_the_document_and_every_path_is_served() {
        let doc = document();
        assert_eq!(doc["openapi"], "3.1.0");
        let documented: std::collections::BTreeSet<String> = doc["paths"]
            .as_object()
            .expect("paths")
            .keys()
            .cloned()
            .collect();
        let kinds: Vec<&str> = crate::content::Kind::ALL.iter().map(|k| k.slug()).collect();
        for path in served_paths() {
            assert!(
                documented.contains(&path),
                "{path} is served but not documented"
            );
        }
        for path in &documented {
            let generic = path
                .strip_prefix("/api/")
                .map(|rest| rest.trim_end_matches("/today"))
                .is_some_and(|slug| kinds.contains(&slug));
            assert!(
                generic || served_paths().contains(path),
                "{path} is documented but not served"
            );
        }
        // Every schema an operation names is in the document.
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
