//! Golden vectors of record validation: every case in `validation.json` (a
//! table, an id, the fields and the expected refusal or none) is checked here
//! against the native rules and by the PWA's tests against the WebAssembly
//! build, so a record refused on one side is refused on the other with the same
//! words. Regenerate with `UPDATE_VECTORS=1 cargo test -p manna-sync-protocol`
//! only when a rule changes on purpose.

use manna_sync_protocol::{FieldError, Table};
use serde_json::{Value, json};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/validation.json");

/// `(table, id, fields)`: for each table a valid record, then one case per rule.
fn cases() -> Vec<(&'static str, &'static str, Value)> {
    let weight = json!({"weight": 1805, "date": "2026-11-22", "notes": null, "mood": "good"});
    let reminder = json!({"title": "Morning prayer", "description": "", "reminderTime": "08:00",
                          "isActive": 1, "days": ["monday", "friday"], "prayerType": "morning"});
    let score = json!({"date": "2026-11-22", "score": 20, "grade": "Good",
                       "responses": {"1": 4, "2": 4, "3": 4, "4": 4, "5": 4}});
    let journal = json!({"date": "2026-11-22", "title": "Thanks", "content": "For today",
                         "category": "gratitude"});
    let with = |base: &Value, field: &str, value: Value| {
        let mut v = base.clone();
        v[field] = value;
        v
    };
    let without = |base: &Value, field: &str| {
        let mut v = base.clone();
        v.as_object_mut().map(|o| o.remove(field));
        v
    };
    vec![
        ("weightEntries", "weight:2026-11-22", weight.clone()),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "weight", json!(0)),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "weight", json!(15001)),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "weight", json!("heavy")),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "weight", json!(180.5)),
        ),
        (
            "weightEntries",
            "weight:2026-02-30",
            with(&weight, "date", json!("2026-02-30")),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "date", json!("22/11/2026")),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "mood", json!("sleepy")),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "bmi", json!(3)),
        ),
        (
            "weightEntries",
            "weight:2026-11-22",
            without(&weight, "weight"),
        ),
        ("weightEntries", "weight:2026-11-21", weight.clone()),
        ("weightEntries", "w", weight.clone()),
        (
            "weightEntries",
            "weight:2026-11-22",
            with(&weight, "notes", json!("x".repeat(2001))),
        ),
        ("prayerReminders", "reminder-k3j9", reminder.clone()),
        (
            "prayerReminders",
            "reminder-k3j9",
            without(&reminder, "description"),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "title", json!("  ")),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "reminderTime", json!("25:00")),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "days", json!([])),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "days", json!(["monday", "monday"])),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "days", json!(["monday", "funday"])),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "isActive", json!(2)),
        ),
        (
            "prayerReminders",
            "reminder-k3j9",
            with(&reminder, "prayerType", json!("noon")),
        ),
        ("prayerReminders", "a/b", reminder.clone()),
        ("prayerReminders", "", reminder.clone()),
        ("wellnessScores", "score:2026-11-22", score.clone()),
        (
            "wellnessScores",
            "score:2026-11-22",
            with(&score, "score", json!(25)),
        ),
        (
            "wellnessScores",
            "score:2026-11-22",
            with(&score, "grade", json!("Great!")),
        ),
        (
            "wellnessScores",
            "score:2026-11-22",
            with(&score, "grade", json!("Fine")),
        ),
        (
            "wellnessScores",
            "score:2026-11-22",
            with(&score, "responses", json!({"1": 4})),
        ),
        (
            "wellnessScores",
            "score:2026-11-22",
            with(
                &score,
                "responses",
                json!({"1": 4, "2": 4, "3": 4, "4": 4, "5": 9}),
            ),
        ),
        ("prayerJournal", "journal-1", journal.clone()),
        (
            "prayerJournal",
            "journal-1",
            with(&journal, "content", json!("Before\u{0}after")),
        ),
        (
            "prayerJournal",
            "1763790000000",
            with(&journal, "answered", json!(true)),
        ),
        (
            "prayerJournal",
            "journal-1",
            with(&journal, "content", json!("")),
        ),
        (
            "prayerJournal",
            "journal-1",
            with(&journal, "category", json!("joy")),
        ),
        (
            "shoppingLists",
            "list-1",
            json!({"title": "Week 1", "status": "active", "createdAt": "2026-11-22T08:00:00Z", "estimatedCost": 4599}),
        ),
        (
            "shoppingLists",
            "list-2",
            json!({"title": "Week 2", "status": "active", "createdAt": "2026-11-22T08:00:00Z",
                "weekNumber": 2, "planId": "detox-7day", "startDate": "2026-11-23"}),
        ),
        (
            "shoppingLists",
            "list-3",
            json!({"title": "Week 2", "status": "active", "createdAt": "2026-11-22T08:00:00Z",
                "startDate": "2026-11-31"}),
        ),
        (
            "shoppingListItems",
            "item-1",
            json!({"listId": "list-1", "itemName": "Spinach", "category": "produce", "isChecked": false}),
        ),
        (
            "shoppingListItems",
            "item-1",
            json!({"listId": "list-1", "itemName": "Spinach", "category": "snacks", "isChecked": false}),
        ),
        (
            "shoppingListItems",
            "item-2",
            json!({"listId": "list-1", "itemName": "black beans", "category": "pantry", "quantity": "1 can",
                "quantityNote": "Recipes use 1/3 can", "isChecked": false}),
        ),
        (
            "wellnessGoals",
            "goal-1",
            json!({"primaryGoal": "weight_loss", "currentFitnessLevel": "beginner", "gender": "female",
                "timeCommitment": "30min", "budget": "moderate", "dietaryRestrictions": ["nut_allergies"]}),
        ),
        (
            "wellnessGoals",
            "goal-1",
            json!({"primaryGoal": "fly", "currentFitnessLevel": "beginner", "gender": "female",
                "timeCommitment": "30min", "budget": "moderate"}),
        ),
        (
            "personalizedPlans",
            "plan-1",
            json!({"planType": "meal_plan", "planName": "Anti-inflammatory", "title": "30 days",
                "description": "", "createdAt": "2026-11-22", "dailyPlans": [{"day": 1}, {"day": 2}]}),
        ),
        (
            "planProgress",
            "progress:plan-1:4",
            json!({"planId": "plan-1", "day": 4, "completed": true}),
        ),
        (
            "planProgress",
            "progress-1",
            json!({"planId": "plan-1", "day": 4, "completed": true}),
        ),
        (
            "mealPlanEnrollments",
            "enrollment-1",
            json!({"mealPlanId": "anti-inflammatory-7day", "startDate": "2026-11-22",
                "preferences": {"allergies": ["peanuts"], "dislikes": [], "dietaryRestrictions": []}}),
        ),
        (
            "userSettings",
            "settings-main",
            json!({"theme": "light", "reminders": {"sound": true}}),
        ),
        (
            "userSettings",
            "settings-main",
            json!({"big": "x".repeat(17_000)}),
        ),
    ]
}

fn compute() -> Value {
    let results: Vec<Value> = cases()
        .into_iter()
        .map(|(table, id, fields)| {
            let t = Table::from_name(table).expect("table name");
            let outcome = t.validate(id, fields.as_object().expect("object"));
            json!({ "table": table, "id": id, "fields": fields,
                    "error": outcome.err().map(|e: FieldError| json!({"field": e.field, "message": e.message})) })
        })
        .collect();
    Value::Array(results)
}

#[test]
fn validation_vectors_match_the_native_rules() {
    let computed = compute();
    if std::env::var_os("UPDATE_VECTORS").is_some() {
        let text = serde_json::to_string_pretty(&computed).expect("serialise") + "\n";
        std::fs::write(PATH, text).expect("write vectors");
    }
    let stored: Value =
        serde_json::from_str(&std::fs::read_to_string(PATH).expect("read vectors")).expect("parse");
    let (stored, computed) = (
        stored.as_array().expect("list"),
        computed.as_array().expect("list"),
    );
    assert_eq!(
        stored.len(),
        computed.len(),
        "cases added or removed: regenerate validation.json"
    );
    for (s, c) in stored.iter().zip(computed) {
        assert_eq!(
            (&s["table"], &s["id"], &s["error"]),
            (&c["table"], &c["id"], &c["error"]),
            "rules changed: regenerate validation.json on purpose"
        );
        assert_eq!(
            s["fields"], c["fields"],
            "case inputs changed for {} {}",
            c["table"], c["id"]
        );
    }
}
