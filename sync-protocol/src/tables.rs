//! The synced tables and what a valid record of each looks like.
//!
//! A record is checked whole (after a patch is merged into it), so a patch can
//! never leave a record that a fresh `put` would have been refused for.
//! Messages name the field at fault, for the user and for the logs.

use crate::records::*;
pub use crate::records::{GRADES, MAX_WEIGHT_TENTHS};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

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

pub(crate) fn not_blank(field: &str, value: &str, max: usize) -> Result<(), String> {
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
