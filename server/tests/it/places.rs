//! The farm and trail finders over an OpenStreetMap extract made here: the
//! import keeps farms and trails only, measures each from the ZIP's centre
//! (checked against a haversine written in this test), changes nothing when
//! the same file comes again, takes a newer one's changes, and refuses a
//! broken file leaving the stored places as they were.

use crate::common::TestServer;
use manna_server::places::import::{self, Report};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// ZIP 43215 (Columbus, Ohio): its centre in the embedded table.
const CENTRE: (f64, f64) = (39.9671, -83.0044);
const MILE_LAT: f64 = 1.0 / 69.09;

fn mile_lon() -> f64 {
    1.0 / (69.17 * CENTRE.0.to_radians().cos())
}

/// `miles` north and east of the centre.
fn at(north: f64, east: f64) -> (f64, f64) {
    (CENTRE.0 + north * MILE_LAT, CENTRE.1 + east * mile_lon())
}

/// Great-circle miles, written again here to check the server's.
fn haversine(a: (f64, f64), b: (f64, f64)) -> f64 {
    let r = 3958.8_f64;
    let (p1, p2) = (a.0.to_radians(), b.0.to_radians());
    let (dp, dl) = (p2 - p1, (b.1 - a.1).to_radians());
    let h = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * r * h.sqrt().asin()
}

/// An extract in OSM XML, written as a test fixture.
#[derive(Default)]
struct Osm {
    nodes: String,
    ways: String,
    relations: String,
}

fn tags(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("<tag k=\"{k}\" v=\"{v}\"/>"))
        .collect()
}

impl Osm {
    fn node(&mut self, id: i64, p: (f64, f64), t: &[(&str, &str)]) -> &mut Self {
        let _ = write!(
            self.nodes,
            "<node id=\"{id}\" version=\"1\" lat=\"{:.7}\" lon=\"{:.7}\">{}</node>",
            p.0,
            p.1,
            tags(t)
        );
        self
    }

    /// A way through new nodes `first..` at `points`.
    fn way(&mut self, id: i64, first: i64, points: &[(f64, f64)], t: &[(&str, &str)]) -> &mut Self {
        let mut refs = String::new();
        for (i, p) in points.iter().enumerate() {
            let n = first + i as i64;
            if !self.nodes.contains(&format!("<node id=\"{n}\" ")) {
                self.node(n, *p, &[]);
            }
            let _ = write!(refs, "<nd ref=\"{n}\"/>");
        }
        let _ = write!(
            self.ways,
            "<way id=\"{id}\" version=\"1\">{refs}{}</way>",
            tags(t)
        );
        self
    }

    fn relation(&mut self, id: i64, ways: &[i64], t: &[(&str, &str)]) -> &mut Self {
        let members: String = ways
            .iter()
            .map(|w| format!("<member type=\"way\" ref=\"{w}\" role=\"\"/>"))
            .collect();
        let _ = write!(
            self.relations,
            "<relation id=\"{id}\" version=\"1\">{members}{}</relation>",
            tags(t)
        );
        self
    }

    /// Written as `name` (.osm.pbf) in `dir` by osmium, with the data's time.
    fn write(&self, dir: &Path, name: &str, time: &str) -> PathBuf {
        let xml = dir.join(format!("{name}.osm"));
        std::fs::write(
            &xml,
            format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><osm version=\"0.6\" generator=\"test\">{}{}{}</osm>",
                self.nodes, self.ways, self.relations
            ),
        )
        .expect("write the XML");
        let pbf = dir.join(name);
        let out = std::process::Command::new("osmium")
            .args(["cat", "--overwrite", "--output-header"])
            .arg(format!("osmosis_replication_timestamp={time}"))
            .arg(&xml)
            .arg("-o")
            .arg(&pbf)
            .output()
            .expect("osmium runs (make test installs the Debian package osmium-tool)");
        assert!(
            out.status.success(),
            "osmium: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        pbf
    }
}

/// Farms near, far and not farms at all; a hiking route of two ways; a named
/// path of two ways near and one far.
fn extract() -> Osm {
    let mut osm = Osm::default();
    osm.node(
        1,
        at(3.0, 0.0),
        &[
            ("shop", "farm"),
            ("name", "Near Farm"),
            ("organic", "only"),
            ("produce", "vegetables;eggs"),
            ("payment:snap", "yes"),
        ],
    )
    .node(
        2,
        at(-10.0, 0.0),
        &[
            ("amenity", "marketplace"),
            ("marketplace", "farmers"),
            ("name", "Downtown Farmers Market"),
        ],
    )
    .node(
        3,
        at(1.0, 1.0),
        &[("amenity", "marketplace"), ("name", "Flea Market")],
    )
    .node(4, at(1.0, -1.0), &[("shop", "farm")])
    .way(
        10,
        1000,
        &[
            at(0.0, 40.0),
            at(0.0, 40.1),
            at(0.1, 40.1),
            at(0.1, 40.0),
            at(0.0, 40.0),
        ],
        &[
            ("shop", "farm"),
            ("name", "Orchard Stand"),
            ("building", "yes"),
        ],
    )
    .way(
        20,
        2000,
        &[at(0.0, -9.0), at(0.5, -7.0), at(1.0, -5.0)],
        &[("highway", "path"), ("name", "Ridge Loop")],
    )
    .way(
        21,
        2002,
        &[at(1.0, -5.0), at(2.0, -6.0), at(3.0, -8.0)],
        &[("highway", "path")],
    )
    .relation(
        30,
        &[20, 21],
        &[
            ("type", "route"),
            ("route", "hiking"),
            ("name", "Ridge Loop"),
            ("sac_scale", "mountain_hiking"),
            ("dog", "leashed"),
        ],
    )
    .way(
        40,
        4000,
        &[at(-8.0, 6.0), at(-8.5, 6.5), at(-9.0, 7.0)],
        &[
            ("highway", "path"),
            ("name", "Creek Path"),
            ("surface", "fine_gravel"),
        ],
    )
    .way(
        41,
        4002,
        &[at(-9.0, 7.0), at(-10.0, 8.0)],
        &[("highway", "path"), ("name", "Creek Path")],
    )
    .way(
        42,
        4100,
        &[at(-60.0, 0.0), at(-61.0, 0.0)],
        &[("highway", "path"), ("name", "Creek Path")],
    )
    // A reserve with a footway inside (and a sidewalk, which does not
    // count), and one with no path at all.
    .way(
        50,
        5000,
        &[
            at(-8.0, -4.0),
            at(-8.0, -2.0),
            at(-6.0, -2.0),
            at(-6.0, -4.0),
            at(-8.0, -4.0),
        ],
        &[
            ("leisure", "nature_reserve"),
            ("name", "Oak Hollow Preserve"),
        ],
    )
    .way(
        51,
        5100,
        &[at(-7.0, -3.5), at(-7.0, -2.5)],
        &[("highway", "footway")],
    )
    .way(
        52,
        5200,
        &[at(-6.5, -3.0), at(-6.5, -2.1)],
        &[("highway", "footway"), ("footway", "sidewalk")],
    )
    .way(
        53,
        5300,
        &[
            at(-20.0, 0.0),
            at(-20.0, 1.0),
            at(-19.0, 1.0),
            at(-20.0, 0.0),
        ],
        &[("leisure", "nature_reserve"), ("name", "Pathless Preserve")],
    );
    osm
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .map(|l| l.iter().filter_map(|p| p["name"].as_str()).collect())
        .unwrap_or_default()
}

fn import_into(server: &TestServer, file: &Path) -> Result<Report, String> {
    let mut conn = server.state.db.connection().expect("a connection");
    import::import(&mut conn, file, server.clock.now_ms())
}

#[tokio::test]
async fn farms_and_trails_come_from_the_extract_nearest_first_with_true_distances() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().expect("dir");

    let (status, before) = server.get("/api/farms/search/43215").await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(
        before["data"]["configured"], false,
        "nothing is imported yet"
    );
    assert_eq!(before["farms"], serde_json::json!([]));

    let file = extract().write(dir.path(), "ohio.osm.pbf", "2026-11-01T00:00:00Z");
    let report = import_into(&server, &file).expect("imports");
    assert_eq!((report.farms, report.trails), (3, 4), "{report}");

    let (status, farms) = server.get("/api/farms/search/43215?radius=25").await;
    assert_eq!(status, 200, "{farms}");
    assert_eq!(
        names(&farms["farms"]),
        ["Near Farm", "Downtown Farmers Market"]
    );
    assert_eq!(farms["zip"], "43215");
    assert_eq!(farms["radius"], 25);
    assert_eq!(farms["data"]["configured"], true);
    assert!(
        farms["attribution"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("OpenStreetMap"))
    );
    let near = &farms["farms"][0];
    let expected = (haversine(CENTRE, at(3.0, 0.0)) * 10.0).round() / 10.0;
    assert_eq!(near["distance"].as_f64(), Some(expected));
    assert_eq!(near["isOrganicCertified"], true);
    assert_eq!(near["products"], serde_json::json!(["vegetables", "eggs"]));
    assert_eq!(near["acceptsSNAP"], true);
    assert_eq!(near["acceptsWIC"], Value::Null, "the tags do not say");
    assert_eq!(near["phone"], Value::Null);

    let (_, wider) = server.get("/api/farms/search/43215?radius=50").await;
    assert_eq!(
        names(&wider["farms"]),
        ["Near Farm", "Downtown Farmers Market", "Orchard Stand"]
    );
    let stand = &wider["farms"][2];
    let d = stand["distance"].as_f64().expect("a distance");
    assert!((d - haversine(CENTRE, at(0.05, 40.05))).abs() < 0.2, "{d}");

    let (_, trails) = server.get("/api/trails/search/43215?radius=25").await;
    assert_eq!(
        names(&trails["trails"]),
        ["Ridge Loop", "Oak Hollow Preserve", "Creek Path"],
        "{trails}"
    );
    let preserve = &trails["trails"][1];
    let inside = haversine(CENTRE, at(-7.0, -2.5));
    assert_eq!(
        preserve["distance"].as_f64(),
        Some((inside * 10.0).round() / 10.0)
    );
    assert_eq!(preserve["features"][0], "Nature reserve");
    let ridge = &trails["trails"][0];
    let nearest = [
        at(0.0, -9.0),
        at(0.5, -7.0),
        at(1.0, -5.0),
        at(2.0, -6.0),
        at(3.0, -8.0),
    ]
    .into_iter()
    .map(|p| haversine(CENTRE, p))
    .fold(f64::MAX, f64::min);
    assert_eq!(
        ridge["distance"].as_f64(),
        Some((nearest * 10.0).round() / 10.0)
    );
    assert_eq!(ridge["difficulty"], 2);
    assert_eq!(ridge["dogFriendly"], true);
    assert_eq!(
        (ridge["rating"].clone(), ridge["reviewCount"].clone()),
        (Value::Null, Value::Null)
    );
    let creek = &trails["trails"][2];
    assert_eq!(creek["surface"], "fine gravel");
    assert!(
        creek["features"][0]
            .as_str()
            .is_some_and(|f| f.ends_with("miles of trail")),
        "{creek}"
    );

    let (_, far) = server.get("/api/trails/search/43215?radius=100").await;
    assert_eq!(
        names(&far["trails"]),
        [
            "Ridge Loop",
            "Oak Hollow Preserve",
            "Creek Path",
            "Creek Path"
        ],
        "the far path is a trail of its own"
    );
}

#[tokio::test]
async fn the_same_file_changes_nothing_a_newer_one_updates_and_a_broken_one_is_refused() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().expect("dir");
    let file = extract().write(dir.path(), "ohio.osm.pbf", "2026-11-01T00:00:00Z");
    import_into(&server, &file).expect("imports");
    let (_, first) = server.get("/api/farms/search/43215?radius=100").await;

    let again = import_into(&server, &file).expect("imports again");
    assert_eq!(again.saved, None, "{again}");
    let (_, second) = server.get("/api/farms/search/43215?radius=100").await;
    assert_eq!(first["farms"], second["farms"]);

    // A newer extract: the near farm has a phone, the orchard stand is gone.
    let mut newer = extract();
    newer.nodes = newer.nodes.replace(
        "<tag k=\"name\" v=\"Near Farm\"/>",
        "<tag k=\"name\" v=\"Near Farm\"/><tag k=\"phone\" v=\"+1 614 555 0100\"/>",
    );
    newer.ways = newer
        .ways
        .replace("<tag k=\"name\" v=\"Orchard Stand\"/>", "");
    let newer_dir = tempfile::tempdir().expect("dir");
    let newer_file = newer.write(newer_dir.path(), "ohio.osm.pbf", "2026-11-20T00:00:00Z");
    let report = import_into(&server, &newer_file).expect("the newer file imports");
    let saved = report.saved.expect("changes");
    assert_eq!(
        (saved.updated, saved.removed, saved.added),
        (1, 1, 0),
        "{report}"
    );
    let (_, updated) = server.get("/api/farms/search/43215?radius=100").await;
    assert_eq!(
        names(&updated["farms"]),
        ["Near Farm", "Downtown Farmers Market"]
    );
    assert_eq!(updated["farms"][0]["phone"], "+1 614 555 0100");

    // The older extract again: refused, nothing changes.
    let older = import_into(&server, &file).expect_err("older data is refused");
    assert!(older.contains("older data"), "{older}");

    // A truncated file, through the command a person runs: refused with a
    // message, the stored places as they were.
    // It has the imported file's name, so a half-done import would touch
    // the very places the test checks.
    let bytes = std::fs::read(&newer_file).expect("read");
    let broken_dir = tempfile::tempdir().expect("dir");
    let broken = broken_dir.path().join("ohio.osm.pbf");
    std::fs::write(&broken, &bytes[..bytes.len() * 2 / 3]).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_manna-server"))
        .arg("import-places")
        .arg(&broken)
        .env("MANNA_DATA_DIR", server.data_dir())
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a broken file is refused");
    assert!(
        said.contains("ohio.osm.pbf") && said.contains("not"),
        "{said}"
    );
    let text = dir.path().join("notes.osm.pbf");
    std::fs::write(&text, "these are not map data").expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_manna-server"))
        .arg("import-places")
        .arg(&text)
        .env("MANNA_DATA_DIR", server.data_dir())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let (_, after) = server.get("/api/farms/search/43215?radius=100").await;
    assert_eq!(
        after["farms"], updated["farms"],
        "the stored places are unchanged"
    );
    let (_, trails) = server.get("/api/trails/search/43215?radius=100").await;
    assert_eq!(trails["trails"].as_array().map(Vec::len), Some(4));
}

#[tokio::test]
async fn zip_codes_and_radii_answer_as_the_spec_says() {
    let server = TestServer::start().await;
    let (status, zip) = server.get("/api/zips/43215").await;
    assert_eq!(status, 200);
    assert_eq!(
        (zip["city"].as_str(), zip["state"].as_str()),
        (Some("Columbus"), Some("OH"))
    );
    assert_eq!(
        (zip["latitude"].as_f64(), zip["longitude"].as_f64()),
        (Some(CENTRE.0), Some(CENTRE.1))
    );
    let refused = [
        (
            404,
            [
                "/api/zips/00000",
                "/api/farms/search/00000",
                "/api/trails/search/00000",
            ],
        ),
        (
            400,
            [
                "/api/zips/4321",
                "/api/farms/search/abcde",
                "/api/trails/search/432150",
            ],
        ),
    ];
    for (expected, paths) in refused {
        for path in paths {
            let (status, body) = server.get(path).await;
            assert_eq!(status, expected, "{path}: {body}");
            let message = body["message"].as_str().unwrap_or_default();
            assert!(message.starts_with("zip:"), "{body}");
        }
    }
    let (_, trails) = server.get("/api/trails/search/43215?radius=wide").await;
    assert_eq!(trails["radius"], 25.0, "not a number: 25");
    let (status, body) = server.get("/api/trails/search/43215?radius=500").await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("radius:"))
    );
    let (_, farms) = server.get("/api/farms/search/43215").await;
    assert_eq!(farms["radius"], 25, "the default");
    let (status, named) = server.get("/api/farms/search?search=").await;
    assert_eq!(
        (status, named["farms"].clone()),
        (200, serde_json::json!([]))
    );
}

/// A stand-in for the Overpass API: answers, fails or hangs as told, and
/// keeps what it was asked.
#[derive(Clone, Default)]
struct FakeOverpass {
    mode: std::sync::Arc<std::sync::Mutex<&'static str>>,
    asked: std::sync::Arc<std::sync::Mutex<Vec<(String, String)>>>,
}

impl FakeOverpass {
    async fn start() -> (Self, String) {
        use axum::extract::State;
        let fake = FakeOverpass::default();
        *fake.mode.lock().expect("lock") = "answer";
        let app = axum::Router::new()
            .route(
                "/api/interpreter",
                axum::routing::post(
                    |State(f): State<FakeOverpass>,
                     headers: axum::http::HeaderMap,
                     body: String| async move {
                        let agent = headers
                            .get("user-agent")
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_string();
                        let query = url_decode(body.strip_prefix("data=").unwrap_or_default());
                        f.asked.lock().expect("lock").push((agent, query.clone()));
                        let mode = *f.mode.lock().expect("lock");
                        match mode {
                            "fail" => (
                                axum::http::StatusCode::GATEWAY_TIMEOUT,
                                String::from("busy"),
                            ),
                            "hang" => {
                                tokio::time::sleep(std::time::Duration::from_secs(5)).await;
                                (axum::http::StatusCode::OK, String::from("{}"))
                            }
                            _ if query.contains("shop") => {
                                (axum::http::StatusCode::OK, live_farms().to_string())
                            }
                            // As Overpass does: a relation's members and a
                            // way's nodes only with body output.
                            _ if query.contains("out body") => {
                                (axum::http::StatusCode::OK, live_trails().to_string())
                            }
                            _ => (
                                axum::http::StatusCode::OK,
                                without_bodies(live_trails()).to_string(),
                            ),
                        }
                    },
                ),
            )
            .with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let base = format!(
            "http://{}/api/interpreter",
            listener.local_addr().expect("addr")
        );
        tokio::spawn(async move { axum::serve(listener, app).await });
        (fake, base)
    }

    fn set(&self, mode: &'static str) {
        *self.mode.lock().expect("lock") = mode;
    }

    fn count(&self) -> usize {
        self.asked.lock().expect("lock").len()
    }
}

fn url_decode(s: &str) -> String {
    url::form_urlencoded::parse(format!("q={s}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

fn without_bodies(mut answer: Value) -> Value {
    for item in answer["elements"].as_array_mut().into_iter().flatten() {
        if let Some(fields) = item.as_object_mut() {
            fields.remove("members");
            fields.remove("nodes");
        }
    }
    answer
}

fn live_farms() -> Value {
    let (lat, lon) = at(2.0, 0.0);
    let (mlat, mlon) = at(0.0, 5.0);
    serde_json::json!({"elements": [
        {"type": "node", "id": 501, "lat": lat, "lon": lon, "tags": {"shop": "farm", "name": "Live Farm", "website": "https://example.org/"}},
        {"type": "way", "id": 502, "center": {"lat": mlat, "lon": mlon}, "tags": {"amenity": "marketplace", "marketplace": "farmers", "name": "Live Market"}},
        {"type": "node", "id": 503, "lat": lat, "lon": lon, "tags": {"amenity": "marketplace", "name": "Antique Market"}}
    ]})
}

fn live_trails() -> Value {
    let p = |n: f64, e: f64| {
        let (lat, lon) = at(n, e);
        serde_json::json!({"lat": lat, "lon": lon})
    };
    serde_json::json!({"elements": [
        {"type": "relation", "id": 601, "tags": {"type": "route", "route": "hiking", "name": "Live Route"},
         "members": [{"type": "way", "ref": 611, "role": "", "geometry": [p(4.0, 0.0), p(5.0, 0.0)]}]},
        {"type": "way", "id": 611, "nodes": [1, 2], "tags": {"highway": "path", "name": "Live Route"}, "geometry": [p(4.0, 0.0), p(5.0, 0.0)]},
        {"type": "way", "id": 612, "nodes": [3, 4], "tags": {"highway": "track", "name": "Farm Lane"}, "geometry": [p(-3.0, 0.0), p(-3.0, 1.0)]},
        {"type": "relation", "id": 620, "tags": {"type": "multipolygon", "leisure": "nature_reserve", "name": "Live Preserve"},
         "members": [{"type": "way", "ref": 621, "role": "outer", "geometry": [p(6.0, 6.0), p(6.0, 8.0), p(8.0, 8.0)]},
                     {"type": "way", "ref": 622, "role": "outer", "geometry": [p(8.0, 8.0), p(8.0, 6.0), p(6.0, 6.0)]}]},
        {"type": "way", "id": 623, "nodes": [5, 6], "tags": {"highway": "path"}, "geometry": [p(7.0, 6.5), p(7.0, 7.5)]}
    ]})
}

#[tokio::test]
async fn the_live_source_is_asked_once_an_area_then_served_for_7_days() {
    let (fake, url) = FakeOverpass::start().await;
    let start = 1_795_000_000_000; // 2026-11-18
    let server = TestServer::start_pinned(start, move |c| {
        c.overpass_url = Some(url);
        c.overpass_timeout_secs = 1;
    })
    .await;

    let (status, farms) = server.get("/api/farms/search/43215?radius=10").await;
    assert_eq!(status, 200, "{farms}");
    assert_eq!(names(&farms["farms"]), ["Live Farm", "Live Market"]);
    assert_eq!(
        farms["farms"][0]["distance"].as_f64(),
        Some((haversine(CENTRE, at(2.0, 0.0)) * 10.0).round() / 10.0)
    );
    assert_eq!(farms["data"]["configured"], true);
    assert_eq!(farms["data"]["stale"], false);
    {
        let asked = fake.asked.lock().expect("lock");
        let (agent, query) = &asked[0];
        assert!(agent.starts_with("Manna/"), "{agent}");
        assert!(
            query.contains("[out:json][timeout:1]") && query.contains("\"shop\"=\"farm\""),
            "{query}"
        );
    }

    // The same area, and a smaller one inside it: from the store.
    server.get("/api/farms/search/43215?radius=10").await;
    server.get("/api/farms/search/43215?radius=5").await;
    assert_eq!(fake.count(), 1, "asked once for the area");

    let (_, trails) = server.get("/api/trails/search/43215?radius=10").await;
    assert_eq!(
        names(&trails["trails"]),
        ["Farm Lane", "Live Route", "Live Preserve"],
        "{trails}"
    );
    assert_eq!(fake.count(), 2, "trails are asked for apart");

    // Eight days on, the area is asked again.
    server.clock.advance(8 * 24 * 60 * 60 * 1000);
    let (_, again) = server.get("/api/farms/search/43215?radius=10").await;
    assert_eq!(fake.count(), 3);
    assert_eq!(
        again["data"]["updatedAt"],
        manna_core::calendar::iso_time(server.clock.now_ms())
    );
}

#[tokio::test]
async fn a_failing_live_source_answers_503_or_the_places_it_gave_before_with_their_date() {
    let (fake, url) = FakeOverpass::start().await;
    let start = 1_795_000_000_000;
    let server = TestServer::start_pinned(start, move |c| {
        c.overpass_url = Some(url);
        c.overpass_timeout_secs = 1;
    })
    .await;

    fake.set("hang");
    let (status, body) = server.get("/api/farms/search/43215?radius=10").await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("farms:") && m.contains("too long")),
        "{body}"
    );
    fake.set("fail");
    let (status, body) = server.get("/api/trails/search/43215?radius=10").await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("trails:")),
        "{body}"
    );

    fake.set("answer");
    let (status, fresh) = server.get("/api/farms/search/43215?radius=10").await;
    assert_eq!(status, 200);
    server.clock.advance(8 * 24 * 60 * 60 * 1000);
    fake.set("hang");
    let (status, old) = server.get("/api/farms/search/43215?radius=10").await;
    assert_eq!(status, 200, "{old}");
    assert_eq!(old["farms"], fresh["farms"]);
    assert_eq!(old["data"]["stale"], true);
    assert_eq!(
        old["data"]["updatedAt"],
        manna_core::calendar::iso_time(start)
    );

    // Places imported from an extract are served with their date when the
    // live source fails for an area it was never asked about.
    let dir = tempfile::tempdir().expect("dir");
    let file = extract().write(dir.path(), "ohio.osm.pbf", "2026-11-01T00:00:00Z");
    import_into(&server, &file).expect("imports");
    let (status, imported) = server.get("/api/trails/search/43215?radius=30").await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["data"]["stale"], true);
    assert_eq!(
        names(&imported["trails"]),
        ["Ridge Loop", "Oak Hollow Preserve", "Creek Path"]
    );
}
