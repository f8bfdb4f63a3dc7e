//! The simulated devices, their network messages and the seeded randomness.

use manna_server::store::Store;
use manna_sync_protocol::{
    Cursor, Mutation, Op, PullRequest, PullResponse, PushRequest, PushResponse, Table,
};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

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

#[derive(Default)]
pub struct Replica {
    pub records: BTreeMap<(Table, String), (u64, Map<String, Value>)>,
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
}

impl Device {
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
                rt.block_on(store.execute_for_tests("TRUNCATE users CASCADE"))
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
                    .register_device(USER, &device, &format!("hash-{d}"), 0)
                    .await
                    .expect("user");
            } else {
                store
                    .execute_for_tests(&format!(
                        "INSERT INTO devices (id, user_id, token_hash, created_at) VALUES ('{device}', '{USER}', 'hash-{d}', 0)"
                    ))
                    .await
                    .expect("device");
            }
        }
    });
    store
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
