//! Deterministic simulation of groups: several people, each with phones, in
//! overlapping groups whose membership keeps changing (people join by a code,
//! leave, are removed, made leaders and members again, a group is deleted),
//! posting requests, praying, hiding and deleting posts, often offline, over
//! a seeded network that drops, duplicates, reorders and delays messages,
//! while phones and the server crash between steps. On PostgreSQL the
//! server is two replicas on one database, each step's calls landing on
//! either, and a replica crashes now and then (it is replaced by a new
//! process: what it held in memory is gone).
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
//! `phones`: the phones and their messages; `membership`: who belongs
//! where; `checks`: the checks; this file: the world and its runs.
//!
//! `GROUP_SIM_RUNS` sets the number of runs (default 40); a failure prints
//! its seed, and `GROUP_SIM_SEED=<n>` replays it.

mod checks;
mod membership;
mod phones;

use crate::common;
use crate::simulation::model::{Rng, take_due};
use manna_server::groups::Groups;
use manna_server::store::Store;
use phones::{Held, Message, Phone};
use std::collections::{BTreeMap, BTreeSet};

const PEOPLE: usize = 4;
const PHONES_EACH: usize = 2;
const STEPS: usize = 220;

/// One server process: its store (a pool on the database) and its groups.
#[derive(Clone)]
struct Replica {
    store: Store,
    groups: Groups,
}

impl Replica {
    fn new(store: Store) -> Self {
        Self {
            groups: Groups::new(store.clone()),
            store,
        }
    }
}

struct World {
    rng: Rng,
    rt: tokio::runtime::Runtime,
    /// The replica this step's calls land on.
    store: Store,
    groups: Groups,
    /// The server's replicas (two on PostgreSQL, one on SQLite in memory),
    /// and the database a new one opens.
    replicas: Vec<Replica>,
    database: Option<String>,
    /// Replicas crashed in this run.
    crashes: usize,
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

/// The replicas of one run's own server: on a new database of the tests'
/// PostgreSQL (two, and its address), or one in memory.
fn fresh_server() -> (Vec<Replica>, Option<String>) {
    match common::test_postgres() {
        Some(base) => {
            let url = common::fresh_postgres_blocking(&base);
            let open = || Replica::new(Store::open_postgres(&url, 2).expect("postgres store"));
            (vec![open(), open()], Some(url))
        }
        None => (
            vec![Replica::new(Store::open_memory().expect("memory store"))],
            None,
        ),
    }
}

impl World {
    fn new(seed: u64, (replicas, database): (Vec<Replica>, Option<String>)) -> Self {
        let store = replicas[0].store.clone();
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
            groups: replicas[0].groups.clone(),
            rt,
            store,
            replicas,
            database,
            crashes: 0,
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

    fn step(&mut self) {
        self.now += 1;
        let on = self.rng.below(self.replicas.len() as u64) as usize;
        Replica {
            store: self.store,
            groups: self.groups,
        } = self.replicas[on].clone();
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
            // The server restarts: connections lost.
            83..=84 => self.network.clear(),
            // A replica crashes and a new process takes its place.
            85..=86 => {
                self.network.clear();
                if let Some(url) = &self.database {
                    let crashed = self.rng.below(self.replicas.len() as u64) as usize;
                    self.replicas[crashed] =
                        Replica::new(Store::open_postgres(url, 2).expect("a new replica"));
                    self.crashes += 1;
                }
            }
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
}

fn run(seed: u64) -> Result<(usize, usize, usize), String> {
    let mut world = World::new(seed, fresh_server());
    for _ in 0..STEPS {
        world.step();
    }
    world.quiesce();
    world.check()?;
    Ok((world.applied.len(), world.made.len(), world.crashes))
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
    let (requests, groups, crashes) = std::thread::scope(|scope| {
        let shares: Vec<_> = (0..threads)
            .map(|share| {
                scope.spawn(move || {
                    (share..runs)
                        .step_by(threads as usize)
                        .fold((0, 0, 0), |(r, g, c), seed| {
                            let (r2, g2, c2) = run(seed).unwrap_or_else(|e| {
                                panic!("seed {seed} (replay with GROUP_SIM_SEED={seed}): {e}")
                            });
                            (r + r2, g + g2, c + c2)
                        })
                })
            })
            .collect();
        shares
            .into_iter()
            .map(|s| s.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .fold((0, 0, 0), |(a, b, c), (d, e, f)| (a + d, b + e, c + f))
    });
    println!(
        "figure: {runs} runs (seeds 0-{}), {requests} requests applied, {groups} groups made, {crashes} replicas crashed",
        runs - 1
    );
    assert!(
        requests as u64 > runs * 5,
        "the runs applied too few requests to mean anything ({requests})"
    );
    assert!(groups as u64 >= runs * 2, "{groups} groups in {runs} runs");
}
