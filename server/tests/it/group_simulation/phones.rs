//! The phones of the simulation: what each holds, the messages between it and
//! the server over the faulty network, and what it writes.

use super::World;
use manna_server::sync::{Open, Writer};
use manna_sync_protocol::schema::SCHEMA_VERSION;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, Mutation, Op, PROTOCOL_VERSION, PullRequest, PullResponse,
    PushRequest, PushResponse, Table,
};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

pub type Held = BTreeMap<(Table, String), Map<String, Value>>;

/// A phone: its person, its queue, its cursor and what it holds.
pub struct Phone {
    pub person: usize,
    pub id: String,
    pub next_seq: u64,
    pub outbox: Vec<Mutation>,
    pub acked: u64,
    pub cursor: Option<Cursor>,
    pub held: Held,
    pub made: u64,
}

pub enum Message {
    Push {
        phone: usize,
        req: PushRequest,
    },
    Pull {
        phone: usize,
        req: PullRequest,
    },
    PushAnswer {
        phone: usize,
        answer: PushResponse,
    },
    PullAnswer {
        phone: usize,
        asked: Option<Cursor>,
        answer: PullResponse,
    },
}

impl Message {
    pub fn phone(&self) -> usize {
        match self {
            Message::Push { phone, .. }
            | Message::Pull { phone, .. }
            | Message::PushAnswer { phone, .. }
            | Message::PullAnswer { phone, .. } => *phone,
        }
    }
}

impl World {
    pub(super) fn send(&mut self, msg: Message, faults: bool) {
        if faults && self.rng.chance(15) {
            return;
        }
        let delay = if faults { 1 + self.rng.below(6) } else { 1 };
        if faults && self.rng.chance(10) {
            // A duplicate, as a retry after a lost answer makes.
            let copy = match &msg {
                Message::Push { phone, req } => Message::Push {
                    phone: *phone,
                    req: req.clone(),
                },
                Message::Pull { phone, req } => Message::Pull {
                    phone: *phone,
                    req: req.clone(),
                },
                Message::PushAnswer { phone, answer } => Message::PushAnswer {
                    phone: *phone,
                    answer: answer.clone(),
                },
                Message::PullAnswer {
                    phone,
                    asked,
                    answer,
                } => Message::PullAnswer {
                    phone: *phone,
                    asked: asked.clone(),
                    answer: answer.clone(),
                },
            };
            self.network.push((self.now + delay + 1, copy));
        }
        self.network.push((self.now + delay, msg));
    }

    /// A phone writes something in one of the groups it knows of (from its
    /// last pull, so possibly one its person has left).
    pub(super) fn write(&mut self, d: usize) {
        let known: Vec<String> = self.phones[d]
            .cursor
            .as_ref()
            .map(|c| c.groups.iter().map(|g| g.group.clone()).collect())
            .unwrap_or_default();
        let Some(group) = self.rng.pick(&known).cloned() else {
            return;
        };
        let requests: Vec<String> = self.phones[d]
            .held
            .keys()
            .filter(|(t, id)| *t == Table::GroupRequests && id.contains(&group))
            .map(|(_, id)| id.clone())
            .collect();
        let phone = &mut self.phones[d];
        phone.made += 1;
        let tag = format!("{}-{}", phone.id, phone.made);
        let (table, id, op, fields) = match self.rng.below(10) {
            0..=4 => {
                let audience = if self.rng.chance(25) {
                    "leaders"
                } else {
                    "group"
                };
                let fields = json!({"groupId": group, "title": format!("Request {tag}"), "renewedOn": "2026-12-01",
                    "audience": audience, "anonymous": self.rng.chance(30)});
                (
                    Table::GroupRequests,
                    format!("request:{group}:{tag}"),
                    Op::Put,
                    fields,
                )
            }
            5..=6 => match self.rng.pick(&requests).cloned() {
                Some(request) => {
                    let fields = json!({"groupId": group, "requestId": request, "prayedOn": "2026-12-01",
                        "name": if self.rng.chance(50) { json!("shown") } else { Value::Null }});
                    (
                        Table::GroupPrayers,
                        format!("prayed:{group}:{tag}"),
                        Op::Put,
                        fields,
                    )
                }
                None => return,
            },
            7 => match self.rng.pick(&requests).cloned() {
                // A leader hides or shows a request (refused for members).
                Some(request) => (
                    Table::GroupRequests,
                    request,
                    Op::Patch,
                    json!({"hidden": self.rng.chance(60)}),
                ),
                None => return,
            },
            8 => match self.rng.pick(&requests).cloned() {
                Some(request) => (Table::GroupRequests, request, Op::Delete, json!({})),
                None => return,
            },
            _ => match self.rng.pick(&requests).cloned() {
                Some(request) => (
                    Table::GroupRequests,
                    request,
                    Op::Patch,
                    json!({"details": format!("News {tag}")}),
                ),
                None => return,
            },
        };
        let phone = &mut self.phones[d];
        phone.outbox.push(Mutation {
            seq: phone.next_seq,
            table,
            id,
            op,
            fields: fields.as_object().cloned().unwrap_or_default(),
            base_version: None,
        });
        phone.next_seq += 1;
    }

    pub(super) fn push(&mut self, d: usize, faults: bool) {
        let phone = &self.phones[d];
        let mutations: Vec<Mutation> = phone
            .outbox
            .iter()
            .filter(|m| m.seq > phone.acked)
            .cloned()
            .collect();
        if mutations.is_empty() {
            return;
        }
        let req = PushRequest {
            protocol_version: PROTOCOL_VERSION,
            schema_version: Some(SCHEMA_VERSION),
            device_id: phone.id.clone(),
            mutations,
        };
        self.send(Message::Push { phone: d, req }, faults);
    }

    pub(super) fn pull(&mut self, d: usize, faults: bool) {
        let phone = &self.phones[d];
        let req = PullRequest {
            protocol_version: PROTOCOL_VERSION,
            schema_version: Some(SCHEMA_VERSION),
            device_id: phone.id.clone(),
            cursor: phone.cursor.clone(),
            limit: 7,
        };
        self.send(Message::Pull { phone: d, req }, faults);
    }

    pub(super) fn deliver(&mut self, msg: Message, faults: bool) {
        match msg {
            Message::Push { phone, req } => {
                let person = self.people[self.phones[phone].person].clone();
                let before = self
                    .rt
                    .block_on(self.store.acked_seq(&self.phones[phone].id))
                    .expect("acked");
                let sent = req.mutations.clone();
                let writer = Writer {
                    user: person,
                    device: self.phones[phone].id.clone(),
                    now_ms: self.now as i64,
                    gate: Arc::new(Open),
                };
                let answer = self
                    .rt
                    .block_on(manna_server::sync::push(&self.store, writer, req, None))
                    .expect("push");
                // What this answer applied (a retry's earlier part was applied before).
                for m in sent
                    .iter()
                    .filter(|m| m.seq > before && m.seq <= answer.acked_seq)
                {
                    if answer.rejected.iter().any(|r| r.seq == m.seq)
                        || m.table != Table::GroupRequests
                    {
                        continue;
                    }
                    let group = m.table.group_of(&m.id).unwrap_or_default().to_string();
                    match m.op {
                        Op::Delete => {
                            self.deleted.insert(m.id.clone());
                        }
                        _ => {
                            self.applied.entry(m.id.clone()).or_insert(group);
                        }
                    }
                }
                self.send(Message::PushAnswer { phone, answer }, faults);
            }
            Message::Pull { phone, req } => {
                let person = self.people[self.phones[phone].person].clone();
                let asked = req.cursor.clone();
                let answer = self
                    .rt
                    .block_on(manna_server::sync::pull(
                        &self.store,
                        &person,
                        &self.phones[phone].id,
                        req,
                    ))
                    .expect("pull");
                self.check_pull(phone, &answer);
                self.send(
                    Message::PullAnswer {
                        phone,
                        asked,
                        answer,
                    },
                    faults,
                );
            }
            Message::PushAnswer { phone, answer } => {
                let p = &mut self.phones[phone];
                p.acked = p.acked.max(answer.acked_seq);
                let acked = p.acked;
                p.outbox.retain(|m| m.seq > acked);
            }
            Message::PullAnswer {
                phone,
                asked,
                answer,
            } => {
                if self.apply_pull(phone, asked, answer) {
                    self.pull(phone, faults);
                }
            }
        }
    }

    /// Applies a pull's answer as the app does; answers whether more is waiting.
    pub(super) fn apply_pull(
        &mut self,
        d: usize,
        asked: Option<Cursor>,
        answer: PullResponse,
    ) -> bool {
        let phone = &mut self.phones[d];
        if asked != phone.cursor {
            return false; // an answer to an older question
        }
        match answer {
            PullResponse::Reset { .. } => {
                phone.cursor = None;
                phone.held.clear();
                true
            }
            PullResponse::Changes {
                changes,
                cursor,
                has_more,
                acked_seq,
                forget_groups,
            } => {
                if asked.is_none() {
                    phone.held.clear();
                }
                for group in &forget_groups {
                    phone.held.retain(|_, f| {
                        f.get("groupId").and_then(Value::as_str) != Some(group.as_str())
                    });
                }
                apply_changes(&mut phone.held, changes);
                phone.cursor = Some(cursor);
                if !has_more {
                    phone.acked = phone.acked.max(acked_seq);
                    let acked = phone.acked;
                    phone.outbox.retain(|m| m.seq > acked);
                }
                has_more
            }
        }
    }
}

pub fn apply_changes(held: &mut Held, changes: Vec<Change>) {
    for c in changes {
        match c.op {
            ChangeOp::Put => {
                held.insert((c.table, c.id), c.fields);
            }
            ChangeOp::Delete => {
                held.remove(&(c.table, c.id));
            }
        }
    }
}
