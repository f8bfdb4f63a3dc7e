//! The operations of the record resources' calls, from their rows
//! (`crate::resources`): list, create, change and delete, each record by its
//! table's record type.

use super::doc::{Doc, Op, Who, op};
use crate::resources::{PAGE_MAX, Resource};
use manna_sync_protocol::Table;
use manna_sync_protocol::records::groups::{
    GroupPrayer, GroupReflection, GroupReport, GroupRequest, GroupUpdate,
};
use manna_sync_protocol::records::journal::{JournalEntry, JournalKey};
use manna_sync_protocol::records::plans::{MealPlanEnrollment, PersonalizedPlan, PlanProgress};
use manna_sync_protocol::records::prayer::PrayerReminder;
use manna_sync_protocol::records::progress::DailyCompletion;
use manna_sync_protocol::records::saved::{FavoriteReading, Highlight, VerseNote};
use manna_sync_protocol::records::settings::UserSettings;
use manna_sync_protocol::records::shopping::{ShoppingList, ShoppingListItem};
use manna_sync_protocol::records::weight::WeightEntry;
use manna_sync_protocol::records::wellness::{WellnessGoal, WellnessScore};
use serde_json::{Value, json};

/// The schema of a record of `table`.
fn record(doc: &mut Doc, table: Table) -> Value {
    match table {
        Table::PrayerJournal => doc.schema::<JournalEntry>(),
        Table::WeightEntries => doc.schema::<WeightEntry>(),
        Table::PrayerReminders => doc.schema::<PrayerReminder>(),
        Table::ShoppingLists => doc.schema::<ShoppingList>(),
        Table::ShoppingListItems => doc.schema::<ShoppingListItem>(),
        Table::WellnessGoals => doc.schema::<WellnessGoal>(),
        Table::PersonalizedPlans => doc.schema::<PersonalizedPlan>(),
        Table::PlanProgress => doc.schema::<PlanProgress>(),
        Table::WellnessScores => doc.schema::<WellnessScore>(),
        Table::MealPlanEnrollments => doc.schema::<MealPlanEnrollment>(),
        Table::UserSettings => doc.schema::<UserSettings>(),
        Table::DailyCompletions => doc.schema::<DailyCompletion>(),
        Table::FavoriteReadings => doc.schema::<FavoriteReading>(),
        Table::Highlights => doc.schema::<Highlight>(),
        Table::VerseNotes => doc.schema::<VerseNote>(),
        Table::JournalKeys => doc.schema::<JournalKey>(),
        Table::GroupRequests => doc.schema::<GroupRequest>(),
        Table::GroupUpdates => doc.schema::<GroupUpdate>(),
        Table::GroupPrayers => doc.schema::<GroupPrayer>(),
        Table::GroupReflections => doc.schema::<GroupReflection>(),
        Table::GroupReports => doc.schema::<GroupReport>(),
    }
}

/// The path parameters of a template (`{userId}` is the caller's own).
fn params(op: Op, template: &str) -> Op {
    template
        .split('/')
        .filter_map(|seg| seg.strip_prefix('{')?.strip_suffix('}'))
        .fold(op, |op, name| {
            let what = match name {
                "userId" => "The caller's user id",
                "id" => "The record's id",
                _ => "The id of the record these belong to",
            };
            op.path(name, what)
        })
}

/// A record of `r` as the calls answer it: its fields, its id and its
/// user's (and the counts of its children, for a parent).
fn view(doc: &mut Doc, r: &Resource) -> Value {
    let fields = record(doc, r.table);
    let mut own = json!({"id": {"type": "string"}, "userId": {"type": "string"}});
    if let Some(children) = r.children {
        own[children.total_as] = json!({"type": "integer"});
        own[children.flagged_as] = json!({"type": "integer"});
    }
    doc.named(
        &format!("{}View", r.table.record_type()),
        json!({"allOf": [fields, {"type": "object", "required": ["id", "userId"], "properties": own}]}),
    )
}

/// `GET` of the row's list.
pub fn record_list(doc: &mut Doc, r: &Resource) -> Op {
    let view = view(doc, r);
    let list = op(
        "The caller's records, in the list's order, a page at a time",
        Who::Device,
    )
    .query(
        "limit",
        json!({"type": "integer", "minimum": 1, "maximum": PAGE_MAX}),
        "Records a page",
    )
    .query(
        "cursor",
        json!({"type": "string"}),
        "Where the page starts (the X-Next-Cursor of the one before)",
    )
    .ok(json!({"type": "array", "items": view}));
    params(list, r.list)
}

/// `POST` of the row's create path.
pub fn record_create(doc: &mut Doc, r: &Resource) -> Op {
    let fields = record(doc, r.table);
    let view = view(doc, r);
    let create = op(
        "Creates a record (the table's defaults fill what it leaves out)",
        Who::Device,
    )
    .body(json!({"allOf": [fields, {"type": "object", "properties": {"userId": {"type": "string"}}}]}))
    .answers(201, Some(view), "The record, saved");
    params(create, r.create)
}

/// `PATCH` of the row's item path.
pub fn record_change(doc: &mut Doc, r: &Resource, item: &str) -> Op {
    let view = view(doc, r);
    let change = op("Changes the given fields of a record", Who::Device)
        .body(json!({"type": "object", "minProperties": 1}))
        .ok(view);
    params(change, item)
}

/// `DELETE` of the row's item path.
pub fn record_delete(item: &str) -> Op {
    let delete = op(
        "Deletes a record (and the records that belong to it)",
        Who::Device,
    )
    .answers(204, None, "Deleted");
    params(delete, item)
}
