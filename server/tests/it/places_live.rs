//! The finders' live source over a stand-in for the Overpass API: asked once
//! an area and served from the store for 7 days, bounded by its timeout, and
//! on a failure answering with what the store holds (with its date) or 503.

use crate::common::TestServer;
use crate::places::{CENTRE, at, extract, haversine, import_into, names};
use serde_json::Value;

/// A stand-in for the Overpass API: answers, fails or hangs as told, and
/// keeps what it was asked.
#[derive(Clone, Default)]
pub(crate) struct FakeOverpass {
    mode: std::sync::Arc<std::sync::Mutex<&'static str>>,
    pub(crate) asked: std::sync::Arc<std::sync::Mutex<Vec<(String, String)>>>,
}

impl FakeOverpass {
    pub(crate) async fn start() -> (Self, String) {
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
                                std::future::pending::<()>().await;
                                (axum::http::StatusCode::OK, String::from("{}"))
                            }
                            "slow" => {
                                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                                (axum::http::StatusCode::OK, live_farms().to_string())
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

    pub(crate) fn set(&self, mode: &'static str) {
        *self.mode.lock().expect("lock") = mode;
    }

    pub(crate) fn count(&self) -> usize {
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
    import_into(&server, &file).await.expect("imports");
    let (status, imported) = server.get("/api/trails/search/43215?radius=30").await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["data"]["stale"], true);
    assert_eq!(
        names(&imported["trails"]),
        ["Ridge Loop", "Oak Hollow Preserve", "Creek Path"]
    );
}
