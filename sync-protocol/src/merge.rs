//! Field-level merge of one mutation into the stored record, in server arrival
//! order. Client clocks never decide anything.
//!
//! - A field changed by another device after the mutation's `baseVersion` is
//!   overwritten (the later arrival wins) and its old value is kept as a revision.
//! - Delete wins over a concurrent edit; the edit is kept as a revision. A device
//!   that saw the delete (its `baseVersion` is at or past it, or it deleted the
//!   record itself) may create the record again.
//! - Deleting a record keeps its last fields as a revision, so nothing anyone
//!   wrote is lost without trace.

use crate::field_error::FieldError;
use crate::messages::{Mutation, Op};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Who last changed a field, and at which of the user's versions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldStamp {
    pub version: u64,
    pub device: String,
}

/// A record as the server stores it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredRecord {
    pub fields: Map<String, Value>,
    pub stamps: BTreeMap<String, FieldStamp>,
    pub version: u64,
    pub deleted: bool,
    /// The device whose delete made this tombstone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_by: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RevisionReason {
    /// Overwritten by a device that had not seen this value.
    ConcurrentEdit,
    /// The record's last fields before it was deleted.
    Deleted,
    /// An edit that arrived for a record deleted concurrently.
    EditAfterDelete,
}

/// A value that is no longer current but must not be lost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Revision {
    /// The field, or none for the whole record.
    pub field: Option<String>,
    pub value: Value,
    /// The device that wrote `value`.
    pub device: String,
    pub reason: RevisionReason,
}

#[derive(Debug, Clone, PartialEq)]
pub enum MergeOutcome {
    /// Store `record` (stamped with the new version) and the revisions.
    Changed {
        record: StoredRecord,
        revisions: Vec<Revision>,
    },
    /// The record stays as it is; the revisions (if any) are still stored.
    Unchanged { revisions: Vec<Revision> },
    /// The mutation is invalid; it is processed but never applied.
    Rejected(FieldError),
}

/// Merges `m`, sent by `device`, into `existing`; `version` is the user's next version.
pub fn merge(
    existing: Option<&StoredRecord>,
    m: &Mutation,
    device: &str,
    version: u64,
) -> MergeOutcome {
    match (m.op, existing) {
        (Op::Delete, None) => match m.table.id_scheme().check_alone(&m.id) {
            Ok(()) => MergeOutcome::Changed {
                record: tombstone(device, version, Map::new()),
                revisions: vec![],
            },
            Err(e) => MergeOutcome::Rejected(e),
        },
        (Op::Delete, Some(r)) if r.deleted => MergeOutcome::Unchanged { revisions: vec![] },
        (Op::Delete, Some(r)) => MergeOutcome::Changed {
            record: tombstone(device, version, r.fields.clone()),
            revisions: vec![Revision {
                field: None,
                value: Value::Object(r.fields.clone()),
                device: last_writer(r).unwrap_or(device).to_string(),
                reason: RevisionReason::Deleted,
            }],
        },
        (Op::Patch, None) => {
            MergeOutcome::Rejected(FieldError::new("id", "no record with this id to change"))
        }
        (Op::Put | Op::Patch, Some(r)) if r.deleted && !saw_delete(r, m, device) => {
            // Kept only if it is a record the table would take: a put whole, a
            // patch over the fields the record had when it was deleted.
            let candidate = match m.op {
                Op::Patch => {
                    let mut fields = r.fields.clone();
                    fields.extend(m.fields.clone());
                    fields
                }
                _ => m.fields.clone(),
            };
            if let Err(e) = m.table.validate(&m.id, &candidate) {
                return MergeOutcome::Rejected(e);
            }
            MergeOutcome::Unchanged {
                revisions: vec![Revision {
                    field: None,
                    value: Value::Object(m.fields.clone()),
                    device: device.to_string(),
                    reason: RevisionReason::EditAfterDelete,
                }],
            }
        }
        (Op::Put, None) => create(m, device, version),
        (Op::Put, Some(r)) if r.deleted => create(m, device, version),
        (Op::Patch, Some(r)) if r.deleted => {
            MergeOutcome::Rejected(FieldError::new("id", "the record was deleted"))
        }
        (Op::Put | Op::Patch, Some(r)) => update(r, m, device, version),
    }
}

/// A deleted record. It keeps its last fields (never sent to devices: a pull
/// sends a delete without them) so that an edit arriving late can be checked
/// against the record it was meant for.
fn tombstone(device: &str, version: u64, last_fields: Map<String, Value>) -> StoredRecord {
    StoredRecord {
        fields: last_fields,
        version,
        deleted: true,
        deleted_by: Some(device.to_string()),
        ..StoredRecord::default()
    }
}

fn last_writer(r: &StoredRecord) -> Option<&str> {
    r.stamps
        .values()
        .max_by_key(|s| s.version)
        .map(|s| s.device.as_str())
}

fn saw_delete(r: &StoredRecord, m: &Mutation, device: &str) -> bool {
    r.deleted_by.as_deref() == Some(device) || m.base_version.is_some_and(|b| b >= r.version)
}

fn create(m: &Mutation, device: &str, version: u64) -> MergeOutcome {
    if let Err(e) = m.table.validate(&m.id, &m.fields) {
        return MergeOutcome::Rejected(e);
    }
    let stamp = FieldStamp {
        version,
        device: device.to_string(),
    };
    let record = StoredRecord {
        fields: m.fields.clone(),
        stamps: m
            .fields
            .keys()
            .map(|k| (k.clone(), stamp.clone()))
            .collect(),
        version,
        deleted: false,
        deleted_by: None,
    };
    MergeOutcome::Changed {
        record,
        revisions: vec![],
    }
}

fn update(r: &StoredRecord, m: &Mutation, device: &str, version: u64) -> MergeOutcome {
    let base = m.base_version.unwrap_or(0);
    let mut record = r.clone();
    let mut revisions = Vec::new();
    for (field, value) in &m.fields {
        let current = r.fields.get(field);
        if current == Some(value) {
            continue;
        }
        if let (Some(old), Some(stamp)) = (current, r.stamps.get(field))
            && stamp.version > base
            && stamp.device != device
        {
            revisions.push(Revision {
                field: Some(field.clone()),
                value: old.clone(),
                device: stamp.device.clone(),
                reason: RevisionReason::ConcurrentEdit,
            });
        }
        record.fields.insert(field.clone(), value.clone());
        record.stamps.insert(
            field.clone(),
            FieldStamp {
                version,
                device: device.to_string(),
            },
        );
    }
    if record.fields == r.fields {
        return MergeOutcome::Unchanged { revisions: vec![] };
    }
    if let Err(e) = m.table.validate(&m.id, &record.fields) {
        return MergeOutcome::Rejected(e);
    }
    record.version = version;
    MergeOutcome::Changed { record, revisions }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Table;
    use serde_json::json;

    fn mutation(op: Op, fields: Value, base: Option<u64>) -> Mutation {
        Mutation {
            seq: 1,
            table: Table::PrayerJournal,
            id: "j1".into(),
            op,
            fields: fields.as_object().cloned().unwrap_or_default(),
            base_version: base,
        }
    }

    fn entry(title: &str, content: &str) -> Value {
        json!({"date": "2026-11-22", "title": title, "content": content, "category": "gratitude"})
    }

    fn changed(o: MergeOutcome) -> (StoredRecord, Vec<Revision>) {
        match o {
            MergeOutcome::Changed { record, revisions } => (record, revisions),
            other => panic!("expected a change, got {other:?}"),
        }
    }

    #[test]
    fn concurrent_text_edits_keep_both_versions() {
        let (r1, _) = changed(merge(
            None,
            &mutation(Op::Put, entry("Thanks", "For today"), None),
            "a",
            1,
        ));
        let (r2, rev) = changed(merge(
            Some(&r1),
            &mutation(Op::Patch, json!({"content": "A's words"}), Some(1)),
            "a",
            2,
        ));
        assert!(rev.is_empty());
        // B edits from version 1, not having seen A's change at version 2.
        let (r3, rev) = changed(merge(
            Some(&r2),
            &mutation(Op::Patch, json!({"content": "B's words"}), Some(1)),
            "b",
            3,
        ));
        assert_eq!(r3.fields["content"], "B's words");
        assert_eq!(rev.len(), 1);
        assert_eq!(rev[0].value, "A's words");
        assert_eq!(rev[0].device, "a");
        assert_eq!(rev[0].reason, RevisionReason::ConcurrentEdit);
        // Different fields merge without conflict.
        let (r4, rev) = changed(merge(
            Some(&r3),
            &mutation(Op::Patch, json!({"title": "New title"}), Some(2)),
            "a",
            4,
        ));
        assert!(rev.is_empty());
        assert_eq!(
            (r4.fields["title"].as_str(), r4.fields["content"].as_str()),
            (Some("New title"), Some("B's words"))
        );
    }

    #[test]
    fn delete_wins_over_a_concurrent_edit_and_keeps_it() {
        let (r1, _) = changed(merge(
            None,
            &mutation(Op::Put, entry("T", "C"), None),
            "a",
            1,
        ));
        let (gone, rev) = changed(merge(
            Some(&r1),
            &mutation(Op::Delete, json!({}), Some(1)),
            "b",
            2,
        ));
        assert!(gone.deleted);
        assert_eq!(rev[0].reason, RevisionReason::Deleted);
        let late = merge(
            Some(&gone),
            &mutation(Op::Patch, json!({"content": "edit"}), Some(1)),
            "a",
            3,
        );
        match late {
            MergeOutcome::Unchanged { revisions } => {
                assert_eq!(revisions[0].reason, RevisionReason::EditAfterDelete);
                assert_eq!(revisions[0].value["content"], "edit");
            }
            other => panic!("{other:?}"),
        }
        // The deleting device, or one that saw the delete, may create it again.
        let (again, _) = changed(merge(
            Some(&gone),
            &mutation(Op::Put, entry("T2", "C2"), None),
            "b",
            3,
        ));
        assert!(!again.deleted);
        let (seen, _) = changed(merge(
            Some(&gone),
            &mutation(Op::Put, entry("T3", "C3"), Some(2)),
            "a",
            3,
        ));
        assert_eq!(seen.fields["title"], "T3");
    }

    #[test]
    fn invalid_changes_are_rejected_with_the_field_named() {
        let bad = merge(None, &mutation(Op::Put, entry("", "C"), None), "a", 1);
        assert!(matches!(bad, MergeOutcome::Rejected(ref e) if e.field == "title"));
        let (r1, _) = changed(merge(
            None,
            &mutation(Op::Put, entry("T", "C"), None),
            "a",
            1,
        ));
        let bad = merge(
            Some(&r1),
            &mutation(Op::Patch, json!({"category": "joy"}), Some(1)),
            "a",
            2,
        );
        assert!(matches!(bad, MergeOutcome::Rejected(ref e) if e.message.contains("joy")));
        let missing = merge(
            None,
            &mutation(Op::Patch, json!({"title": "x"}), None),
            "a",
            1,
        );
        assert!(matches!(missing, MergeOutcome::Rejected(_)));
    }

    #[test]
    fn repeating_a_value_changes_nothing() {
        let (r1, _) = changed(merge(
            None,
            &mutation(Op::Put, entry("T", "C"), None),
            "a",
            1,
        ));
        assert_eq!(
            merge(Some(&r1), &mutation(Op::Put, entry("T", "C"), None), "b", 2),
            MergeOutcome::Unchanged { revisions: vec![] }
        );
    }

    #[test]
    fn a_delete_needs_a_proper_id_and_a_late_edit_must_be_a_valid_record() {
        let mut bad = mutation(Op::Delete, json!({}), None);
        bad.id = "x".repeat(1_000_000);
        assert!(matches!(
            merge(None, &bad, "a", 1),
            MergeOutcome::Rejected(_)
        ));
        bad.id = String::new();
        assert!(matches!(
            merge(None, &bad, "a", 1),
            MergeOutcome::Rejected(_)
        ));

        let (r1, _) = changed(merge(
            None,
            &mutation(Op::Put, entry("T", "C"), None),
            "a",
            1,
        ));
        let (gone, _) = changed(merge(
            Some(&r1),
            &mutation(Op::Delete, json!({}), Some(1)),
            "a",
            2,
        ));
        // B had not seen the delete: an oversized edit is refused, not kept.
        let huge = "w".repeat(1_500_000);
        let late = mutation(Op::Patch, json!({ "content": huge }), Some(1));
        assert!(matches!(
            merge(Some(&gone), &late, "b", 3),
            MergeOutcome::Rejected(e) if e.field == "content"
        ));
        // A valid one is kept as a revision; the record stays deleted.
        let late = mutation(Op::Patch, json!({ "content": "B's words" }), Some(1));
        match merge(Some(&gone), &late, "b", 3) {
            MergeOutcome::Unchanged { revisions } => {
                assert_eq!(revisions.len(), 1);
                assert_eq!(revisions[0].reason, RevisionReason::EditAfterDelete);
            }
            other => panic!("expected a kept revision, got {other:?}"),
        }
    }
}
