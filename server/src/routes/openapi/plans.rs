//! The calls of plans and shopping lists, and the figures of the records.

use super::doc::{Doc, Who, date, op};
use crate::content::meal_plans::MealPlan;
use crate::planning::SavedList;
use manna_core::meals::MenuDay;
use manna_core::{WeeklyAverage, WeightProgress};
use manna_sync_protocol::records::plans::PersonalizedPlan;
use serde_json::json;

/// Adds the plans' and the figures' calls.
pub fn add(doc: &mut Doc) {
    plans(doc);
    records_figures(doc);
}

fn plans(doc: &mut Doc) {
    let plans = doc.list::<MealPlan>();
    doc.add(
        "get",
        "/api/meal-plans",
        op("The wholistic meal plans", Who::Anyone).ok(plans),
    );
    let plan = doc.schema::<MealPlan>();
    doc.add(
        "get",
        "/api/meal-plans/{id}",
        op(
            "One meal plan (a premium one's lists for members only)",
            Who::Anyone,
        )
        .path("id", "The plan's id")
        .ok(plan),
    );
    let days = doc.list::<MenuDay>();
    doc.add(
        "get",
        "/api/meal-plans/{id}/days",
        op(
            "A meal plan's days (a premium plan's for members only)",
            Who::Anyone,
        )
        .path("id", "The plan's id")
        .ok(days),
    );
    doc.add(
        "get",
        "/api/meal-catalogue",
        op(
            "The meal catalogue plans and shopping lists are built from",
            Who::Anyone,
        )
        .ok(json!({"type": "object"})),
    );
    let plan = doc.schema::<PersonalizedPlan>();
    let saved_plan = json!({"allOf": [plan, {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}]});
    doc.add(
        "post",
        "/api/wellness-goals/{goalId}/create-plans",
        op(
            "Builds and saves a goal's 30-day meal plan and fitness challenge",
            Who::Device,
        )
        .path("goalId", "The wellness goal's id")
        .answers(
            201,
            Some(json!({"type": "array", "items": saved_plan})),
            "The two plans, saved",
        ),
    );
    let list = doc.schema::<SavedList>();
    let generate = doc.named(
        "GenerateList",
        json!({"type": "object", "required": ["planType"], "properties": {
            "userId": {"type": "string"},
            "planType": {"enum": ["anti_inflammatory", "digestive_healing", "protein_power", "pantry_staples"]},
            "weekNumber": {"type": "integer", "minimum": 1, "maximum": 4}}}),
    );
    doc.add(
        "post",
        "/api/shopping-lists/generate",
        op("A generate button's shopping list, saved", Who::Device)
            .body(generate)
            .answers(201, Some(list.clone()), "The list, saved"),
    );
    let calendar = doc.named(
        "GenerateCalendar",
        json!({"type": "object", "required": ["planId", "startDate"], "properties": {
            "userId": {"type": "string"}, "planId": {"type": "string"}, "startDate": date()}}),
    );
    doc.add(
        "post",
        "/api/shopping-lists/generate-30-day",
        op(
            "The shopping calendar's four weekly lists, saved",
            Who::Member,
        )
        .body(calendar)
        .answers(
            201,
            Some(json!({"type": "array", "items": list})),
            "The four lists, saved",
        ),
    );
}

fn records_figures(doc: &mut Doc) {
    let progress = doc.schema::<WeightProgress>();
    doc.add(
        "get",
        "/api/weight-progress/{userId}",
        op("Weight progress from the user's entries", Who::Device)
            .path("userId", "The caller's user id")
            .query("date", date(), "Today (default: the server's)")
            .ok(progress),
    );
    let average = doc.schema::<WeeklyAverage>();
    doc.add(
        "get",
        "/api/wellness-scores/{userId}/weekly-average",
        op(
            "The average wellness score of the 7 days up to the date",
            Who::Device,
        )
        .path("userId", "The caller's user id")
        .query("date", date(), "The last day (default: the server's)")
        .ok(average),
    );
}
