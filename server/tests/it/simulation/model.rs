//! The simulated devices, their network messages and the seeded randomness.

use manna_server::store::{Store, StoredRevision};
use manna_sync_protocol::schema::SCHEMA_VERSION;
use manna_sync_protocol::{
    Change, ChangeOp, Cursor, Mutation, Op, PROTOCOL_VERSION, PullRequest, PullResponse,
    PushRequest, PushResponse, Table,
};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};

pub const USER: &str = "user-1-sim";
pub const DEVICES: usize = 3;

/// SplitMix64: small, fast and the same everywhere.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    /// One of `items`, none when there are none.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len() as u64) as usize])
    }
}

/// Takes the messages due by `now` off the network, in a random order
/// among them (the order a faulty network delivers them in).
pub fn take_due<M>(network: &mut Vec<(u64, M)>, now: u64, rng: &mut Rng) -> Vec<M> {
    let mut due = Vec::new();
    let mut i = 0;
    while i < network.len() {
        if network[i].0 <= now {
            due.push(network.swap_remove(i).1);
        } else {
            i += 1;
        }
    }
    let mut shuffled = Vec::with_capacity(due.len());
    while !due.is_empty() {
        let pick = rng.below(due.len() as u64) as usize;
        shuffled.push(due.swap_remove(pick));
    }
    shuffled
}

#[derive(Debug, Clone)]
pub enum Message {
    Push {
        device: usize,
        req: PushRequest,
    },
    Pull {
        device: usize,
        req: PullRequest,
    },
    PushAnswer {
        device: usize,
        answer: PushResponse,
    },
    PullAnswer {
        device: usize,
        asked: Option<Cursor>,
        answer: PullResponse,
    },
}

/// Records by table and id, with their versions.
pub type Records = BTreeMap<(Table, String), (u64, Map<String, Value>)>;

#[derive(Default)]
pub struct Replica {
    pub records: Records,
}

/// What a device keeps in IndexedDB (survives its crashes).
pub struct Device {
    pub id: String,
    pub next_seq: u64,
    /// Own writes not yet seen in a pull; they stay on top of the replica until then.
    pub outbox: Vec<Mutation>,
    /// Everything up to here is acknowledged by the server: never sent again.
    pub acked: u64,
    pub replica: Replica,
    pub cursor: Option<Cursor>,
    pub highest_cursor: u64,
    pub journal_count: u64,
    /// What went wrong in its pulls: a cursor that moved backwards, a record
    /// that came twice in one page.
    pub faults: Vec<String>,
}

impl Device {
    pub fn new(id: String) -> Self {
        Self {
            id,
            next_seq: 1,
            outbox: vec![],
            acked: 0,
            replica: Replica::default(),
            cursor: None,
            highest_cursor: 0,
            journal_count: 0,
            faults: vec![],
        }
    }

    /// A user's edit on this device (device number `d`), put in its outbox
    /// and noted in `written`: a weight, a new journal entry, a change to or
    /// the deletion of an entry it shows.
    pub fn write(&mut self, d: usize, rng: &mut Rng, written: &mut Vec<Written>) {
        let dates = ["2026-11-20", "2026-11-21", "2026-11-22"];
        let roll = rng.below(10);
        let view = self.view();
        let known_journals: Vec<(String, Option<u64>)> = view
            .keys()
            .filter(|(t, _)| *t == Table::PrayerJournal)
            .map(|(t, id)| (id.clone(), self.base_version(*t, id)))
            .collect();
        let (table, id, op, fields, base) = if roll < 4 || (roll < 7 && known_journals.is_empty()) {
            let date = dates[rng.below(3) as usize];
            let weight = 1500 + rng.below(500);
            let key = (Table::WeightEntries, format!("weight:{date}"));
            let base = self.base_version(key.0, &key.1);
            let fields = json!({"weight": weight, "date": date, "notes": format!("d{d} w{weight}"), "mood": "good"});
            (Table::WeightEntries, key.1, Op::Put, fields, base)
        } else if roll < 7 {
            let (id, version) =
                known_journals[rng.below(known_journals.len() as u64) as usize].clone();
            let text = format!("from device {d}, write {}", rng.next() % 1000);
            (
                Table::PrayerJournal,
                id,
                Op::Patch,
                json!({"content": text}),
                version,
            )
        } else if roll < 9 || known_journals.is_empty() {
            let n = self.journal_count;
            self.journal_count += 1;
            let fields = json!({"date": "2026-11-22", "title": format!("Entry {n} of device {d}"),
                                "content": format!("first words {d}/{n}"), "category": "gratitude"});
            (
                Table::PrayerJournal,
                format!("j-{d}-{n}"),
                Op::Put,
                fields,
                None,
            )
        } else {
            let (id, version) =
                known_journals[rng.below(known_journals.len() as u64) as usize].clone();
            (Table::PrayerJournal, id, Op::Delete, json!({}), version)
        };
        let seq = self.next_seq;
        self.next_seq += 1;
        let fields = fields.as_object().cloned().unwrap_or_default();
        let seen = view.get(&(table, id.clone())).cloned();
        for (field, value) in &fields {
            let replaced = seen.as_ref().and_then(|f| f.get(field)).cloned();
            written.push(Written {
                device: d,
                seq,
                table,
                id: id.clone(),
                field: field.clone(),
                value: value.clone(),
                replaced,
            });
        }
        self.outbox.push(Mutation {
            seq,
            table,
            id,
            op,
            fields,
            base_version: base,
        });
    }

    /// What it sends when it pushes: its outbox past what it knows is
    /// acknowledged (nothing when that is empty).
    pub fn push_request(&self) -> Option<PushRequest> {
        let unacked: Vec<Mutation> = self
            .outbox
            .iter()
            .filter(|m| m.seq > self.acked)
            .cloned()
            .collect();
        (!unacked.is_empty()).then(|| PushRequest {
            protocol_version: PROTOCOL_VERSION,
            schema_version: Some(SCHEMA_VERSION),
            device_id: self.id.clone(),
            mutations: unacked,
        })
    }

    /// A pull from its cursor, seven changes a page (so runs see many pages).
    pub fn pull_request(&self) -> PullRequest {
        PullRequest {
            protocol_version: PROTOCOL_VERSION,
            schema_version: Some(SCHEMA_VERSION),
            device_id: self.id.clone(),
            cursor: self.cursor.clone(),
            limit: 7,
        }
    }

    /// Takes in a pull's answer to a question asked from `asked`; answers
    /// whether to pull again: more pages wait, or the server asked for a
    /// fresh start (a reset, after which everything is pulled anew).
    pub fn apply_pull(&mut self, asked: Option<Cursor>, answer: PullResponse) -> bool {
        if asked != self.cursor {
            return false; // an answer to an older question: the device has moved on
        }
        match answer {
            PullResponse::Reset { .. } => {
                self.cursor = None;
                self.highest_cursor = 0;
                self.replica = Replica::default();
                true
            }
            PullResponse::Changes {
                changes,
                cursor,
                has_more,
                acked_seq,
                ..
            } => {
                if asked.is_none() {
                    self.replica = Replica::default(); // a snapshot replaces everything
                }
                let mut seen = BTreeSet::new();
                for Change {
                    table,
                    id,
                    op,
                    version,
                    fields,
                } in changes
                {
                    if !seen.insert((table, id.clone())) {
                        self.faults.push(format!("{id} came twice in one page"));
                    }
                    let key = (table, id);
                    match op {
                        ChangeOp::Put => {
                            self.replica.records.insert(key, (version, fields));
                        }
                        ChangeOp::Delete => {
                            self.replica.records.remove(&key);
                        }
                    }
                }
                if cursor.version < self.highest_cursor && self.cursor.is_some() {
                    self.faults.push(format!(
                        "cursor {} after {}",
                        cursor.version, self.highest_cursor
                    ));
                }
                self.highest_cursor = self.highest_cursor.max(cursor.version);
                self.cursor = Some(cursor);
                self.acked = self.acked.max(acked_seq);
                if !has_more {
                    // Only the last page guarantees every mutation up to `acked_seq` is in.
                    self.outbox.retain(|m| m.seq > acked_seq);
                }
                has_more
            }
        }
    }

    /// The record version the user's view rests on. While an own write to the
    /// record is pending, the view shows that write, so the base stays what it
    /// was when that write was made (newer pulled versions were not seen).
    pub fn base_version(&self, table: Table, id: &str) -> Option<u64> {
        match self.outbox.iter().find(|m| m.table == table && m.id == id) {
            Some(pending) => pending.base_version,
            None => self
                .replica
                .records
                .get(&(table, id.to_string()))
                .map(|(v, _)| *v),
        }
    }

    /// What the user sees: the replica with the device's own unsynced writes on top.
    pub fn view(&self) -> BTreeMap<(Table, String), Map<String, Value>> {
        let mut view: BTreeMap<_, _> = self
            .replica
            .records
            .iter()
            .map(|(k, (_, f))| (k.clone(), f.clone()))
            .collect();
        for m in &self.outbox {
            let key = (m.table, m.id.clone());
            match m.op {
                Op::Delete => {
                    view.remove(&key);
                }
                Op::Put => view.entry(key).or_default().extend(m.fields.clone()),
                Op::Patch => {
                    if let Some(f) = view.get_mut(&key) {
                        f.extend(m.fields.clone());
                    }
                }
            }
        }
        view
    }
}

/// Where the runs' servers come from: a new SQLite database in memory for
/// each run, or, when the tests run on PostgreSQL, one database of the test's
/// own, emptied before each run.
pub enum Servers {
    Memory,
    Postgres(Store),
}

impl Servers {
    pub fn new() -> Self {
        match crate::common::test_postgres() {
            Some(base) => {
                let url = crate::common::fresh_postgres_blocking(&base);
                Self::Postgres(Store::open_postgres(&url, 2).expect("postgres store"))
            }
            None => Self::Memory,
        }
    }

    /// A server store for one run, with the user and its devices registered.
    pub fn open(&self, rt: &tokio::runtime::Runtime) -> Store {
        let store = match self {
            Self::Memory => Store::open_memory().expect("memory store"),
            Self::Postgres(store) => {
                // The last run's user goes as an account's deletion takes it.
                rt.block_on(store.delete_account(USER, Vec::new()))
                    .expect("emptied");
                store.clone()
            }
        };
        register(rt, store)
    }
}

/// `store` with the user and its devices registered.
fn register(rt: &tokio::runtime::Runtime, store: Store) -> Store {
    rt.block_on(async {
        for d in 0..DEVICES {
            let device = format!("dev-{d}");
            if d == 0 {
                store
                    .register_device(USER, &device, &format!("hash-{d}"), "simulation", 0)
                    .await
                    .expect("user");
            } else {
                add_device(&store, USER, &device, &format!("hash-{d}")).await;
            }
        }
    });
    store
}

/// Another device of `user`'s, made as signing in on another phone makes
/// one: the new phone's anonymous user, claimed into `user`.
pub async fn add_device(store: &Store, user: &str, device: &str, token_hash: &str) {
    let alone = format!("{user}-{device}");
    store
        .register_device(&alone, device, token_hash, "simulation", 0)
        .await
        .expect("a new phone");
    manna_server::sync::claim(store, &alone, user, device, 0)
        .await
        .expect("signed in");
}

/// What the server holds for `user`.
pub async fn server_records(store: &Store, user: &str) -> Records {
    let mut all = BTreeMap::new();
    for table in [Table::WeightEntries, Table::PrayerJournal] {
        for (id, version, fields) in store.live_records(user, table).await.expect("records") {
            all.insert((table, id), (version, fields));
        }
    }
    all
}

pub fn involves(m: &Message, d: usize) -> bool {
    match m {
        Message::Push { device, .. }
        | Message::Pull { device, .. }
        | Message::PushAnswer { device, .. }
        | Message::PullAnswer { device, .. } => *device == d,
    }
}

/// One value a user wrote, to be found again at the end.
#[derive(Clone)]
pub struct Written {
    pub device: usize,
    pub seq: u64,
    pub table: Table,
    pub id: String,
    pub field: String,
    pub value: Value,
    /// The value the device saw in this field when it wrote (what it meant to replace).
    pub replaced: Option<Value>,
}

/// Every device holds what the server holds, and none saw a pull go wrong.
pub fn converged<'a>(
    devices: impl IntoIterator<Item = (usize, &'a Device)>,
    server: &Records,
) -> Result<(), String> {
    for (d, device) in devices {
        if let Some(fault) = device.faults.first() {
            return Err(format!("device {d}: {fault}"));
        }
        if &device.replica.records != server {
            return Err(format!("device {d}'s replica differs from the server"));
        }
    }
    Ok(())
}

/// Nothing a user wrote is missing: each value is current on the server, kept
/// in the record's revisions, or was replaced on purpose (by a later write of
/// the same device, or by a device that had seen it when it wrote over it).
pub fn nothing_lost(
    written: &[Written],
    server: &Records,
    revisions: impl Fn(Table, &str) -> Vec<StoredRevision>,
) -> Result<(), String> {
    for w in written {
        let replaced_knowingly = written.iter().any(|o| {
            o.table == w.table
                && o.id == w.id
                && o.field == w.field
                && ((o.device == w.device && o.seq > w.seq)
                    || (o.device != w.device && o.replaced.as_ref() == Some(&w.value)))
        });
        if replaced_knowingly {
            continue;
        }
        let current = server
            .get(&(w.table, w.id.clone()))
            .and_then(|(_, f)| f.get(&w.field));
        if current == Some(&w.value) {
            continue;
        }
        let kept = revisions(w.table, &w.id).iter().any(|r| match &r.field {
            Some(f) => f == &w.field && r.value == w.value,
            None => r.value.get(&w.field) == Some(&w.value),
        });
        if !kept {
            if std::env::var_os("SIM_DEBUG").is_some() {
                eprintln!("server: {:?}", server.get(&(w.table, w.id.clone())));
                eprintln!("revisions: {:?}", revisions(w.table, &w.id));
                for o in written
                    .iter()
                    .filter(|o| o.id == w.id && o.field == w.field)
                {
                    eprintln!(
                        "write d{} s{} {} replaced {:?}",
                        o.device, o.seq, o.value, o.replaced
                    );
                }
            }
            return Err(format!(
                "device {} seq {} wrote {}.{} = {} and it is lost",
                w.device, w.seq, w.id, w.field, w.value
            ));
        }
    }
    Ok(())
}
