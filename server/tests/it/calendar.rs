//! The calendar feed as a phone's calendar reads it: readings, reminders as
//! weekly repeating events, plan days and shopping days, at an address that
//! stops working once replaced or turned off.

use crate::common;

use common::TestServer;
use reqwest::Method;
use serde_json::json;

const USER: &str = "user-1763790000000-calendar";

#[tokio::test]
async fn the_feed_carries_readings_reminders_plan_and_shopping_days_until_turned_off() {
    let s = TestServer::start().await;
    let me = s.register(USER).await;
    let (status, off) = s
        .call_as(&me, Method::GET, "/api/calendar-feed", None)
        .await;
    assert_eq!((status, off["active"].clone()), (200, json!(false)));
    for (path, body) in [
        (
            "/api/prayer-reminders",
            json!({"title": "Morning prayer", "reminderTime": "06:30", "isActive": 1,
            "days": ["monday", "wednesday", "friday"], "prayerType": "morning", "description": "Psalms, then silence"}),
        ),
        (
            "/api/prayer-reminders",
            json!({"title": "Paused", "reminderTime": "21:00", "isActive": 0,
            "days": ["sunday"], "prayerType": "evening"}),
        ),
        (
            &format!("/api/users/{USER}/meal-plans"),
            json!({"mealPlanId": "whole-foods-reset-7day", "startDate": "2026-11-23"}),
        ),
    ] {
        let (status, answer) = s.call_as(&me, Method::POST, path, Some(body)).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, _) = s
        .call_as(
            &me,
            Method::POST,
            "/api/shopping-lists/generate",
            Some(json!({"planType": "pantry_staples"})),
        )
        .await;
    assert_eq!(status, 201);

    let (status, made) = s
        .call_as(&me, Method::POST, "/api/calendar-feed", Some(json!({})))
        .await;
    assert_eq!(status, 201, "{made}");
    let path = common::feed_path(made["url"].as_str().expect("url"));
    let res = s
        .client
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .expect("feed");
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap_or_default()
            .starts_with("text/calendar")
    );
    let ics = res.text().await.expect("text");
    let unfolded = ics.replace("\r\n ", "");
    assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"));
    assert!(
        unfolded.contains("SUMMARY:Morning prayer")
            && unfolded.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        "{unfolded}"
    );
    // The reminder rings: an alarm at its time, and only reminders have one.
    assert_eq!(
        unfolded
            .matches("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:PT0M\r\nDESCRIPTION:Morning prayer\r\nEND:VALARM")
            .count(),
        1,
        "{unfolded}"
    );
    assert!(
        !unfolded.contains("SUMMARY:Paused"),
        "a paused reminder is left out"
    );
    assert_eq!(unfolded.matches("SUMMARY:Bible reading: ").count(), 30);
    assert!(
        unfolded.contains("DTSTART;VALUE=DATE:20261129")
            && unfolded.contains("7-Day Whole-Foods Reset\\, day 7"),
        "the plan's seventh day"
    );
    assert!(
        !unfolded.contains("Shopping: Pantry Staples"),
        "a list with no start day is not on the calendar"
    );

    // A new address replaces the old; turning it off ends it.
    let (_, again) = s
        .call_as(&me, Method::POST, "/api/calendar-feed", Some(json!({})))
        .await;
    let (status, _) = s.get(&path).await;
    assert_eq!(status, 404, "the replaced address");
    let new_path = common::feed_path(again["url"].as_str().expect("url"));
    let (status, _) = s
        .call_as(&me, Method::DELETE, "/api/calendar-feed", None)
        .await;
    assert_eq!(status, 204);
    let (status, body) = s.get(&new_path).await;
    assert_eq!(status, 404, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("turned off")
    );
    let (status, _) = s.get("/api/calendar/not-a-secret.ics").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_address_made_before_logging_in_carries_on_for_the_account() {
    let s = TestServer::start().await;
    let a = s.register("user-1763790000000-acct1").await;
    let form = common::form(
        "naomi@example.org",
        "correct horse",
        "correct horse",
        "Naomi",
    );
    let (status, body, _) = s.register_account(&a, form).await;
    assert_eq!(status, 201, "{body}");
    // Another phone, still anonymous, sets a reminder and makes its address.
    let b = s.register("user-1763790000000-phone2").await;
    let reminder = json!({"title": "Noon psalm", "reminderTime": "12:00", "isActive": 1,
        "days": ["tuesday"], "prayerType": "custom"});
    let (status, _) = s
        .call_as(&b, Method::POST, "/api/prayer-reminders", Some(reminder))
        .await;
    assert_eq!(status, 201);
    let (_, made) = s
        .call_as(&b, Method::POST, "/api/calendar-feed", Some(json!({})))
        .await;
    let path = common::feed_path(made["url"].as_str().expect("url"));
    let login = json!({"email": "naomi@example.org", "password": "correct horse"});
    let (status, body) = s
        .call_as(&b, Method::POST, "/api/auth/login", Some(login))
        .await;
    assert_eq!(status, 200, "{body}");
    let ics = s
        .client
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .expect("feed")
        .text()
        .await
        .expect("text");
    assert!(
        ics.contains("SUMMARY:Noon psalm"),
        "the claimed reminder is in the account's feed"
    );
}
