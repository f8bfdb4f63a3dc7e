//! What a new record gets for the fields it leaves out: the values its type's
//! reader takes (`= value` in the `record!` declaration), then its table's
//! nulls and times of the write. The same on the server (REST creates,
//! generate calls, pushes of older apps) and in the app (its new-record path,
//! through the WebAssembly core).

use crate::records::read::Fields;
use crate::tables::Table;
use serde_json::Value;

/// A value for a field a new record leaves out that its reader does not
/// take a value for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    Null,
    /// The time of the write, as ISO text (`2026-11-23T08:30:00.000Z`).
    Now,
}

impl Table {
    /// The defaults of a new record of this table.
    pub fn defaults(self) -> &'static [(&'static str, Fill)] {
        use Fill::{Now, Null};
        match self {
            Table::WeightEntries => &[("notes", Null), ("mood", Null)],
            Table::PrayerJournal => &[("answered", Null), ("answeredOn", Null), ("locked", Null)],
            Table::JournalKeys => &[("lockedAt", Now)],
            Table::WellnessGoals | Table::PersonalizedPlans => &[("createdAt", Now)],
            Table::PlanProgress => &[("completedAt", Null)],
            Table::MealPlanEnrollments => &[("preferences", Null)],
            Table::ShoppingLists => &[
                ("createdAt", Now),
                ("estimatedCost", Null),
                ("weekNumber", Null),
                ("planId", Null),
                ("startDate", Null),
            ],
            Table::ShoppingListItems => &[("checkedAt", Null)],
            Table::FavoriteReadings => &[("savedAt", Now)],
            Table::Highlights => &[("text", Null), ("createdAt", Now)],
            Table::VerseNotes => &[("text", Null), ("updatedAt", Now)],
            Table::GroupRequests => &[
                ("authorId", Null),
                ("authorName", Null),
                ("answeredOn", Null),
                ("answer", Null),
                ("createdAt", Now),
            ],
            Table::GroupUpdates => &[("authorId", Null), ("createdAt", Now)],
            Table::GroupPrayers => &[("memberId", Null), ("name", Null)],
            Table::GroupReflections => {
                &[("authorId", Null), ("authorName", Null), ("createdAt", Now)]
            }
            Table::GroupReports => &[("reporterId", Null), ("createdAt", Now)],
            Table::PrayerReminders
            | Table::WellnessScores
            | Table::UserSettings
            | Table::DailyCompletions => &[],
        }
    }

    /// `fields` with this table's defaults for what it leaves out: the
    /// record type's own (`= value` in its declaration), then the table's;
    /// `now_iso` is the time of the write.
    pub fn fill_defaults(self, fields: &mut Fields, now_iso: &str) {
        for (name, value) in self.field_defaults() {
            fields
                .entry(crate::records::read::camel(name))
                .or_insert(value);
        }
        for (name, default) in self.defaults() {
            fields.entry(*name).or_insert_with(|| match default {
                Fill::Null => Value::Null,
                Fill::Now => Value::String(now_iso.to_string()),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_new_record_gets_its_tables_defaults_and_keeps_what_it_says() {
        let mut list = json!({"title": "Week 1", "status": "completed"})
            .as_object()
            .cloned()
            .unwrap_or_default();
        Table::ShoppingLists.fill_defaults(&mut list, "2026-11-23T08:30:00.000Z");
        assert_eq!(list["status"], "completed", "what the record says stays");
        assert_eq!(list["createdAt"], "2026-11-23T08:30:00.000Z");
        assert_eq!(list["planId"], Value::Null);
        assert!(Table::ShoppingLists.validate("list-1", &list).is_ok());
        let mut item = json!({"listId": "list-1", "itemName": "Lentils"})
            .as_object()
            .cloned()
            .unwrap_or_default();
        Table::ShoppingListItems.fill_defaults(&mut item, "2026-11-23T08:30:00.000Z");
        assert_eq!(
            (&item["isChecked"], &item["category"], &item["checkedAt"]),
            (&json!(false), &json!("other"), &Value::Null)
        );
    }

    #[test]
    fn a_new_record_gets_the_values_its_reader_takes_for_what_it_leaves_out() {
        let mut goal = json!({"primaryGoal": "weight_loss", "currentFitnessLevel": "beginner",
            "gender": "male", "timeCommitment": "15min", "budget": "moderate"})
        .as_object()
        .cloned()
        .unwrap_or_default();
        Table::WellnessGoals.fill_defaults(&mut goal, "2026-11-23T08:30:00.000Z");
        assert_eq!(goal["preferredMealTypes"], json!([]));
        assert_eq!(goal["dietaryRestrictions"], json!([]));
        assert_eq!(goal["createdAt"], "2026-11-23T08:30:00.000Z");
        assert!(Table::WellnessGoals.validate("goal-1", &goal).is_ok());
    }

    #[test]
    fn every_default_names_a_field_of_its_table() {
        for table in Table::ALL {
            let fields: Vec<String> = table
                .field_names()
                .iter()
                .map(|f| crate::records::read::camel(f))
                .collect();
            for (name, _) in table.defaults() {
                assert!(fields.iter().any(|f| f == name), "{}.{name}", table.name());
            }
        }
    }
}
