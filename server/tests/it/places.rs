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
pub(crate) const CENTRE: (f64, f64) = (39.9671, -83.0044);
const MILE_LAT: f64 = 1.0 / 69.09;

fn mile_lon() -> f64 {
    1.0 / (69.17 * CENTRE.0.to_radians().cos())
}

/// `miles` north and east of the centre.
pub(crate) fn at(north: f64, east: f64) -> (f64, f64) {
    (CENTRE.0 + north * MILE_LAT, CENTRE.1 + east * mile_lon())
}

/// Great-circle miles, written again here to check the server's.
pub(crate) fn haversine(a: (f64, f64), b: (f64, f64)) -> f64 {
    let r = 3958.8_f64;
    let (p1, p2) = (a.0.to_radians(), b.0.to_radians());
    let (dp, dl) = (p2 - p1, (b.1 - a.1).to_radians());
    let h = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * r * h.sqrt().asin()
}

/// An extract in OSM XML, written as a test fixture.
#[derive(Default)]
pub(crate) struct Osm {
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
    pub(crate) fn write(&self, dir: &Path, name: &str, time: &str) -> PathBuf {
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
pub(crate) fn extract() -> Osm {
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

pub(crate) fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .map(|l| l.iter().filter_map(|p| p["name"].as_str()).collect())
        .unwrap_or_default()
}

pub(crate) async fn import_into(server: &TestServer, file: &Path) -> Result<Report, String> {
    import::import(&server.state.store, file, server.clock.now_ms()).await
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
    let report = import_into(&server, &file).await.expect("imports");
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
    import_into(&server, &file).await.expect("imports");
    let (_, first) = server.get("/api/farms/search/43215?radius=100").await;

    let again = import_into(&server, &file).await.expect("imports again");
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
    let report = import_into(&server, &newer_file)
        .await
        .expect("the newer file imports");
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
    let older = import_into(&server, &file)
        .await
        .expect_err("older data is refused");
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
