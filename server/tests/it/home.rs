//! `GET /api/home`: the day's items in one answer, compressed once per date,
//! answered with 304 when unchanged, and on a short way past the middleware.

use crate::common;

use common::TestServer;

#[tokio::test]
async fn home_combines_the_day_and_names_its_day_number() {
    let server = TestServer::start().await;
    let (status, home) = server.get("/api/home?date=2026-11-22").await;
    assert_eq!(status, 200);
    assert_eq!(home["dayNumber"], 326);
    for key in [
        "bibleReading",
        "healthTip",
        "foodSpotlight",
        "exerciseSuggestion",
        "dailyBiohack",
        "healthyHomeTip",
    ] {
        assert!(home[key].is_object(), "home lacks {key}");
    }
    let (_, reading) = server
        .get("/api/bible-readings/today?date=2026-11-22")
        .await;
    assert_eq!(home["bibleReading"], reading);
    let (status, _) = server.get("/api/home").await;
    assert_eq!(status, 200, "without a date the server's date is used");
}

#[tokio::test]
async fn home_is_sent_compressed_as_asked_and_not_again_when_unchanged() {
    let server = TestServer::start().await;
    let (_, plain) = server.get("/api/home?date=2026-11-22").await;
    let url = format!("{}/api/home?date=2026-11-22", server.base);
    let fetch = |encoding: &'static str, etag: Option<String>| {
        let mut req = server.client.get(&url).header("accept-encoding", encoding);
        if let Some(tag) = etag {
            req = req.header("if-none-match", tag);
        }
        req.send()
    };
    let mut tags = Vec::new();
    for (accept, coding) in [
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("identity", ""),
    ] {
        let res = fetch(accept, None).await.expect("request");
        assert_eq!(res.status(), 200, "{accept}");
        let h = res.headers().clone();
        assert_eq!(
            h.get("content-encoding")
                .map(|v| v.to_str().expect("header text")),
            (!coding.is_empty()).then_some(coding),
            "{accept}"
        );
        assert_eq!(h["content-type"], "application/json");
        assert_eq!(h["vary"], "accept-encoding");
        let body = res.bytes().await.expect("body");
        assert_eq!(common::decoded(coding, &body), plain, "{accept}");
        tags.push(h["etag"].to_str().expect("header text").to_string());
    }
    assert!(
        tags.windows(2).all(|w| w[0] == w[1]),
        "one ETag for every coding: {tags:?}"
    );

    let again = fetch("gzip, br", Some(tags[0].clone()))
        .await
        .expect("request");
    assert_eq!(again.status(), 304);
    assert!(again.bytes().await.expect("body").is_empty());
    let other_day = server
        .client
        .get(format!("{}/api/home?date=2026-11-23", server.base))
        .header("if-none-match", &tags[0])
        .send()
        .await
        .expect("request");
    assert_eq!(other_day.status(), 200, "another date is another body");
    assert_ne!(
        other_day.headers()["etag"].to_str().expect("header text"),
        tags[0]
    );
}

#[tokio::test]
async fn home_on_its_short_way_answers_as_the_full_stack_does() {
    let server = TestServer::start().await;
    let get = |path: &str| {
        server
            .client
            .get(format!("{}{path}", server.base))
            .header("accept-encoding", "gzip, br")
            .send()
    };
    // One well-formed date takes the short way; another parameter (which the
    // handler passes over) takes the full one.
    let short = get("/api/home?date=2026-11-22").await.expect("request");
    let full = get("/api/home?date=2026-11-22&from=app")
        .await
        .expect("request");
    assert_eq!(short.status(), full.status());
    let headers = |res: &reqwest::Response| {
        let mut h: Vec<(String, String)> = res
            .headers()
            .iter()
            .filter(|(name, _)| *name != "date")
            .map(|(name, value)| {
                (
                    name.to_string(),
                    value.to_str().expect("header text").to_string(),
                )
            })
            .collect();
        h.sort();
        h
    };
    assert_eq!(headers(&short), headers(&full));
    assert!(headers(&short).contains(&(
        "content-security-policy".into(),
        "default-src 'none'; frame-ancestors 'none'".into()
    )));
    assert_eq!(
        short.bytes().await.expect("body"),
        full.bytes().await.expect("body")
    );
    // What the short way does not take is answered as before.
    let (status, body) = server.get("/api/home?date=2026-13-01").await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().expect("message").contains("date"),
        "{body}"
    );
    let other_host = server
        .client
        .get(format!("{}/api/home", server.base))
        .header("host", "evil.example")
        .send()
        .await
        .expect("request");
    assert_eq!(other_host.status(), 400);
}
