//! The synced tables: their names, how their records are named and checked.
//!
//! A record is checked whole (after a patch is merged into it), so a patch can
//! never leave a record that a fresh `put` would have been refused for.

use crate::field_error::FieldError;
use crate::ids::IdScheme;
use crate::records::Record;
use crate::records::journal::JournalEntry;
use crate::records::plans::{MealPlanEnrollment, PersonalizedPlan, PlanProgress};
use crate::records::prayer::PrayerReminder;
use crate::records::read::Fields;
use crate::records::settings::UserSettings;
use crate::records::shopping::{ShoppingList, ShoppingListItem};
use crate::records::weight::WeightEntry;
use crate::records::wellness::{WellnessGoal, WellnessScore};
use crate::wire_enum;

wire_enum! {
    /// A synced table; the wire name is also the table column in storage.
    pub enum Table {
        PrayerJournal = "prayerJournal",
        WeightEntries = "weightEntries",
        PrayerReminders = "prayerReminders",
        ShoppingLists = "shoppingLists",
        ShoppingListItems = "shoppingListItems",
        WellnessGoals = "wellnessGoals",
        PersonalizedPlans = "personalizedPlans",
        PlanProgress = "planProgress",
        WellnessScores = "wellnessScores",
        MealPlanEnrollments = "mealPlanEnrollments",
        UserSettings = "userSettings",
    }
}

impl Table {
    /// The wire name.
    pub fn name(self) -> &'static str {
        self.wire()
    }

    pub fn from_name(name: &str) -> Option<Table> {
        Table::ALL.iter().copied().find(|t| t.name() == name)
    }

    /// How this table's records are named.
    pub fn id_scheme(self) -> IdScheme {
        match self {
            Table::WeightEntries => IdScheme::Daily { kind: "weight" },
            Table::WellnessScores => IdScheme::Daily { kind: "score" },
            Table::PrayerJournal => IdScheme::Random { prefix: "journal" },
            Table::PrayerReminders => IdScheme::Random { prefix: "reminder" },
            Table::ShoppingLists => IdScheme::Random { prefix: "list" },
            Table::ShoppingListItems => IdScheme::Random { prefix: "item" },
            Table::WellnessGoals => IdScheme::Random { prefix: "goal" },
            Table::PersonalizedPlans => IdScheme::Random { prefix: "plan" },
            Table::PlanProgress => IdScheme::Random { prefix: "progress" },
            Table::MealPlanEnrollments => IdScheme::Random {
                prefix: "enrollment",
            },
            Table::UserSettings => IdScheme::Random { prefix: "settings" },
        }
    }

    /// Checks a whole record of this table.
    pub fn validate(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
        match self {
            Table::PrayerJournal => self.check::<JournalEntry>(id, fields),
            Table::WeightEntries => self.check::<WeightEntry>(id, fields),
            Table::PrayerReminders => self.check::<PrayerReminder>(id, fields),
            Table::ShoppingLists => self.check::<ShoppingList>(id, fields),
            Table::ShoppingListItems => self.check::<ShoppingListItem>(id, fields),
            Table::WellnessGoals => self.check::<WellnessGoal>(id, fields),
            Table::PersonalizedPlans => self.check::<PersonalizedPlan>(id, fields),
            Table::PlanProgress => self.check::<PlanProgress>(id, fields),
            Table::WellnessScores => self.check::<WellnessScore>(id, fields),
            Table::MealPlanEnrollments => self.check::<MealPlanEnrollment>(id, fields),
            Table::UserSettings => self.check::<UserSettings>(id, fields),
        }
    }

    fn check<R: Record>(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
        let record = R::read_fields(fields)?;
        record.check()?;
        self.id_scheme().check(id, record.day())
    }
}
