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

    // A failed area is left alone for a few minutes: asked again after.
    let asked = fake.count();
    let (status, _) = server.get("/api/farms/search/43215?radius=10").await;
    assert_eq!(
        (status, fake.count()),
        (503, asked),
        "not asked again at once"
    );
    server
        .clock
        .advance(manna_server::places::asking::FAILED_FOR_MS + 1);
    fake.set("answer");
    let fetched_at = server.clock.now_ms();
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
        manna_core::calendar::iso_time(fetched_at)
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

/// ZIP codes whose 10-mile searches' grid areas do not meet: none is
/// answered by another's query.
fn zips_apart(count: usize) -> Vec<String> {
    use manna_server::places::{asking::snap, geo::radius_box, zips};
    let mut taken: Vec<(f64, f64, f64, f64)> = Vec::new();
    zips::all()
        .iter()
        .filter(|z| {
            let (s, n, w, e) = snap(radius_box((z.latitude, z.longitude), 10.0)).0;
            let apart = taken
                .iter()
                .all(|&(s2, n2, w2, e2)| n < s2 || s > n2 || e < w2 || w > e2);
            if apart {
                taken.push((s, n, w, e));
            }
            apart
        })
        .take(count)
        .map(|z| z.zip.clone())
        .collect()
}

#[tokio::test]
async fn a_source_that_never_answers_holds_no_search_past_its_deadline_and_few_queries_wait() {
    use manna_server::places::asking::{DEADLINE, QUERIES_WAITING};
    let (fake, url) = FakeOverpass::start().await;
    fake.set("hang");
    let server = TestServer::start_with(move |c| {
        c.overpass_url = Some(url);
        c.overpass_timeout_secs = 25;
    })
    .await;
    let zips = zips_apart(8);
    let searches = zips.iter().map(|zip| {
        let server = &server;
        async move {
            let started = std::time::Instant::now();
            let res = server
                .client
                .get(format!("{}/api/farms/search/{zip}?radius=10", server.base))
                .send()
                .await
                .expect("search");
            let retry = res.headers().get("retry-after").is_some();
            (res.status().as_u16(), retry, started.elapsed())
        }
    });
    let answers = futures::future::join_all(searches).await;
    let longest = answers.iter().map(|a| a.2).max().expect("answers");
    eprintln!(
        "figure: 8 searches of different areas against a source that never answers: longest answer {} ms",
        longest.as_millis()
    );
    for (status, retry, _) in &answers {
        assert_eq!((*status, *retry), (503, true), "{answers:?}");
    }
    assert!(
        longest < DEADLINE + std::time::Duration::from_secs(5),
        "{longest:?}"
    );
    // The rest were answered at once, not queued.
    let at_once = answers
        .iter()
        .filter(|a| a.2 < std::time::Duration::from_secs(5))
        .count();
    assert!(at_once >= 8 - (1 + QUERIES_WAITING), "{answers:?}");
    assert_eq!(fake.count(), 1, "one query goes out at a time");
}

#[tokio::test]
async fn neighbouring_zip_codes_share_one_query_and_a_failed_area_is_left_alone() {
    let (fake, url) = FakeOverpass::start().await;
    fake.set("slow");
    let server = TestServer::start_pinned(1_795_000_000_000, move |c| {
        c.overpass_url = Some(url);
        c.overpass_timeout_secs = 5;
    })
    .await;
    // Two Columbus ZIP codes at once: one query for the grid's area.
    let (a, b) = tokio::join!(
        server.get("/api/farms/search/43215?radius=10"),
        server.get("/api/farms/search/43201?radius=10"),
    );
    assert_eq!((a.0, b.0), (200, 200), "{a:?} {b:?}");
    assert_eq!(fake.count(), 1, "{:?}", fake.asked.lock().expect("lock"));

    // A failing source: asked once, then the area (and its neighbours) are
    // answered at once without asking, until a few minutes pass.
    fake.set("fail");
    let (status, _) = server.get("/api/trails/search/43215?radius=10").await;
    assert_eq!(status, 503);
    assert_eq!(fake.count(), 2);
    for zip in ["43215", "43201", "43215"] {
        let started = std::time::Instant::now();
        let res = server
            .client
            .get(format!("{}/api/trails/search/{zip}?radius=10", server.base))
            .send()
            .await
            .expect("search");
        assert_eq!(res.status(), 503);
        assert!(res.headers().get("retry-after").is_some());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
    assert_eq!(fake.count(), 2, "a failed area is not asked again at once");
    server
        .clock
        .advance(manna_server::places::asking::FAILED_FOR_MS + 1);
    let (status, _) = server.get("/api/trails/search/43201?radius=10").await;
    assert_eq!(status, 503);
    assert_eq!(fake.count(), 3, "asked again after a few minutes");
}

#[tokio::test]
async fn each_client_has_its_own_allowance_of_live_queries() {
    use manna_server::guard::LIVE_SEARCH;
    let (fake, url) = FakeOverpass::start().await;
    let server = TestServer::start_with(move |c| {
        c.overpass_url = Some(url);
        c.trusted_proxies = vec!["127.0.0.1".parse().expect("net")];
    })
    .await;
    let search = |zip: String, from: &'static str| {
        let server = &server;
        async move {
            let res = server
                .client
                .get(format!("{}/api/farms/search/{zip}?radius=10", server.base))
                .header("x-forwarded-for", from)
                .send()
                .await
                .expect("search");
            (
                res.status().as_u16(),
                res.headers().get("retry-after").is_some(),
            )
        }
    };
    let zips = zips_apart(LIVE_SEARCH.max as usize + 2);
    for zip in &zips[..LIVE_SEARCH.max as usize] {
        assert_eq!(search(zip.clone(), "198.51.100.4").await, (200, false));
    }
    let asked = fake.count();
    assert_eq!(
        search(zips[LIVE_SEARCH.max as usize].clone(), "198.51.100.4").await,
        (429, true),
        "past its allowance, with nothing stored there"
    );
    assert_eq!(fake.count(), asked, "and the source was not asked");
    // An area it asked about before is still served from the store.
    assert_eq!(search(zips[0].clone(), "198.51.100.4").await, (200, false));
    // Another client is not held back.
    assert_eq!(
        search(zips[LIVE_SEARCH.max as usize + 1].clone(), "203.0.113.8").await,
        (200, false)
    );
}
