//! The wholistic meal plans: their content shape, and what the API sends of
//! them. A plan's days name recipes of the meal catalogue; they are written
//! out by `manna_core::meals`, which the app runs too. A premium plan's days,
//! guidelines and shopping list go only to members.

pub use super::meal_shapes::{CATEGORIES, LoadedPlan, MealPlanItem, day_count};
use super::set::ContentSet;
use manna_core::meals::{Catalogue, Exclusions, MenuDay, build_list};
use serde::Serialize;
use serde_json::{Value, json};
use ts_rs::TS;

/// A meal plan as the API sends it: `locked` when the caller may not have its
/// days, guidelines or shopping list (a premium plan and a non-member).
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MealPlan {
    pub id: String,
    pub title: String,
    pub description: String,
    pub duration: String,
    pub category: String,
    pub is_premium: bool,
    pub principles: Vec<String>,
    pub benefits: Vec<String>,
    pub day_count: u32,
    /// The caller may not have the plan's days, guidelines or shopping list
    /// (a premium plan and a non-member): those lists are empty.
    pub locked: bool,
    pub guidelines: Vec<String>,
    /// "2 cups spinach": the whole plan's ingredients, added up.
    pub shopping_list: Vec<String>,
}

/// Every plan of the content file (checked by `check` when it was loaded).
pub fn load(plans: &[Value], catalogue: &Catalogue) -> Vec<LoadedPlan> {
    plans
        .iter()
        .filter_map(|value| serde_json::from_value::<MealPlanItem>(value.clone()).ok())
        .map(|plan| {
            let days: Vec<MenuDay> = plan
                .days
                .iter()
                .filter_map(|d| d.resolve(catalogue).ok())
                .collect();
            let shopping_list = shopping_list(&days, catalogue);
            LoadedPlan {
                plan,
                days,
                shopping_list,
            }
        })
        .collect()
}

fn shopping_list(days: &[MenuDay], catalogue: &Catalogue) -> Vec<String> {
    let days: Vec<Value> = days.iter().map(|d| json!(d)).collect();
    build_list(catalogue, &days, &Exclusions::default())
        .items
        .into_iter()
        .map(|i| format!("{} {}", i.quantity, i.item_name))
        .collect()
}

/// Checks every plan against the catalogue: each day's recipes exist and are
/// of their meal, days run 1 to the duration's count, the category is known.
pub fn check(plans: &[Value], catalogue: &Catalogue) -> Result<(), String> {
    for value in plans {
        let plan: MealPlanItem =
            serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
        let at = |e: String| format!("meal plan {}: {e}", plan.id);
        if !CATEGORIES.contains(&plan.category.as_str()) {
            return Err(at(format!("unknown category {}", plan.category)));
        }
        let count = day_count(&plan.duration)
            .ok_or_else(|| at("duration must start with a number".into()))?;
        let numbers: Vec<u32> = plan.days.iter().map(|d| d.day_number).collect();
        if numbers != (1..=count).collect::<Vec<_>>() {
            return Err(at(format!("days must be numbered 1 to {count}")));
        }
        for day in &plan.days {
            day.resolve(catalogue).map_err(at)?;
        }
    }
    Ok(())
}

/// The plan with id `id` (or, in an old link or record, one of its former ids).
fn find<'a>(set: &'a ContentSet, id: &str) -> Option<&'a LoadedPlan> {
    set.meal_plans.iter().find(|p| p.plan.id == id).or_else(|| {
        set.meal_plans
            .iter()
            .find(|p| p.plan.former_ids.iter().any(|f| f == id))
    })
}

/// Every former plan id with the plan's id now (for the records that still
/// name a plan by its old id).
pub fn renamed(set: &ContentSet) -> Vec<(String, String)> {
    set.meal_plans
        .iter()
        .flat_map(|p| {
            p.plan
                .former_ids
                .iter()
                .map(|f| (f.clone(), p.plan.id.clone()))
        })
        .collect()
}

/// Whether `member` may have the plan's days.
fn open_to(plan: &MealPlanItem, member: bool) -> bool {
    member || !plan.is_premium
}

fn view(loaded: &LoadedPlan, member: bool) -> MealPlan {
    let plan = &loaded.plan;
    let open = open_to(plan, member);
    let if_open = |list: &Vec<String>| if open { list.clone() } else { Vec::new() };
    MealPlan {
        id: plan.id.clone(),
        title: plan.title.clone(),
        description: plan.description.clone(),
        duration: plan.duration.clone(),
        category: plan.category.clone(),
        is_premium: plan.is_premium,
        principles: plan.principles.clone(),
        benefits: plan.benefits.clone(),
        day_count: day_count(&plan.duration).unwrap_or(0),
        locked: !open,
        guidelines: if_open(&plan.guidelines),
        shopping_list: if_open(&loaded.shopping_list),
    }
}

/// Every plan, each with its shopping list when the caller may have it.
pub fn list(set: &ContentSet, member: bool) -> Vec<MealPlan> {
    set.meal_plans.iter().map(|p| view(p, member)).collect()
}

/// One plan, with its shopping list when the caller may have it.
pub fn one(set: &ContentSet, id: &str, member: bool) -> Option<MealPlan> {
    find(set, id).map(|p| view(p, member))
}

/// Why a person may not start (enrol in) a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotOpen {
    /// No plan has this id.
    Unknown(String),
    /// A premium plan, and the person is not a member.
    PremiumOnly(String),
}

impl NotOpen {
    /// The refusal as the record's field at fault.
    pub fn field_error(&self) -> manna_sync_protocol::FieldError {
        let message = match self {
            NotOpen::Unknown(id) => format!("no meal plan has the id '{id}'"),
            NotOpen::PremiumOnly(title) => {
                format!("{title} is part of Premium: subscribe to start it")
            }
        };
        manna_sync_protocol::FieldError::new("mealPlanId", message)
    }
}

/// Whether a person may start the plan `id`; `member` is asked only for a
/// premium plan (it reads the database).
pub fn may_start<E>(
    set: &ContentSet,
    id: &str,
    member: impl FnOnce() -> Result<bool, E>,
) -> Result<Result<(), NotOpen>, E> {
    let Some(plan) = find(set, id) else {
        return Ok(Err(NotOpen::Unknown(id.chars().take(80).collect())));
    };
    if plan.plan.is_premium && !member()? {
        return Ok(Err(NotOpen::PremiumOnly(plan.plan.title.clone())));
    }
    Ok(Ok(()))
}

/// The category of the plan with id `id`.
pub fn category_of(set: &ContentSet, id: &str) -> Option<String> {
    find(set, id).map(|p| p.plan.category.clone())
}

/// The title of the plan with id `id`.
pub fn title_of(set: &ContentSet, id: &str) -> Option<String> {
    find(set, id).map(|p| p.plan.title.clone())
}

/// What a call for a plan's days finds.
#[derive(Debug)]
pub enum Days {
    Missing,
    Locked,
    Days(Vec<MenuDay>),
}

pub fn days(set: &ContentSet, id: &str, member: bool) -> Days {
    match find(set, id) {
        None => Days::Missing,
        Some(p) if !open_to(&p.plan, member) => Days::Locked,
        Some(p) => Days::Days(p.days.clone()),
    }
}

/// The plan's category and its days when the caller may have them.
pub fn category_and_days(
    set: &ContentSet,
    id: &str,
    member: bool,
) -> Option<(String, Vec<MenuDay>)> {
    let loaded = find(set, id)?;
    open_to(&loaded.plan, member).then(|| (loaded.plan.category.clone(), loaded.days.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_count_is_the_number_before_the_first_dash() {
        assert_eq!(day_count("7-Day"), Some(7));
        assert_eq!(day_count("30-Day"), Some(30));
        assert_eq!(day_count("Day"), None);
    }
}
