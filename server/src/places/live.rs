//! The live source: the Overpass API (`MANNA_OVERPASS_URL`), asked once for
//! an area's farms or trails (one query for the search's box, with a timeout
//! and a user agent naming Manna), its answer read through the same mapping
//! as an extract.

use super::assemble;
use super::geo::Point;
use super::osm::{self, Located, PlaceKind, Tags};
use super::stored::Bounds;
use crate::config::Config;
use serde::Deserialize;
use std::collections::HashSet;
use std::time::Duration;

/// The Overpass interpreter and the client that reaches it.
#[derive(Debug, Clone)]
pub struct Overpass {
    url: String,
    client: reqwest::Client,
    timeout: Duration,
}

impl Overpass {
    /// The live source, when `MANNA_OVERPASS_URL` is set.
    pub fn from_config(config: &Config) -> Result<Option<Self>, String> {
        let Some(url) = config.overpass_url.clone().filter(|u| !u.trim().is_empty()) else {
            return Ok(None);
        };
        let timeout = Duration::from_secs(config.overpass_timeout_secs.max(1));
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(Duration::from_secs(5))
            .user_agent(format!(
                "Manna/{} (farm and trail finder; {})",
                env!("CARGO_PKG_VERSION"),
                config.public_url()
            ))
            .build()
            .map_err(|e| format!("the Overpass client: {e}"))?;
        Ok(Some(Self {
            url,
            client,
            timeout,
        }))
    }

    /// How long one query may take.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The farms or trails of `area`. The answer is read up to
    /// [`MAX_ANSWER_BYTES`] and mapped off the async threads; what went wrong
    /// is logged, and the error says it in words a visitor may read.
    pub async fn fetch(&self, kind: PlaceKind, area: Bounds) -> Result<Vec<Located>, String> {
        let mut answer = self
            .client
            .post(&self.url)
            .form(&[("data", query(kind, area, self.timeout))])
            .send()
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "the Overpass request failed");
                if e.is_timeout() {
                    "the map data service took too long to answer".to_string()
                } else {
                    "the map data service could not be reached".to_string()
                }
            })?;
        if !answer.status().is_success() {
            tracing::warn!(status = %answer.status(), "Overpass refused the query");
            return Err(format!(
                "the map data service answered {}",
                answer.status().as_u16()
            ));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = answer.chunk().await.map_err(|e| {
            tracing::warn!(error = %e, "reading the Overpass answer failed");
            "the map data service's answer was cut off".to_string()
        })? {
            if bytes.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err("the map data service's answer for this area is too large: search a smaller radius".into());
            }
            bytes.extend_from_slice(&chunk);
        }
        tokio::task::spawn_blocking(move || {
            serde_json::from_slice::<Answer>(&bytes)
                .map(|body| read(kind, body))
                .map_err(|e| {
                    tracing::warn!(error = %e, "the Overpass answer is not what was asked for");
                    "the map data service's answer could not be read".to_string()
                })
        })
        .await
        .map_err(|_| "reading the map data service's answer failed".to_string())?
    }
}

/// The most of an answer read: an area with more is refused, not held in memory.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024 * 1024;

/// The Overpass QL query for `kind` in `area` (south, west, north, east).
pub fn query(kind: PlaceKind, (s, n, w, e): Bounds, timeout: Duration) -> String {
    let bbox = format!("({s:.5},{w:.5},{n:.5},{e:.5})");
    let secs = timeout.as_secs();
    match kind {
        PlaceKind::Farm => format!(
            "[out:json][timeout:{secs}][maxsize:{MAX_ANSWER_BYTES}];(nwr[\"shop\"=\"farm\"][\"name\"]{bbox};nwr[\"amenity\"=\"marketplace\"][\"name\"]{bbox};);out tags center;"
        ),
        // Routes and named paths; named reserves, and the walkways inside them.
        PlaceKind::Trail => format!(
            "[out:json][timeout:{secs}][maxsize:{MAX_ANSWER_BYTES}];(relation[\"type\"=\"route\"][\"route\"~\"^(hiking|foot)$\"][\"name\"]{bbox};way[\"highway\"~\"^(path|track)$\"][\"name\"]{bbox};)->.t;(way[\"leisure\"=\"nature_reserve\"][\"name\"]{bbox};relation[\"leisure\"=\"nature_reserve\"][\"name\"]{bbox};)->.r;.r map_to_area->.a;way(area.a)[\"highway\"~\"^(path|footway|track)$\"]->.w;(.t;.r;.w;);out body geom;"
        ),
    }
}

#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(default)]
    elements: Vec<Item>,
}

#[derive(Debug, Deserialize)]
struct LatLon {
    lat: f64,
    lon: f64,
}

#[derive(Debug, Deserialize)]
struct Member {
    #[serde(rename = "type")]
    kind: String,
    #[serde(rename = "ref")]
    id: i64,
    #[serde(default)]
    role: String,
    #[serde(default)]
    geometry: Vec<Option<LatLon>>,
}

#[derive(Debug, Deserialize)]
struct Item {
    #[serde(rename = "type")]
    kind: String,
    id: i64,
    #[serde(default)]
    tags: Tags,
    lat: Option<f64>,
    lon: Option<f64>,
    center: Option<LatLon>,
    #[serde(default)]
    geometry: Vec<Option<LatLon>>,
    #[serde(default)]
    nodes: Vec<i64>,
    #[serde(default)]
    members: Vec<Member>,
}

fn line(points: &[Option<LatLon>]) -> Vec<Point> {
    points.iter().flatten().map(|p| (p.lat, p.lon)).collect()
}

/// The places of an answer, through the one mapping.
fn read(kind: PlaceKind, answer: Answer) -> Vec<Located> {
    let mut places = Vec::new();
    match kind {
        PlaceKind::Farm => {
            for item in &answer.elements {
                let point = match (&item.center, item.lat, item.lon) {
                    (Some(c), ..) => (c.lat, c.lon),
                    (None, Some(lat), Some(lon)) => (lat, lon),
                    _ => continue,
                };
                if let Some(farm) = osm::farm(&item.kind, item.id, &item.tags, point) {
                    places.push((farm, vec![point]));
                }
            }
        }
        PlaceKind::Trail => {
            let in_routes: HashSet<i64> = answer
                .elements
                .iter()
                .filter(|i| i.kind == "relation" && osm::is_trail_route(&i.tags))
                .flat_map(|i| i.members.iter().filter(|m| m.kind == "way").map(|m| m.id))
                .collect();
            for item in answer.elements.iter().filter(|i| i.kind == "relation") {
                if !osm::is_trail_route(&item.tags) {
                    continue;
                }
                let lines: Vec<Vec<Point>> = item
                    .members
                    .iter()
                    .filter(|m| m.kind == "way")
                    .map(|m| line(&m.geometry))
                    .filter(|l| !l.is_empty())
                    .collect();
                places.extend(osm::trail("relation", item.id, &item.tags, &lines));
            }
            let paths = answer
                .elements
                .iter()
                .filter(|i| {
                    i.kind == "way" && !in_routes.contains(&i.id) && osm::is_trail_way(&i.tags)
                })
                .map(|i| (i.id, i.tags.clone(), i.nodes.clone(), line(&i.geometry)))
                .collect();
            for (id, tags, lines) in assemble::join_paths(paths) {
                places.extend(osm::trail("way", id, &tags, &lines));
            }
            let reserves: Vec<assemble::Outlined> = answer
                .elements
                .iter()
                .filter(|i| osm::is_reserve(&i.tags))
                .filter_map(|i| match i.kind.as_str() {
                    "way" => Some(("way", i.id, i.tags.clone(), vec![line(&i.geometry)])),
                    "relation" => Some((
                        "relation",
                        i.id,
                        i.tags.clone(),
                        i.members
                            .iter()
                            .filter(|m| m.kind == "way" && (m.role == "outer" || m.role.is_empty()))
                            .map(|m| line(&m.geometry))
                            .collect(),
                    )),
                    _ => None,
                })
                .collect();
            let walkways: Vec<Vec<Point>> = answer
                .elements
                .iter()
                .filter(|i| i.kind == "way" && osm::is_walkway(&i.tags))
                .map(|i| line(&i.geometry))
                .collect();
            places.extend(assemble::reserves_with_paths(&reserves, &walkways));
        }
    }
    places
}
