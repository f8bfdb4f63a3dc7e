//! Meal plans and the meal catalogue as a client sees them, and the real
//! catalogue held to the plan rules: whatever a person's single restriction,
//! thirty days without an excluded ingredient and no dinner twice in a week.

use crate::common;

use common::TestServer;
use common::pay::owner_device;
use manna_core::meals::catalogue::Meal;
use manna_core::meals::{Catalogue, Exclusions, generate};
use manna_sync_protocol::records::wellness::*;
use reqwest::Method;
use serde_json::{Value, json};

const OWNER: &str = "owner@manna.test";

async fn server() -> TestServer {
    TestServer::start_with(|c| c.owner_emails = vec![OWNER.into()]).await
}

fn list(v: &Value) -> &Vec<Value> {
    v.as_array().expect("a list")
}

#[tokio::test]
async fn three_plans_a_category_with_their_principles_and_a_thirty_day_one() {
    let s = server().await;
    let (status, plans) = s.get("/api/meal-plans").await;
    assert_eq!(status, 200, "{plans}");
    let plans = list(&plans);
    for category in [
        "anti-inflammatory",
        "digestive-comfort",
        "whole-foods-reset",
    ] {
        let of: Vec<&Value> = plans.iter().filter(|p| p["category"] == category).collect();
        assert!(of.len() >= 3, "{category}: {} plans", of.len());
        assert!(
            of.iter().any(|p| p["dayCount"] == 30),
            "{category} has a 30-day plan"
        );
    }
    for p in plans {
        assert!(list(&p["principles"]).len() >= 3, "{}", p["id"]);
        let count: u64 = p["duration"]
            .as_str()
            .and_then(|d| d.split('-').next()?.parse().ok())
            .expect("N-Day");
        assert_eq!(p["dayCount"], count);
        // A stranger gets a premium plan's card, with no guidelines and no
        // shopping list; a free plan's whole.
        assert_eq!(p["locked"], p["isPremium"], "{}", p["id"]);
        let open = p["isPremium"] == false;
        assert_eq!(!list(&p["guidelines"]).is_empty(), open, "{}", p["id"]);
        assert_eq!(!list(&p["shoppingList"]).is_empty(), open, "{}", p["id"]);
    }
    let (status, body) = s.get("/api/meal-plans/no-such-plan").await;
    assert_eq!(status, 404, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("no-such-plan")
    );
}

#[tokio::test]
async fn a_free_plan_has_full_days_and_a_merged_shopping_list() {
    let s = server().await;
    let (status, plan) = s.get("/api/meal-plans/anti-inflammatory-7day").await;
    assert_eq!(status, 200, "{plan}");
    assert_eq!(plan["locked"], false);
    let shopping: Vec<&str> = list(&plan["shoppingList"])
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(shopping.len() > 10, "{shopping:?}");
    // Each ingredient once, its amounts added up ("3 cups spinach", not three lines).
    let names: Vec<String> = shopping
        .iter()
        .map(|l| {
            l.split_whitespace()
                .skip_while(|w| {
                    w.chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_digit() || c == '/')
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{shopping:?}");

    let (status, days) = s.get("/api/meal-plans/anti-inflammatory-7day/days").await;
    assert_eq!(status, 200, "{days}");
    let days = list(&days);
    assert_eq!(days.len(), 7);
    for (i, d) in days.iter().enumerate() {
        assert_eq!(d["dayNumber"], i as u64 + 1);
        for meal in ["breakfast", "lunch", "dinner"] {
            assert!(
                d[meal]["name"].as_str().is_some_and(|n| !n.is_empty()),
                "day {i} {meal}"
            );
            assert!(!list(&d[meal]["ingredients"]).is_empty());
            assert!(d[meal]["benefits"].as_str().is_some());
        }
        assert!(!list(&d["snacks"]).is_empty() && !list(&d["beverages"]).is_empty());
        assert!(d["theme"].as_str().is_some() && d["tips"].as_str().is_some());
    }
}

#[tokio::test]
async fn premium_plans_open_to_members_only() {
    let s = server().await;
    let free = s.register("user-1763790000000-free1").await;
    let path = "/api/meal-plans/whole-foods-reset-30day";
    let (status, plan) = s.call_as(&free, Method::GET, path, None).await;
    assert_eq!(status, 200, "{plan}");
    assert_eq!(
        (plan["isPremium"].clone(), plan["locked"].clone()),
        (json!(true), json!(true))
    );
    assert!(list(&plan["shoppingList"]).is_empty() && list(&plan["guidelines"]).is_empty());
    assert!(
        list(&plan["principles"]).len() >= 3,
        "the card's teaser stays"
    );
    let (status, body) = s
        .call_as(&free, Method::GET, &format!("{path}/days"), None)
        .await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Premium membership required")
    );
    let (status, _) = s.get(&format!("{path}/days")).await;
    assert_eq!(status, 403, "a stranger is refused too");

    let member = owner_device(&s, "user-1763790000000-owner", OWNER).await;
    let (status, plan) = s.call_as(&member, Method::GET, path, None).await;
    assert_eq!(status, 200);
    assert_eq!(plan["locked"], false);
    assert!(!list(&plan["shoppingList"]).is_empty());
    let (status, days) = s
        .call_as(&member, Method::GET, &format!("{path}/days"), None)
        .await;
    assert_eq!(status, 200, "{days}");
    assert_eq!(list(&days).len(), 30);
}

fn real_catalogue() -> Catalogue {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/content/meal-catalogue.json");
    Catalogue::from_json(&std::fs::read_to_string(path).expect("the catalogue file"))
        .expect("it reads")
}

#[tokio::test]
async fn the_app_downloads_the_catalogue_the_server_builds_from() {
    let s = TestServer::start().await;
    let (status, body) = s.get("/api/meal-catalogue").await;
    assert_eq!(status, 200);
    let served = Catalogue::from_json(&body.to_string()).expect("the served catalogue reads");
    assert_eq!(served, real_catalogue());
}

fn goal(restriction: DietaryRestriction) -> WellnessGoal {
    WellnessGoal {
        primary_goal: PrimaryGoal::GeneralHealth,
        current_fitness_level: FitnessLevel::Beginner,
        gender: Gender::Female,
        time_commitment: TimeCommitment::Thirty,
        budget: Budget::Moderate,
        dietary_restrictions: vec![restriction],
        health_concerns: vec![],
        preferred_meal_types: vec![],
        motivation: None,
        start_weight: None,
        target_weight: None,
        created_at: None,
    }
}

#[test]
fn every_single_restriction_gets_thirty_days_with_no_dinner_twice_in_a_week() {
    let catalogue = real_catalogue();
    for restriction in DietaryRestriction::ALL {
        let exclusions = Exclusions::new(&[*restriction], &[], &[]);
        for meal in Meal::ALL {
            let allowed = catalogue
                .recipes
                .iter()
                .filter(|r| r.meal == meal && exclusions.allows_recipe(&catalogue, r))
                .count();
            assert!(
                allowed >= 7,
                "{restriction:?}: only {allowed} {meal:?} recipes"
            );
        }
        for seed in ["goal-a", "goal-b", "goal-c"] {
            let [meals, fitness] = generate(&catalogue, &goal(*restriction), seed);
            assert_eq!(
                (meals.daily_plans.len(), fitness.daily_plans.len()),
                (30, 30)
            );
            let dinners: Vec<&str> = meals
                .daily_plans
                .iter()
                .map(|d| {
                    d.dinner
                        .as_ref()
                        .expect("a dinner every day")
                        .recipe_id
                        .as_str()
                })
                .collect();
            for week in dinners.windows(7) {
                let mut ids = week.to_vec();
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), 7, "{restriction:?} {seed}: {week:?}");
            }
            for day in &meals.daily_plans {
                for m in [&day.breakfast, &day.lunch, &day.dinner, &day.snack]
                    .into_iter()
                    .flatten()
                {
                    for line in &m.ingredients {
                        let l = catalogue.line(line).expect("reads");
                        assert!(
                            exclusions.allows(l.ingredient),
                            "{restriction:?}: {line} in {}",
                            m.name
                        );
                    }
                }
            }
        }
    }
}

/// A plan renamed (the spec's `detox` plans are now the Whole-Foods Reset)
/// is still found by its old id, and the records that name it so are brought
/// to its new id, as a change every device pulls.
#[tokio::test]
async fn a_renamed_plan_is_found_by_its_old_id_and_records_move_to_the_new_one() {
    let s = server().await;
    let (status, plan) = s.get("/api/meal-plans/detox-7day").await;
    assert_eq!(status, 200, "{plan}");
    assert_eq!(plan["id"], "whole-foods-reset-7day");
    assert_eq!(plan["category"], "whole-foods-reset");
    let (status, days) = s.get("/api/meal-plans/digestive-healing-7day/days").await;
    assert_eq!((status, list(&days).len()), (200, 7), "{days}");

    let user = "user-1763790000000-renamed";
    let me = s.register(user).await;
    let path = format!("/api/users/{user}/meal-plans");
    let (status, made) = s
        .call_as(
            &me,
            Method::POST,
            &path,
            Some(json!({"mealPlanId": "detox-7day", "startDate": "2026-11-23"})),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let renamed = manna_server::renames::rename_old_ids(
        &s.state.store,
        s.state.gate(),
        s.state.clock.now_ms(),
    )
    .await
    .expect("renamed");
    assert_eq!(renamed, 1);
    let (status, mine) = s.call_as(&me, Method::GET, &path, None).await;
    assert_eq!(status, 200, "{mine}");
    let ids: Vec<&Value> = list(&mine).iter().map(|e| &e["mealPlanId"]).collect();
    assert_eq!(ids, [&json!("whole-foods-reset-7day")]);
    // Nothing else moves, and a second pass finds nothing left to change.
    assert_eq!(
        manna_server::renames::rename_old_ids(
            &s.state.store,
            s.state.gate(),
            s.state.clock.now_ms()
        )
        .await
        .expect("renamed"),
        0
    );
}
