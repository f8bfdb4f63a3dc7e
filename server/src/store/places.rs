//! Places (farms and trails): each source's places saved as one change, the
//! live source's fetches remembered, and the places whose box meets a box
//! found through the R*Tree.

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;
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

/// A box: min lat, max lat, min lon, max lon.
pub type Bounds = (f64, f64, f64, f64);

/// A place as stored: its kind (`farm`, `trail`), OpenStreetMap id, name,
/// answer (JSON), points (encoded) and the box around them.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceRow {
    pub kind: &'static str,
    pub osm_type: String,
    pub osm_id: i64,
    pub name: String,
    pub fields: String,
    pub points: Vec<u8>,
    pub bounds: Bounds,
}

/// The live source's name in `places.source`.
pub const LIVE: &str = "overpass";

/// The SQLite statements on one kind's boxes: on SQLite each kind's boxes are
/// an R*Tree of their own (`farms_box`, `trails_box`), so a search looks up
/// only the places of its kind; PostgreSQL keeps them in one `places_box`.
struct Boxes {
    /// A place's box, set: id, min lat, max lat, min lon, max lon.
    put: &'static str,
    /// A place's box, removed: id.
    remove: &'static str,
    /// The ids of `source` (?1) places of `kind` (?2) whose box lies inside
    /// min lat ?3, max lat ?4, min lon ?5, max lon ?6.
    inside: &'static str,
    /// The answers and points of the places of `kind` (?5) whose box meets
    /// min lat ?1, max lat ?2, min lon ?3, max lon ?4. CROSS JOIN keeps this
    /// order: the R*Tree finds the boxes, then each place is read by its id
    /// (not every place of the kind scanned).
    meets: &'static str,
}

macro_rules! boxes {
    ($table:literal) => {
        Boxes {
            put: concat!(
                "INSERT OR REPLACE INTO ", $table,
                " (id, min_lat, max_lat, min_lon, max_lon) VALUES (?1, ?2, ?3, ?4, ?5)"
            ),
            remove: concat!("DELETE FROM ", $table, " WHERE id = ?1"),
            inside: concat!(
                "SELECT p.id FROM ", $table, " x CROSS JOIN places p ON p.id = x.id
                 WHERE x.min_lat >= ?3 AND x.max_lat <= ?4 AND x.min_lon >= ?5 AND x.max_lon <= ?6
                   AND p.source = ?1 AND p.kind = ?2"
            ),
            meets: concat!(
                "SELECT p.fields, p.points FROM ", $table, " x CROSS JOIN places p ON p.id = x.id
                 WHERE x.max_lat >= ?1 AND x.min_lat <= ?2 AND x.max_lon >= ?3 AND x.min_lon <= ?4
                   AND p.kind = ?5"
            ),
        }
    };
}

const FARM_BOXES: Boxes = boxes!("farms_box");
const TRAIL_BOXES: Boxes = boxes!("trails_box");

/// The SQLite statements on the boxes of `kind` (`farm` or `trail`).
fn boxes_of(kind: &str) -> &'static Boxes {
    if kind == "farm" {
        &FARM_BOXES
    } else {
        &TRAIL_BOXES
    }
}

fn source(c: &mut Sql<'_>, source: &str) -> Result<Option<SourceRow>, StoreError> {
    c.query_opt(
        "SELECT file_hash, data_time, loaded_at, places FROM place_sources WHERE source = ?1",
        &[&source],
        |r| {
            Ok(SourceRow {
                file_hash: r.get(0)?,
                data_time: r.get(1)?,
                loaded_at: r.get(2)?,
                places: r.get(3)?,
            })
        },
    )
}

fn last_loaded(c: &mut Sql<'_>) -> Result<Option<i64>, StoreError> {
    c.query_one("SELECT max(loaded_at) FROM place_sources", &[], |r| {
        r.get(0)
    })
}

/// Saves `rows` as `source`'s: new ones added, changed ones updated (a place
/// another source brought is left to it unless `take` is set), the rest
/// untouched. Answers what it did and the stored ids of the places given.
fn upsert(
    tx: &mut Sql<'_>,
    source: &str,
    rows: &[PlaceRow],
    take: bool,
) -> Result<(Saved, HashSet<i64>), StoreError> {
    let mut saved = Saved::default();
    let mut kept = HashSet::new();
    for p in rows {
        let boxed = tx.pick(
            boxes_of(p.kind).put,
            "INSERT INTO places_box (id, min_lat, max_lat, min_lon, max_lon) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (id) DO UPDATE SET min_lat = excluded.min_lat, max_lat = excluded.max_lat,
               min_lon = excluded.min_lon, max_lon = excluded.max_lon",
        );
        let found: Option<(i64, String, Vec<u8>, String)> = tx.query_opt(
            "SELECT id, fields, points, source FROM places WHERE kind = ?1 AND osm_type = ?2 AND osm_id = ?3",
            &[&p.kind, &p.osm_type, &p.osm_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
        let row = match found {
            Some((row, f, pts, s))
                if (f == p.fields && pts == p.points && s == source) || (s != source && !take) =>
            {
                saved.unchanged += 1;
                kept.insert(row);
                continue;
            }
            Some((row, ..)) => {
                tx.execute(
                    "UPDATE places SET name = ?2, fields = ?3, points = ?4, source = ?5 WHERE id = ?1",
                    &[&row, &p.name, &p.fields, &p.points, &source],
                )?;
                saved.updated += 1;
                row
            }
            None => {
                saved.added += 1;
                tx.query_one(
                    "INSERT INTO places (kind, osm_type, osm_id, name, fields, points, source)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
                    &[
                        &p.kind,
                        &p.osm_type,
                        &p.osm_id,
                        &p.name,
                        &p.fields,
                        &p.points,
                        &source,
                    ],
                    |r| r.get(0),
                )?
            }
        };
        kept.insert(row);
        let (a, b, c, d) = p.bounds;
        tx.execute(boxed, &[&row, &a, &b, &c, &d])?;
    }
    Ok((saved, kept))
}

/// Removes the places `rows` (id and kind) and their boxes.
fn remove(tx: &mut Sql<'_>, rows: &[(i64, String)]) -> Result<(), StoreError> {
    for (id, kind) in rows {
        let boxed = tx.pick(
            boxes_of(kind).remove,
            "DELETE FROM places_box WHERE id = ?1",
        );
        tx.execute(boxed, &[id])?;
        tx.execute("DELETE FROM places WHERE id = ?1", &[id])?;
    }
    Ok(())
}

fn record_source(
    tx: &mut Sql<'_>,
    source: &str,
    file_hash: Option<&str>,
    data_time: Option<i64>,
    now_ms: i64,
) -> Result<(), StoreError> {
    let places: i64 = tx.query_one(
        "SELECT count(*) FROM places WHERE source = ?1",
        &[&source],
        |r| r.get(0),
    )?;
    tx.execute(
        "INSERT INTO place_sources (source, file_hash, data_time, loaded_at, places) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (source) DO UPDATE SET file_hash = ?2, data_time = ?3, loaded_at = ?4, places = ?5",
        &[&source, &file_hash, &data_time, &now_ms, &places],
    )?;
    Ok(())
}

/// The places (id and kind) `source` holds that are not among `kept`.
fn stale(
    tx: &mut Sql<'_>,
    source: &str,
    kept: &HashSet<i64>,
) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(tx
        .query(
            "SELECT id, kind FROM places WHERE source = ?1",
            &[&source],
            |r| Ok((r.get::<i64>(0)?, r.get::<String>(1)?)),
        )?
        .into_iter()
        .filter(|(id, _)| !kept.contains(id))
        .collect())
}

impl Store {
    /// What `source` last brought, if it ever did.
    pub async fn place_source(&self, name: &str) -> Result<Option<SourceRow>, StoreError> {
        let name = name.to_owned();
        self.db.call(move |c| source(c, &name)).await
    }

    /// How many farms and trails `source` holds.
    pub async fn place_counts(&self, source: &str) -> Result<(usize, usize), StoreError> {
        let source = source.to_owned();
        self.db
            .call(move |c| {
                c.query_one(
                    "SELECT count(*) FILTER (WHERE kind = 'farm'), count(*) FILTER (WHERE kind = 'trail') FROM places WHERE source = ?1",
                    &[&source],
                    |r| Ok((r.get::<i64>(0)? as usize, r.get::<i64>(1)? as usize)),
                )
            })
            .await
    }

    /// When any source last loaded places (ms), or none when none ever did.
    pub async fn places_loaded_at(&self) -> Result<Option<i64>, StoreError> {
        self.db.call(last_loaded).await
    }

    /// Replaces what `source` (an extract) holds with `rows` in one
    /// transaction: the source's places no longer there are removed.
    pub async fn replace_places(
        &self,
        source: &str,
        rows: Vec<PlaceRow>,
        file_hash: Option<String>,
        data_time: Option<i64>,
        now_ms: i64,
    ) -> Result<Saved, StoreError> {
        let source = source.to_owned();
        self.db
            .call(move |c| {
                c.write(|tx| {
                    let (mut saved, kept) = upsert(tx, &source, &rows, true)?;
                    let gone = stale(tx, &source, &kept)?;
                    remove(tx, &gone)?;
                    saved.removed = gone.len();
                    record_source(tx, &source, file_hash.as_deref(), data_time, now_ms)?;
                    Ok(saved)
                })
            })
            .await
    }

    /// Saves what the live source answered for `kind` in `area`: its places
    /// added or updated (an imported place stays the import's), the live
    /// places of that kind inside the area it no longer has removed, and the
    /// fetch remembered.
    pub async fn save_fetch(
        &self,
        kind: &'static str,
        area: Bounds,
        rows: Vec<PlaceRow>,
        now_ms: i64,
    ) -> Result<Saved, StoreError> {
        self.db
            .call(move |c| {
                c.write(|tx| {
                    let (mut saved, kept) = upsert(tx, LIVE, &rows, false)?;
                    let (a, b, c, d) = area;
                    let inside = tx.pick(
                        boxes_of(kind).inside,
                        "SELECT p.id FROM places p JOIN places_box x ON x.id = p.id
                         WHERE p.source = ?1 AND p.kind = ?2 AND x.min_lat >= ?3 AND x.max_lat <= ?4 AND x.min_lon >= ?5 AND x.max_lon <= ?6",
                    );
                    let gone: Vec<(i64, String)> = tx
                        .query(inside, &[&LIVE, &kind, &a, &b, &c, &d], |r| r.get(0))?
                        .into_iter()
                        .filter(|id| !kept.contains(id))
                        .map(|id| (id, kind.to_owned()))
                        .collect();
                    remove(tx, &gone)?;
                    saved.removed = gone.len();
                    tx.execute(
                        "INSERT INTO place_fetches (kind, min_lat, max_lat, min_lon, max_lon, fetched_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        &[&kind, &a, &b, &c, &d, &now_ms],
                    )?;
                    record_source(tx, LIVE, None, None, now_ms)?;
                    Ok(saved)
                })
            })
            .await
    }

    /// The latest time the live source was asked about an area of `kind`
    /// holding all of `area` (ms), if ever.
    pub async fn place_fetched(
        &self,
        kind: &'static str,
        area: Bounds,
    ) -> Result<Option<i64>, StoreError> {
        let (a, b, c, d) = area;
        self.db
            .call(move |conn| {
                conn.query_one(
                    "SELECT max(fetched_at) FROM place_fetches
                     WHERE kind = ?1 AND min_lat <= ?2 AND max_lat >= ?3 AND min_lon <= ?4 AND max_lon >= ?5",
                    &[&kind, &a, &b, &c, &d],
                    |r| r.get(0),
                )
            })
            .await
    }

    /// The answers of the places of `kind` whose box meets `area` and whose
    /// points `keep` accepts (read where they lie, not copied), each with
    /// what `keep` answered; and when any source last loaded places.
    pub async fn places_in<T: Send + 'static>(
        &self,
        kind: &'static str,
        area: Bounds,
        keep: impl Fn(&[u8]) -> Option<T> + Send + 'static,
    ) -> Result<(Vec<(String, T)>, Option<i64>), StoreError> {
        let (a, b, c, d) = area;
        self.db
            .call(move |conn| {
                let sql = conn.pick(
                    boxes_of(kind).meets,
                    // The box's GiST index finds the boxes that meet the area.
                    "SELECT p.fields, p.points FROM places_box x JOIN places p ON p.id = x.id
                     WHERE box(point(x.min_lon, x.min_lat), point(x.max_lon, x.max_lat))
                           && box(point(?3, ?1), point(?4, ?2)) AND p.kind = ?5",
                );
                let rows = conn.query(sql, &[&a, &b, &c, &d, &kind], |r| {
                    match r.with_bytes(1, &keep)? {
                        Some(kept) => Ok(Some((r.get(0)?, kept))),
                        None => Ok(None),
                    }
                })?;
                Ok((rows.into_iter().flatten().collect(), last_loaded(conn)?))
            })
            .await
    }

    /// The answers of the places of `kind` whose name holds `words` (any
    /// case), by name; at most `limit`.
    pub async fn places_named(
        &self,
        kind: &'static str,
        words: &str,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let pattern = format!(
            "%{}%",
            words
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let limit = limit as i64;
        self.db
            .call(move |c| {
                let sql = c.pick(
                    "SELECT fields FROM places WHERE kind = ?1 AND name LIKE ?2 ESCAPE '\\' ORDER BY name LIMIT CAST(?3 AS BIGINT)",
                    "SELECT fields FROM places WHERE kind = ?1 AND name ILIKE ?2 ESCAPE '\\' ORDER BY name LIMIT CAST(?3 AS BIGINT)",
                );
                c.query(sql, &[&kind, &pattern, &limit], |r| r.get(0))
            })
            .await
    }
}
