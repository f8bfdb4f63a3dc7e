//! What a person keeps from their reading through REST: a favorite a day,
//! one highlight and one note per verse, each bad field refused by name, and
//! what reaches devices through pull (only apps that know the tables).

use crate::common;
use crate::records::Caller;

use common::TestServer;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn favorites_highlights_and_notes_are_one_record_per_day_or_verse() {
    let server = TestServer::start().await;
    let me = Caller::register(&server, "user-1763790000000-saved1").await;
    let (status, fav) = me
        .call(
            Method::POST,
            "/api/favorites",
            Some(json!({"date": "2026-11-24",
            "reference": "Psalm 23:1", "verse": "The LORD is my shepherd; I shall not want."})),
        )
        .await;
    assert_eq!(
        (status, fav["id"].as_str()),
        (201, Some("favorite:2026-11-24")),
        "{fav}"
    );
    assert!(
        fav["savedAt"].as_str().is_some_and(|t| t.len() >= 20),
        "{fav}"
    );

    // Highlighting a verse again changes its colour: still one record.
    for color in ["yellow", "blue"] {
        let (status, body) = me
            .call(
                Method::POST,
                "/api/highlights",
                Some(json!({"book": "John", "chapter": 3, "verse": 16,
                "color": color, "text": "For God so loved the world"})),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["id"], "highlight:John:3:16");
    }
    let (_, list) = me.call(Method::GET, "/api/highlights", None).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list[0]["color"], "blue");

    // Each bad field is refused by name, and nothing is kept.
    for (body, field) in [
        (
            json!({"book": "John", "chapter": 3, "verse": 16, "color": "purple"}),
            "color",
        ),
        (
            json!({"book": "Jn", "chapter": 3, "verse": 16, "color": "pink"}),
            "book",
        ),
        (
            json!({"book": "Jude", "chapter": 2, "verse": 1, "color": "pink"}),
            "chapter",
        ),
        (
            json!({"book": "Ps", "chapter": 119, "verse": 177, "color": "pink"}),
            "verse",
        ),
        // John 3 ends at verse 36.
        (
            json!({"book": "John", "chapter": 3, "verse": 99, "color": "pink"}),
            "verse",
        ),
    ] {
        let (status, refused) = me.call(Method::POST, "/api/highlights", Some(body)).await;
        assert_eq!(
            (status, refused["field"].as_str()),
            (400, Some(field)),
            "{refused}"
        );
    }
    let (status, refused) = me
        .call(
            Method::POST,
            "/api/verse-notes",
            Some(json!({"book": "Rom", "chapter": 8, "verse": 28, "note": "  "})),
        )
        .await;
    assert_eq!(
        (status, refused["field"].as_str()),
        (400, Some("note")),
        "{refused}"
    );
    let (_, list) = me.call(Method::GET, "/api/highlights", None).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1));

    let (status, note) = me
        .call(
            Method::POST,
            "/api/verse-notes",
            Some(json!({"book": "Rom", "chapter": 8, "verse": 28,
            "note": "Written the week of the move."})),
        )
        .await;
    assert_eq!(
        (status, note["id"].as_str()),
        (201, Some("note:Rom:8:28")),
        "{note}"
    );
    let (status, changed) = me
        .call(
            Method::PATCH,
            "/api/verse-notes/note:Rom:8:28",
            Some(json!({"note": "All things, even this."})),
        )
        .await;
    assert_eq!(
        (status, changed["note"].as_str()),
        (200, Some("All things, even this."))
    );

    // The heart taken back: the favorite is gone here and, through pull, on
    // every device.
    let (status, _) = me
        .call(Method::DELETE, "/api/favorites/favorite:2026-11-24", None)
        .await;
    assert_eq!(status, 204);
    let (_, list) = me.call(Method::GET, "/api/favorites", None).await;
    assert_eq!(list, json!([]));
    let (_, page) = me
        .call(
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "schemaVersion": 4, "deviceId": me.device.id})),
        )
        .await;
    let tables: Vec<&str> = page["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["table"].as_str())
        .collect();
    assert!(
        tables.contains(&"highlights") && tables.contains(&"verseNotes"),
        "{page}"
    );
    assert!(
        !tables.contains(&"favoriteReadings"),
        "a deleted favorite is not sent as a record: {page}"
    );

    // An app of schema 3 does not know these tables and is not sent them.
    let (_, old) = me
        .call(
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "schemaVersion": 3, "deviceId": me.device.id})),
        )
        .await;
    assert!(
        old["changes"]
            .as_array()
            .expect("changes")
            .iter()
            .all(|c| c["table"] != "highlights"),
        "{old}"
    );
}
