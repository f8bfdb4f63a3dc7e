//! Generated plans and lists as records ready to save: puts named by their
//! table's id scheme, with the table's defaults, all of one action together.
//! The server saves them in one transaction; the app in one IndexedDB
//! transaction (`saveRecords`), so a list never arrives without its items.

use manna_sync_protocol::date::iso_time;
use manna_sync_protocol::records::read::Fields;
use manna_sync_protocol::{FieldError, Mutation, Op, Table};
use serde::Serialize;
use serde_json::Value;

/// The meal plan and the 30 days a list belongs to (the shopping calendar's
/// lists), when it has them.
#[derive(Debug, Clone, Copy, Default)]
pub struct ListOrigin<'a> {
    pub plan_id: Option<&'a str>,
    pub start_date: Option<&'a str>,
}

/// The members of a JSON object; nothing for any other value.
fn fields_of(value: &Value) -> Fields {
    match value {
        Value::Object(map) => map.clone(),
        _ => Fields::new(),
    }
}

/// A put of a new record of `table`: the table's defaults fill what `fields`
/// leaves out, and its id comes from the table's scheme, with `random` (made
/// unique within the action by `n`) for random ids.
fn new_record(
    table: Table,
    mut fields: Fields,
    now_ms: i64,
    random: &str,
    n: usize,
) -> Result<Mutation, FieldError> {
    table.fill_defaults(&mut fields, &iso_time(now_ms));
    let id = table
        .id_scheme()
        .new_id(&fields, &format!("{random}{n:x}"))?;
    Ok(Mutation {
        seq: 0,
        table,
        id,
        op: Op::Put,
        fields,
        base_version: None,
    })
}

/// Generated lists (as `NamedList` serializes: title, weekNumber,
/// estimatedCost, items) and their items: each list, then its items. The app
/// hands back the lists it was given; the server its own.
pub fn list_records(
    lists: &[Value],
    origin: ListOrigin<'_>,
    now_ms: i64,
    random: &str,
) -> Result<Vec<Mutation>, FieldError> {
    let mut out = Vec::new();
    for named in lists {
        let mut fields = Fields::new();
        for key in ["title", "estimatedCost", "weekNumber"] {
            let value = named.get(key).cloned().unwrap_or(Value::Null);
            fields.insert(key.into(), value);
        }
        fields.insert("planId".into(), Value::from(origin.plan_id));
        fields.insert("startDate".into(), Value::from(origin.start_date));
        let list = new_record(Table::ShoppingLists, fields, now_ms, random, out.len())?;
        let list_id = list.id.clone();
        out.push(list);
        for item in named
            .get("items")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let mut f = fields_of(item);
            f.insert("listId".into(), Value::String(list_id.clone()));
            let record = new_record(Table::ShoppingListItems, f, now_ms, random, out.len())?;
            out.push(record);
        }
    }
    Ok(out)
}

/// A wellness goal's generated plans (as `Plan` serializes), as the goal's
/// personalised plans.
pub fn plan_records(
    plans: &[Value],
    goal_id: &str,
    now_ms: i64,
    random: &str,
) -> Result<Vec<Mutation>, FieldError> {
    plans
        .iter()
        .enumerate()
        .map(|(n, plan)| {
            let mut f = fields_of(plan);
            f.insert("goalId".into(), Value::from(goal_id));
            new_record(Table::PersonalizedPlans, f, now_ms, random, n)
        })
        .collect()
}

/// A built list or plan as the JSON value the records are made from.
pub fn value_of<T: Serialize>(built: &T) -> Value {
    crate::json_value::to_value(built).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meals::{BuiltItem, BuiltList, NamedList};
    use manna_sync_protocol::records::shopping::ItemCategory;
    use serde_json::json;

    fn item(name: &str) -> BuiltItem {
        BuiltItem {
            item_name: name.into(),
            category: ItemCategory::Produce,
            quantity: "2".into(),
            quantity_note: Some("Recipes use 1 1/2 apples".into()),
            priority: None,
            notes: String::new(),
            nutritional_focus: "fiber".into(),
            estimated_price: 120,
        }
    }

    #[test]
    fn a_list_and_its_items_are_valid_new_records_named_by_their_scheme() {
        let named = NamedList {
            title: "Week 1".into(),
            week_number: Some(1),
            list: BuiltList {
                items: vec![item("apples"), item("pears")],
                estimated_cost: 240,
                total_items: 2,
            },
        };
        let origin = ListOrigin {
            plan_id: Some("whole-foods-reset-7day"),
            start_date: Some("2026-11-23"),
        };
        let lists = [value_of(&named), value_of(&named)];
        let records = list_records(&lists, origin, 1_795_000_000_000, "ab12").expect("records");
        assert_eq!(records.len(), 6);
        let ids: std::collections::BTreeSet<&str> = records.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids.len(), 6, "every record its own id");
        for m in &records {
            assert_eq!(m.op, Op::Put);
            assert!(m.table.validate(&m.id, &m.fields).is_ok(), "{m:?}");
        }
        assert!(records[0].id.starts_with("list-") && records[1].id.starts_with("item-"));
        assert_eq!(records[1].fields["listId"], json!(records[0].id));
        assert_eq!(records[4].fields["listId"], json!(records[3].id));
        assert_eq!(records[0].fields["status"], "active");
        assert_eq!(records[0].fields["createdAt"], iso_time(1_795_000_000_000));
        assert_eq!(records[2].fields["isChecked"], false);
        assert_eq!(
            records[2].fields["quantityNote"],
            "Recipes use 1 1/2 apples"
        );
    }
}
