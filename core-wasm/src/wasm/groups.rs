//! The groups' module: the rules of what a group shares, for the pages of
//! groups (loaded by them alone): a shared record's check, whether a write
//! may be made in the writer's place in the group, where a request stands,
//! and an invitation code's shape. The server judges every write by the
//! same rules when it arrives.

use super::{js_of, parse, value_of};
use manna_sync_protocol::groups::Role;
use manna_sync_protocol::groups::invites::is_code;
use manna_sync_protocol::groups::requests::state;
use manna_sync_protocol::groups::shared::{Write, judge};
use manna_sync_protocol::records::read::Fields;
use manna_sync_protocol::{FieldError, Table};
use wasm_bindgen::prelude::*;

fn table(name: &str) -> Result<Table, JsError> {
    Table::from_name(name)
        .filter(|t| t.is_shared())
        .ok_or_else(|| JsError::new(&format!("no table a group shares is named '{name}'")))
}

fn fields_of(js: &JsValue) -> Option<Fields> {
    match value_of(js) {
        serde_json::Value::Object(fields) => Some(fields),
        _ => None,
    }
}

fn refusal(outcome: Result<(), FieldError>) -> Result<JsValue, JsError> {
    match outcome {
        Ok(()) => Ok(JsValue::UNDEFINED),
        Err(e) => js_of(&serde_json::json!({"field": e.field, "message": e.message})),
    }
}

/// Checks a whole record of a table a group shares: `undefined` when valid,
/// else `{ field, message }` (the server's words).
#[wasm_bindgen(js_name = validateShared)]
pub fn validate_shared(table_name: &str, id: &str, fields: JsValue) -> Result<JsValue, JsError> {
    let fields = fields_of(&fields).ok_or_else(|| JsError::new("fields: must be an object"))?;
    refusal(table(table_name)?.validate_shared(id, &fields))
}

/// Whether someone of `role` (`owner`, `leader`, `member`; none: not a
/// member) with member id `me` may make this write: `before` the live
/// record (none: new), `after` the record as it would be (none: a delete),
/// `parent` the request an update or a prayer belongs to. `undefined`, else
/// `{ field, message }`.
#[wasm_bindgen(js_name = judgeWrite)]
#[allow(clippy::too_many_arguments)]
pub fn judge_write(
    table_name: &str,
    role: Option<String>,
    me: Option<String>,
    before: JsValue,
    after: JsValue,
    parent: JsValue,
    reflections_on: bool,
) -> Result<JsValue, JsError> {
    let (before, after, parent) = (fields_of(&before), fields_of(&after), fields_of(&parent));
    refusal(judge(Write {
        table: table(table_name)?,
        role: role.as_deref().and_then(Role::from_wire),
        me: me.as_deref(),
        before: before.as_ref(),
        after: after.as_ref(),
        parent: parent.as_ref(),
        reflections_on,
    }))
}

/// Where a request stands on `today`: `open`, `older` (30 days since it was
/// posted or renewed) or `answered`.
#[wasm_bindgen(js_name = requestState)]
pub fn request_state(
    renewed_on: &str,
    answered_on: Option<String>,
    today: &str,
) -> Result<String, JsError> {
    let answered = answered_on.as_deref().map(parse).transpose()?;
    Ok(state(parse(renewed_on)?, answered, parse(today)?)
        .wire()
        .to_string())
}

/// Whether `code` has an invitation code's shape (either case).
#[wasm_bindgen(js_name = isInvitationCode)]
pub fn is_invitation_code(code: &str) -> bool {
    is_code(code)
}
