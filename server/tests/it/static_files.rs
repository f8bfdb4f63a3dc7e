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
        assert_eq!(res.headers()["vary"], "Cookie");
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
    // The page the service worker keeps is the plain one.
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
