//! Apps of older record schemas against this server, as phones that have not
//! updated yet meet it: each pulls only what it knows, edits and pushes, and
//! nothing the newer app wrote is lost; an app too old or too new is told so
//! by name.

use crate::common;

use common::{Device, TestServer, second_device};
use manna_sync_protocol::schema::{ADDED, OLDEST_SCHEMA, SCHEMA_VERSION, unknown_fields};
use manna_sync_protocol::{PROTOCOL_VERSION, Table};
use reqwest::Method;
use serde_json::{Value, json};

async fn push(s: &TestServer, d: &Device, schema: Option<u32>, mutations: Value) -> (u16, Value) {
    let mut body =
        json!({"protocolVersion": PROTOCOL_VERSION, "deviceId": d.id, "mutations": mutations});
    if let Some(v) = schema {
        body["schemaVersion"] = json!(v);
    }
    s.call_as(d, Method::POST, "/api/sync/push", Some(body))
        .await
}

async fn snapshot(s: &TestServer, d: &Device, schema: Option<u32>) -> Value {
    let mut body = json!({"protocolVersion": PROTOCOL_VERSION, "deviceId": d.id, "cursor": null, "limit": 500});
    if let Some(v) = schema {
        body["schemaVersion"] = json!(v);
    }
    let (status, answer) = s
        .call_as(d, Method::POST, "/api/sync/pull", Some(body))
        .await;
    assert_eq!(status, 200, "{answer}");
    answer
}

fn change<'a>(pulled: &'a Value, id: &str) -> &'a Value {
    pulled["changes"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["id"] == id))
        .unwrap_or_else(|| panic!("{id} was not pulled: {pulled}"))
}

fn record<'a>(pulled: &'a Value, id: &str) -> &'a Value {
    &change(pulled, id)["fields"]
}

/// No change pulled by an app speaking `schema` holds a field it does not know.
fn only_known_fields(pulled: &Value, schema: u32) {
    for change in pulled["changes"].as_array().expect("changes") {
        let table =
            Table::from_name(change["table"].as_str().unwrap_or_default()).expect("a table");
        for field in unknown_fields(schema, table) {
            assert!(
                change["fields"].get(field).is_none(),
                "{field} sent to an app of schema {schema}: {change}"
            );
        }
    }
}

#[tokio::test]
async fn apps_of_older_schemas_pull_edit_and_push_and_nothing_is_lost() {
    // The schema before the one that added highlights: the newest of the
    // records this test writes.
    let previous = ADDED
        .iter()
        .find(|a| a.table == "highlights")
        .expect("highlights were added")
        .version
        - 1;
    assert!(
        previous >= OLDEST_SCHEMA,
        "the previous schema is still served"
    );
    let s = TestServer::start().await;
    let new_phone = s.register("user-1763790000000-schema").await;
    let old_phone = second_device(
        &s,
        &new_phone,
        "device-old-app",
        "token-of-the-old-app-phone",
    )
    .await;
    let oldest_phone = second_device(
        &s,
        &new_phone,
        "device-oldest-app",
        "token-of-the-oldest-app-phone",
    )
    .await;

    // The updated app writes records with the newer fields.
    let (_, answer) = push(
        &s,
        &new_phone,
        Some(SCHEMA_VERSION),
        json!([
            {"seq": 1, "table": "shoppingLists", "id": "list-week1", "op": "put", "fields": {
                "title": "Week 1: 7-Day Whole-Foods Reset", "status": "active",
                "createdAt": "2026-11-23T08:00:00.000Z", "estimatedCost": 4200, "weekNumber": 1,
                "planId": "whole-foods-reset-7day", "startDate": "2026-11-23"}},
            {"seq": 2, "table": "shoppingListItems", "id": "item-beans", "op": "put", "fields": {
                "listId": "list-week1", "itemName": "black beans", "category": "pantry",
                "quantity": "1 can", "quantityNote": "Recipes use 1/3 can", "isChecked": false}},
            {"seq": 3, "table": "wellnessGoals", "id": "goal-1", "op": "put", "fields": {
                "primaryGoal": "energy_boost", "currentFitnessLevel": "beginner", "gender": "female",
                "timeCommitment": "30min", "budget": "moderate", "createdAt": "2026-11-23T08:00:00.000Z"}},
            {"seq": 4, "table": "highlights", "id": "highlight:John:3:16", "op": "put", "fields": {
                "book": "John", "chapter": 3, "verse": 16, "color": "yellow", "text": null,
                "createdAt": "2026-11-24T08:00:00.000Z"}}
        ]),
    )
    .await;
    assert_eq!(answer["rejected"], json!([]), "{answer}");

    // The app of that schema is not sent the tables added since.
    let pulled = snapshot(&s, &old_phone, Some(previous)).await;
    only_known_fields(&pulled, previous);
    assert!(
        pulled["changes"]
            .as_array()
            .is_some_and(|c| c.iter().all(|c| c["table"] != "highlights")),
        "{pulled}"
    );

    // An app from before the item's note is sent only the fields it knows,
    // and checks the item off as it knows it.
    let before_notes = 2;
    let pulled = snapshot(&s, &old_phone, Some(before_notes)).await;
    only_known_fields(&pulled, before_notes);
    let item = record(&pulled, "item-beans");
    assert!(item.get("quantityNote").is_none(), "{item}");
    let mut checked = item.clone();
    checked["isChecked"] = json!(true);
    let (status, answer) = push(
        &s,
        &old_phone,
        Some(before_notes),
        json!([{"seq": 1, "table": "shoppingListItems", "id": "item-beans", "op": "put",
                "fields": checked, "baseVersion": change(&pulled, "item-beans")["version"]}]),
    )
    .await;
    assert_eq!(
        (status, answer["rejected"].clone()),
        (200, json!([])),
        "{answer}"
    );

    // An app that sends no schema version speaks the first.
    let pulled = snapshot(&s, &oldest_phone, None).await;
    only_known_fields(&pulled, OLDEST_SCHEMA);
    let list = record(&pulled, "list-week1");
    assert_eq!(list["title"], "Week 1: 7-Day Whole-Foods Reset");
    assert!(list.get("planId").is_none() && list.get("startDate").is_none());
    assert!(record(&pulled, "goal-1").get("createdAt").is_none());

    // It edits the list as it knows it, and makes a goal of its own.
    let mut edited = list.clone();
    edited["title"] = json!("Groceries for week 1");
    edited["status"] = json!("completed");
    let (status, answer) = push(
        &s,
        &oldest_phone,
        None,
        json!([
            {"seq": 1, "table": "shoppingLists", "id": "list-week1", "op": "put", "fields": edited,
             "baseVersion": change(&pulled, "list-week1")["version"]},
            {"seq": 2, "table": "wellnessGoals", "id": "goal-2", "op": "put", "fields": {
                "primaryGoal": "stress_reduction", "currentFitnessLevel": "intermediate", "gender": "male",
                "timeCommitment": "15min", "budget": "budget_friendly"}}
        ]),
    )
    .await;
    assert_eq!(
        (status, answer["rejected"].clone()),
        (200, json!([])),
        "{answer}"
    );

    // The updated app sees the old apps' edits and keeps its own fields.
    let pulled = snapshot(&s, &new_phone, Some(SCHEMA_VERSION)).await;
    let list = record(&pulled, "list-week1");
    assert_eq!(list["title"], "Groceries for week 1");
    assert_eq!(list["status"], "completed");
    assert_eq!(
        list["planId"], "whole-foods-reset-7day",
        "the field the old app did not know is kept"
    );
    assert_eq!(list["startDate"], "2026-11-23");
    let item = record(&pulled, "item-beans");
    assert_eq!(item["isChecked"], true);
    assert_eq!(
        item["quantityNote"], "Recipes use 1/3 can",
        "the field the older app did not know is kept"
    );
    assert_eq!(record(&pulled, "highlight:John:3:16")["color"], "yellow");
    let goal = record(&pulled, "goal-2");
    assert!(
        goal["createdAt"].is_string(),
        "a new record gets the table's defaults: {goal}"
    );
    assert_eq!(
        record(&pulled, "goal-1")["createdAt"],
        "2026-11-23T08:00:00.000Z"
    );
}

#[tokio::test]
async fn an_app_too_old_or_too_new_is_told_so_by_name() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-schema2").await;
    let too_old = OLDEST_SCHEMA - 1;
    let (status, answer) = push(&s, &d, Some(too_old), json!([])).await;
    assert_eq!(
        (status, answer["error"].clone()),
        (409, json!("clientTooOld")),
        "{answer}"
    );
    assert_eq!(
        snapshot(&s, &d, Some(too_old)).await,
        json!({"reset": "clientTooOld"})
    );
    let (status, answer) = push(&s, &d, Some(SCHEMA_VERSION + 1), json!([])).await;
    assert_eq!(
        (status, answer["error"].clone()),
        (409, json!("serverTooOld")),
        "{answer}"
    );
    assert_eq!(
        snapshot(&s, &d, Some(SCHEMA_VERSION + 1)).await,
        json!({"reset": "serverTooOld"})
    );
}
