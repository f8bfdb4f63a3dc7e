//! `manna-server import-places FILE.osm.pbf`: an OpenStreetMap extract read
//! with `osmpbf`, its farms and trails kept through the one mapping, saved as
//! the places of the source `import:<file name>`.
//!
//! The file is read three times (relations, then ways, then nodes), keeping
//! only the coordinates of the nodes a kept place needs. Nothing is saved
//! until the whole file has been read: a bad or truncated file leaves the
//! stored places as they were.

use super::assemble;
use super::geo::Point;
use super::osm::{self, Located, Tags};
use super::stored::{self, Saved};
use crate::store::Store;
use osmpbf::{BlobDecode, BlobReader, Element, RelMemberType};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::Path;

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub source: String,
    pub farms: usize,
    pub trails: usize,
    /// None when the same file had been imported already (nothing changed).
    pub saved: Option<Saved>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.saved {
            None => write!(f, "{}: already imported, nothing changed", self.source),
            Some(s) => write!(
                f,
                "{}: {} farms and {} trails ({} added, {} updated, {} removed, {} unchanged)",
                self.source, self.farms, self.trails, s.added, s.updated, s.removed, s.unchanged
            ),
        }
    }
}

fn file_hash(path: &Path) -> Result<String, String> {
    let mut file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file
            .read(&mut buf)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hex::encode(hasher.finalize()))
}

/// One pass over the file: the header's replication time (ms), if any, and
/// each element to `each`.
fn pass(path: &Path, mut each: impl FnMut(Element<'_>)) -> Result<Option<i64>, String> {
    let refused = |e: osmpbf::Error| {
        format!(
            "{} is not a readable OpenStreetMap PBF file: {e}",
            path.display()
        )
    };
    let reader = BlobReader::from_path(path).map_err(refused)?;
    let mut header = None;
    for blob in reader {
        match blob.map_err(refused)?.decode().map_err(refused)? {
            BlobDecode::OsmHeader(h) => {
                header = Some(h.osmosis_replication_timestamp().map(|s| s * 1000))
            }
            BlobDecode::OsmData(block) => {
                if header.is_none() {
                    return Err(format!(
                        "{} has no OSM header before its data",
                        path.display()
                    ));
                }
                block.for_each_element(&mut each);
            }
            BlobDecode::Unknown(_) => {}
        }
    }
    header.ok_or_else(|| {
        format!(
            "{} is not an OpenStreetMap PBF file (no OSM header)",
            path.display()
        )
    })
}

fn tags_of<'a>(pairs: impl Iterator<Item = (&'a str, &'a str)>) -> Tags {
    pairs.map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The farms and trails of an extract, with their points, and its data time.
pub fn read_places(path: &Path) -> Result<(Vec<Located>, Option<i64>), String> {
    // 1. Relations: the hiking routes and the ways they are made of, and the
    //    reserves drawn as multipolygons with their outer ways.
    let mut routes: Vec<(i64, Tags, Vec<i64>)> = Vec::new();
    let mut reserve_areas: Vec<(i64, Tags, Vec<i64>)> = Vec::new();
    pass(path, |e| {
        if let Element::Relation(r) = e {
            let tags = tags_of(r.tags());
            let ways = |outer_only: bool| -> Vec<i64> {
                r.members()
                    .filter(|m| m.member_type == RelMemberType::Way)
                    .filter(|m| !outer_only || matches!(m.role(), Ok("outer" | "")))
                    .map(|m| m.member_id)
                    .collect()
            };
            if osm::is_trail_route(&tags) {
                routes.push((r.id(), tags, ways(false)));
            } else if osm::is_reserve(&tags) {
                reserve_areas.push((r.id(), tags, ways(true)));
            }
        }
    })?;
    let route_ways: HashSet<i64> = routes.iter().flat_map(|r| r.2.iter().copied()).collect();
    let outline_ways: HashSet<i64> = reserve_areas
        .iter()
        .flat_map(|r| r.2.iter().copied())
        .collect();
    // 2. Ways: the routes' and reserves' ways, named paths, farm buildings and
    //    areas, reserves drawn as ways, and every walkway (for the reserves).
    let mut way_nodes: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut paths: Vec<(i64, Tags, Vec<i64>)> = Vec::new();
    let mut farm_ways: Vec<(i64, Tags, Vec<i64>)> = Vec::new();
    let mut reserve_ways: Vec<(i64, Tags, Vec<i64>)> = Vec::new();
    let mut walkways: Vec<Vec<i64>> = Vec::new();
    pass(path, |e| {
        if let Element::Way(w) = e {
            let tags = tags_of(w.tags());
            let refs: Vec<i64> = w.refs().collect();
            if route_ways.contains(&w.id()) || outline_ways.contains(&w.id()) {
                way_nodes.insert(w.id(), refs.clone());
            }
            if osm::is_walkway(&tags) {
                walkways.push(refs.clone());
            }
            if osm::is_reserve(&tags) {
                reserve_ways.push((w.id(), tags.clone(), refs.clone()));
            }
            if osm::is_trail_way(&tags) && !route_ways.contains(&w.id()) {
                paths.push((w.id(), tags, refs));
            } else if osm::farm_category(&tags).is_some() {
                farm_ways.push((w.id(), tags, refs));
            }
        }
    })?;
    if reserve_areas.is_empty() && reserve_ways.is_empty() {
        walkways.clear();
    }
    let needed: HashSet<i64> = way_nodes
        .values()
        .chain(paths.iter().map(|p| &p.2))
        .chain(farm_ways.iter().map(|f| &f.2))
        .chain(reserve_ways.iter().map(|r| &r.2))
        .chain(walkways.iter())
        .flatten()
        .copied()
        .collect();
    // 3. Nodes: farm nodes, and where every needed node is.
    let mut at: HashMap<i64, Point> = HashMap::with_capacity(needed.len());
    let mut places: Vec<Located> = Vec::new();
    let mut node = |id: i64, lat: f64, lon: f64, tags: Tags| {
        if needed.contains(&id) {
            at.insert(id, (lat, lon));
        }
        if let Some(farm) = osm::farm("node", id, &tags, (lat, lon)) {
            places.push((farm, vec![(lat, lon)]));
        }
    };
    let data_time = pass(path, |e| match e {
        Element::Node(n) => node(n.id(), n.lat(), n.lon(), tags_of(n.tags())),
        Element::DenseNode(n) => node(n.id(), n.lat(), n.lon(), tags_of(n.tags())),
        _ => {}
    })?;
    let line =
        |refs: &[i64]| -> Vec<Point> { refs.iter().filter_map(|n| at.get(n).copied()).collect() };
    for (id, tags, refs) in &farm_ways {
        let points = line(refs);
        if points.is_empty() {
            continue;
        }
        let n = points.len() as f64;
        let centre = (
            points.iter().map(|p| p.0).sum::<f64>() / n,
            points.iter().map(|p| p.1).sum::<f64>() / n,
        );
        if let Some(farm) = osm::farm("way", *id, tags, centre) {
            places.push((farm, vec![centre]));
        }
    }
    for (id, tags, ways) in &routes {
        let lines: Vec<Vec<Point>> = ways
            .iter()
            .filter_map(|w| way_nodes.get(w))
            .map(|r| line(r))
            .filter(|l| !l.is_empty())
            .collect();
        if let Some(trail) = osm::trail("relation", *id, tags, &lines) {
            places.push(trail);
        }
    }
    let outlined: Vec<assemble::Outlined> = reserve_ways
        .iter()
        .map(|(id, tags, refs)| ("way", *id, tags.clone(), vec![line(refs)]))
        .chain(reserve_areas.iter().map(|(id, tags, ways)| {
            let rings = ways
                .iter()
                .filter_map(|w| way_nodes.get(w))
                .map(|r| line(r))
                .collect();
            ("relation", *id, tags.clone(), rings)
        }))
        .collect();
    let walked: Vec<Vec<Point>> = walkways
        .iter()
        .map(|r| line(r))
        .filter(|l| !l.is_empty())
        .collect();
    places.extend(assemble::reserves_with_paths(&outlined, &walked));
    let paths = paths
        .into_iter()
        .map(|(id, tags, refs)| (id, tags, refs.clone(), refs))
        .collect();
    for (id, tags, ways) in assemble::join_paths(paths) {
        let lines: Vec<Vec<Point>> = ways
            .iter()
            .map(|r| line(r))
            .filter(|l| !l.is_empty())
            .collect();
        if let Some(trail) = osm::trail("way", id, &tags, &lines) {
            places.push(trail);
        }
    }
    Ok((places, data_time))
}

/// Imports the extract at `path` as the source `import:<file name>`.
pub async fn import(store: &Store, path: &Path, now_ms: i64) -> Result<Report, String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{} names no file", path.display()))?;
    let source = format!("import:{name}");
    let hash = file_hash(path)?;
    let before = store
        .place_source(&source)
        .await
        .map_err(|e| format!("reading the database: {e}"))?;
    if before
        .as_ref()
        .is_some_and(|b| b.file_hash.as_deref() == Some(hash.as_str()))
    {
        let (farms, trails) = store
            .place_counts(&source)
            .await
            .map_err(|e| format!("reading the database: {e}"))?;
        return Ok(Report {
            source,
            farms,
            trails,
            saved: None,
        });
    }
    let owned = path.to_owned();
    let (places, data_time) = tokio::task::spawn_blocking(move || read_places(&owned))
        .await
        .map_err(|e| format!("reading the extract: {e}"))??;
    let count = |k| places.iter().filter(|(p, _)| p.kind() == k).count();
    let (farms, trails) = (count(osm::PlaceKind::Farm), count(osm::PlaceKind::Trail));
    if let (Some(old), Some(new)) = (before.and_then(|b| b.data_time), data_time)
        && new < old
    {
        return Err(format!(
            "{} holds older data than the {name} imported before: import the newer extract",
            path.display()
        ));
    }
    let saved = store
        .replace_places(
            &source,
            stored::rows(&places),
            Some(hash),
            data_time,
            now_ms,
        )
        .await
        .map_err(|e| format!("saving the places: {e}"))?;
    Ok(Report {
        source,
        farms,
        trails,
        saved: Some(saved),
    })
}

/// The command: opens (and migrates) the database in the data folder and
/// imports the extract.
pub async fn import_command(config: &crate::config::Config, path: &Path) -> Result<Report, String> {
    let store = Store::open_at(config.database()).map_err(|e| e.to_string())?;
    import(&store, path, crate::clock::Clock::system().now_ms()).await
}
