//! Content ids renamed: a meal plan keeps the ids it had before
//! (`formerIds`), and the records that still name it by one of them (a
//! person's enrollment, a shopping list made from it) are brought to its id
//! now, as a change of the server's that every device of theirs pulls.

use crate::admission::ServerGate;
use crate::content::meal_plans;
use crate::error::AppError;
use crate::store::Store;
use crate::sync::Writer;
use manna_sync_protocol::{Mutation, Op, Table};
use serde_json::{Map, Value};
use std::sync::Arc;

/// The records' fields that name a meal plan.
const NAMING_A_PLAN: [(Table, &str); 2] = [
    (Table::MealPlanEnrollments, "mealPlanId"),
    (Table::ShoppingLists, "planId"),
];

/// The device a renaming is written as.
const RENAMER: &str = "server:renamed";

/// Brings every record that names a plan by a former id to the plan's id,
/// as writes through `gate` (whose content names the plans) at `now_ms`;
/// answers how many records changed.
pub async fn rename_old_ids(
    store: &Store,
    gate: ServerGate,
    now_ms: i64,
) -> Result<usize, AppError> {
    let renamed = meal_plans::renamed(&gate.content);
    let gate = Arc::new(gate);
    let mut changed = 0;
    for (table, field) in NAMING_A_PLAN {
        for (old, new) in &renamed {
            for (user, id, version) in store.records_naming(table, field, old.clone()).await? {
                let writer = Writer {
                    user,
                    device: RENAMER.into(),
                    now_ms,
                    gate: gate.clone(),
                };
                let change = Mutation {
                    seq: 0,
                    table,
                    id,
                    op: Op::Patch,
                    fields: Map::from_iter([(field.to_owned(), Value::String(new.clone()))]),
                    base_version: Some(version),
                };
                match crate::sync::apply_direct(store, writer, change).await? {
                    Ok(_) => changed += 1,
                    Err(refusal) => {
                        tracing::warn!(%refusal, old, new, "a record naming a renamed plan was not changed")
                    }
                }
            }
        }
    }
    Ok(changed)
}
