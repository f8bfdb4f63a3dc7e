//! The record schema and its versions: which tables and fields an app knows.
//!
//! Every push and pull carries the app's `schemaVersion`. An app is never sent
//! a table or a field it does not know (they are held back until it updates;
//! an updated app starts again from a snapshot, which brings them); its edits
//! keep the fields they do not mention (a put sets the fields it names); and an
//! app older than [`OLDEST_SCHEMA`] is told `clientTooOld`.
//!
//! Any change to the tables or their fields is a new version: the listing the
//! code makes (`listing`) must equal `schema.txt`, and a test fails until the
//! version is bumped, what it added written in [`ADDED`] and the file updated.

use crate::messages::{Change, Incompatibility};
use crate::records::read::camel;
use crate::tables::Table;

/// The record schema this build speaks.
pub const SCHEMA_VERSION: u32 = 6;
/// The oldest schema an app may speak and still be served.
pub const OLDEST_SCHEMA: u32 = 1;
/// The schema of apps that sent no version (every app before versions were sent).
pub const UNVERSIONED_SCHEMA: u32 = 1;

/// What a schema version added to the one before: a table (`field` none) or
/// a field of a table, by their wire names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Added {
    pub version: u32,
    pub table: &'static str,
    pub field: Option<&'static str>,
}

/// Everything added since [`OLDEST_SCHEMA`], oldest first.
pub const ADDED: &[Added] = &[
    // 2: shopping lists name the plan and the 30 days they belong to; goals
    // keep when they were made.
    Added {
        version: 2,
        table: "shoppingLists",
        field: Some("planId"),
    },
    Added {
        version: 2,
        table: "shoppingLists",
        field: Some("startDate"),
    },
    Added {
        version: 2,
        table: "wellnessGoals",
        field: Some("createdAt"),
    },
    // 3: a generated list's item says what the recipes use when it buys more.
    Added {
        version: 3,
        table: "shoppingListItems",
        field: Some("quantityNote"),
    },
    // 4: what a person keeps from their reading.
    Added {
        version: 4,
        table: "favoriteReadings",
        field: None,
    },
    Added {
        version: 4,
        table: "highlights",
        field: None,
    },
    Added {
        version: 4,
        table: "verseNotes",
        field: None,
    },
    // 5: what a group shares.
    Added {
        version: 5,
        table: "groupRequests",
        field: None,
    },
    Added {
        version: 5,
        table: "groupUpdates",
        field: None,
    },
    Added {
        version: 5,
        table: "groupPrayers",
        field: None,
    },
    Added {
        version: 5,
        table: "groupReflections",
        field: None,
    },
    Added {
        version: 5,
        table: "groupReports",
        field: None,
    },
    // 6: a journal its writer can lock.
    Added {
        version: 6,
        table: "prayerJournal",
        field: Some("locked"),
    },
    Added {
        version: 6,
        table: "journalKeys",
        field: None,
    },
];

/// The schema whose apps can open a locked journal's entries.
const OPENS_LOCKED_JOURNAL: u32 = 6;

/// Whether this server can serve an app speaking schema `client`.
pub fn check_schema(client: u32) -> Result<(), Incompatibility> {
    if client < OLDEST_SCHEMA {
        Err(Incompatibility::ClientTooOld)
    } else if client > SCHEMA_VERSION {
        Err(Incompatibility::ServerTooOld)
    } else {
        Ok(())
    }
}

/// The schema an app speaks, from what it sent.
pub fn schema_of(sent: Option<u32>) -> u32 {
    sent.unwrap_or(UNVERSIONED_SCHEMA)
}

/// Changes as an app speaking `client` may receive them: without tables and
/// fields it does not know (they stay on the server, and an updated app gets
/// them from a snapshot).
pub fn hold_back(client: u32, changes: &mut Vec<Change>) {
    // An app that cannot open a locked entry is not sent one: it would show
    // the sealed text as the entry's words.
    if client < OPENS_LOCKED_JOURNAL {
        changes.retain(|c| {
            c.table != Table::PrayerJournal || !crate::records::journal::is_locked(&c.fields)
        });
    }
    hold_back_of(ADDED, client, changes);
}

fn hold_back_of(added: &[Added], client: u32, changes: &mut Vec<Change>) {
    changes.retain(|c| !unknown_of(added, client, c.table).any(|a| a.field.is_none()));
    for change in changes.iter_mut() {
        for field in unknown_of(added, client, change.table).filter_map(|a| a.field) {
            change.fields.remove(field);
        }
    }
}

/// What of `table` an app speaking `client` does not know, among `added`.
fn unknown_of(added: &[Added], client: u32, table: Table) -> impl Iterator<Item = &Added> {
    added
        .iter()
        .filter(move |a| a.version > client && a.table == table.name())
}

/// The fields of a record of `table` an app speaking `client` does not know.
pub fn unknown_fields(client: u32, table: Table) -> impl Iterator<Item = &'static str> {
    unknown_of(ADDED, client, table).filter_map(|a| a.field)
}

/// The schema version and the tables and fields of this build, one table a
/// line: `table: field field …` (`*` for a free-form record).
pub fn listing() -> String {
    let mut out = format!("# schema {SCHEMA_VERSION}\n");
    for table in Table::ALL {
        let fields = table.field_names();
        let words: Vec<String> = if fields.is_empty() {
            vec!["*".into()]
        } else {
            fields.iter().map(|f| camel(f)).collect()
        };
        out += &format!("{}: {}\n", table.name(), words.join(" "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_have_not_changed_without_a_new_schema_version() {
        let now = listing();
        let written = include_str!("../schema.txt");
        assert_eq!(
            now, written,
            "The synced tables or their fields changed. Bump SCHEMA_VERSION, write what \
             was added in ADDED, and put this listing in sync-protocol/schema.txt:\n{now}"
        );
    }

    #[test]
    fn every_addition_is_in_the_current_schema_and_no_later_than_it() {
        let now = listing();
        for a in ADDED {
            assert!(
                a.version > OLDEST_SCHEMA && a.version <= SCHEMA_VERSION,
                "{a:?}"
            );
            let line = now
                .lines()
                .find(|l| l.split(':').next() == Some(a.table))
                .unwrap_or_else(|| panic!("{} is not a table", a.table));
            if let Some(field) = a.field {
                assert!(line.split_whitespace().any(|w| w == field), "{a:?}");
            }
        }
    }

    #[test]
    fn an_app_is_served_from_the_oldest_schema_to_this_one() {
        assert_eq!(check_schema(0), Err(Incompatibility::ClientTooOld));
        assert_eq!(check_schema(OLDEST_SCHEMA), Ok(()));
        assert_eq!(check_schema(SCHEMA_VERSION), Ok(()));
        assert_eq!(
            check_schema(SCHEMA_VERSION + 1),
            Err(Incompatibility::ServerTooOld)
        );
        let old: Vec<_> = unknown_fields(1, Table::ShoppingLists).collect();
        assert_eq!(old, ["planId", "startDate"]);
        assert_eq!(
            unknown_fields(SCHEMA_VERSION, Table::ShoppingLists).count(),
            0
        );
    }

    #[test]
    fn an_older_app_is_sent_only_what_it_knows() {
        use crate::messages::ChangeOp;
        let change = |table: Table, fields: serde_json::Value| Change {
            table,
            id: "x".into(),
            op: ChangeOp::Put,
            version: 1,
            fields: fields.as_object().cloned().unwrap_or_default(),
        };
        let list = serde_json::json!({"title": "Week 1", "planId": "whole-foods-reset-7day", "startDate": "2026-11-23"});
        let mut changes = vec![change(Table::ShoppingLists, list.clone())];
        hold_back(1, &mut changes);
        assert_eq!(changes[0].fields.keys().collect::<Vec<_>>(), ["title"]);
        let mut changes = vec![change(Table::ShoppingLists, list.clone())];
        hold_back(SCHEMA_VERSION, &mut changes);
        assert_eq!(changes[0].fields.len(), 3, "the current app gets it all");
        assert_eq!(schema_of(None), UNVERSIONED_SCHEMA);

        // A table added later is not sent at all.
        let added = [Added {
            version: 3,
            table: "dailyCompletions",
            field: None,
        }];
        let mut changes = vec![
            change(
                Table::DailyCompletions,
                serde_json::json!({"date": "2026-11-23"}),
            ),
            change(Table::ShoppingLists, list),
        ];
        hold_back_of(&added, 2, &mut changes);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].table, Table::ShoppingLists);
    }
}
