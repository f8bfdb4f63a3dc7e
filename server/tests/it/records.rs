//! The REST calls for reminders, weights and wellness scores, and that what
//! they write reaches devices through sync exactly once.

use crate::common;

use common::{Device, TestServer};
use reqwest::Method;
use serde_json::{Value, json};

/// A device of the server under test, calling as itself.
pub(crate) struct Caller<'a> {
    server: &'a TestServer,
    pub(crate) device: Device,
}

impl<'a> Caller<'a> {
    pub(crate) async fn register(server: &'a TestServer, user: &str) -> Self {
        Self {
            server,
            device: server.register(user).await,
        }
    }

    pub(crate) async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        self.server.call_as(&self.device, method, path, body).await
    }
}

#[tokio::test]
async fn prayer_reminders_are_created_toggled_and_deleted() {
    let server = TestServer::start().await;
    let me = Caller::register(&server, "user-1763790000000-remind").await;
    let (status, created) = me
        .call(Method::POST, "/api/prayer-reminders", Some(json!({"title": "Morning prayer", "description": "Psalm 5:3",
            "reminderTime": "07:30", "isActive": 1, "days": ["monday", "wednesday"], "prayerType": "morning", "userId": me.device.user})))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    assert_eq!(created["userId"], me.device.user);

    let (status, toggled) = me
        .call(
            Method::PATCH,
            &format!("/api/prayer-reminders/{id}"),
            Some(json!({"isActive": 0})),
        )
        .await;
    assert_eq!((status, &toggled["isActive"]), (200, &json!(0)));
    let (_, list) = me.call(Method::GET, "/api/prayer-reminders", None).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1));

    let (status, bad) = me
        .call(
            Method::POST,
            "/api/prayer-reminders",
            Some(json!({"title": "", "reminderTime": "07:30",
        "isActive": 1, "days": ["monday"], "prayerType": "morning"})),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        bad["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("title:"))
    );
    let (status, _) = me
        .call(
            Method::PATCH,
            "/api/prayer-reminders/nope",
            Some(json!({"isActive": 0})),
        )
        .await;
    assert_eq!(status, 404);

    let (status, _) = me
        .call(Method::DELETE, &format!("/api/prayer-reminders/{id}"), None)
        .await;
    assert_eq!(status, 204);
    let (_, list) = me.call(Method::GET, "/api/prayer-reminders", None).await;
    assert_eq!(list, json!([]));
}

#[tokio::test]
async fn weights_log_once_a_day_and_report_progress() {
    let server = TestServer::start().await;
    let me = Caller::register(&server, "user-1763790000000-weigh1").await;
    for (date, weight) in [
        ("2026-11-20", 1900),
        ("2026-11-21", 1895),
        ("2026-11-22", 1880),
        ("2026-11-22", 1890),
    ] {
        let (status, body) = me.call(Method::POST, "/api/weight-entries",
            Some(json!({"userId": me.device.user, "weight": weight, "date": date, "notes": null, "mood": "good"}))).await;
        assert_eq!(status, 201, "{body}");
    }
    let (_, list) = me
        .call(
            Method::GET,
            &format!("/api/weight-entries/{}", me.device.user),
            None,
        )
        .await;
    let list = list.as_array().expect("list");
    assert_eq!(list.len(), 3, "a day's second log replaces the first");
    assert_eq!(
        (list[0]["date"].as_str(), list[0]["weight"].as_u64()),
        (Some("2026-11-22"), Some(1890))
    );

    let (_, progress) = me
        .call(
            Method::GET,
            &format!("/api/weight-progress/{}?date=2026-11-22", me.device.user),
            None,
        )
        .await;
    assert_eq!(progress["totalLoss"], 10);
    assert_eq!(progress["streakDays"], 3);

    let (status, body) = me
        .call(
            Method::POST,
            "/api/weight-entries",
            Some(json!({"weight": 0, "date": "2026-11-23"})),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("weight:"))
    );
    let (status, _) = me
        .call(
            Method::POST,
            "/api/weight-entries",
            Some(json!({"weight": 1800})),
        )
        .await;
    assert_eq!(status, 400);

    let other = Caller::register(&server, "user-1763790000000-other3").await;
    let (status, _) = other
        .call(
            Method::GET,
            &format!("/api/weight-entries/{}", me.device.user),
            None,
        )
        .await;
    assert_eq!(status, 403, "another user's list is refused");
    let (status, _) = other
        .call(
            Method::POST,
            "/api/weight-entries",
            Some(json!({"userId": me.device.user, "weight": 1800, "date": "2026-11-22"})),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = server
        .get(&format!("/api/weight-entries/{}", me.device.user))
        .await;
    assert_eq!(status, 401, "no token, no data");
}

#[tokio::test]
async fn wellness_scores_check_their_grade_and_average_the_week() {
    let server = TestServer::start().await;
    let me = Caller::register(&server, "user-1763790000000-score1").await;
    let score = |date: &str, r: [u32; 5], grade: &str| {
        json!({"userId": me.device.user, "date": date, "score": r.iter().sum::<u32>(), "grade": grade,
               "responses": {"1": r[0], "2": r[1], "3": r[2], "4": r[3], "5": r[4]}})
    };
    let (status, body) = me
        .call(
            Method::POST,
            "/api/wellness-scores",
            Some(score("2026-11-21", [4, 4, 4, 4, 4], "Good")),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    me.call(
        Method::POST,
        "/api/wellness-scores",
        Some(score("2026-11-22", [5, 5, 5, 4, 4], "Great!")),
    )
    .await;
    me.call(
        Method::POST,
        "/api/wellness-scores",
        Some(score("2026-11-01", [1, 1, 1, 1, 1], "Needs Improvement")),
    )
    .await;
    let (status, body) = me
        .call(
            Method::POST,
            "/api/wellness-scores",
            Some(score("2026-11-20", [4, 4, 4, 4, 4], "Great!")),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("grade:")),
        "{body}"
    );

    let (_, avg) = me
        .call(
            Method::GET,
            &format!(
                "/api/wellness-scores/{}/weekly-average?date=2026-11-22",
                me.device.user
            ),
            None,
        )
        .await;
    assert_eq!(avg["average"], 21.5);
    assert_eq!(avg["count"], 2);

    // What REST wrote reaches the device through pull, once.
    let (_, page) = me
        .call(
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "deviceId": me.device.id})),
        )
        .await;
    let scores: Vec<&Value> = page["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter(|c| c["table"] == "wellnessScores")
        .collect();
    assert_eq!(scores.len(), 3);
    assert!(scores.iter().any(|c| c["id"] == "score:2026-11-22"));
}

#[tokio::test]
async fn record_lists_come_in_pages_that_follow_each_other() {
    let s = common::TestServer::start().await;
    let d = s.register("user-1700000000000-pages").await;
    let first: manna_core::Date = "2026-10-01".parse().expect("date");
    let mutations: Vec<Value> = (0..25)
        .map(|i| {
            let date = first.add_days(i).to_string();
            json!({"seq": i + 1, "table": "weightEntries", "id": format!("weight:{date}"),
                   "op": "put", "fields": {"weight": 1800 + i, "date": date}})
        })
        .collect();
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
        )
        .await;
    assert_eq!(status, 200);
    let base = format!("{}/api/weight-entries/{}", s.base, d.user);
    let get = |query: String| {
        s.client
            .get(format!("{base}{query}"))
            .header("X-User-ID", &d.user)
            .bearer_auth(&d.token)
            .send()
    };
    let mut dates = Vec::new();
    let mut pages = Vec::new();
    let mut query = "?limit=10".to_string();
    loop {
        let res = get(query.clone()).await.expect("page");
        assert_eq!(res.status(), 200);
        let next = res
            .headers()
            .get("x-next-cursor")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let page: Vec<Value> = res.json().await.expect("json");
        pages.push(page.len());
        dates.extend(
            page.iter()
                .map(|e| e["date"].as_str().unwrap_or_default().to_owned()),
        );
        match next {
            Some(cursor) => query = format!("?limit=10&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(pages, [10, 10, 5]);
    let mut expected: Vec<String> = (0..25).map(|i| first.add_days(i).to_string()).collect();
    expected.reverse();
    assert_eq!(dates, expected, "newest first, each once");
    // Without a limit, a page holds up to 1,000.
    let all: Vec<Value> = get(String::new())
        .await
        .expect("all")
        .json()
        .await
        .expect("json");
    assert_eq!(all.len(), 25);
    for bad in ["?limit=0", "?limit=5000", "?cursor=zz", "?cursor=7b7d"] {
        let res = get(bad.to_string()).await.expect("bad");
        assert_eq!(res.status(), 400, "{bad}");
    }
}

#[tokio::test]
async fn a_day_still_to_come_anywhere_on_earth_is_refused_for_weights_days_done_and_the_journal() {
    // 1 December 2026, 10:00 UTC: already 2 December in Kiribati (UTC+14).
    let server = TestServer::start_pinned(1_796_119_200_000, |_| {}).await;
    let me = Caller::register(&server, "user-1763790000000-ahead1").await;
    let (status, body) = me
        .call(
            Method::POST,
            "/api/weight-entries",
            Some(json!({"weight": 1700, "date": "2026-12-03"})),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["message"], "date: must be today or an earlier day");
    let (status, body) = me
        .call(
            Method::POST,
            "/api/weight-entries",
            Some(json!({"weight": 1700, "date": "2026-12-02"})),
        )
        .await;
    assert_eq!(status, 201, "today in the zone furthest ahead: {body}");

    let push = json!({"protocolVersion": 1, "deviceId": me.device.id, "mutations": [
        {"seq": 1, "table": "prayerJournal", "id": "journal-ahead", "op": "put",
         "fields": {"date": "2026-12-01", "title": "For Ruth", "content": "Healing", "category": "intercession",
                    "answered": true, "answeredOn": "2027-01-01"}},
        {"seq": 2, "table": "dailyCompletions", "id": "done:2026-12-25", "op": "put",
         "fields": {"date": "2026-12-25", "reading": true}},
        {"seq": 3, "table": "prayerJournal", "id": "journal-today", "op": "put",
         "fields": {"date": "2026-12-01", "title": "Thanks", "content": "For rain", "category": "gratitude"}},
    ]});
    let (status, answer) = me.call(Method::POST, "/api/sync/push", Some(push)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ackedSeq"], 3);
    let refused: Vec<&str> = answer["rejected"]
        .as_array()
        .expect("rejected")
        .iter()
        .filter_map(|r| r["message"].as_str())
        .collect();
    assert_eq!(refused.len(), 2, "{answer}");
    assert!(
        refused[0].starts_with("answeredOn: must be today"),
        "{refused:?}"
    );
    assert!(refused[1].starts_with("date: must be today"), "{refused:?}");
}
