//! Shopping through the spec's REST calls: meal plan enrollments, a week's
//! list fitted to them with its checks, the shopping calendar, and two phones
//! checking one list at once.

use crate::common;
use crate::planning::{OWNER, USER, call, list, server};

use common::pay::owner_device;
use common::{Device, TestServer};
use reqwest::Method;
use serde_json::{Value, json};

async fn enroll(s: &TestServer, me: &Device, plan: &str, allergies: Value) {
    let (status, body) = call(
        s,
        me,
        Method::POST,
        &format!("/api/users/{USER}/meal-plans"),
        Some(json!({"mealPlanId": plan, "startDate": "2026-11-23",
            "preferences": {"allergies": allergies, "dislikes": ["mushrooms"], "dietaryRestrictions": []}})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn a_weeks_list_keeps_to_the_enrollment_and_counts_its_checks() {
    let s = server().await;
    let me = s.register(USER).await;
    let (status, _) = call(
        &s,
        &me,
        Method::POST,
        "/api/users/user-1763790000000-other/meal-plans",
        Some(json!({"mealPlanId": "anti-inflammatory-7day", "startDate": "2026-11-23"})),
    )
    .await;
    assert_eq!(status, 403, "another user's enrollment is refused");
    enroll(&s, &me, "anti-inflammatory-7day", json!(["nuts"])).await;

    let (status, made) = call(
        &s,
        &me,
        Method::POST,
        "/api/shopping-lists/generate",
        Some(json!({"userId": USER, "planType": "anti_inflammatory", "weekNumber": 1})),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["title"], "Anti-Inflammatory Week 1");
    assert!(
        made["totalItems"].as_u64().is_some_and(|n| n > 10),
        "{made}"
    );
    let list_id = made["id"].as_str().expect("id").to_string();
    let (_, items) = call(
        &s,
        &me,
        Method::GET,
        &format!("/api/shopping-list-items/{list_id}"),
        None,
    )
    .await;
    let items = list(&items);
    assert_eq!(
        items.len() as u64,
        made["totalItems"].as_u64().expect("count")
    );
    for item in &items {
        let name = item["itemName"].as_str().unwrap_or_default();
        for nut in ["walnut", "almond", "peanut", "mushroom"] {
            assert!(
                !name.contains(nut),
                "{name} on a nut-free, mushroom-free list"
            );
        }
        assert!(item["estimatedPrice"].as_u64().is_some_and(|c| c > 0));
    }
    let total: u64 = items
        .iter()
        .filter_map(|i| i["estimatedPrice"].as_u64())
        .sum();
    assert_eq!(json!(total), made["estimatedCost"]);

    // Two checks from two devices land on the list's count.
    let (a, b) = (&items[0], &items[1]);
    for item in [a, b] {
        let (status, body) = call(
            &s,
            &me,
            Method::PATCH,
            &format!(
                "/api/shopping-list-items/{}",
                item["id"].as_str().expect("id")
            ),
            Some(json!({"isChecked": true, "checkedAt": "2026-11-23T17:00:00Z"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, lists) = call(
        &s,
        &me,
        Method::GET,
        &format!("/api/shopping-lists/user/{USER}"),
        None,
    )
    .await;
    let mine = list(&lists)
        .into_iter()
        .find(|l| l["id"] == list_id.as_str())
        .expect("the list");
    assert_eq!(
        (mine["checkedItems"].clone(), mine["totalItems"].clone()),
        (json!(2), made["totalItems"].clone())
    );
    assert_eq!(mine["status"], "active");

    for (body, field) in [
        (json!({"planType": "cake"}), "planType"),
        (
            json!({"planType": "protein_power", "weekNumber": 9}),
            "weekNumber",
        ),
    ] {
        let (status, answer) = call(
            &s,
            &me,
            Method::POST,
            "/api/shopping-lists/generate",
            Some(body),
        )
        .await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with(field),
            "{answer}"
        );
    }
    let (status, pantry) = call(
        &s,
        &me,
        Method::POST,
        "/api/shopping-lists/generate",
        Some(json!({"planType": "pantry_staples"})),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(
        (pantry["title"].clone(), pantry["weekNumber"].clone()),
        (json!("Pantry Staples"), Value::Null)
    );

    // Deleting a list deletes its items.
    let (status, _) = call(
        &s,
        &me,
        Method::DELETE,
        &format!("/api/shopping-lists/{list_id}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (_, left) = call(
        &s,
        &me,
        Method::GET,
        &format!("/api/shopping-list-items/{list_id}"),
        None,
    )
    .await;
    assert!(list(&left).is_empty(), "{left}");
}

#[tokio::test]
async fn the_calendar_makes_four_weekly_lists_for_members() {
    let s = server().await;
    let free = s.register(USER).await;
    let body = json!({"planId": "whole-foods-reset-7day", "startDate": "2026-11-23"});
    let (status, answer) = call(
        &s,
        &free,
        Method::POST,
        "/api/shopping-lists/generate-30-day",
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, 403, "{answer}");
    let member = owner_device(&s, "user-1763790000000-owner", OWNER).await;
    let (status, lists) = call(
        &s,
        &member,
        Method::POST,
        "/api/shopping-lists/generate-30-day",
        Some(body),
    )
    .await;
    assert_eq!(status, 201, "{lists}");
    let lists = list(&lists);
    let weeks: Vec<u64> = lists
        .iter()
        .filter_map(|l| l["weekNumber"].as_u64())
        .collect();
    assert_eq!(weeks, [1, 2, 3, 4]);
    assert!(lists.iter().all(|l| {
        l["title"]
            .as_str()
            .is_some_and(|t| t.contains("7-Day Whole-Foods"))
    }));
    let (_, saved) = call(
        &s,
        &member,
        Method::GET,
        "/api/shopping-lists/user/user-1763790000000-owner",
        None,
    )
    .await;
    assert!(
        list(&saved)
            .iter()
            .all(|l| l["planId"] == "whole-foods-reset-7day" && l["startDate"] == "2026-11-23")
    );
    for (body, field) in [
        (json!({"startDate": "2026-11-23"}), "planId"),
        (
            json!({"planId": "whole-foods-reset-7day", "startDate": "soon"}),
            "startDate",
        ),
        (
            json!({"planId": "no-plan", "startDate": "2026-11-23"}),
            "no meal plan",
        ),
    ] {
        let (status, answer) = call(
            &s,
            &member,
            Method::POST,
            "/api/shopping-lists/generate-30-day",
            Some(body),
        )
        .await;
        assert!(status == 400 || status == 404, "{answer}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap_or_default()
                .contains(field),
            "{answer}"
        );
    }
}

async fn push(s: &TestServer, d: &Device, mutations: Value) -> (u16, Value) {
    let body = json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations});
    s.call_as(d, Method::POST, "/api/sync/push", Some(body))
        .await
}

#[tokio::test]
async fn two_phones_checking_one_list_at_once_keep_every_check() {
    let s = server().await;
    let a = s.register(USER).await;
    let b = common::second_device(&s, &a, "dev-partner-phone", "token-of-partner-phone").await;
    let (_, made) = call(
        &s,
        &a,
        Method::POST,
        "/api/shopping-lists/generate",
        Some(json!({"planType": "pantry_staples"})),
    )
    .await;
    let list_id = made["id"].as_str().expect("id").to_string();
    let (_, items) = call(
        &s,
        &a,
        Method::GET,
        &format!("/api/shopping-list-items/{list_id}"),
        None,
    )
    .await;
    let ids: Vec<String> = list(&items)
        .iter()
        .map(|i| i["id"].as_str().expect("id").to_string())
        .collect();
    let check = |seq: u64, id: &str, at: &str| {
        json!({"seq": seq, "table": "shoppingListItems", "id": id, "op": "patch",
            "fields": {"isChecked": true, "checkedAt": at}, "baseVersion": null})
    };
    // Both phones, offline in the shop, check items (one item on both), then push at once.
    let (ra, rb) = tokio::join!(
        push(
            &s,
            &a,
            json!([
                check(1, &ids[0], "2026-11-23T17:00:00Z"),
                check(2, &ids[1], "2026-11-23T17:01:00Z")
            ])
        ),
        push(
            &s,
            &b,
            json!([
                check(1, &ids[1], "2026-11-23T17:01:30Z"),
                check(2, &ids[2], "2026-11-23T17:02:00Z")
            ])
        ),
    );
    assert_eq!((ra.0, rb.0), (200, 200), "{} {}", ra.1, rb.1);
    // A retried push (the phone lost the answer) changes nothing.
    let (status, again) = push(
        &s,
        &b,
        json!([
            check(1, &ids[1], "2026-11-23T17:01:30Z"),
            check(2, &ids[2], "2026-11-23T17:02:00Z")
        ]),
    )
    .await;
    assert_eq!(status, 200, "{again}");
    let (_, after) = call(
        &s,
        &a,
        Method::GET,
        &format!("/api/shopping-list-items/{list_id}"),
        None,
    )
    .await;
    let after = list(&after);
    assert_eq!(after.len(), ids.len(), "no item added or lost");
    let checked: Vec<&str> = after
        .iter()
        .filter(|i| i["isChecked"] == true)
        .filter_map(|i| i["id"].as_str())
        .collect();
    assert_eq!(checked.len(), 3, "{checked:?}");
    for id in &ids[..3] {
        assert!(checked.contains(&id.as_str()), "{id} lost its check");
    }
    let (_, lists) = call(
        &s,
        &a,
        Method::GET,
        &format!("/api/shopping-lists/user/{USER}"),
        None,
    )
    .await;
    assert_eq!(list(&lists)[0]["checkedItems"], 3);
}
