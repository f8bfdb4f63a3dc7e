//! Places as the store keeps them: a place's answer without its nulls and
//! its points packed as f32 pairs; and the places near a point, measured.

use super::geo::{self, Point};
use super::osm::{Located, Place, PlaceKind};
use super::shapes::{Farm, Trail};
use crate::error::AppError;
use crate::store::{PlaceRow, Store};

pub use crate::store::{Bounds, LIVE, Saved, SourceRow};

fn encode_points(points: &[Point]) -> Vec<u8> {
    points
        .iter()
        .flat_map(|&(lat, lon)| [lat as f32, lon as f32])
        .flat_map(f32::to_le_bytes)
        .collect()
}

fn decode_points(bytes: &[u8]) -> impl Iterator<Item = Point> + '_ {
    bytes.chunks_exact(8).map(|c| {
        let lat = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        let lon = f32::from_le_bytes([c[4], c[5], c[6], c[7]]);
        (f64::from(lat), f64::from(lon))
    })
}

/// A place's answer as stored: its fields without the nulls (a missing
/// field reads back as null), so the search reads less.
fn fields_json(place: &Place) -> String {
    let value = match place {
        Place::Farm(f) => serde_json::to_value(f),
        Place::Trail(t) => serde_json::to_value(t),
    };
    match value {
        Ok(serde_json::Value::Object(mut fields)) => {
            fields.retain(|_, v| !v.is_null());
            serde_json::Value::Object(fields).to_string()
        }
        _ => String::new(),
    }
}

/// The rows of `places` as the store keeps them (a place without an
/// OpenStreetMap id of the form `type/number` is left out).
pub fn rows(places: &[Located]) -> Vec<PlaceRow> {
    places
        .iter()
        .filter_map(|(place, points)| {
            let (osm_type, osm_id) = place
                .id()
                .split_once('/')
                .and_then(|(t, n)| Some((t.to_string(), n.parse::<i64>().ok()?)))?;
            Some(PlaceRow {
                kind: place.kind().key(),
                osm_type,
                osm_id,
                name: place.name().to_string(),
                fields: fields_json(place),
                points: encode_points(points),
                bounds: geo::bounds(points),
            })
        })
        .collect()
}

/// A place found near a point, with its distance in miles.
#[derive(Debug, Clone, PartialEq)]
pub enum Near {
    Farm(Farm),
    Trail(Trail),
}

/// Every place of `kind` within `radius` miles of `centre`, nearest first
/// (then by name): a farm measured to its point, a trail to its nearest point.
/// Answers them with when any source last loaded places.
pub async fn near(
    store: &Store,
    kind: PlaceKind,
    centre: Point,
    radius: f64,
) -> Result<(Vec<Near>, Option<i64>), AppError> {
    let (rows, loaded) = store
        .places_in(kind.key(), geo::radius_box(centre, radius))
        .await?;
    let mut found: Vec<(f64, String, Near)> = Vec::new();
    for (fields, points) in rows {
        let Some((miles, point)) = geo::nearest(centre, decode_points(&points)) else {
            continue;
        };
        if miles > radius {
            continue;
        }
        let rounded = (miles * 10.0).round() / 10.0;
        let distance = Some(rounded);
        let near = match kind {
            PlaceKind::Farm => serde_json::from_str::<Farm>(&fields).ok().map(|f| {
                Near::Farm(Farm {
                    distance,
                    distance_label: Some(super::shapes::miles_label(rounded)),
                    ..f
                })
            }),
            PlaceKind::Trail => serde_json::from_str::<Trail>(&fields).ok().map(|t| {
                Near::Trail(Trail {
                    distance,
                    distance_label: Some(super::shapes::trail_distance_label(miles, rounded)),
                    latitude: point.0,
                    longitude: point.1,
                    ..t
                })
            }),
        };
        if let Some(near) = near {
            let name = match &near {
                Near::Farm(f) => f.name.clone(),
                Near::Trail(t) => t.name.clone(),
            };
            found.push((miles, name, near));
        }
    }
    found.sort_by(|x, y| x.0.total_cmp(&y.0).then_with(|| x.1.cmp(&y.1)));
    Ok((found.into_iter().map(|(_, _, n)| n).collect(), loaded))
}

/// Farms whose name holds `words` (any case), by name; at most `limit`.
pub async fn farms_named(store: &Store, words: &str, limit: usize) -> Result<Vec<Farm>, AppError> {
    Ok(store
        .places_named(PlaceKind::Farm.key(), words, limit)
        .await?
        .iter()
        .filter_map(|f| serde_json::from_str(f).ok())
        .collect())
}
