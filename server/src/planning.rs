//! Personal plans and generated shopping lists for the REST calls: built by
//! `manna_core::meals` (as the app builds them offline) and saved through the
//! one apply logic of sync, all of a call's records in one transaction, so
//! every device receives them through pull.

use crate::content::ContentSet;
use crate::content::meal_plans;
use crate::error::AppError;
use crate::store::Store;
use crate::sync::{SyncService, Writer};
use crate::tokens::random_hex;
use manna_core::meals::{self, Catalogue, Exclusions, ListKind, ListOrigin, NamedList};
use manna_sync_protocol::{FieldError, Mutation, Table};
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;

fn saved(outcome: Result<(), FieldError>) -> Result<(), AppError> {
    outcome.map_err(AppError::Invalid)
}

/// `POST /api/wellness-goals/{goalId}/create-plans`: the goal's meal plan and
/// fitness challenge, saved as the caller's personalised plans.
pub async fn create_plans(
    sync: &SyncService,
    author: Writer,
    catalogue: &Catalogue,
    goal_id: &str,
) -> Result<Vec<Value>, AppError> {
    let goal = sync
        .store()
        .live_record(&author.user, Table::WellnessGoals, goal_id)
        .await?
        .ok_or_else(|| {
            AppError::NotFound(format!(
                "no wellness goal with id {}",
                goal_id.chars().take(80).collect::<String>()
            ))
        })?;
    let plans = meals::plans_for_goal(catalogue, &goal, goal_id).map_err(AppError::Invalid)?;
    let plans: Vec<Value> = plans.iter().map(meals::value_of).collect();
    let mutations = meals::plan_records(&plans, goal_id, author.now_ms, &random_hex(8)?)
        .map_err(AppError::Invalid)?;
    saved(sync.apply_all(author, mutations.clone()).await?)?;
    Ok(mutations
        .into_iter()
        .map(|m| {
            let mut f = m.fields;
            f.insert("id".into(), json!(m.id));
            Value::Object(f)
        })
        .collect())
}

/// A saved list as the generate calls answer it.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedList {
    pub id: String,
    pub title: String,
    pub week_number: Option<u32>,
    pub total_items: usize,
    /// Cents.
    pub estimated_cost: u32,
}

/// Generated lists as records, and each list as the generate calls answer it.
fn list_mutations(
    author: &Writer,
    lists: &[NamedList],
    origin: ListOrigin<'_>,
) -> Result<(Vec<SavedList>, Vec<Mutation>), AppError> {
    let values: Vec<Value> = lists.iter().map(meals::value_of).collect();
    let mutations = meals::list_records(&values, origin, author.now_ms, &random_hex(8)?)
        .map_err(AppError::Invalid)?;
    let answers = mutations
        .iter()
        .filter(|m| m.table == Table::ShoppingLists)
        .zip(lists)
        .map(|(m, named)| SavedList {
            id: m.id.clone(),
            title: named.title.clone(),
            week_number: named.week_number,
            total_items: named.list.total_items,
            estimated_cost: named.list.estimated_cost,
        })
        .collect();
    Ok((answers, mutations))
}

/// The preferences of the caller's newest enrollment in a plan of `category`,
/// with that plan's id.
async fn enrollment_for(
    store: &Store,
    user: &str,
    set: &ContentSet,
    category: &str,
) -> Result<Option<(String, Value)>, AppError> {
    let mut enrollments = store.live_records(user, Table::MealPlanEnrollments).await?;
    enrollments.sort_by(|a, b| {
        let start = |r: &Map<String, Value>| {
            r.get("startDate")
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        start(&b.2).cmp(&start(&a.2)).then(b.1.cmp(&a.1))
    });
    Ok(enrollments.into_iter().find_map(|(_, _, f)| {
        let plan = f.get("mealPlanId")?.as_str()?.to_string();
        (meal_plans::category_of(set, &plan)? == category)
            .then(|| (plan, f.get("preferences").cloned().unwrap_or(Value::Null)))
    }))
}

/// The restrictions of the caller's newest wellness goal, as preferences.
async fn goal_preferences(store: &Store, user: &str) -> Result<Value, AppError> {
    let mut goals = store.live_records(user, Table::WellnessGoals).await?;
    goals.sort_by_key(|g| std::cmp::Reverse(g.1));
    Ok(goals
        .first()
        .map(|(_, _, f)| json!({"dietaryRestrictions": f.get("dietaryRestrictions")}))
        .unwrap_or(Value::Null))
}

/// `POST /api/shopping-lists/generate`: one of the four generate buttons.
pub async fn generate_list(
    sync: &SyncService,
    author: Writer,
    set: &ContentSet,
    member: bool,
    kind: ListKind,
    week: u32,
) -> Result<SavedList, AppError> {
    let (days, preferences) = match (kind.category(), kind.default_plan()) {
        (Some(category), Some(default_plan)) => {
            let (plan, preferences) = enrollment_for(sync.store(), &author.user, set, category)
                .await?
                .unwrap_or_else(|| (default_plan.to_string(), Value::Null));
            let (category, days) = meal_plans::category_and_days(set, &plan, member)
                .ok_or_else(crate::entitlement::premium_required)?;
            let ex = Exclusions::from_preferences(&preferences);
            let fitted = meals::personalise(&days, &set.catalogue, &ex, &category);
            (
                fitted.iter().map(|d| json!(d)).collect::<Vec<_>>(),
                preferences,
            )
        }
        _ => (
            Vec::new(),
            goal_preferences(sync.store(), &author.user).await?,
        ),
    };
    let named = meals::week_list(
        &set.catalogue,
        kind,
        week,
        &days,
        &Exclusions::from_preferences(&preferences),
        &author.user,
    );
    let (mut answers, mutations) =
        list_mutations(&author, std::slice::from_ref(&named), ListOrigin::default())?;
    saved(sync.apply_all(author, mutations).await?)?;
    answers
        .pop()
        .ok_or_else(|| AppError::Internal("no list was made".into()))
}

/// `POST /api/shopping-lists/generate-30-day`: the calendar's four weekly
/// lists of a meal plan (a catalogue plan, or the caller's personal meal
/// plan), from `start_date`.
pub async fn generate_calendar(
    sync: &SyncService,
    author: Writer,
    set: &ContentSet,
    plan_id: &str,
    start_date: &str,
) -> Result<Vec<SavedList>, AppError> {
    let (title, days, preferences) = match meal_plans::title_of(set, plan_id) {
        Some(title) => {
            let (category, days) = meal_plans::category_and_days(set, plan_id, true)
                .ok_or_else(|| AppError::NotFound(format!("no meal plan with id {plan_id}")))?;
            let preferences = enrollment_for(sync.store(), &author.user, set, &category)
                .await?
                .filter(|(p, _)| p == plan_id)
                .map_or(Value::Null, |(_, p)| p);
            let fitted = meals::personalise(
                &days,
                &set.catalogue,
                &Exclusions::from_preferences(&preferences),
                &category,
            );
            (
                title,
                fitted.iter().map(|d| json!(d)).collect::<Vec<_>>(),
                preferences,
            )
        }
        None => {
            let plan = sync
                .store()
                .live_record(&author.user, Table::PersonalizedPlans, plan_id)
                .await?
                .filter(|p| p.get("planType") == Some(&json!("meal_plan")))
                .ok_or_else(|| {
                    AppError::NotFound(format!(
                        "planId: no meal plan with id {}",
                        plan_id.chars().take(80).collect::<String>()
                    ))
                })?;
            let title = plan
                .get("title")
                .and_then(Value::as_str)
                .unwrap_or("My Meal Plan")
                .to_string();
            let days = plan
                .get("dailyPlans")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            (title, days, Value::Null)
        }
    };
    let lists = meals::calendar_lists(
        &set.catalogue,
        &title,
        &days,
        &Exclusions::from_preferences(&preferences),
    );
    let origin = ListOrigin {
        plan_id: Some(plan_id),
        start_date: Some(start_date),
    };
    let (answers, mutations) = list_mutations(&author, &lists, origin)?;
    saved(sync.apply_all(author, mutations).await?)?;
    Ok(answers)
}
