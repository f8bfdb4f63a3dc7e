//! The finders' calls: ZIP codes, farms and trails near one.

use super::doc::{Doc, Who, op};
use crate::places::{FarmSearch, TrailSearch, ZipPlace};
use serde_json::json;

pub fn add(doc: &mut Doc) {
    let zip = doc.schema::<ZipPlace>();
    doc.add(
        "get",
        "/api/zips/{zip}",
        op(
            "A US ZIP code's centre, city and state (404 when there is no such ZIP)",
            Who::Anyone,
        )
        .path("zip", "Five digits")
        .ok(zip),
    );
    let error = doc.schema::<crate::error::ErrorBody>();
    let down = "The live map source failed, is busy or is still answering, and nothing of the area was stored before: try again after Retry-After";
    let farms = doc.schema::<FarmSearch>();
    doc.add(
        "get",
        "/api/farms/search/{zip}",
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
        .ok(farms.clone())
        .answers(503, Some(error.clone()), down),
    );
    doc.add(
        "get",
        "/api/farms/search",
        op("Farms by name (none for an empty search)", Who::Anyone)
            .query(
                "search",
                json!({"type": "string", "maxLength": 100}),
                "Words of the farm's name",
            )
            .ok(farms),
    );
    let trails = doc.schema::<TrailSearch>();
    doc.add(
        "get",
        "/api/trails/search/{zip}",
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
        .answers(503, Some(error), down),
    );
}
