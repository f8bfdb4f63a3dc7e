//! The fixed content lists (worship songs, meditation and prayer sessions, Bible studies) as
//! a client sees them: all of each, no item of the day, premium session
//! scripts for members only, and the large lists sent compressed.

use crate::common;

use common::TestServer;
use reqwest::Method;
use serde_json::{Value, json};

#[tokio::test]
async fn the_worship_songs_are_one_fixed_list_with_no_song_of_the_day() {
    let s = TestServer::start().await;
    let (status, songs) = s.get("/api/worship-songs").await;
    assert_eq!(status, 200);
    let songs = songs.as_array().expect("a list");
    assert_eq!(songs.len(), 12);
    assert!(
        songs
            .iter()
            .all(|x| x["keyLines"].as_array().is_some_and(|l| !l.is_empty()))
    );
    let (status, body) = s.get("/api/worship-songs/today").await;
    assert_eq!(status, 404, "{body}");
    // Home's day has its eight items and no song.
    let (_, day) = s.get("/api/home").await;
    assert!(day.get("worshipSong").is_none());
}

#[tokio::test]
async fn premium_session_scripts_reach_members_only() {
    let s = TestServer::start_with(|c| c.owner_emails = vec!["owner@manna.test".into()]).await;
    for list in ["/api/meditation-sessions", "/api/prayer-sessions"] {
        // Anonymous and free users: every free script, no premium one.
        let (status, sessions) = s.get(list).await;
        assert_eq!(status, 200);
        let sessions = sessions.as_array().expect("a list").clone();
        assert!(sessions.len() >= 12);
        let premium: Vec<&Value> = sessions.iter().filter(|x| x["isPremium"] == 1).collect();
        assert!(!premium.is_empty());
        assert!(
            premium.iter().all(|x| x["scriptContent"].is_null()),
            "{list}"
        );
        assert!(
            sessions
                .iter()
                .filter(|x| x["isPremium"] == 0)
                .all(|x| x["scriptContent"].is_string())
        );
        assert!(
            premium
                .iter()
                .all(|x| x["bibleVerse"].is_string() && x["title"].is_string())
        );
    }
    let free = s.register("user-1763790000000-free").await;
    let (_, sessions) = s
        .call_as(&free, Method::GET, "/api/prayer-sessions", None)
        .await;
    assert!(
        sessions
            .as_array()
            .expect("list")
            .iter()
            .any(|x| x["isPremium"] == 1 && x["scriptContent"].is_null())
    );

    // A member (the owner, proven by the emailed code) gets the premium scripts.
    let owner = s.register("user-1763790000000-owner").await;
    let path = "/api/check-subscription-by-email";
    s.call_as(
        &owner,
        Method::POST,
        path,
        Some(json!({ "email": "owner@manna.test" })),
    )
    .await;
    let code = common::pay::emailed_code(&s, "owner@manna.test").await;
    let (status, _) = s
        .call_as(
            &owner,
            Method::POST,
            path,
            Some(json!({ "email": "owner@manna.test", "code": code })),
        )
        .await;
    assert_eq!(status, 200);
    let (_, sessions) = s
        .call_as(&owner, Method::GET, "/api/meditation-sessions", None)
        .await;
    assert!(
        sessions
            .as_array()
            .expect("list")
            .iter()
            .all(|x| x["scriptContent"].is_string())
    );
    // Lists are kept encoded per audience: after a member's, others still get none.
    let (_, sessions) = s
        .call_as(&free, Method::GET, "/api/meditation-sessions", None)
        .await;
    let sessions = sessions.as_array().expect("list");
    assert!(
        sessions
            .iter()
            .filter(|x| x["isPremium"] == 1)
            .all(|x| x["scriptContent"].is_null())
    );
}

/// The lists the app saves for offline use are large: each comes as brotli
/// when the browser takes it (the exercise catalogue's 302 KB in a third of
/// gzip's bytes), the same list in every coding, and 304 when unchanged.
#[tokio::test]
async fn the_large_lists_come_as_brotli_and_not_again_when_unchanged() {
    let s = TestServer::start().await;
    let path = "/api/exercise-suggestions?limit=366&date=2026-11-22";
    let fetch = |accept: &'static str, path: &str, etag: Option<&str>| {
        let mut req = s
            .client
            .get(format!("{}{path}", s.base))
            .header("accept-encoding", accept);
        if let Some(tag) = etag {
            req = req.header("if-none-match", tag);
        }
        req.send()
    };
    let (status, plain) = s.get(path).await;
    assert_eq!(status, 200);
    assert_eq!(plain.as_array().expect("list").len(), 366);
    let mut sizes = Vec::new();
    for (accept, coding) in [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip")] {
        let res = fetch(accept, path, None).await.expect("request");
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-encoding"], coding, "{accept}");
        assert_eq!(res.headers()["content-type"], "application/json");
        let body = res.bytes().await.expect("body");
        assert_eq!(common::decoded(coding, &body), plain, "{accept}");
        sizes.push(body.len());
    }
    assert!(
        sizes[0] * 3 < sizes[1],
        "brotli {} bytes against gzip {}",
        sizes[0],
        sizes[1]
    );
    let first = fetch("br", path, None).await.expect("request");
    let tag = first.headers()["etag"].to_str().expect("tag").to_string();
    let again = fetch("br", path, Some(&tag)).await.expect("request");
    assert_eq!(again.status(), 304);
    // Another day's archive is another list.
    let (_, next) = s
        .get("/api/exercise-suggestions?limit=366&date=2026-11-23")
        .await;
    assert_eq!(
        next[1], plain[0],
        "a day later, the list moves on by one day"
    );
    assert_ne!(next, plain);
    let other = fetch(
        "br",
        "/api/exercise-suggestions?limit=366&date=2026-11-23",
        Some(&tag),
    )
    .await
    .expect("request");
    assert_eq!(other.status(), 200);
    for list in ["/api/recipes", "/api/meal-catalogue", "/api/bible-readings"] {
        let res = fetch("gzip, deflate, br", list, None)
            .await
            .expect("request");
        assert_eq!(res.status(), 200, "{list}");
        assert_eq!(res.headers()["content-encoding"], "br", "{list}");
        let (_, plain) = s.get(list).await;
        let body = res.bytes().await.expect("body");
        assert_eq!(common::decoded("br", &body), plain, "{list}");
    }
}

#[tokio::test]
async fn every_day_of_readings_has_its_study_in_one_list() {
    let s = TestServer::start().await;
    let (status, studies) = s.get("/api/bible-studies").await;
    assert_eq!(status, 200);
    let studies = studies.as_array().expect("a list").clone();
    // A month of days: each day's reading finds its study, under the same reference.
    for day in 1..=31 {
        let (_, home) = s.get(&format!("/api/home?date=2026-12-{day:02}")).await;
        let reading = &home["bibleReading"];
        let study = studies
            .iter()
            .find(|x| x["readingId"] == reading["id"])
            .unwrap_or_else(|| panic!("no study for {}", reading["id"]));
        assert_eq!(study["reference"], reading["reference"]);
        assert_eq!(study["wordStudies"].as_array().map(Vec::len), Some(3));
        assert!(study["parallel"]["web"].is_string());
        assert!(study["commentary"]["text"].is_string());
    }
    let (status, body) = s.get("/api/bible-studies/today").await;
    assert_eq!(status, 404, "{body}");
    // One reading's study alone, as the app asks for it.
    let (_, home) = s.get("/api/home?date=2026-12-25").await;
    let id = home["bibleReading"]["id"]
        .as_str()
        .expect("an id")
        .to_string();
    let (status, one) = s.get(&format!("/api/bible-studies?readingId={id}")).await;
    assert_eq!(status, 200);
    assert_eq!(one.as_array().map(Vec::len), Some(1), "{one}");
    assert_eq!(one[0]["readingId"], id.as_str());
    let (_, none) = s.get("/api/bible-studies?readingId=no-such-reading").await;
    assert_eq!(none, json!([]));
    let (status, bad) = s.get("/api/bible-studies?readingId=").await;
    assert_eq!((status, bad["field"].as_str()), (400, Some("readingId")));
}

#[tokio::test]
async fn the_whole_bible_is_served_a_chapter_at_a_time() {
    let s = TestServer::start().await;
    let (status, index) = s.get("/api/bible/kjv").await;
    assert_eq!(status, 200);
    let books = index["books"].as_array().expect("books");
    assert_eq!(books.len(), 66);
    assert_eq!(
        books[18],
        json!({"osis": "Ps", "name": "Psalms", "chapters": 150})
    );
    // By name or OSIS id, KJV and WEB.
    let (status, kjv) = s.get("/api/bible/kjv/1%20corinthians/13").await;
    assert_eq!(status, 200, "{kjv}");
    assert_eq!(
        (kjv["book"].as_str(), kjv["chapter"].as_u64()),
        (Some("1 Corinthians"), Some(13))
    );
    assert_eq!(kjv["verses"][12]["verse"], 13);
    assert!(
        kjv["verses"][12]["text"]
            .as_str()
            .is_some_and(|t| t.contains("charity"))
    );
    let (_, web) = s.get("/api/bible/web/1Cor/13").await;
    assert!(
        web["verses"][12]["text"]
            .as_str()
            .is_some_and(|t| t.contains("love"))
    );
    // Bad keys name their field; unknown ones are 404.
    for (path, status, field) in [
        ("/api/bible/kjv/genesis/0", 400, Some("chapter")),
        ("/api/bible/kjv/genesis/one", 400, Some("chapter")),
        ("/api/bible/kjv/gen%3Besis/1", 400, Some("book")),
        ("/api/bible/kjv/genesis/51", 404, None),
        ("/api/bible/kjv/hezekiah/1", 404, None),
        ("/api/bible/esv", 404, None),
        ("/api/bible/esv/john/3", 404, None),
        ("/api/bible/kjv/hezekiah", 404, None),
        ("/api/bible/kjv/search", 400, Some("q")),
        ("/api/bible/kjv/search?q=%22%22", 400, Some("q")),
        ("/api/bible/kjv/search?q=love&limit=0", 400, Some("limit")),
        ("/api/bible/esv/search?q=love", 404, None),
    ] {
        let (got, body) = s.get(path).await;
        assert_eq!(got, status, "{path}: {body}");
        assert_eq!(body["field"].as_str(), field, "{path}: {body}");
        assert!(body["message"].is_string(), "{path}: {body}");
    }
}

#[tokio::test]
async fn a_whole_book_for_the_device_and_a_search_of_every_verse() {
    let s = TestServer::start().await;
    let (status, ruth) = s.get("/api/bible/web/ruth").await;
    assert_eq!(status, 200, "{ruth}");
    let chapters = ruth["chapters"].as_array().expect("chapters");
    assert_eq!(chapters.len(), 4);
    let (_, third) = s.get("/api/bible/web/ruth/3").await;
    assert_eq!(chapters[2], third, "a book's chapter is the chapter");

    let (status, found) = s
        .get("/api/bible/kjv/search?q=%22still%20small%20voice%22")
        .await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["total"], 1);
    assert_eq!(
        found["verses"][0],
        json!({"osis": "1Kgs", "book": "1 Kings", "chapter": 19, "verse": 12,
            "text": "And after the earthquake a fire; but the LORD was not in the fire: and after the fire a still small voice."})
    );
    let (_, many) = s.get("/api/bible/kjv/search?q=shepherd&limit=3").await;
    assert_eq!(many["verses"].as_array().map(Vec::len), Some(3));
    assert!(many["total"].as_u64().is_some_and(|n| n > 3), "{many}");
}

#[tokio::test]
async fn the_day_shows_its_place_in_the_church_year() {
    let s = TestServer::start().await;
    let place = |day: Value| day["bibleReading"]["place"].clone();
    let (_, christmas) = s.get("/api/home?date=2026-12-25").await;
    // The nativity, with the chapter it links to.
    assert_eq!(
        christmas["bibleReading"]["passage"]["osis"],
        json!("Luke"),
        "{christmas}"
    );
    assert_eq!(christmas["bibleReading"]["passage"]["chapter"], json!(2));
    assert_eq!(place(christmas), json!("Christmas Day"));
    let (_, advent) = s.get("/api/home?date=2026-12-02").await;
    assert_eq!(place(advent), json!("Week 1 of Advent"));
    let (_, list) = s.get("/api/bible-readings?date=2026-12-02&limit=3").await;
    assert_eq!(list[0]["place"], json!("Week 1 of Advent"));
}
