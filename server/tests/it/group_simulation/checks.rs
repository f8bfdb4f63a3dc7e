//! The simulation's checks: each pull when it is answered (no leak), and,
//! once the system is quiet, each phone against a fresh snapshot and every
//! applied request still there.

use super::World;
use super::phones::{Held, apply_changes};
use manna_sync_protocol::groups::Role;
use manna_sync_protocol::groups::shared::shown;
use manna_sync_protocol::schema::SCHEMA_VERSION;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, PROTOCOL_VERSION, PullRequest, PullResponse, Table,
};
use serde_json::{Value, json};

/// Someone's place in a group, as the server holds it now.
#[derive(Debug, Clone)]
pub struct Place {
    pub group: String,
    pub member: String,
    pub role: Role,
}

impl World {
    /// What a pull answered, checked against where its person stands now.
    pub(super) fn check_pull(&mut self, d: usize, answer: &PullResponse) {
        let places = self.places(self.phones[d].person);
        if let Err(leak) = pull_leaks(&places, answer) {
            self.leaks.push(format!("phone {d}: {leak}"));
        }
    }

    /// What a fresh snapshot gives `phone`'s person.
    pub(super) fn snapshot(&self, d: usize) -> Held {
        let mut held = Held::new();
        let mut cursor = None;
        loop {
            let req = PullRequest {
                protocol_version: PROTOCOL_VERSION,
                schema_version: Some(SCHEMA_VERSION),
                device_id: self.phones[d].id.clone(),
                cursor: cursor.clone(),
                limit: 50,
            };
            let person = &self.people[self.phones[d].person];
            match self
                .rt
                .block_on(manna_server::sync::pull(
                    &self.store,
                    person,
                    &self.phones[d].id,
                    req,
                ))
                .expect("snapshot")
            {
                PullResponse::Changes {
                    changes,
                    cursor: next,
                    has_more,
                    ..
                } => {
                    apply_changes(&mut held, changes);
                    cursor = Some(next);
                    if !has_more {
                        return held;
                    }
                }
                PullResponse::Reset { reset } => panic!("a snapshot was reset: {reset:?}"),
            }
        }
    }

    pub(super) fn check(&self) -> Result<(), String> {
        if let Some(leak) = self.leaks.first() {
            return Err(format!("{} leaks, first: {leak}", self.leaks.len()));
        }
        for d in 0..self.phones.len() {
            let want = self.snapshot(d);
            if self.phones[d].held != want {
                let extra: Vec<_> = self.phones[d]
                    .held
                    .keys()
                    .filter(|k| !want.contains_key(k))
                    .collect();
                let missing: Vec<_> = want
                    .keys()
                    .filter(|k| !self.phones[d].held.contains_key(k))
                    .collect();
                let differ: Vec<String> = want
                    .iter()
                    .filter(|(k, f)| self.phones[d].held.get(*k).is_some_and(|h| h != *f))
                    .map(|(k, f)| {
                        format!(
                            "{k:?}: held {:?}, snapshot {f:?}",
                            self.phones[d].held.get(k)
                        )
                    })
                    .collect();
                return Err(format!(
                    "phone {d} holds what a snapshot does not: extra {extra:?}, missing {missing:?}, different {differ:?}"
                ));
            }
        }
        for (id, group) in &self.applied {
            if self.deleted.contains(id) || self.deleted_groups.contains(group) {
                continue;
            }
            let bucket = manna_server::store::sync::group_bucket(group);
            let kept = self
                .rt
                .block_on(self.store.live_record(&bucket, Table::GroupRequests, id))
                .expect("record");
            if kept.is_none() {
                return Err(format!("the applied request {id} is gone"));
            }
        }
        Ok(())
    }
}

/// Whether a pull answered to someone standing at `places` carries what is
/// not theirs to see.
fn pull_leaks(places: &[Place], answer: &PullResponse) -> Result<(), String> {
    let PullResponse::Changes { changes, .. } = answer else {
        return Ok(());
    };
    for c in changes.iter().filter(|c| c.table.is_shared()) {
        let group = c.table.group_of(&c.id).unwrap_or_default();
        let Some(place) = places.iter().find(|p| p.group == group) else {
            return Err(format!("{} of group {group}, to someone not in it", c.id));
        };
        if c.op != ChangeOp::Put {
            continue;
        }
        let f = &c.fields;
        let mine =
            |field: &str| f.get(field).and_then(Value::as_str) == Some(place.member.as_str());
        let leads = place.role.leads();
        if c.table == Table::GroupRequests {
            let for_leaders = f.get("audience").and_then(Value::as_str) == Some("leaders");
            let hidden = f.get("hidden").and_then(Value::as_bool) == Some(true);
            let anonymous = f.get("anonymous").and_then(Value::as_bool) == Some(true);
            if (for_leaders || hidden) && !leads && !mine("authorId") {
                return Err(format!("{} (leaders only or hidden) to a member", c.id));
            }
            if anonymous
                && !leads
                && f.get("authorId").is_some_and(|a| !a.is_null())
                && !mine("authorId")
            {
                return Err(format!("{}: the name of a request posted without it", c.id));
            }
        }
        if c.table == Table::GroupPrayers
            && f.get("memberId").is_some_and(|m| !m.is_null())
            && !mine("memberId")
        {
            return Err(format!("{}: who prayed, to someone else", c.id));
        }
    }
    Ok(())
}

#[test]
fn pull_checks_catch_a_leak() {
    let member = vec![Place {
        group: "g1".into(),
        member: "ann".into(),
        role: Role::Member,
    }];
    let change = |id: &str, fields: Value| Change {
        table: Table::GroupRequests,
        id: id.into(),
        op: ChangeOp::Put,
        version: 1,
        fields: fields.as_object().cloned().unwrap_or_default(),
    };
    let answer = |changes: Vec<Change>| PullResponse::Changes {
        changes,
        cursor: Cursor {
            epoch: "e".into(),
            version: 1,
            groups: Vec::new(),
        },
        has_more: false,
        acked_seq: 0,
        forget_groups: Vec::new(),
    };
    let fine = change(
        "request:g1:a",
        json!({"audience": "group", "authorId": "ben"}),
    );
    assert_eq!(pull_leaks(&member, &answer(vec![fine])), Ok(()));
    for leak in [
        change("request:g2:a", json!({"audience": "group"})),
        change(
            "request:g1:b",
            json!({"audience": "leaders", "authorId": "ben"}),
        ),
        change("request:g1:c", json!({"hidden": true, "authorId": "ben"})),
        change(
            "request:g1:d",
            json!({"anonymous": true, "authorId": "ben"}),
        ),
    ] {
        let id = leak.id.clone();
        assert!(
            pull_leaks(&member, &answer(vec![leak])).is_err(),
            "{id} is a leak"
        );
    }
    // And the filter itself keeps them out.
    let hidden = json!({"audience": "leaders", "authorId": "ben"})
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        shown(
            Table::GroupRequests,
            Some(Role::Member),
            Some("ann"),
            &hidden,
            None
        ),
        None
    );
}
