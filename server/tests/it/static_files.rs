//! The built app: shell for app routes, 404 for missing files, cache headers,
//! and the build's compressed copies of its files.

use crate::common;

use common::TestServer;

#[tokio::test]
async fn serves_the_shell_for_app_routes_and_404_for_missing_files() {
    let dist = tempfile::tempdir().expect("dist");
    std::fs::write(
        dist.path().join("index.html"),
        "<!doctype html><title>Manna</title>",
    )
    .expect("index");
    std::fs::create_dir(dist.path().join("assets")).expect("assets");
    std::fs::write(dist.path().join("assets/app-1a2b.js"), "console.log(1)").expect("js");
    let dir = dist.path().to_path_buf();
    let server = TestServer::start_with(move |c| c.static_dir = dir).await;
    let get = |path: &str| server.client.get(format!("{}{path}", server.base)).send();

    for path in ["/", "/weight-tracking", "/no/such/page"] {
        let res = get(path).await.expect("request");
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache");
        assert!(
            res.text()
                .await
                .expect("body")
                .contains("<title>Manna</title>")
        );
    }
    let asset = get("/assets/app-1a2b.js").await.expect("request");
    assert_eq!(asset.status(), 200);
    assert!(
        asset.headers()["cache-control"]
            .to_str()
            .expect("header")
            .contains("immutable")
    );
    assert_eq!(
        get("/assets/missing-0000.js")
            .await
            .expect("request")
            .status(),
        404
    );
}

#[tokio::test]
async fn the_apps_files_are_sent_as_the_builds_compressed_copy_the_browser_accepts() {
    let dist = tempfile::tempdir().expect("dist");
    let write = |name: &str, body: &[u8]| std::fs::write(dist.path().join(name), body).expect(name);
    std::fs::create_dir(dist.path().join("assets")).expect("assets");
    write("index.html", b"<!doctype html><title>Manna</title>");
    write("index.html.br", b"brotli index");
    write("assets/app-1a2b.js", b"console.log('plain')");
    write("assets/app-1a2b.js.br", b"brotli bytes");
    write("assets/app-1a2b.js.gz", b"gzip bytes");
    let dir = dist.path().to_path_buf();
    let server = TestServer::start_with(move |c| c.static_dir = dir).await;
    let get = |path: &str, accepts: &str| {
        server
            .client
            .get(format!("{}{path}", server.base))
            .header("accept-encoding", accepts)
            .send()
    };
    for (accepts, encoding, body) in [
        ("gzip, deflate, br", Some("br"), "brotli bytes"),
        ("gzip", Some("gzip"), "gzip bytes"),
        ("identity", None, "console.log('plain')"),
    ] {
        let res = get("/assets/app-1a2b.js", accepts).await.expect("request");
        assert_eq!(res.status(), 200, "{accepts}");
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .map(|v| v.to_str().expect("header")),
            encoding,
            "{accepts}"
        );
        assert_eq!(res.headers()["vary"], "accept-encoding", "{accepts}");
        assert_eq!(
            res.headers()["content-type"],
            "text/javascript",
            "{accepts}"
        );
        assert_eq!(res.text().await.expect("body"), body, "{accepts}");
    }
    // An app route is the shell, compressed by the build too.
    let page = get("/prayer-sessions", "br").await.expect("request");
    assert_eq!(page.headers()["content-encoding"], "br");
    assert_eq!(page.headers()["cache-control"], "no-cache");
    assert_eq!(page.text().await.expect("body"), "brotli index");
    assert_eq!(
        get("/assets/missing-0000.js", "br")
            .await
            .expect("request")
            .status(),
        404
    );
}

/// A built page with the app's place for the first screen.
fn shell_dist() -> tempfile::TempDir {
    let dist = tempfile::tempdir().expect("dist");
    std::fs::write(
        dist.path().join("index.html"),
        "<!doctype html><title>Manna</title><div id=\"root\"><!--first-screen--><p>Loading...</p><!--/first-screen--></div>",
    )
    .expect("index");
    dist
}

#[tokio::test]
async fn home_is_sent_with_the_reading_of_the_visitors_own_date() {
    use chrono::TimeZone;
    let dist = shell_dist();
    let dir = dist.path().to_path_buf();
    let server = TestServer::start_with(move |c| c.static_dir = dir).await;
    // A day apart at every moment: UTC+14 and UTC-11.
    for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago"] {
        let tz: chrono_tz::Tz = zone.parse().expect("zone");
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock")
            .as_millis() as i64;
        let date = tz
            .timestamp_millis_opt(now_ms)
            .single()
            .expect("one instant")
            .format("%Y-%m-%d")
            .to_string();
        let (_, reading) = server
            .get(&format!("/api/bible-readings/today?date={date}"))
            .await;
        let res = server
            .client
            .get(format!("{}/", server.base))
            .header("cookie", format!("theme=dark; manna-day={date}~{zone}"))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["cache-control"], "no-cache");
        assert_eq!(res.headers()["vary"], "Cookie, Manna-Keep");
        let html = res.text().await.expect("body");
        assert!(!html.contains("Loading..."), "{zone}");
        let reference = reading["reference"].as_str().expect("reference");
        assert!(
            html.contains(reference),
            "{zone}: {reference} not in the page"
        );
        let verse = reading["verse"].as_str().expect("verse");
        assert!(
            html.contains(&verse.replace('\'', "&#39;").replace('"', "&quot;")),
            "{zone}: the verse is not in the page"
        );
    }
    // The page the service worker precaches is the plain one.
    let shell = server
        .client
        .get(format!("{}/index.html", server.base))
        .send()
        .await
        .expect("request")
        .text()
        .await
        .expect("body");
    assert!(shell.contains("Loading..."));
}

#[tokio::test]
async fn home_kept_for_the_day_says_when_the_day_ends_and_holds_its_time() {
    // Friday 2026-12-04, 3:47 p.m. in Chicago (21:47 UTC).
    let now_ms = 1_796_420_820_000;
    let dist = shell_dist();
    let dir = dist.path().to_path_buf();
    let server = TestServer::start_pinned(now_ms, move |c| c.static_dir = dir).await;
    let ask = |cookie: &'static str, keep: bool| {
        let mut request = server
            .client
            .get(format!("{}/", server.base))
            .header("cookie", cookie);
        if keep {
            request = request.header("manna-keep", "day");
        }
        request.send()
    };
    let kept = ask("manna-day=2026-12-04~America/Chicago", true)
        .await
        .expect("request");
    assert_eq!(kept.status(), 200);
    // Saturday starts in Chicago at 06:00 UTC.
    assert_eq!(kept.headers()["manna-day-ends"], "1796450400000");
    let html = kept.text().await.expect("body");
    assert!(html.contains("Friday, December 4, 2026"), "{html}");
    assert!(html.contains(r#"<time class="banner-time held""#));
    assert!(html.contains(r#"aria-hidden="true">3:47 PM</time>"#));
    // Opened in the browser, the time shows.
    let opened = ask("manna-day=2026-12-04~America/Chicago", false)
        .await
        .expect("request");
    assert_eq!(opened.headers()["manna-day-ends"], "1796450400000");
    let html = opened.text().await.expect("body");
    assert!(html.contains(
        r#"<time class="banner-time" datetime="2026-12-04T21:47:00.000Z">3:47 PM</time>"#
    ));
    // Where the visitor's zone is not known, nobody can say when their day
    // ends: the page is not one to keep.
    for cookie in ["", "manna-day=2026-12-04~Mars/Olympus"] {
        let res = ask(cookie, true).await.expect("request");
        assert_eq!(res.status(), 200);
        assert!(!res.headers().contains_key("manna-day-ends"), "{cookie:?}");
    }
}
