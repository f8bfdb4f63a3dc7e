//! Deterministic simulation of groups: several people, each with phones, in
//! overlapping groups whose membership keeps changing (people join by a code,
//! leave, are removed, made leaders and members again, a group is deleted),
//! posting requests, praying, hiding and deleting posts, often offline, over
//! a seeded network that drops, duplicates, reorders and delays messages,
//! while phones and the server crash between steps.
//!
//! Every pull is checked when it is answered: no record of a group reaches
//! someone who is not its member at that moment, a leaders-only or hidden
//! request reaches only leaders and its writer, and a name left out stays
//! out. `pull_checks_catch_a_leak` proves the check fails on a leak. After
//! the system goes quiet, every run checks that each phone holds exactly what
//! a fresh snapshot gives its person (and nothing of a group they left), and
//! that every request the server acknowledged as applied is still there,
//! unless someone allowed to deleted it or its group was deleted.
//!
//! `GROUP_SIM_RUNS` sets the number of runs (default 40); a failure prints
//! its seed, and `GROUP_SIM_SEED=<n>` replays it.

use crate::common;
use crate::simulation::model::{Rng, take_due};
use manna_server::groups::{Groups, NewGroup};
use manna_server::store::Store;
use manna_server::sync::{Open, Writer};
use manna_sync_protocol::groups::shared::shown;
use manna_sync_protocol::groups::{GroupKind, Role};
use manna_sync_protocol::schema::SCHEMA_VERSION;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, Mutation, Op, PROTOCOL_VERSION, PullRequest, PullResponse,
    PushRequest, PushResponse, Table,
};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const PEOPLE: usize = 4;
const PHONES_EACH: usize = 2;
const STEPS: usize = 220;

type Held = BTreeMap<(Table, String), Map<String, Value>>;

/// A phone: its person, its queue, its cursor and what it holds.
struct Phone {
    person: usize,
    id: String,
    next_seq: u64,
    outbox: Vec<Mutation>,
    acked: u64,
    cursor: Option<Cursor>,
    held: Held,
    made: u64,
}

enum Message {
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
    fn phone(&self) -> usize {
        match self {
            Message::Push { phone, .. }
            | Message::Pull { phone, .. }
            | Message::PushAnswer { phone, .. }
            | Message::PullAnswer { phone, .. } => *phone,
        }
    }
}

/// Someone's place in a group, as the server holds it now.
#[derive(Debug, Clone)]
struct Place {
    group: String,
    member: String,
    role: Role,
}

struct World {
    rng: Rng,
    rt: tokio::runtime::Runtime,
    store: Store,
    groups: Groups,
    people: Vec<String>,
    phones: Vec<Phone>,
    network: Vec<(u64, Message)>,
    now: u64,
    /// Every group ever made, and its invitation code.
    made: Vec<(String, String)>,
    /// Requests the server said it applied (id → its group).
    applied: BTreeMap<String, String>,
    /// Requests deleted by an applied delete, and groups deleted.
    deleted: BTreeSet<String>,
    deleted_groups: BTreeSet<String>,
    leaks: Vec<String>,
}

/// A store of one run's own: in memory, or a new database on the tests'
/// PostgreSQL.
fn fresh_store() -> Store {
    match common::test_postgres() {
        Some(base) => {
            let url = common::fresh_postgres_blocking(&base);
            Store::open_postgres(&url, 2).expect("postgres store")
        }
        None => Store::open_memory().expect("memory store"),
    }
}

impl World {
    fn new(seed: u64, store: Store) -> Self {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        let people: Vec<String> = (0..PEOPLE)
            .map(|p| format!("user-{seed}-person{p}"))
            .collect();
        let mut phones = Vec::new();
        for (p, person) in people.iter().enumerate() {
            for n in 0..PHONES_EACH {
                let id = format!("dev-{seed}-{p}-{n}");
                let owner = if n == 0 {
                    person.clone()
                } else {
                    format!("{person}-{n}")
                };
                rt.block_on(store.register_device(
                    &owner,
                    &id,
                    &format!("hash-{id}"),
                    "simulation",
                    0,
                ))
                .expect("phone");
                if n > 0 {
                    rt.block_on(manna_server::sync::claim(&store, &owner, person, &id, 0))
                        .expect("signed in");
                }
                phones.push(Phone {
                    person: p,
                    id,
                    next_seq: 1,
                    outbox: Vec::new(),
                    acked: 0,
                    cursor: None,
                    held: Held::new(),
                    made: 0,
                });
            }
        }
        let mut world = Self {
            rng: Rng(seed),
            groups: Groups::new(store.clone()),
            rt,
            store,
            people,
            phones,
            network: Vec::new(),
            now: 0,
            made: Vec::new(),
            applied: BTreeMap::new(),
            deleted: BTreeSet::new(),
            deleted_groups: BTreeSet::new(),
            leaks: Vec::new(),
        };
        // Two groups, owned by the first two people, each with the next two in it.
        for owner in 0..2 {
            let group = world.new_group(owner);
            for other in 1..=2 {
                world.join((owner + other) % PEOPLE, &group);
            }
        }
        world
    }

    fn new_group(&mut self, owner: usize) -> String {
        let made = self
            .rt
            .block_on(self.groups.create(
                &self.people[owner],
                NewGroup {
                    name: format!("Group of {owner}"),
                    description: String::new(),
                    kind: GroupKind::SmallGroup,
                    display_name: format!("Person {owner}"),
                },
                self.now as i64,
            ))
            .expect("a group");
        let (_, code) = self
            .rt
            .block_on(self.groups.invite(
                &self.people[owner],
                &made.group.id,
                30,
                None,
                self.now as i64,
            ))
            .expect("an invitation");
        self.made.push((made.group.id.clone(), code));
        made.group.id
    }

    fn join(&mut self, person: usize, group: &str) {
        if let Some((_, code)) = self.made.iter().find(|(g, _)| g == group).cloned() {
            // A deleted group's code admits no one: that is fine.
            let _ = self.rt.block_on(self.groups.join(
                &self.people[person],
                &code,
                &format!("Person {person}"),
                self.now as i64,
            ));
        }
    }

    /// Where `person` stands in each group, now.
    fn places(&self, person: usize) -> Vec<Place> {
        self.rt
            .block_on(self.groups.mine(&self.people[person]))
            .expect("groups")
            .into_iter()
            .map(|(g, m, _)| Place {
                group: g.id,
                member: m.member_id,
                role: m.role,
            })
            .collect()
    }

    fn send(&mut self, msg: Message, faults: bool) {
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
    fn write(&mut self, d: usize) {
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

    fn push(&mut self, d: usize, faults: bool) {
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

    fn pull(&mut self, d: usize, faults: bool) {
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

    /// A change in who belongs where, made by the server's groups service as
    /// the people's REST calls make it.
    fn membership(&mut self) {
        let groups: Vec<String> = self
            .made
            .iter()
            .map(|(g, _)| g.clone())
            .filter(|g| !self.deleted_groups.contains(g))
            .collect();
        let Some(group) = self.rng.pick(&groups).cloned() else {
            return;
        };
        let person = self.rng.below(PEOPLE as u64) as usize;
        let place = self.places(person).into_iter().find(|p| p.group == group);
        let owner = (0..PEOPLE).find(|&p| {
            self.places(p)
                .iter()
                .any(|pl| pl.group == group && pl.role == Role::Owner)
        });
        match (place, owner) {
            (None, _) => self.join(person, &group),
            (Some(place), Some(owner)) if place.role != Role::Owner => {
                let by = self.people[owner].clone();
                let _ = match self.rng.below(4) {
                    0 => self
                        .rt
                        .block_on(self.groups.remove(&by, &group, &place.member)),
                    1 => self
                        .rt
                        .block_on(self.groups.leave(&self.people[person], &group)),
                    _ => {
                        let role = if place.role == Role::Member {
                            Role::Leader
                        } else {
                            Role::Member
                        };
                        self.rt
                            .block_on(self.groups.appoint(&by, &group, &place.member, role))
                            .map(|_| ())
                    }
                };
            }
            (Some(place), _) if place.role == Role::Owner && self.rng.chance(10) => {
                self.rt
                    .block_on(self.groups.delete(&self.people[person], &group))
                    .expect("deleted");
                self.deleted_groups.insert(group);
                // And a new group in its place, for the rest of the run.
                let group = self.new_group(person);
                self.join((person + 1) % PEOPLE, &group);
            }
            _ => {}
        }
    }

    /// What a pull answered, checked against where its person stands now.
    fn check_pull(&mut self, d: usize, answer: &PullResponse) {
        let places = self.places(self.phones[d].person);
        if let Err(leak) = pull_leaks(&places, answer) {
            self.leaks.push(format!("phone {d}: {leak}"));
        }
    }

    fn deliver(&mut self, msg: Message, faults: bool) {
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
                    .block_on(manna_server::sync::push(&self.store, writer, req))
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
    fn apply_pull(&mut self, d: usize, asked: Option<Cursor>, answer: PullResponse) -> bool {
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

    fn step(&mut self) {
        self.now += 1;
        let d = self.rng.below(self.phones.len() as u64) as usize;
        match self.rng.below(100) {
            0..=29 => self.write(d),
            30..=49 => self.push(d, true),
            50..=71 => self.pull(d, true),
            72..=79 => self.membership(),
            80..=82 => {
                // A phone crashes: what was in flight for it is lost.
                self.network.retain(|(_, m)| m.phone() != d);
                self.phones[d].acked = 0;
            }
            83..=84 => self.network.clear(), // the server restarts: connections lost
            _ => {}
        }
        for msg in take_due(&mut self.network, self.now, &mut self.rng) {
            self.deliver(msg, true);
        }
    }

    /// No more faults: every phone pushes its queue and pulls to the end.
    fn quiesce(&mut self) {
        self.network.clear();
        for _ in 0..50 {
            for d in 0..self.phones.len() {
                self.push(d, false);
            }
            self.drain();
            for d in 0..self.phones.len() {
                self.pull(d, false);
            }
            self.drain();
            if self.phones.iter().all(|p| p.outbox.is_empty()) {
                return;
            }
        }
        panic!("the system did not go quiet");
    }

    fn drain(&mut self) {
        while !self.network.is_empty() {
            self.now += 1;
            let batch: Vec<Message> = self.network.drain(..).map(|(_, m)| m).collect();
            for msg in batch {
                self.deliver(msg, false);
            }
        }
    }

    /// What a fresh snapshot gives `phone`'s person.
    fn snapshot(&self, d: usize) -> Held {
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

    fn check(&self) -> Result<(), String> {
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

fn apply_changes(held: &mut Held, changes: Vec<Change>) {
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

fn run(seed: u64) -> Result<(usize, usize), String> {
    let mut world = World::new(seed, fresh_store());
    for _ in 0..STEPS {
        world.step();
    }
    world.quiesce();
    world.check()?;
    Ok((world.applied.len(), world.made.len()))
}

#[test]
fn seeded_runs_of_groups_converge_and_leak_nothing() {
    if let Some(seed) = std::env::var("GROUP_SIM_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        run(seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        return;
    }
    let runs: u64 = std::env::var("GROUP_SIM_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get() as u64);
    let (requests, groups) = std::thread::scope(|scope| {
        let shares: Vec<_> = (0..threads)
            .map(|share| {
                scope.spawn(move || {
                    (share..runs)
                        .step_by(threads as usize)
                        .fold((0, 0), |(r, g), seed| {
                            let (r2, g2) = run(seed).unwrap_or_else(|e| {
                                panic!("seed {seed} (replay with GROUP_SIM_SEED={seed}): {e}")
                            });
                            (r + r2, g + g2)
                        })
                })
            })
            .collect();
        shares
            .into_iter()
            .map(|s| s.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    });
    assert!(
        requests as u64 > runs * 5,
        "the runs applied too few requests to mean anything ({requests})"
    );
    assert!(groups as u64 >= runs * 2, "{groups} groups in {runs} runs");
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
