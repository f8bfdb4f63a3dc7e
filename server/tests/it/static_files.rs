//! The built app: shell for app routes, 404 for missing files, cache headers.

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
