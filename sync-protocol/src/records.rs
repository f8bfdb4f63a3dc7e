//! The shape of a valid record of each synced table. Each type is read from a
//! record's fields with unknown fields refused; `check` adds the rules serde
//! cannot say (non-blank text, real dates, sums that add up).

use crate::tables::{not_blank, valid_date};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct JournalEntry {
    date: String,
    title: String,
    content: String,
    #[allow(dead_code)] // checked by serde
    category: JournalCategory,
    #[serde(default)]
    #[allow(dead_code)]
    answered: Option<bool>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum JournalCategory {
    Gratitude,
    Petition,
    Intercession,
    Confession,
    Praise,
    Reflection,
}

impl JournalEntry {
    pub(crate) fn check(self) -> Result<(), String> {
        valid_date("date", &self.date)?;
        not_blank("title", &self.title, 200)?;
        not_blank("content", &self.content, 20_000)
    }
}

/// Weight in tenths of a pound: 0.1 lb to 1500 lb.
pub const MAX_WEIGHT_TENTHS: u32 = 15_000;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct WeightEntry {
    weight: u32,
    date: String,
    #[serde(default)]
    notes: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    mood: Option<Mood>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mood {
    Great,
    Good,
    Okay,
    Struggling,
}

impl WeightEntry {
    pub(crate) fn check(self) -> Result<(), String> {
        if self.weight == 0 || self.weight > MAX_WEIGHT_TENTHS {
            return Err(format!(
                "weight: {} tenths of a pound is outside 1 to {MAX_WEIGHT_TENTHS}",
                self.weight
            ));
        }
        valid_date("date", &self.date)?;
        if self
            .notes
            .as_ref()
            .is_some_and(|n| n.chars().count() > 2000)
        {
            return Err("notes: must be at most 2000 characters".into());
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PrayerReminder {
    title: String,
    #[serde(default)]
    description: String,
    reminder_time: String,
    is_active: u8,
    days: Vec<Weekday>,
    #[allow(dead_code)]
    prayer_type: PrayerType,
}

#[derive(Deserialize, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum PrayerType {
    Morning,
    Mealtime,
    Evening,
    Custom,
}

impl PrayerReminder {
    pub(crate) fn check(self) -> Result<(), String> {
        not_blank("title", &self.title, 200)?;
        if self.description.chars().count() > 2000 {
            return Err("description: must be at most 2000 characters".into());
        }
        let t = self.reminder_time.as_bytes();
        let ok = t.len() == 5
            && t[2] == b':'
            && self.reminder_time[..2].parse::<u8>().is_ok_and(|h| h < 24)
            && self.reminder_time[3..].parse::<u8>().is_ok_and(|m| m < 60);
        if !ok {
            return Err(format!(
                "reminderTime: '{}' is not a time in the form HH:MM",
                self.reminder_time
            ));
        }
        if self.is_active > 1 {
            return Err("isActive: must be 0 or 1".into());
        }
        if self.days.is_empty() {
            return Err("days: select at least one day".into());
        }
        let mut sorted = self.days.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != self.days.len() {
            return Err("days: a day is listed twice".into());
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ShoppingList {
    title: String,
    status: String,
    created_at: String,
    #[serde(default)]
    #[allow(dead_code)]
    estimated_cost: Option<u64>,
    #[serde(default)]
    #[allow(dead_code)]
    week_number: Option<u32>,
}

impl ShoppingList {
    pub(crate) fn check(self) -> Result<(), String> {
        not_blank("title", &self.title, 200)?;
        not_blank("status", &self.status, 40)?;
        not_blank("createdAt", &self.created_at, 40)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct ShoppingListItem {
    list_id: String,
    item_name: String,
    category: ItemCategory,
    #[serde(default)]
    quantity: Option<String>,
    #[serde(default)]
    priority: Option<String>,
    #[serde(default)]
    notes: Option<String>,
    #[serde(default)]
    nutritional_focus: Option<String>,
    #[serde(default)]
    estimated_price: Option<u64>,
    is_checked: bool,
    #[serde(default)]
    checked_at: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum ItemCategory {
    Produce,
    Protein,
    Dairy,
    Pantry,
    Oils,
    Supplements,
    Other,
}

impl ShoppingListItem {
    pub(crate) fn check(self) -> Result<(), String> {
        not_blank("listId", &self.list_id, 200)?;
        not_blank("itemName", &self.item_name, 200)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct WellnessGoal {
    primary_goal: PrimaryGoal,
    current_fitness_level: FitnessLevel,
    gender: Gender,
    time_commitment: TimeCommitment,
    budget: Budget,
    #[serde(default)]
    dietary_restrictions: Vec<DietaryRestriction>,
    #[serde(default)]
    health_concerns: Vec<String>,
    #[serde(default)]
    preferred_meal_types: Vec<MealType>,
    #[serde(default)]
    motivation: Option<String>,
    #[serde(default)]
    start_weight: Option<u32>,
    #[serde(default)]
    target_weight: Option<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum PrimaryGoal {
    WeightLoss,
    MuscleGain,
    EnergyBoost,
    StressReduction,
    GeneralHealth,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum FitnessLevel {
    Beginner,
    Intermediate,
    Advanced,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Gender {
    Male,
    Female,
}

#[derive(Deserialize)]
enum TimeCommitment {
    #[serde(rename = "15min")]
    Fifteen,
    #[serde(rename = "30min")]
    Thirty,
    #[serde(rename = "45min")]
    FortyFive,
    #[serde(rename = "60min")]
    Sixty,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Budget {
    #[serde(rename = "budget_friendly")]
    Friendly,
    Moderate,
    Premium,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum DietaryRestriction {
    GlutenFree,
    DairyFree,
    NutAllergies,
    EggAllergy,
    ShellfishAllergy,
    SoyFree,
    Vegetarian,
    LowCarb,
    DiabeticFriendly,
    HeartHealthy,
    None,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum MealType {
    QuickPrep,
    GourmetCooking,
    BatchPrep,
    OnePotMeals,
    RawFoods,
    ComfortFoods,
    InternationalCuisine,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct PersonalizedPlan {
    plan_type: PlanType,
    plan_name: String,
    title: String,
    description: String,
    created_at: String,
    daily_plans: Vec<Value>,
    #[serde(default)]
    tips: Vec<String>,
    #[serde(default)]
    goal_id: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum PlanType {
    MealPlan,
    FitnessChallenge,
}

impl PersonalizedPlan {
    pub(crate) fn check(self) -> Result<(), String> {
        not_blank("title", &self.title, 200)?;
        if self.daily_plans.len() > 366 {
            return Err("dailyPlans: at most 366 days".into());
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct PlanProgress {
    plan_id: String,
    day: u32,
    completed: bool,
    #[serde(default)]
    completed_at: Option<String>,
}

/// The three grades of the daily wellness check.
pub const GRADES: [&str; 3] = ["Great!", "Good", "Needs Improvement"];

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct WellnessScore {
    date: String,
    score: u32,
    grade: String,
    responses: BTreeMap<String, u32>,
}

impl WellnessScore {
    pub(crate) fn check(self) -> Result<(), String> {
        valid_date("date", &self.date)?;
        let keys: Vec<&str> = self.responses.keys().map(String::as_str).collect();
        if keys != ["1", "2", "3", "4", "5"] {
            return Err("responses: must rate statements 1 to 5, each once".into());
        }
        if let Some((k, v)) = self.responses.iter().find(|(_, v)| !(1..=5).contains(*v)) {
            return Err(format!("responses: statement {k} is rated {v}, not 1 to 5"));
        }
        let sum: u32 = self.responses.values().sum();
        if self.score != sum {
            return Err(format!(
                "score: {} is not the sum of the ratings ({sum})",
                self.score
            ));
        }
        if !GRADES.contains(&self.grade.as_str()) {
            return Err(format!(
                "grade: '{}' is not one of {}",
                self.grade,
                GRADES.join(", ")
            ));
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct MealPlanEnrollment {
    meal_plan_id: String,
    start_date: String,
    #[serde(default)]
    #[allow(dead_code)]
    preferences: Preferences,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct Preferences {
    #[serde(default)]
    allergies: Vec<String>,
    #[serde(default)]
    dislikes: Vec<String>,
    #[serde(default)]
    dietary_restrictions: Vec<String>,
}

impl MealPlanEnrollment {
    pub(crate) fn check(self) -> Result<(), String> {
        not_blank("mealPlanId", &self.meal_plan_id, 200)?;
        valid_date("startDate", &self.start_date)
    }
}

/// Free-form settings, kept small.
#[derive(Deserialize)]
pub(crate) struct UserSettings(Map<String, Value>);

impl UserSettings {
    pub(crate) fn check(self) -> Result<(), String> {
        if self.0.len() > 100 || Value::Object(self.0).to_string().len() > 16_384 {
            return Err("settings: at most 100 keys and 16 KB".into());
        }
        Ok(())
    }
}
