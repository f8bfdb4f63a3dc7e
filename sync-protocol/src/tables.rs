//! The synced tables and what a valid record of each looks like.
//!
//! A record is checked whole (after a patch is merged into it), so a patch can
//! never leave a record that a fresh `put` would have been refused for.
//! Messages name the field at fault, for the user and for the logs.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Table {
    PrayerJournal,
    WeightEntries,
    PrayerReminders,
    ShoppingLists,
    ShoppingListItems,
    WellnessGoals,
    PersonalizedPlans,
    PlanProgress,
    WellnessScores,
    MealPlanEnrollments,
    UserSettings,
}

impl Table {
    pub const ALL: [Table; 11] = [
        Table::PrayerJournal,
        Table::WeightEntries,
        Table::PrayerReminders,
        Table::ShoppingLists,
        Table::ShoppingListItems,
        Table::WellnessGoals,
        Table::PersonalizedPlans,
        Table::PlanProgress,
        Table::WellnessScores,
        Table::MealPlanEnrollments,
        Table::UserSettings,
    ];

    /// The wire name, also used as the table column in storage.
    pub fn name(self) -> &'static str {
        match self {
            Table::PrayerJournal => "prayerJournal",
            Table::WeightEntries => "weightEntries",
            Table::PrayerReminders => "prayerReminders",
            Table::ShoppingLists => "shoppingLists",
            Table::ShoppingListItems => "shoppingListItems",
            Table::WellnessGoals => "wellnessGoals",
            Table::PersonalizedPlans => "personalizedPlans",
            Table::PlanProgress => "planProgress",
            Table::WellnessScores => "wellnessScores",
            Table::MealPlanEnrollments => "mealPlanEnrollments",
            Table::UserSettings => "userSettings",
        }
    }

    pub fn from_name(name: &str) -> Option<Table> {
        Table::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Checks a whole record of this table.
    pub fn validate(self, id: &str, fields: &Map<String, Value>) -> Result<(), String> {
        if id.is_empty() || id.len() > 200 {
            return Err("id: must be 1 to 200 characters".into());
        }
        match self {
            Table::PrayerJournal => check::<JournalEntry>(fields)?.check(),
            Table::WeightEntries => check::<WeightEntry>(fields)?.check(),
            Table::PrayerReminders => check::<PrayerReminder>(fields)?.check(),
            Table::ShoppingLists => check::<ShoppingList>(fields)?.check(),
            Table::ShoppingListItems => check::<ShoppingListItem>(fields)?.check(),
            Table::WellnessGoals => check::<WellnessGoal>(fields).map(drop),
            Table::PersonalizedPlans => check::<PersonalizedPlan>(fields)?.check(),
            Table::PlanProgress => check::<PlanProgress>(fields).map(drop),
            Table::WellnessScores => check::<WellnessScore>(fields)?.check(),
            Table::MealPlanEnrollments => check::<MealPlanEnrollment>(fields)?.check(),
            Table::UserSettings => check::<UserSettings>(fields)?.check(),
        }
    }
}

fn check<T: DeserializeOwned>(fields: &Map<String, Value>) -> Result<T, String> {
    serde_json::from_value(Value::Object(fields.clone())).map_err(|e| e.to_string())
}

fn not_blank(field: &str, value: &str, max: usize) -> Result<(), String> {
    if value.trim().is_empty() {
        return Err(format!("{field}: must not be empty"));
    }
    if value.chars().count() > max {
        return Err(format!("{field}: must be at most {max} characters"));
    }
    Ok(())
}

/// A calendar date `YYYY-MM-DD` that exists.
pub fn valid_date(field: &str, s: &str) -> Result<(), String> {
    let bad = || format!("{field}: '{s}' is not a date in the form YYYY-MM-DD");
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(bad());
    }
    let num = |r: std::ops::Range<usize>| s[r].parse::<u32>().map_err(|_| bad());
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if y == 0 || d == 0 || d > days {
        return Err(bad());
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct JournalEntry {
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
    fn check(self) -> Result<(), String> {
        valid_date("date", &self.date)?;
        not_blank("title", &self.title, 200)?;
        not_blank("content", &self.content, 20_000)
    }
}

/// Weight in tenths of a pound: 0.1 lb to 1500 lb.
pub const MAX_WEIGHT_TENTHS: u32 = 15_000;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WeightEntry {
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
    fn check(self) -> Result<(), String> {
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
struct PrayerReminder {
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
    fn check(self) -> Result<(), String> {
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
struct ShoppingList {
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
    fn check(self) -> Result<(), String> {
        not_blank("title", &self.title, 200)?;
        not_blank("status", &self.status, 40)?;
        not_blank("createdAt", &self.created_at, 40)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
struct ShoppingListItem {
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
    fn check(self) -> Result<(), String> {
        not_blank("listId", &self.list_id, 200)?;
        not_blank("itemName", &self.item_name, 200)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
struct WellnessGoal {
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
struct PersonalizedPlan {
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
    fn check(self) -> Result<(), String> {
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
struct PlanProgress {
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
struct WellnessScore {
    date: String,
    score: u32,
    grade: String,
    responses: BTreeMap<String, u32>,
}

impl WellnessScore {
    fn check(self) -> Result<(), String> {
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
struct MealPlanEnrollment {
    meal_plan_id: String,
    start_date: String,
    #[serde(default)]
    #[allow(dead_code)]
    preferences: Preferences,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
struct Preferences {
    #[serde(default)]
    allergies: Vec<String>,
    #[serde(default)]
    dislikes: Vec<String>,
    #[serde(default)]
    dietary_restrictions: Vec<String>,
}

impl MealPlanEnrollment {
    fn check(self) -> Result<(), String> {
        not_blank("mealPlanId", &self.meal_plan_id, 200)?;
        valid_date("startDate", &self.start_date)
    }
}

/// Free-form settings, kept small.
#[derive(Deserialize)]
struct UserSettings(Map<String, Value>);

impl UserSettings {
    fn check(self) -> Result<(), String> {
        if self.0.len() > 100 || Value::Object(self.0).to_string().len() > 16_384 {
            return Err("settings: at most 100 keys and 16 KB".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn weight_entries_are_checked_field_by_field() {
        let ok =
            fields(json!({"weight": 1805, "date": "2026-11-22", "notes": null, "mood": "good"}));
        assert_eq!(
            Table::WeightEntries.validate("weight:2026-11-22", &ok),
            Ok(())
        );
        let zero = fields(json!({"weight": 0, "date": "2026-11-22"}));
        assert!(
            Table::WeightEntries
                .validate("w", &zero)
                .is_err_and(|e| e.starts_with("weight:"))
        );
        let day = fields(json!({"weight": 1805, "date": "2026-02-30"}));
        assert!(
            Table::WeightEntries
                .validate("w", &day)
                .is_err_and(|e| e.starts_with("date:"))
        );
        let mood = fields(json!({"weight": 1805, "date": "2026-11-22", "mood": "sleepy"}));
        assert!(
            Table::WeightEntries
                .validate("w", &mood)
                .is_err_and(|e| e.contains("sleepy"))
        );
        let extra = fields(json!({"weight": 1805, "date": "2026-11-22", "bmi": 3}));
        assert!(
            Table::WeightEntries
                .validate("w", &extra)
                .is_err_and(|e| e.contains("bmi"))
        );
    }

    #[test]
    fn reminders_need_a_title_a_time_and_a_day() {
        let base = json!({"title": "Morning prayer", "description": "", "reminderTime": "08:00",
                          "isActive": 1, "days": ["monday"], "prayerType": "morning"});
        assert_eq!(
            Table::PrayerReminders.validate("r1", &fields(base.clone())),
            Ok(())
        );
        for (field, value, expect) in [
            ("title", json!("  "), "title:"),
            ("reminderTime", json!("25:00"), "reminderTime:"),
            ("days", json!([]), "days:"),
            ("days", json!(["monday", "monday"]), "days:"),
            ("isActive", json!(2), "isActive:"),
        ] {
            let mut f = fields(base.clone());
            f.insert(field.into(), value);
            let err = Table::PrayerReminders
                .validate("r1", &f)
                .expect_err("refused");
            assert!(err.starts_with(expect), "{err}");
        }
    }

    #[test]
    fn wellness_scores_must_add_up() {
        let good = json!({"date": "2026-11-22", "score": 20, "grade": "Good",
                          "responses": {"1": 4, "2": 4, "3": 4, "4": 4, "5": 4}});
        assert_eq!(
            Table::WellnessScores.validate("score:2026-11-22", &fields(good.clone())),
            Ok(())
        );
        let mut wrong = fields(good.clone());
        wrong.insert("score".into(), json!(25));
        assert!(
            Table::WellnessScores
                .validate("s", &wrong)
                .is_err_and(|e| e.starts_with("score:"))
        );
        let mut missing = fields(good);
        missing.insert("responses".into(), json!({"1": 4}));
        assert!(
            Table::WellnessScores
                .validate("s", &missing)
                .is_err_and(|e| e.starts_with("responses:"))
        );
    }

    #[test]
    fn every_table_has_a_unique_wire_name() {
        for t in Table::ALL {
            assert_eq!(Table::from_name(t.name()), Some(t));
            assert_eq!(serde_json::to_value(t).ok(), Some(json!(t.name())));
        }
    }
}
