//! What a device is sent of a pull: its user's own changes as stored, and of
//! each group they belong to only what their place in it lets them see
//! (`manna_sync_protocol::groups::shared::shown`): a record they may not see
//! is sent as a delete (their device may hold it from before), or left out
//! of a snapshot; a group they left, or whose records follow again for a
//! new role, is named for the device to forget.

use crate::store::sync::{GroupPage, Page, Pulled, as_change};
use manna_sync_protocol::groups::shared::{parent_field, shown};
use manna_sync_protocol::{Change, GroupCursor, PullResponse};
use serde_json::Value;

/// The answer to a pull from what the store read.
pub fn answer(pulled: Pulled) -> PullResponse {
    let page = match pulled {
        Pulled::Reset(reset) => return PullResponse::Reset { reset },
        Pulled::Page(page) => page,
    };
    let Page {
        mut changes,
        mut cursor,
        has_more,
        acked_seq,
        groups,
        left,
    } = page;
    let mut forget_groups = left;
    for g in groups {
        if g.restarted {
            forget_groups.push(g.group.clone());
        }
        cursor.groups.push(GroupCursor {
            group: g.group.clone(),
            version: g.version,
            role: g.role,
            member: g.member_id.clone(),
        });
        filtered(g, &mut changes);
    }
    PullResponse::Changes {
        changes,
        cursor,
        has_more,
        acked_seq,
        forget_groups,
    }
}

/// A group's page as its member may see it, added to `changes`.
fn filtered(g: GroupPage, changes: &mut Vec<Change>) {
    for (table, id, mut record) in g.rows {
        if !record.deleted {
            let parent = parent_field(table)
                .and_then(|field| record.fields.get(field))
                .and_then(Value::as_str)
                .and_then(|request| g.parents.get(request));
            let me = Some(g.member_id.as_str());
            match shown(table, Some(g.role), me, &record.fields, parent) {
                Some(fields) => record.fields = fields,
                // Nothing to forget on a device that starts from nothing.
                None if g.snapshot => continue,
                // Sent as a delete: the device may hold it from before.
                None => record.deleted = true,
            }
        }
        changes.push(as_change(table, id, record));
    }
}
