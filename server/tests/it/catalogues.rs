//! The fixed content lists (worship songs, meditation and prayer sessions, Bible studies) as
//! a client sees them: all of each, no item of the day, and premium session
//! scripts for members only.

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
}
