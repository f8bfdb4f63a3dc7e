//! The places in the database: a source's places saved as one change, and
//! the places near a point found through the R*Tree.

use super::geo::{self, Point};
use super::osm::{Located, Place, PlaceKind};
use super::shapes::{Farm, Trail};
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::HashSet;

/// What saving a source's places did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Saved {
    pub added: usize,
    pub updated: usize,
    pub removed: usize,
    pub unchanged: usize,
}

/// What a source last brought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceRow {
    pub file_hash: Option<String>,
    pub data_time: Option<i64>,
    pub loaded_at: i64,
    pub places: i64,
}

pub fn source(conn: &Connection, source: &str) -> rusqlite::Result<Option<SourceRow>> {
    conn.query_row(
        "SELECT file_hash, data_time, loaded_at, places FROM place_sources WHERE source = ?1",
        [source],
        |r| {
            Ok(SourceRow {
                file_hash: r.get(0)?,
                data_time: r.get(1)?,
                loaded_at: r.get(2)?,
                places: r.get(3)?,
            })
        },
    )
    .optional()
}

/// How many farms and trails `source` holds.
pub fn counts(conn: &Connection, source: &str) -> rusqlite::Result<(usize, usize)> {
    conn.query_row(
        "SELECT count(*) FILTER (WHERE kind = 'farm'), count(*) FILTER (WHERE kind = 'trail') FROM places WHERE source = ?1",
        [source],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize)),
    )
}

/// When any source last loaded places (ms), or none when none ever did.
pub fn last_loaded(conn: &Connection) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT max(loaded_at) FROM place_sources", [], |r| r.get(0))
}

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

/// Saves `places` as `source`'s: new ones added, changed ones updated (a
/// place another source brought is left to it unless `take` is set), the
/// rest untouched. Answers what it did and the rows of the places given.
fn upsert(
    tx: &rusqlite::Transaction<'_>,
    source: &str,
    places: &[Located],
    take: bool,
) -> rusqlite::Result<(Saved, HashSet<i64>)> {
    let mut saved = Saved::default();
    let mut kept = HashSet::new();
    let mut find = tx.prepare_cached(
        "SELECT id, fields, points, source FROM places WHERE kind = ?1 AND osm_type = ?2 AND osm_id = ?3",
    )?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO places (kind, osm_type, osm_id, name, fields, points, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    let mut update = tx.prepare_cached(
        "UPDATE places SET name = ?2, fields = ?3, points = ?4, source = ?5 WHERE id = ?1",
    )?;
    let mut boxed = tx.prepare_cached(
        "INSERT OR REPLACE INTO places_box (id, min_lat, max_lat, min_lon, max_lon) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (place, points) in places {
        let Some((osm_type, osm_id)) = place
            .id()
            .split_once('/')
            .and_then(|(t, n)| Some((t, n.parse::<i64>().ok()?)))
        else {
            continue;
        };
        let kind = place.kind().key();
        let (fields, encoded) = (fields_json(place), encode_points(points));
        let found: Option<(i64, String, Vec<u8>, String)> = find
            .query_row(params![kind, osm_type, osm_id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .optional()?;
        let row = match found {
            Some((row, f, p, s))
                if (f == fields && p == encoded && s == source) || (s != source && !take) =>
            {
                saved.unchanged += 1;
                kept.insert(row);
                continue;
            }
            Some((row, ..)) => {
                update.execute(params![row, place.name(), fields, encoded, source])?;
                saved.updated += 1;
                row
            }
            None => {
                insert.execute(params![
                    kind,
                    osm_type,
                    osm_id,
                    place.name(),
                    fields,
                    encoded,
                    source
                ])?;
                saved.added += 1;
                tx.last_insert_rowid()
            }
        };
        kept.insert(row);
        let (a, b, c, d) = geo::bounds(points);
        boxed.execute(params![row, a, b, c, d])?;
    }
    Ok((saved, kept))
}

fn remove(tx: &rusqlite::Transaction<'_>, rows: &[i64]) -> rusqlite::Result<()> {
    for id in rows {
        tx.execute("DELETE FROM places_box WHERE id = ?1", [id])?;
        tx.execute("DELETE FROM places WHERE id = ?1", [id])?;
    }
    Ok(())
}

fn record_source(
    tx: &rusqlite::Transaction<'_>,
    source: &str,
    file_hash: Option<&str>,
    data_time: Option<i64>,
    now_ms: i64,
) -> rusqlite::Result<()> {
    let places: i64 = tx.query_row(
        "SELECT count(*) FROM places WHERE source = ?1",
        [source],
        |r| r.get(0),
    )?;
    tx.execute(
        "INSERT INTO place_sources (source, file_hash, data_time, loaded_at, places) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (source) DO UPDATE SET file_hash = ?2, data_time = ?3, loaded_at = ?4, places = ?5",
        params![source, file_hash, data_time, now_ms, places],
    )?;
    Ok(())
}

/// Replaces what `source` (an extract) holds with `places` in one
/// transaction: the source's places no longer there are removed.
pub fn replace_source(
    conn: &mut Connection,
    source: &str,
    places: &[Located],
    file_hash: Option<&str>,
    data_time: Option<i64>,
    now_ms: i64,
) -> rusqlite::Result<Saved> {
    let tx = conn.transaction()?;
    let (mut saved, kept) = upsert(&tx, source, places, true)?;
    let stale: Vec<i64> = tx
        .prepare("SELECT id FROM places WHERE source = ?1")?
        .query_map([source], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<i64>>>()?
        .into_iter()
        .filter(|id| !kept.contains(id))
        .collect();
    remove(&tx, &stale)?;
    saved.removed = stale.len();
    record_source(&tx, source, file_hash, data_time, now_ms)?;
    tx.commit()?;
    Ok(saved)
}

/// The live source's name in `places.source`.
pub const LIVE: &str = "overpass";

/// A box: min lat, max lat, min lon, max lon.
pub type Bounds = (f64, f64, f64, f64);

/// Saves what the live source answered for `kind` in `area`: its places
/// added or updated (an imported place stays the import's), the live places
/// of that kind inside the area it no longer has removed, and the fetch
/// remembered.
pub fn save_fetch(
    conn: &mut Connection,
    kind: PlaceKind,
    area: Bounds,
    places: &[Located],
    now_ms: i64,
) -> rusqlite::Result<Saved> {
    let tx = conn.transaction()?;
    let (mut saved, kept) = upsert(&tx, LIVE, places, false)?;
    let (a, b, c, d) = area;
    let gone: Vec<i64> = tx
        .prepare(
            "SELECT p.id FROM places p JOIN places_box x ON x.id = p.id
             WHERE p.source = ?1 AND p.kind = ?2 AND x.min_lat >= ?3 AND x.max_lat <= ?4 AND x.min_lon >= ?5 AND x.max_lon <= ?6",
        )?
        .query_map(params![LIVE, kind.key(), a, b, c, d], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<i64>>>()?
        .into_iter()
        .filter(|id| !kept.contains(id))
        .collect();
    remove(&tx, &gone)?;
    saved.removed = gone.len();
    tx.execute(
        "INSERT INTO place_fetches (kind, min_lat, max_lat, min_lon, max_lon, fetched_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![kind.key(), a, b, c, d, now_ms],
    )?;
    record_source(&tx, LIVE, None, None, now_ms)?;
    tx.commit()?;
    Ok(saved)
}

/// The latest time the live source was asked about an area holding all of
/// `area` (ms), if ever.
pub fn fetched(conn: &Connection, kind: PlaceKind, area: Bounds) -> rusqlite::Result<Option<i64>> {
    let (a, b, c, d) = area;
    conn.query_row(
        "SELECT max(fetched_at) FROM place_fetches
         WHERE kind = ?1 AND min_lat <= ?2 AND max_lat >= ?3 AND min_lon <= ?4 AND max_lon >= ?5",
        params![kind.key(), a, b, c, d],
        |r| r.get(0),
    )
}

/// A place found near a point, with its distance in miles.
#[derive(Debug, Clone, PartialEq)]
pub enum Near {
    Farm(Farm),
    Trail(Trail),
}

/// Every place of `kind` within `radius` miles of `centre`, nearest first
/// (then by name): a farm measured to its point, a trail to its nearest point.
pub fn near(
    conn: &Connection,
    kind: PlaceKind,
    centre: Point,
    radius: f64,
) -> rusqlite::Result<Vec<Near>> {
    let (a, b, c, d) = geo::radius_box(centre, radius);
    let mut stmt = conn.prepare_cached(
        // CROSS JOIN keeps this order: the R*Tree finds the boxes, then
        // each place is read by its id (not every place of the kind scanned).
        "SELECT p.fields, p.points FROM places_box x CROSS JOIN places p ON p.id = x.id
         WHERE x.max_lat >= ?1 AND x.min_lat <= ?2 AND x.max_lon >= ?3 AND x.min_lon <= ?4 AND p.kind = ?5",
    )?;
    let rows = stmt.query_map(params![a, b, c, d, kind.key()], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, Vec<u8>>(1)?))
    })?;
    let mut found: Vec<(f64, String, Near)> = Vec::new();
    for row in rows {
        let (fields, points) = row?;
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
    Ok(found.into_iter().map(|(_, _, n)| n).collect())
}

/// Farms whose name holds `words` (any case), by name; at most `limit`.
pub fn farms_named(conn: &Connection, words: &str, limit: usize) -> rusqlite::Result<Vec<Farm>> {
    let pattern = format!(
        "%{}%",
        words
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    let mut stmt = conn.prepare_cached(
        "SELECT fields FROM places WHERE kind = 'farm' AND name LIKE ?1 ESCAPE '\\' ORDER BY name LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![pattern, limit as i64], |r| r.get::<_, String>(0))?;
    Ok(rows
        .filter_map(Result::ok)
        .filter_map(|f| serde_json::from_str(&f).ok())
        .collect())
}
