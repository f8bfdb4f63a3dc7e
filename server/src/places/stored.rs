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

/// Where a box's centre falls on a Z-order curve over the map: places near
/// each other on the map are mostly near each other in this order.
fn map_order(bounds: Bounds) -> u64 {
    /// The bits of `x` spread to the even places of a `u64`.
    fn spread(x: u32) -> u64 {
        let mut x = u64::from(x);
        x = (x | (x << 16)) & 0x0000_ffff_0000_ffff;
        x = (x | (x << 8)) & 0x00ff_00ff_00ff_00ff;
        x = (x | (x << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        (x | (x << 1)) & 0x5555_5555_5555_5555
    }
    let (min_lat, max_lat, min_lon, max_lon) = bounds;
    // As a fraction of the whole range, then as 32 bits (`as` saturates).
    let at = |v: f64, range: f64| ((v / range + 0.5) * f64::from(u32::MAX)) as u32;
    let lat = at((min_lat + max_lat) / 2.0, 180.0);
    let lon = at((min_lon + max_lon) / 2.0, 360.0);
    spread(lat) << 1 | spread(lon)
}

/// The rows of `places` as the store keeps them (a place without an
/// OpenStreetMap id of the form `type/number` is left out), in map order:
/// stored in that order, an area's places lie together, so a search reads
/// fewer pages.
pub fn rows(places: &[Located]) -> Vec<PlaceRow> {
    let mut rows: Vec<PlaceRow> = places
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
        .collect();
    rows.sort_by_cached_key(|row| map_order(row.bounds));
    rows
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
        .places_in(kind.key(), geo::radius_box(centre, radius), move |points| {
            geo::nearest(centre, decode_points(points)).filter(|&(miles, _)| miles <= radius)
        })
        .await?;
    let mut found: Vec<(f64, Near)> = rows
        .into_iter()
        .filter_map(|(fields, (miles, point))| {
            let rounded = (miles * 10.0).round() / 10.0;
            let distance = Some(rounded);
            let near = match kind {
                PlaceKind::Farm => Near::Farm(Farm {
                    distance,
                    distance_label: Some(super::shapes::miles_label(rounded)),
                    ..serde_json::from_str::<Farm>(&fields).ok()?
                }),
                PlaceKind::Trail => Near::Trail(Trail {
                    distance,
                    distance_label: Some(super::shapes::trail_distance_label(miles, rounded)),
                    latitude: point.0,
                    longitude: point.1,
                    ..serde_json::from_str::<Trail>(&fields).ok()?
                }),
            };
            Some((miles, near))
        })
        .collect();
    found.sort_by(|x, y| x.0.total_cmp(&y.0).then_with(|| x.1.name().cmp(y.1.name())));
    Ok((found.into_iter().map(|(_, near)| near).collect(), loaded))
}

impl Near {
    /// The place's name.
    pub fn name(&self) -> &str {
        match self {
            Near::Farm(f) => &f.name,
            Near::Trail(t) => &t.name,
        }
    }
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
