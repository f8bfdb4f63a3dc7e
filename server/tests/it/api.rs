//! The daily-content API as a client sees it.

use crate::common;

use common::TestServer;
use reqwest::Method;
use serde_json::{Value, json};

const KINDS: [(&str, &[&str]); 8] = [
    (
        "bible-readings",
        &["reference", "verse", "reflection", "prayer", "dayNumber"],
    ),
    (
        "health-tips",
        &[
            "category",
            "title",
            "content",
            "quickAction",
            "tags",
            "sources",
        ],
    ),
    (
        "food-spotlights",
        &[
            "name",
            "season",
            "description",
            "benefits",
            "preparation",
            "sources",
        ],
    ),
    (
        "exercise-suggestions",
        &[
            "category",
            "title",
            "description",
            "duration",
            "difficulty",
            "benefits",
            "instructions",
        ],
    ),
    ("biohacks", &["title", "category", "isPremium"]),
    (
        "healthy-home-tips",
        &[
            "category",
            "title",
            "content",
            "quickAction",
            "costLevel",
            "difficulty",
            "tags",
        ],
    ),
    (
        "biblical-foods",
        &[
            "name",
            "description",
            "biblicalReferences",
            "healthBenefits",
            "modernPreparation",
            "spiritualSignificance",
            "sources",
        ],
    ),
    (
        "healthy-snacks",
        &[
            "name",
            "category",
            "description",
            "nutritionHighlights",
            "healthBenefits",
            "servingSize",
            "preparationTips",
            "pairingIdeas",
        ],
    ),
];

#[tokio::test]
async fn each_today_endpoint_answers_the_spec_fields_for_the_given_date() {
    let server = TestServer::start().await;
    for (slug, fields) in KINDS {
        let (status, item) = server
            .get(&format!("/api/{slug}/today?day=326&date=2026-11-22"))
            .await;
        assert_eq!(status, 200, "{slug}");
        for field in fields {
            assert!(
                item.get(*field).is_some_and(|v| !v.is_null()),
                "{slug} lacks {field}: {item}"
            );
        }
        assert_eq!(item["date"], "2026-11-22");
        let (_, again) = server
            .get(&format!("/api/{slug}/today?date=2026-11-22"))
            .await;
        assert_eq!(item, again, "{slug}: the same date shows the same item");
        let (_, next) = server
            .get(&format!("/api/{slug}/today?date=2026-11-23"))
            .await;
        assert_ne!(
            item["id"], next["id"],
            "{slug}: the next day shows another item"
        );
    }
    let (_, reading) = server
        .get("/api/bible-readings/today?date=2024-12-31")
        .await;
    assert_eq!(reading["dayNumber"], 366);
}

#[tokio::test]
async fn premium_biohacks_never_reveal_their_text() {
    let server = TestServer::start().await;
    let (_, range) = server
        .get("/api/daily-content?from=2026-01-01&days=31")
        .await;
    let days = range["days"].as_array().expect("days");
    let locked: Vec<&Value> = days
        .iter()
        .map(|d| &d["dailyBiohack"])
        .filter(|b| b["isPremium"] == 1)
        .collect();
    let open: Vec<&Value> = days
        .iter()
        .map(|d| &d["dailyBiohack"])
        .filter(|b| b["isPremium"] == 0)
        .collect();
    assert!(
        !locked.is_empty() && !open.is_empty(),
        "a month shows both kinds of biohack"
    );
    for hack in locked {
        assert!(hack["title"].is_string() && hack["category"].is_string());
        for hidden in [
            "description",
            "howTo",
            "benefits",
            "scientificBasis",
            "duration",
        ] {
            assert!(
                hack[hidden].is_null(),
                "premium biohack leaked {hidden}: {hack}"
            );
        }
    }
    assert!(open.iter().all(|h| h["howTo"].is_string()));
}

#[tokio::test]
async fn bad_dates_and_counts_get_a_clear_400() {
    let server = TestServer::start().await;
    for path in [
        "/api/health-tips/today?date=2026-02-30",
        "/api/home?date=yesterday",
        "/api/daily-content?from=2026-13-01",
        "/api/daily-content?from=2026-11-22&days=0",
        "/api/daily-content?from=2026-11-22&days=32",
        "/api/bible-readings?limit=abc",
    ] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, 400, "{path}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("date")
                || message.contains("from")
                || message.contains("days")
                || message.contains("limit"),
            "{path}: {message}"
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let server = TestServer::start().await;
    for path in [
        "/api/nothing-here",
        "/api/sermons/today",
        "/api/a/b/c",
        "/api/biohacks",
    ] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(body["error"], "not_found", "{path}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}

#[tokio::test]
async fn range_covers_consecutive_days_for_the_offline_prefetch() {
    let server = TestServer::start().await;
    let (status, range) = server
        .get("/api/daily-content?from=2026-12-29&days=8")
        .await;
    assert_eq!(status, 200);
    let days = range["days"].as_array().expect("days");
    let dates: Vec<&str> = days.iter().filter_map(|d| d["date"].as_str()).collect();
    assert_eq!(
        dates,
        [
            "2026-12-29",
            "2026-12-30",
            "2026-12-31",
            "2027-01-01",
            "2027-01-02",
            "2027-01-03",
            "2027-01-04",
            "2027-01-05"
        ]
    );
    assert_eq!(days[3]["dayNumber"], 1);
    let (_, single) = server
        .get("/api/healthy-snacks/today?date=2027-01-01")
        .await;
    assert_eq!(days[3]["healthySnack"], single);
}

#[tokio::test]
async fn archives_list_past_days_newest_first() {
    let server = TestServer::start().await;
    let (status, list) = server
        .get("/api/bible-readings?date=2026-11-22&limit=10")
        .await;
    assert_eq!(status, 200);
    let list = list.as_array().expect("list");
    assert_eq!(list.len(), 10);
    assert_eq!(list[0]["date"], "2026-11-22");
    assert_eq!(list[9]["date"], "2026-11-13");
    for key in ["id", "reference", "verse", "content", "date", "dayNumber"] {
        assert!(list[0].get(key).is_some(), "archive reading lacks {key}");
    }
    for slug in ["health-tips", "food-spotlights", "exercise-suggestions"] {
        let (status, list) = server.get(&format!("/api/{slug}")).await;
        assert_eq!(status, 200);
        assert_eq!(
            list.as_array().map(Vec::len),
            Some(30),
            "{slug} default archive is 30 days"
        );
    }
}

#[tokio::test]
async fn refresh_answers_the_content_version_and_only_an_owner_reloads_the_files() {
    let content = common::content_copy();
    let dir = content.path().to_path_buf();
    let server = TestServer::start_with(move |c| {
        c.content_dir = dir;
        c.owner_emails = vec!["owner@manna.test".into()];
    })
    .await;
    let (status, health) = server.get("/api/health").await;
    assert_eq!(status, 200);
    let (status, refreshed) = server.post("/api/refresh-content").await;
    assert_eq!(status, 200);
    assert_eq!(refreshed["ok"], true);
    assert_eq!(refreshed["contentVersion"], health["contentVersion"]);

    // The files change on the server: a visitor's refresh does not read them.
    let tips = content.path().join("health-tips.json");
    let text = std::fs::read_to_string(&tips).expect("tips");
    std::fs::write(
        &tips,
        text.replacen("\"title\": \"", "\"title\": \"Updated: ", 1),
    )
    .expect("write");
    let visitor = server.register("user-1700000000000-visitor").await;
    let (_, refreshed) = server
        .call_as(&visitor, Method::POST, "/api/refresh-content", None)
        .await;
    assert_eq!(refreshed["reloaded"], false);
    assert_eq!(refreshed["contentVersion"], health["contentVersion"]);

    // An owner's does.
    let owner = server.register("user-1700000000000-owner").await;
    let path = "/api/check-subscription-by-email";
    let email = json!({"email": "owner@manna.test"});
    server
        .call_as(&owner, Method::POST, path, Some(email))
        .await;
    let code = common::pay::emailed_code(&server, "owner@manna.test").await;
    let proof = json!({"email": "owner@manna.test", "code": code});
    let (status, _) = server
        .call_as(&owner, Method::POST, path, Some(proof))
        .await;
    assert_eq!(status, 200);
    let (_, refreshed) = server
        .call_as(&owner, Method::POST, "/api/refresh-content", None)
        .await;
    assert_eq!(refreshed["reloaded"], true);
    assert_ne!(refreshed["contentVersion"], health["contentVersion"]);
}

#[tokio::test]
async fn a_broken_content_file_stops_start_up_and_keeps_the_stored_content() {
    let broken = common::content_copy();
    std::fs::write(
        broken.path().join("health-tips.json"),
        r#"{"items":[{"id":"x"}]}"#,
    )
    .expect("write");
    let data = tempfile::tempdir().expect("data");
    let mut config = manna_server::Config::for_tests(data.path().to_path_buf());
    let good = manna_server::AppState::open(config.clone(), manna_server::Clock::system())
        .await
        .expect("good content loads");
    let before = good
        .content()
        .items(manna_server::content::Kind::HealthTips)
        .len();
    config.content_dir = broken.path().to_path_buf();
    let err = manna_server::AppState::open(config.clone(), manna_server::Clock::system())
        .await
        .expect_err("broken content refused");
    assert!(err.to_string().contains("health-tips.json"), "{err}");
    config.content_dir = common::content_dir();
    let again = manna_server::AppState::open(config, manna_server::Clock::system())
        .await
        .expect("reopens");
    assert_eq!(
        again
            .content()
            .items(manna_server::content::Kind::HealthTips)
            .len(),
        before
    );
}

#[tokio::test]
async fn a_stale_device_token_never_blocks_the_daily_content() {
    // A browser whose token the server no longer knows (a restored or reset
    // server, a device removed at logout) still gets every day's content.
    let server = TestServer::start().await;
    let (_, range) = server
        .get("/api/daily-content?from=2026-01-01&days=31")
        .await;
    let premium_day = range["days"]
        .as_array()
        .expect("days")
        .iter()
        .find(|d| d["dailyBiohack"]["isPremium"] == 1)
        .and_then(|d| d["date"].as_str())
        .expect("a premium biohack day")
        .to_string();
    let stale = common::Device {
        user: "user-1700000000000-stal".into(),
        id: "gone".into(),
        token: "0".repeat(64),
    };
    for path in [
        "/api/health-tips/today?date=2026-01-05".to_string(),
        format!("/api/biohacks/today?date={premium_day}"),
        "/api/daily-content?from=2026-01-01&days=8".to_string(),
    ] {
        let (status, body) = server
            .call_as(&stale, reqwest::Method::GET, &path, None)
            .await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(body.is_object() && body != Value::Null, "{path}: {body}");
    }
    let (_, hack) = server
        .call_as(
            &stale,
            reqwest::Method::GET,
            &format!("/api/biohacks/today?date={premium_day}"),
            None,
        )
        .await;
    assert!(hack["howTo"].is_null(), "not premium: {hack}");
}

#[tokio::test]
async fn the_privacy_contact_is_the_configured_address_or_none() {
    let unset = TestServer::start().await;
    let (status, about) = unset.get("/api/about").await;
    assert_eq!(status, 200);
    assert_eq!(about["contactEmail"], Value::Null);

    let set =
        TestServer::start_with(|c| c.contact_email = Some(" privacy@church.example ".into())).await;
    let (_, about) = set.get("/api/about").await;
    assert_eq!(about["contactEmail"], "privacy@church.example");
}
