//! The plan records through the spec's REST calls: goals, the plans built
//! from them and progress marks.

use crate::common;

use common::{Device, TestServer};
use manna_core::meals::{Catalogue, plans_for_goal};
use reqwest::Method;
use serde_json::{Value, json};

pub(crate) const OWNER: &str = "owner@manna.test";
pub(crate) const USER: &str = "user-1763790000000-plans1";

pub(crate) async fn server() -> TestServer {
    TestServer::start_with(|c| c.owner_emails = vec![OWNER.into()]).await
}

fn goal() -> Value {
    json!({"primaryGoal": "weight_loss", "currentFitnessLevel": "beginner", "gender": "female",
        "timeCommitment": "15min", "budget": "budget_friendly",
        "dietaryRestrictions": ["nut_allergies", "vegetarian"], "healthConcerns": ["joint_health"]})
}

pub(crate) async fn call(
    s: &TestServer,
    d: &Device,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    s.call_as(d, method, path, body).await
}

pub(crate) fn list(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_goal_is_saved_checked_and_listed_for_its_owner_only() {
    let s = server().await;
    let me = s.register(USER).await;
    let (status, saved) = call(&s, &me, Method::POST, "/api/wellness-goals", Some(goal())).await;
    assert_eq!(status, 201, "{saved}");
    assert!(
        saved["createdAt"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z')),
        "{saved}"
    );
    let mut missing = goal();
    missing
        .as_object_mut()
        .expect("object")
        .remove("primaryGoal");
    let (status, body) = call(&s, &me, Method::POST, "/api/wellness-goals", Some(missing)).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("primaryGoal"),
        "{body}"
    );
    let mut wrong = goal();
    wrong["timeCommitment"] = json!("90min");
    let (status, body) = call(&s, &me, Method::POST, "/api/wellness-goals", Some(wrong)).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("timeCommitment"),
        "{body}"
    );

    let (status, goals) = call(
        &s,
        &me,
        Method::GET,
        &format!("/api/wellness-goals/user/{USER}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(list(&goals).len(), 1, "the refused ones were not kept");
    let (status, _) = call(
        &s,
        &me,
        Method::GET,
        "/api/wellness-goals/user/user-1763790000000-other",
        None,
    )
    .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn create_plans_builds_the_same_two_plans_the_app_builds() {
    let s = server().await;
    let me = s.register(USER).await;
    let (_, saved) = call(&s, &me, Method::POST, "/api/wellness-goals", Some(goal())).await;
    let goal_id = saved["id"].as_str().expect("id").to_string();
    let (status, plans) = call(
        &s,
        &me,
        Method::POST,
        &format!("/api/wellness-goals/{goal_id}/create-plans"),
        None,
    )
    .await;
    assert_eq!(status, 201, "{plans}");
    let (status, listed) = call(&s, &me, Method::GET, "/api/personalized-plans/user", None).await;
    assert_eq!(status, 200);
    let listed = list(&listed);
    assert_eq!(listed.len(), 2);
    let types: Vec<&str> = listed
        .iter()
        .filter_map(|p| p["planType"].as_str())
        .collect();
    assert!(
        types.contains(&"meal_plan") && types.contains(&"fitness_challenge"),
        "{types:?}"
    );
    for p in &listed {
        assert_eq!(list(&p["dailyPlans"]).len(), 30);
        assert_eq!(p["goalId"], goal_id);
    }
    // The same goal through the core, as the browser runs it: the same days.
    let catalogue = Catalogue::from_json(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/content/meal-catalogue.json"
        ))
        .expect("file"),
    )
    .expect("reads");
    let mut fields = saved.as_object().cloned().expect("object");
    fields.remove("id");
    fields.remove("userId");
    let [meal, _] = plans_for_goal(&catalogue, &fields, &goal_id).expect("a valid goal");
    let served = list(&plans)
        .into_iter()
        .find(|p| p["planType"] == "meal_plan")
        .expect("meal plan");
    assert_eq!(served["dailyPlans"], json!(meal.daily_plans));
    // Vegetarian and nut-free: no meat, fish or nuts on any day.
    let text = served["dailyPlans"].to_string().to_lowercase();
    for word in [
        "chicken", "salmon", "turkey", "beef", "walnut", "almond", "peanut", "shrimp",
    ] {
        assert!(
            !text.contains(word),
            "{word} in a vegetarian, nut-free plan"
        );
    }

    let (status, body) = call(
        &s,
        &me,
        Method::POST,
        "/api/wellness-goals/goal-nothing/create-plans",
        None,
    )
    .await;
    assert_eq!(status, 404, "{body}");
}

#[tokio::test]
async fn a_day_is_ticked_once_however_often_it_is_ticked() {
    let s = server().await;
    let me = s.register(USER).await;
    let tick = json!({"planId": "anti-inflammatory-7day", "day": 4, "completed": true, "completedAt": "2026-11-23T08:00:00Z"});
    let (status, first) = call(
        &s,
        &me,
        Method::POST,
        "/api/plan-progress",
        Some(tick.clone()),
    )
    .await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["id"], "progress:anti-inflammatory-7day:4");
    let (status, _) = call(&s, &me, Method::POST, "/api/plan-progress", Some(tick)).await;
    assert_eq!(status, 201);
    let (_, marks) = call(&s, &me, Method::GET, "/api/plan-progress/user", None).await;
    assert_eq!(list(&marks).len(), 1, "{marks}");
    let (status, body) = call(
        &s,
        &me,
        Method::POST,
        "/api/plan-progress",
        Some(json!({"planId": "x", "completed": true})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap_or_default().contains("day"),
        "{body}"
    );
}
