//! What premium members pay for, as a client sees it: each premium call
//! refuses everyone else with 403 and a message naming the problem, and answers
//! members in full.

use crate::common;

use common::TestServer;
use common::pay::owner_device;
use reqwest::Method;
use serde_json::Value;

const OWNER: &str = "owner@manna.test";

async fn server() -> TestServer {
    TestServer::start_with(|c| c.owner_emails = vec![OWNER.into()]).await
}

/// The premium calls; each must refuse a free user and a caller without a device.
const PREMIUM_CALLS: &[&str] = &[
    "/api/premium-exercises",
    "/api/premium-exercises/today",
    "/api/premium-exercises/difficulty/beginner",
    "/api/home-remedies/search?symptom=headache",
    "/api/biohack-categories",
    "/api/premium-library",
];

#[tokio::test]
async fn premium_calls_refuse_free_users_and_strangers_with_a_reason() {
    let s = server().await;
    let free = s.register("user-1763790000000-free1").await;
    for path in PREMIUM_CALLS {
        let (status, body) = s.call_as(&free, Method::GET, path, None).await;
        assert_eq!(status, 403, "{path}: {body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("Premium membership required"),
            "{path}: {body}"
        );
        let (status, body) = s.get(path).await;
        assert_eq!(status, 401, "{path} without a device: {body}");
    }
    // The routines are not reachable through the public list call either.
    let (status, body) = s
        .call_as(&free, Method::GET, "/api/premium-exercises?limit=30", None)
        .await;
    assert_eq!(status, 403, "{body}");
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|r| r["id"].as_str().expect("id").to_string())
        .collect()
}

#[tokio::test]
async fn members_get_every_routine_todays_three_and_each_level() {
    let s = server().await;
    let member = owner_device(&s, "user-1763790000000-owner", OWNER).await;
    let (status, all) = s
        .call_as(
            &member,
            Method::GET,
            "/api/premium-exercises?date=2026-11-23",
            None,
        )
        .await;
    assert_eq!(status, 200, "{all}");
    let all = all.as_array().expect("a list").clone();
    assert!(all.len() >= 24, "{} routines", all.len());
    // Newest first, none after today, every routine once.
    let dates: Vec<&str> = all
        .iter()
        .map(|r| r["date"].as_str().expect("date"))
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
    assert!(dates.iter().all(|d| *d <= "2026-11-23"));
    let mut unique = ids(&Value::Array(all.clone()));
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), all.len());
    // In full: a warm-up, main exercises with instructions, a cool-down.
    for r in &all {
        assert!(!r["warmupExercises"].as_array().expect("warm-up").is_empty());
        assert!(
            !r["cooldownExercises"]
                .as_array()
                .expect("cool-down")
                .is_empty()
        );
        let main = r["mainExercises"].as_array().expect("main");
        assert!(
            main.iter()
                .all(|e| e["instructions"].as_array().is_some_and(|i| !i.is_empty()))
        );
    }

    let (status, today) = s
        .call_as(
            &member,
            Method::GET,
            "/api/premium-exercises/today?date=2026-11-23",
            None,
        )
        .await;
    assert_eq!(status, 200);
    let levels: Vec<&str> = today
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["difficultyLevel"].as_str().expect("level"))
        .collect();
    assert_eq!(levels, ["beginner", "intermediate", "advanced"]);
    assert!(
        today
            .as_array()
            .expect("list")
            .iter()
            .all(|r| r["date"] == "2026-11-23")
    );
    // Tomorrow brings other routines.
    let (_, tomorrow) = s
        .call_as(
            &member,
            Method::GET,
            "/api/premium-exercises/today?date=2026-11-24",
            None,
        )
        .await;
    assert_ne!(ids(&today), ids(&tomorrow));

    let mut per_level = 0;
    for level in ["beginner", "intermediate", "advanced"] {
        let path = format!("/api/premium-exercises/difficulty/{level}");
        let (status, list) = s.call_as(&member, Method::GET, &path, None).await;
        assert_eq!(status, 200);
        let list = list.as_array().expect("a list");
        assert!(list.len() >= 8, "{level}: {}", list.len());
        assert!(list.iter().all(|r| r["difficultyLevel"] == level));
        per_level += list.len();
    }
    assert_eq!(per_level, all.len());

    let (status, body) = s
        .call_as(
            &member,
            Method::GET,
            "/api/premium-exercises/difficulty/expert",
            None,
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("\"expert\""),
        "{body}"
    );
}

#[tokio::test]
async fn a_days_completions_from_two_devices_merge_into_one_record() {
    let s = server().await;
    let phone = s.register("user-1763790000000-ticks").await;
    let body = |v: Value| Some(v);
    let (status, first) = s
        .call_as(
            &phone,
            Method::POST,
            "/api/daily-completions",
            body(serde_json::json!({"date": "2026-11-23", "reading": true})),
        )
        .await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["id"], "done:2026-11-23");
    let (status, _) = s
        .call_as(
            &phone,
            Method::POST,
            "/api/daily-completions",
            body(serde_json::json!({"date": "2026-11-23", "exercise": true})),
        )
        .await;
    assert_eq!(status, 201);
    let (_, list) = s
        .call_as(&phone, Method::GET, "/api/daily-completions", None)
        .await;
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(
        (list[0]["reading"].clone(), list[0]["exercise"].clone()),
        (Value::Bool(true), Value::Bool(true))
    );

    let (status, refused) = s
        .call_as(
            &phone,
            Method::POST,
            "/api/daily-completions",
            body(serde_json::json!({"date": "2026-11-23", "walked": true})),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("walked"),
        "{refused}"
    );
}

#[tokio::test]
async fn journal_entries_are_written_answered_and_refused_with_reasons() {
    let s = server().await;
    let me = s.register("user-1763790000000-journ").await;
    let entry = serde_json::json!({
        "date": "2026-11-23", "title": "For my mother", "content": "Healing after her surgery.",
        "category": "intercession"
    });
    let (status, created) = s
        .call_as(&me, Method::POST, "/api/prayer-journal", Some(entry))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    assert!(id.starts_with("journal-"));

    // Answered needs the flag; the date alone is refused and nothing changes.
    let path = format!("/api/prayer-journal/{id}");
    let (status, refused) = s
        .call_as(
            &me,
            Method::PATCH,
            &path,
            Some(serde_json::json!({"answeredOn": "2026-11-30"})),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(refused["field"], "answeredOn", "{refused}");
    let (status, answered) = s
        .call_as(
            &me,
            Method::PATCH,
            &path,
            Some(serde_json::json!({"answered": true, "answeredOn": "2026-11-30"})),
        )
        .await;
    assert_eq!(status, 200, "{answered}");
    let (_, list) = s
        .call_as(&me, Method::GET, "/api/prayer-journal", None)
        .await;
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["answeredOn"], "2026-11-30");
    assert_eq!(list[0]["content"], "Healing after her surgery.");

    let (status, blank) = s
        .call_as(&me, Method::POST, "/api/prayer-journal",
            Some(serde_json::json!({"date": "2026-11-23", "title": " ", "content": "x", "category": "praise"})))
        .await;
    assert_eq!(status, 400);
    assert_eq!(blank["field"], "title", "{blank}");
}

#[tokio::test]
async fn remedies_are_found_by_name_other_words_and_typos_with_safety_advice() {
    let s = server().await;
    let member = owner_device(&s, "user-1763790000000-remed", OWNER).await;
    let search = |q: &'static str| {
        let (s, m) = (&s, &member);
        async move {
            s.call_as(
                m,
                Method::GET,
                &format!("/api/home-remedies/search?symptom={q}"),
                None,
            )
            .await
        }
    };
    for (typed, symptom) in [
        ("sore%20throat", "Sore Throat"),
        ("can%27t%20sleep", "Insomnia"),
        ("sore%20throt", "Sore Throat"),
        ("headahce", "Headache"),
        ("Stuffy%20Nose", "Congestion"),
    ] {
        let (status, body) = search(typed).await;
        assert_eq!(status, 200, "{typed}: {body}");
        assert_eq!(body["found"], true, "{typed}: {body}");
        assert_eq!(body["symptom"], symptom, "{typed}");
        assert!(
            !body["primaryRemedies"]
                .as_array()
                .expect("remedies")
                .is_empty()
        );
        assert!(!body["avoidList"].as_array().expect("avoid").is_empty());
        assert!(
            body["whenToSeekCare"]
                .as_str()
                .is_some_and(|t| t.len() > 40)
        );
        assert!(
            body["disclaimer"]
                .as_str()
                .unwrap_or_default()
                .contains("do not replace medical advice")
        );
    }
    let (status, none) = search("purple%20elbows").await;
    assert_eq!(status, 200);
    assert_eq!(none["found"], false);
    assert!(none["suggestions"].as_array().expect("suggestions").len() >= 40);
    let (status, blank) = search("%20%20").await;
    assert_eq!(status, 400);
    assert!(
        blank["message"]
            .as_str()
            .unwrap_or_default()
            .starts_with("symptom:"),
        "{blank}"
    );
}

#[tokio::test]
async fn members_get_the_glossary_nine_categories_of_five_techniques_with_warnings() {
    let s = server().await;
    let member = owner_device(&s, "user-1763790000000-gloss", OWNER).await;
    let (status, list) = s
        .call_as(&member, Method::GET, "/api/biohack-categories", None)
        .await;
    assert_eq!(status, 200, "{list}");
    let list = list.as_array().expect("a list");
    assert!(list.len() >= 9);
    for c in list {
        let techniques = c["techniques"].as_array().expect("techniques");
        assert!(techniques.len() >= 5, "{}", c["id"]);
        assert!(
            techniques
                .iter()
                .all(|t| t["warnings"].as_array().is_some_and(|w| !w.is_empty()))
        );
    }
}

#[tokio::test]
async fn members_get_the_library_of_public_domain_readings_with_search_links() {
    let s = server().await;
    let member = owner_device(&s, "user-1763790000000-libry", OWNER).await;
    let (status, list) = s
        .call_as(&member, Method::GET, "/api/premium-library", None)
        .await;
    assert_eq!(status, 200, "{list}");
    let list = list.as_array().expect("a list");
    assert!(list.len() >= 27);
    let mut authors: Vec<&str> = list
        .iter()
        .map(|r| r["author"].as_str().expect("author"))
        .collect();
    authors.sort_unstable();
    authors.dedup();
    assert_eq!(authors.len(), 8, "{authors:?}");
    assert!(list.iter().all(|r| {
        r["url"]
            .as_str()
            .is_some_and(|u| u.starts_with("https://www.gutenberg.org/ebooks/search/?query="))
    }));
}

#[tokio::test]
async fn the_archive_is_searched_by_word_phrase_and_reference() {
    let s = server().await;
    let free = s.register("user-1763790000000-arcfr").await;
    let (status, body) = s
        .call_as(&free, Method::GET, "/api/archive/search?q=spinach", None)
        .await;
    assert_eq!(status, 403, "{body}");

    let member = owner_device(&s, "user-1763790000000-arch1", OWNER).await;
    let get = |q: String| {
        let (s, m) = (&s, &member);
        async move {
            s.call_as(
                m,
                Method::GET,
                &format!("/api/archive/search?date=2026-11-23&{q}"),
                None,
            )
            .await
        }
    };
    // A reference.
    let (status, psalm) = get("q=Psalm%2023".into()).await;
    assert_eq!(status, 200, "{psalm}");
    let first = &psalm["items"][0];
    assert_eq!(first["type"], "bible");
    assert_eq!(first["title"], "Psalm 23:1-6");
    // The snippet is taken around the first word searched for.
    assert!(
        first["snippet"]
            .as_str()
            .unwrap_or_default()
            .to_lowercase()
            .contains("psalm"),
        "{first}"
    );
    assert!(
        first["badge"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Day ")
    );
    assert!(first["date"].as_str().unwrap_or_default() <= "2026-11-23");
    // A word, with its snippet around the match and no longer than 120.
    let (_, spinach) = get("q=spinach&type=nutrition".into()).await;
    assert!(
        spinach["items"]
            .as_array()
            .expect("items")
            .iter()
            .any(|i| i["title"] == "Spinach")
    );
    for item in spinach["items"].as_array().expect("items") {
        assert_eq!(item["type"], "nutrition");
        let snippet = item["snippet"].as_str().expect("snippet");
        assert!(snippet.chars().count() <= 120, "{snippet}");
        // The snippet is of the text: around the match when the match is there.
        let title = item["title"].as_str().expect("title").to_lowercase();
        assert!(
            title.contains("spinach") || snippet.to_lowercase().contains("spinach"),
            "{snippet}"
        );
    }
    // A phrase: its words together, not just both somewhere.
    let (_, phrase) = get("q=%22still%20waters%22".into()).await;
    assert_eq!(phrase["total"], 1, "{phrase}");
    let (_, anxiety) = get("q=anxiety".into()).await;
    assert!(anxiety["total"].as_u64().unwrap_or(0) >= 1, "{anxiety}");
    // Emoji alone are nothing to search for: a hint, not the whole archive.
    let (status, praying) = get("q=%F0%9F%99%8F".into()).await;
    assert_eq!(status, 400, "{praying}");
    assert_eq!(
        praying["message"],
        "q: type a word or a number to search for: emoji and symbols alone match nothing"
    );

    // Everything, sorted and paged.
    let (_, all) = get("sort=alphabetical&limit=100".into()).await;
    let total = all["total"].as_u64().expect("total");
    assert!(total >= 4 * 31, "{total}");
    let titles: Vec<String> = all["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["title"].as_str().expect("title").to_lowercase())
        .collect();
    assert!(titles.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(all["hasMore"], true);
    let (_, recent) = get("limit=10".into()).await;
    let dates: Vec<&str> = recent["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["date"].as_str().expect("date"))
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
    assert_eq!(dates[0], "2026-11-23");
    let (_, oldest) = get("sort=oldest&limit=1".into()).await;
    assert!(oldest["items"][0]["date"].as_str().expect("date") < "2026-11-23");

    for (q, field) in [
        ("type=poems", "type"),
        ("sort=newest", "sort"),
        ("page=0", "page"),
    ] {
        let (status, body) = get(q.into()).await;
        assert_eq!(status, 400, "{q}");
        assert!(
            body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with(field),
            "{body}"
        );
    }
    // Text FTS would read as its own syntax is only words.
    let (status, _) = get("q=NEAR(%22a%22%20OR".into()).await;
    assert_eq!(status, 200);
}
