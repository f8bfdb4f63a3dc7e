//! The operations of the finders' calls: ZIP codes, farms and trails near
//! one.

use super::doc::{Doc, Op, Who, op};
use crate::places::{FarmSearch, TrailSearch, ZipPlace};
use serde_json::json;

/// What a search near a ZIP code answers when the live map source cannot.
const DOWN: &str = "The live map source failed, is busy or is still answering, and nothing of the area was stored before: try again after Retry-After";

/// `GET /api/zips/{zip}`.
pub fn zip(doc: &mut Doc) -> Op {
    let zip = doc.schema::<ZipPlace>();
    op(
        "A US ZIP code's centre, city and state (404 when there is no such ZIP)",
        Who::Anyone,
    )
    .path("zip", "Five digits")
    .ok(zip)
}

/// `GET /api/farms/search/{zip}`.
pub fn farms_search(doc: &mut Doc) -> Op {
    let error = doc.schema::<crate::error::ErrorBody>();
    let farms = doc.schema::<FarmSearch>();
    op(
        "Farm shops and farmers' markets within the radius, nearest first",
        Who::Anyone,
    )
    .path("zip", "A five-digit US ZIP code")
    .query(
        "radius",
        json!({"type": "number", "minimum": 1, "maximum": 200}),
        "Miles (default 25)",
    )
    .ok(farms)
    .answers(503, Some(error), DOWN)
}

/// `GET /api/farms/search`.
pub fn farms_named(doc: &mut Doc) -> Op {
    let farms = doc.schema::<FarmSearch>();
    op("Farms by name (none for an empty search)", Who::Anyone)
        .query(
            "search",
            json!({"type": "string", "maxLength": 100}),
            "Words of the farm's name",
        )
        .ok(farms)
}

/// `GET /api/trails/search/{zip}`.
pub fn trails_search(doc: &mut Doc) -> Op {
    let error = doc.schema::<crate::error::ErrorBody>();
    let trails = doc.schema::<TrailSearch>();
    op(
        "Hiking routes and named paths within the radius, nearest first",
        Who::Anyone,
    )
    .path("zip", "A five-digit US ZIP code")
    .query(
        "radius",
        json!({"type": "number", "minimum": 1, "maximum": 100}),
        "Miles (default 25)",
    )
    .ok(trails)
    .answers(503, Some(error), DOWN)
}
