//! The operations of the plans' and shopping lists' calls, and of the
//! records' figures.

use super::doc::{Doc, Op, Who, date, op};
use crate::content::meal_plans::MealPlan;
use crate::planning::SavedList;
use manna_core::meals::MenuDay;
use manna_core::{WeeklyAverage, WeightProgress};
use manna_sync_protocol::records::plans::PersonalizedPlan;
use serde_json::json;

/// `GET /api/meal-plans`.
pub fn meal_plans_list(doc: &mut Doc) -> Op {
    let plans = doc.list::<MealPlan>();
    op("The wholistic meal plans", Who::Anyone).ok(plans)
}

/// `GET /api/meal-plans/{id}`.
pub fn meal_plan(doc: &mut Doc) -> Op {
    let plan = doc.schema::<MealPlan>();
    op(
        "One meal plan (a premium one's lists for members only)",
        Who::Anyone,
    )
    .path("id", "The plan's id")
    .ok(plan)
}

/// `GET /api/meal-plans/{id}/days`.
pub fn meal_plan_days(doc: &mut Doc) -> Op {
    let days = doc.list::<MenuDay>();
    op(
        "A meal plan's days (a premium plan's for members only)",
        Who::Anyone,
    )
    .path("id", "The plan's id")
    .ok(days)
}

/// `GET /api/meal-catalogue`.
pub fn catalogue(_doc: &mut Doc) -> Op {
    op(
        "The meal catalogue plans and shopping lists are built from",
        Who::Anyone,
    )
    .ok(json!({"type": "object"}))
}

/// `POST /api/wellness-goals/{goalId}/create-plans`.
pub fn create_plans(doc: &mut Doc) -> Op {
    let plan = doc.schema::<PersonalizedPlan>();
    let saved_plan = json!({"allOf": [plan, {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}]});
    op(
        "Builds and saves a goal's 30-day meal plan and fitness challenge",
        Who::Device,
    )
    .path("goalId", "The wellness goal's id")
    .answers(
        201,
        Some(json!({"type": "array", "items": saved_plan})),
        "The two plans, saved",
    )
}

/// `POST /api/shopping-lists/generate`.
pub fn generate_list(doc: &mut Doc) -> Op {
    let list = doc.schema::<SavedList>();
    let generate = doc.named(
        "GenerateList",
        json!({"type": "object", "required": ["planType"], "properties": {
            "userId": {"type": "string"},
            "planType": {"enum": ["anti_inflammatory", "digestive_healing", "protein_power", "pantry_staples"]},
            "weekNumber": {"type": "integer", "minimum": 1, "maximum": 4}}}),
    );
    op("A generate button's shopping list, saved", Who::Device)
        .body(generate)
        .answers(201, Some(list), "The list, saved")
}

/// `POST /api/shopping-lists/generate-30-day`.
pub fn generate_calendar(doc: &mut Doc) -> Op {
    let list = doc.schema::<SavedList>();
    let calendar = doc.named(
        "GenerateCalendar",
        json!({"type": "object", "required": ["planId", "startDate"], "properties": {
            "userId": {"type": "string"}, "planId": {"type": "string"}, "startDate": date()}}),
    );
    op(
        "The shopping calendar's four weekly lists, saved",
        Who::Member,
    )
    .body(calendar)
    .answers(
        201,
        Some(json!({"type": "array", "items": list})),
        "The four lists, saved",
    )
}

/// `GET /api/weight-progress/{userId}`.
pub fn weight_progress(doc: &mut Doc) -> Op {
    let progress = doc.schema::<WeightProgress>();
    op("Weight progress from the user's entries", Who::Device)
        .path("userId", "The caller's user id")
        .query("date", date(), "Today (default: the server's)")
        .ok(progress)
}

/// `GET /api/wellness-scores/{userId}/weekly-average`.
pub fn scores_weekly_average(doc: &mut Doc) -> Op {
    let average = doc.schema::<WeeklyAverage>();
    op(
        "The average wellness score of the 7 days up to the date",
        Who::Device,
    )
    .path("userId", "The caller's user id")
    .query("date", date(), "The last day (default: the server's)")
    .ok(average)
}
