//! The wire format of `POST /api/sync/push` and `POST /api/sync/pull`.

use crate::tables::Table;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

/// Bumped whenever the wire format changes incompatibly (the records' own
/// versions are `crate::schema`'s).
pub const PROTOCOL_VERSION: u32 = 1;

/// Why a peer's message cannot be processed at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Incompatibility {
    ClientTooOld,
    ServerTooOld,
}

/// Compares a client's protocol version with this build's.
pub fn check_version(client: u32) -> Result<(), Incompatibility> {
    match client.cmp(&PROTOCOL_VERSION) {
        std::cmp::Ordering::Less => Err(Incompatibility::ClientTooOld),
        std::cmp::Ordering::Greater => Err(Incompatibility::ServerTooOld),
        std::cmp::Ordering::Equal => Ok(()),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Op {
    /// Create the record, or set the given fields of an existing one.
    Put,
    /// Set the given fields of an existing record.
    Patch,
    Delete,
}

/// One change a device made, numbered by the device without gaps from 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Mutation {
    pub seq: u64,
    pub table: Table,
    pub id: String,
    pub op: Op,
    #[serde(default)]
    #[ts(type = "Record<string, unknown>")]
    pub fields: Map<String, Value>,
    /// The record version the user's view rested on when the change was made
    /// (none for new records). While an earlier change to the same record is
    /// still pending, that change's base is used: newer pulled versions were
    /// hidden under it, so the user had not seen them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub base_version: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PushRequest {
    pub protocol_version: u32,
    /// The record schema the app speaks (`crate::schema`); absent from apps
    /// older than schema versions, which speak the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub schema_version: Option<u32>,
    pub device_id: String,
    pub mutations: Vec<Mutation>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Rejection {
    pub seq: u64,
    /// `field: message`, for logs and older apps.
    pub message: String,
    /// The field at fault (absent from servers that did not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field: Option<String>,
}

impl Rejection {
    pub fn new(seq: u64, error: &crate::FieldError) -> Self {
        Self {
            seq,
            message: error.to_string(),
            field: Some(error.field.clone()),
        }
    }
}

/// A mutation arrived out of order: the server waits for `expected` first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Gap {
    pub expected: u64,
    pub received: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PushResponse {
    /// Every mutation up to this sequence number is processed (applied or rejected).
    pub acked_seq: u64,
    /// Mutations that were invalid: processed, never applied, never retried.
    pub rejected: Vec<Rejection>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub gap: Option<Gap>,
}

/// Where a device is in its user's stream of changes. `epoch` names the server
/// database's lifetime; `version` is the user's change counter, never a time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Cursor {
    pub epoch: String,
    pub version: u64,
    /// Where the device is in each group's records, and the role it was
    /// sent them as (absent until the person belongs to a group).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<GroupCursor>>", optional)]
    pub groups: Vec<GroupCursor>,
}

/// Where a device is in one group's records: that group's change counter,
/// and the place in the group its records were filtered for (a new role, or
/// a new membership, starts the group again from a snapshot, after its
/// records are forgotten).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupCursor {
    pub group: String,
    pub version: u64,
    pub role: crate::groups::Role,
    /// The member id the records were filtered for (a person who left and
    /// joined again is a new member, and starts the group again).
    pub member: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PullRequest {
    pub protocol_version: u32,
    /// As in [`PushRequest`]: the tables and fields the app is sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub schema_version: Option<u32>,
    pub device_id: String,
    /// None asks for a full snapshot.
    #[serde(default)]
    pub cursor: Option<Cursor>,
    #[serde(default = "default_limit")]
    pub limit: u32,
}

fn default_limit() -> u32 {
    500
}

pub const MAX_PULL_LIMIT: u32 = 5000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ChangeOp {
    Put,
    Delete,
}

/// A record as it now stands on the server (the whole record for `put`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Change {
    pub table: Table,
    pub id: String,
    pub op: ChangeOp,
    pub version: u64,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    #[ts(type = "Record<string, unknown>", optional)]
    pub fields: Map<String, Value>,
}

/// Why a device must start again from a snapshot (after pushing its outbox).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ResetReason {
    /// The server's database is not the one the cursor came from (restored from
    /// backup). It may lack what the device synced since the backup: the device
    /// reads a snapshot's versions, queues again (numbered from 1, since a
    /// restore starts every device's numbering again) each record it holds that
    /// the server lacks or holds at an older version, plus its pending deletes,
    /// pushes them, then applies a fresh snapshot. A push whose gap expects a
    /// change the server had acknowledged means the same, numbered from the
    /// expected change.
    EpochChanged,
    /// Deletions older than the cursor have been forgotten.
    CursorTooOld,
    ClientTooOld,
    ServerTooOld,
}

impl From<Incompatibility> for ResetReason {
    fn from(i: Incompatibility) -> Self {
        match i {
            Incompatibility::ClientTooOld => ResetReason::ClientTooOld,
            Incompatibility::ServerTooOld => ResetReason::ServerTooOld,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum PullResponse {
    Changes {
        changes: Vec<Change>,
        cursor: Cursor,
        #[serde(rename = "hasMore")]
        has_more: bool,
        /// The device's mutations processed so far. Their effects are all in the
        /// changes once `hasMore` is false: only then may the device drop them
        /// from its outbox overlay.
        #[serde(rename = "ackedSeq")]
        acked_seq: u64,
        /// Groups whose records the device must delete, all of them, before
        /// applying the changes: the person left the group (or was removed,
        /// or it was deleted), or their role changed and the group's records
        /// follow again from a snapshot.
        #[serde(
            rename = "forgetGroups",
            default,
            skip_serializing_if = "Vec::is_empty"
        )]
        #[ts(as = "Option<Vec<String>>", optional)]
        forget_groups: Vec<String>,
    },
    Reset {
        reset: ResetReason,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_other_than_ours_are_refused_with_a_reason() {
        assert_eq!(check_version(PROTOCOL_VERSION), Ok(()));
        assert_eq!(check_version(0), Err(Incompatibility::ClientTooOld));
        assert_eq!(
            check_version(PROTOCOL_VERSION + 1),
            Err(Incompatibility::ServerTooOld)
        );
    }
}
