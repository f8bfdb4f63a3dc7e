//! Personalised 30-day plans, progress through them and meal-plan enrollments.

use super::read::{FromField, record};
use super::{Record, TITLE_MAX, not_blank};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// Longest plan, in days.
pub const PLAN_MAX_DAYS: usize = 366;

wire_enum! {
    pub enum PlanType {
        MealPlan = "meal_plan",
        FitnessChallenge = "fitness_challenge",
    }
}

/// One day of a plan: an object whose inner shape is the plan generator's.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(type = "Record<string, unknown>")]
pub struct PlanDay(serde_json::Map<String, Value>);

impl FromField for PlanDay {
    fn from_value(value: &Value) -> Result<Self, String> {
        value
            .as_object()
            .map(|o| PlanDay(o.clone()))
            .ok_or_else(|| super::read::must("an object", value))
    }
}

record! {
    pub struct PersonalizedPlan as "a personalised plan" {
        plan_type: PlanType,
        plan_name: String,
        title: String,
        description: String,
        created_at: String,
        daily_plans: Vec<PlanDay>,
        tips: Vec<String> = Vec::new(),
        goal_id: Option<String>,
    }
}

impl Record for PersonalizedPlan {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("title", &self.title, TITLE_MAX)?;
        if self.daily_plans.len() > PLAN_MAX_DAYS {
            return Err(FieldError::new(
                "dailyPlans",
                format!("at most {PLAN_MAX_DAYS} days"),
            ));
        }
        Ok(())
    }
}

record! {
    pub struct PlanProgress as "a plan progress mark" {
        plan_id: String,
        day: u32,
        completed: bool,
        completed_at: Option<String>,
    }
}

impl Record for PlanProgress {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("planId", &self.plan_id, TITLE_MAX)
    }
}

record! {
    /// What a person leaves out of a meal plan.
    pub struct Preferences as "the preferences" {
        allergies: Vec<String> = Vec::new(),
        dislikes: Vec<String> = Vec::new(),
        dietary_restrictions: Vec<String> = Vec::new(),
    }
}

record! {
    pub struct MealPlanEnrollment as "a meal plan enrollment" {
        meal_plan_id: String,
        start_date: Date,
        preferences: Option<Preferences>,
    }
}

impl Record for MealPlanEnrollment {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("mealPlanId", &self.meal_plan_id, TITLE_MAX)
    }
}
