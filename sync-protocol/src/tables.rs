//! The synced tables: their names, how their records are named and checked.
//!
//! A record is checked whole (after a patch is merged into it), so a patch can
//! never leave a record that a fresh `put` would have been refused for.

use crate::date::Date;
use crate::field_error::FieldError;
use crate::ids::IdScheme;
use crate::records::Record;
use crate::records::groups::{
    GroupPrayer, GroupReflection, GroupReport, GroupRequest, GroupUpdate,
};
use crate::records::journal::{JournalEntry, JournalKey};
use crate::records::plans::{MealPlanEnrollment, PersonalizedPlan, PlanProgress};
use crate::records::prayer::PrayerReminder;
use crate::records::progress::DailyCompletion;
use crate::records::read::Fields;
use crate::records::saved::{FavoriteReading, Highlight, VerseNote};
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
        DailyCompletions = "dailyCompletions",
        FavoriteReadings = "favoriteReadings",
        Highlights = "highlights",
        VerseNotes = "verseNotes",
        JournalKeys = "journalKeys",
        GroupRequests = "groupRequests",
        GroupUpdates = "groupUpdates",
        GroupPrayers = "groupPrayers",
        GroupReflections = "groupReflections",
        GroupReports = "groupReports",
    }
}

/// Whether a value holds U+0000 anywhere: no text needs it, and a stored
/// record with it could not be read as JSON by every database.
fn holds_nul(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(s) => s.contains('\0'),
        serde_json::Value::Array(items) => items.iter().any(holds_nul),
        serde_json::Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        _ => false,
    }
}

/// Which record type each table holds: one list for the check and the name.
/// A person's own tables and a group's are checked by two functions, so the
/// browser's first module carries only the first (the groups' pages load
/// the second with their own module).
macro_rules! records_of_tables {
    (own { $($own:ident => $own_record:ident),+ $(,)? }
     shared { $($shared:ident => $shared_record:ident),+ $(,)? }) => {
        impl Table {
            /// Checks a whole record of this table.
            pub fn validate(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
                match self.is_shared() {
                    true => self.validate_shared(id, fields),
                    false => self.validate_own(id, fields),
                }
            }

            /// Checks a whole record of one of a person's own tables.
            pub fn validate_own(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
                match self {
                    $(Table::$own => self.check::<$own_record>(id, fields),)+
                    _ => Err(FieldError::new("table", "is a group's: its records are checked with the groups' rules")),
                }
            }

            /// Checks a whole record of a table a group shares.
            pub fn validate_shared(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
                match self {
                    $(Table::$shared => self.check::<$shared_record>(id, fields),)+
                    _ => Err(FieldError::new("table", "is a person's own, not a group's")),
                }
            }

            /// The name of the record type (also its generated TypeScript type).
            pub fn record_type(self) -> &'static str {
                match self {
                    $(Table::$own => stringify!($own_record),)+
                    $(Table::$shared => stringify!($shared_record),)+
                }
            }

            /// The record type's own values for fields left out (JSON, by
            /// their Rust names).
            pub fn field_defaults(self) -> Vec<(&'static str, serde_json::Value)> {
                use crate::records::read::FieldDefaults;
                match self {
                    $(Table::$own => <$own_record as FieldDefaults>::field_defaults(),)+
                    $(Table::$shared => <$shared_record as FieldDefaults>::field_defaults(),)+
                }
            }

            /// The Rust names of the record's fields (none for free-form ones).
            pub fn field_names(self) -> &'static [&'static str] {
                use crate::records::read::ReadFields;
                match self {
                    $(Table::$own => <$own_record as ReadFields>::FIELDS,)+
                    $(Table::$shared => <$shared_record as ReadFields>::FIELDS,)+
                }
            }
        }
    };
}

records_of_tables! {
    own {
        PrayerJournal => JournalEntry,
        WeightEntries => WeightEntry,
        PrayerReminders => PrayerReminder,
        ShoppingLists => ShoppingList,
        ShoppingListItems => ShoppingListItem,
        WellnessGoals => WellnessGoal,
        PersonalizedPlans => PersonalizedPlan,
        PlanProgress => PlanProgress,
        WellnessScores => WellnessScore,
        MealPlanEnrollments => MealPlanEnrollment,
        UserSettings => UserSettings,
        DailyCompletions => DailyCompletion,
        FavoriteReadings => FavoriteReading,
        Highlights => Highlight,
        VerseNotes => VerseNote,
        JournalKeys => JournalKey,
    }
    shared {
        GroupRequests => GroupRequest,
        GroupUpdates => GroupUpdate,
        GroupPrayers => GroupPrayer,
        GroupReflections => GroupReflection,
        GroupReports => GroupReport,
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

    /// The fields (wire names) that hold a day which has already come: a
    /// weight, a wellness check, a day marked done, a journal entry and the
    /// day its prayer was answered are never for a day still to come.
    pub fn days_already_come(self) -> &'static [&'static str] {
        match self {
            Table::WeightEntries | Table::WellnessScores | Table::DailyCompletions => &["date"],
            Table::PrayerJournal => &["date", "answeredOn"],
            _ => &[],
        }
    }

    /// Refuses a day in `fields` that is after `latest` (the writer's today)
    /// in a field that holds a day already come. A day `before` already held
    /// is left as it was stored; a field left out, or not a date, is for
    /// `validate` to judge.
    pub fn check_days(
        self,
        fields: &Fields,
        before: Option<&Fields>,
        latest: Date,
    ) -> Result<(), FieldError> {
        for &field in self.days_already_come() {
            if before.is_some_and(|b| b.get(field) == fields.get(field)) {
                continue;
            }
            let day = fields
                .get(field)
                .and_then(|v| v.as_str())
                .and_then(|s| s.parse::<Date>().ok());
            if day.is_some_and(|day| day > latest) {
                return Err(FieldError::new(field, "must be today or an earlier day"));
            }
        }
        Ok(())
    }

    /// How this table's records are named.
    pub fn id_scheme(self) -> IdScheme {
        match self {
            Table::WeightEntries => IdScheme::Daily { kind: "weight" },
            Table::WellnessScores => IdScheme::Daily { kind: "score" },
            Table::DailyCompletions => IdScheme::Daily { kind: "done" },
            Table::PrayerJournal => IdScheme::Random { prefix: "journal" },
            Table::PrayerReminders => IdScheme::Random { prefix: "reminder" },
            Table::ShoppingLists => IdScheme::Random { prefix: "list" },
            Table::ShoppingListItems => IdScheme::Random { prefix: "item" },
            Table::WellnessGoals => IdScheme::Random { prefix: "goal" },
            Table::PersonalizedPlans => IdScheme::Random { prefix: "plan" },
            Table::PlanProgress => IdScheme::Keyed {
                kind: "progress",
                by: &["planId", "day"],
            },
            Table::MealPlanEnrollments => IdScheme::Random {
                prefix: "enrollment",
            },
            Table::UserSettings => IdScheme::Random { prefix: "settings" },
            Table::FavoriteReadings => IdScheme::Daily { kind: "favorite" },
            Table::Highlights => IdScheme::Keyed {
                kind: "highlight",
                by: &["book", "chapter", "verse"],
            },
            Table::VerseNotes => IdScheme::Keyed {
                kind: "note",
                by: &["book", "chapter", "verse"],
            },
            Table::JournalKeys => IdScheme::Keyed {
                kind: crate::records::journal::JOURNAL_KEY_ID,
                by: &[],
            },
            Table::GroupRequests => IdScheme::Grouped { kind: "request" },
            Table::GroupUpdates => IdScheme::Grouped { kind: "update" },
            Table::GroupPrayers => IdScheme::Grouped { kind: "prayed" },
            Table::GroupReflections => IdScheme::Grouped { kind: "reflection" },
            Table::GroupReports => IdScheme::Grouped { kind: "report" },
        }
    }

    /// The group a record of a shared table belongs to, from its id (none
    /// for a person's own tables, or an id that names no group).
    pub fn group_of(self, id: &str) -> Option<&str> {
        match self.id_scheme() {
            IdScheme::Grouped { kind } => crate::ids::group_in(kind, id),
            _ => None,
        }
    }

    /// Whether this table's records are shared in a group rather than kept
    /// by one person.
    pub fn is_shared(self) -> bool {
        matches!(self.id_scheme(), IdScheme::Grouped { .. })
    }

    fn check<R: Record>(self, id: &str, fields: &Fields) -> Result<(), FieldError> {
        if let Some(field) = fields.iter().find(|(_, v)| holds_nul(v)).map(|(k, _)| k) {
            return Err(FieldError::new(
                field,
                "must not contain the NUL character (U+0000)",
            ));
        }
        let record = R::read_fields(fields)?;
        record.check()?;
        self.id_scheme().check(id, fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(value: serde_json::Value) -> Fields {
        value.as_object().cloned().expect("an object")
    }

    #[test]
    fn a_day_already_come_is_refused_when_it_is_still_to_come() {
        let today: Date = "2026-12-01".parse().expect("a date");
        let weight = fields(json!({"weight": 1700, "date": "2026-12-02"}));
        let refusal = Table::WeightEntries
            .check_days(&weight, None, today)
            .expect_err("refused");
        assert_eq!(
            refusal,
            FieldError::new("date", "must be today or an earlier day")
        );
        for day in ["2026-12-01", "2025-01-01"] {
            let weight = fields(json!({"weight": 1700, "date": day}));
            assert!(
                Table::WeightEntries
                    .check_days(&weight, None, today)
                    .is_ok(),
                "{day}"
            );
        }
        let answered = fields(json!({"date": "2026-11-30", "answeredOn": "2027-01-01"}));
        assert_eq!(
            Table::PrayerJournal
                .check_days(&answered, None, today)
                .expect_err("refused")
                .field,
            "answeredOn"
        );
        for table in [Table::WellnessScores, Table::DailyCompletions] {
            let ahead = fields(json!({"date": "2026-12-25"}));
            assert!(table.check_days(&ahead, None, today).is_err(), "{table:?}");
        }
        // A plan or a list may start on a day to come; a field left out or
        // not a date is the shape check's to judge.
        let plan = fields(json!({"startDate": "2027-01-01"}));
        assert!(
            Table::PersonalizedPlans
                .check_days(&plan, None, today)
                .is_ok()
        );
        assert!(
            Table::WeightEntries
                .check_days(&fields(json!({"date": "soon"})), None, today)
                .is_ok()
        );
        assert!(
            Table::WeightEntries
                .check_days(&fields(json!({})), None, today)
                .is_ok()
        );
        // A day already stored is not judged again when another field changes.
        let stored = fields(json!({"weight": 1700, "date": "2026-12-25"}));
        let edited = fields(json!({"weight": 1690, "date": "2026-12-25"}));
        assert!(
            Table::WeightEntries
                .check_days(&edited, Some(&stored), today)
                .is_ok()
        );
    }
}
