//! Deterministic simulation of sync: several devices and the real server logic
//! over an in-memory SQLite, joined by a seeded network that drops, duplicates,
//! reorders and delays messages, while devices and the server crash between
//! steps (losing everything in flight, keeping what was committed or stored).
//!
//! After the system goes quiet, every run checks:
//! - every `(device, seq)` was processed by the server exactly once;
//! - every device's replica equals the server's records;
//! - no cursor ever moved backwards;
//! - nothing a user wrote is missing: it is current, kept in revisions, or was
//!   replaced on purpose (by a later write of the same device, or by a device
//!   that had seen it when it wrote over it).
//!
//! `model` holds the devices, messages and randomness; this file the world and its checks.
//!
//! `SIM_RUNS` sets the number of seeded runs (default 1000; `make soak` runs more).
//! A failure prints its seed; `SIM_SEED=<n>` replays that one run, and
//! `SIM_DEBUG=1` prints the history of a lost value.

pub mod model;

use manna_server::store::Store;
use manna_server::sync::{Open, Writer};
use manna_sync_protocol::{Cursor, PullResponse, Table};
use model::{DEVICES, Device, Message, Records, Rng, Servers, USER, Written, involves};
use std::collections::HashMap;
use std::sync::Arc;

const STEPS: usize = 160;

struct World {
    rng: Rng,
    server: Store,
    rt: tokio::runtime::Runtime,
    devices: Vec<Device>,
    network: Vec<(u64, Message)>,
    now: u64,
    processed: HashMap<(String, u64), u32>,
    written: Vec<Written>,
}

impl World {
    fn new(seed: u64, servers: &Servers) -> Self {
        let devices = (0..DEVICES)
            .map(|d| Device::new(format!("dev-{d}")))
            .collect();
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        Self {
            rng: Rng(seed),
            server: servers.open(&rt),
            rt,
            devices,
            network: vec![],
            now: 0,
            processed: HashMap::new(),
            written: vec![],
        }
    }

    /// Sends with the network's faults: loss, duplication and random delay (which reorders).
    fn send(&mut self, msg: Message, faults: bool) {
        if faults && self.rng.chance(15) {
            return;
        }
        let copies = if faults && self.rng.chance(10) { 2 } else { 1 };
        for _ in 0..copies {
            let delay = if faults { 1 + self.rng.below(8) } else { 1 };
            self.network.push((self.now + delay, msg.clone()));
        }
    }

    fn write(&mut self, d: usize) {
        self.devices[d].write(d, &mut self.rng, &mut self.written);
    }

    fn push_outbox(&mut self, d: usize, faults: bool) {
        if let Some(req) = self.devices[d].push_request() {
            self.send(Message::Push { device: d, req }, faults);
        }
    }

    fn ask_pull(&mut self, d: usize, faults: bool) {
        let req = self.devices[d].pull_request();
        self.send(Message::Pull { device: d, req }, faults);
    }

    fn acked(&self, d: usize) -> u64 {
        self.rt
            .block_on(self.server.acked_seq(&self.devices[d].id))
            .expect("acked")
    }

    fn deliver(&mut self, msg: Message, faults: bool) {
        match msg {
            Message::Push { device, req } => {
                let before = self.acked(device);
                let writer = Writer {
                    user: USER.into(),
                    device: self.devices[device].id.clone(),
                    now_ms: self.now as i64,
                    gate: Arc::new(Open),
                };
                let answer = self
                    .rt
                    .block_on(manna_server::sync::push(&self.server, writer, req, None))
                    .expect("push");
                for seq in before + 1..=answer.acked_seq {
                    *self
                        .processed
                        .entry((self.devices[device].id.clone(), seq))
                        .or_default() += 1;
                }
                self.send(Message::PushAnswer { device, answer }, faults);
            }
            Message::Pull { device, req } => {
                let asked = req.cursor.clone();
                let answer = self
                    .rt
                    .block_on(manna_server::sync::pull(
                        &self.server,
                        USER,
                        &self.devices[device].id,
                        req,
                    ))
                    .expect("pull");
                self.send(
                    Message::PullAnswer {
                        device,
                        asked,
                        answer,
                    },
                    faults,
                );
            }
            Message::PushAnswer { device, answer } => {
                let device = &mut self.devices[device];
                device.acked = device.acked.max(answer.acked_seq);
            }
            Message::PullAnswer {
                device,
                asked,
                answer,
            } => self.apply_pull(device, asked, answer, faults),
        }
    }

    fn apply_pull(&mut self, d: usize, asked: Option<Cursor>, answer: PullResponse, faults: bool) {
        if self.devices[d].apply_pull(asked, answer) {
            self.ask_pull(d, faults);
        }
    }

    fn step(&mut self) {
        self.now += 1;
        let d = self.rng.below(DEVICES as u64) as usize;
        match self.rng.below(100) {
            0..=34 => self.write(d),
            35..=59 => self.push_outbox(d, true),
            60..=79 => self.ask_pull(d, true),
            80..=83 => {
                // Device crash: in-flight messages and what it only held in memory are lost.
                self.network.retain(|(_, m)| !involves(m, d));
                self.devices[d].acked = 0;
            }
            84..=85 => self.network.clear(), // server restart: connections lost
            _ => {}
        }
        // Deliver what is due, in a random order among them.
        for msg in model::take_due(&mut self.network, self.now, &mut self.rng) {
            self.deliver(msg, true);
        }
    }

    /// No more faults: every device pushes its outbox and pulls to the end.
    fn quiesce(&mut self) {
        self.network.clear();
        for _round in 0..50 {
            for d in 0..DEVICES {
                self.push_outbox(d, false);
                self.ask_pull(d, false);
            }
            while !self.network.is_empty() {
                self.now += 1;
                let batch: Vec<Message> = self.network.drain(..).map(|(_, m)| m).collect();
                for msg in batch {
                    self.deliver(msg, false);
                }
            }
            if self.devices.iter().all(|d| d.outbox.is_empty()) {
                // One last pull each so every replica has seen the final pushes.
                for d in 0..DEVICES {
                    self.ask_pull(d, false);
                }
                while !self.network.is_empty() {
                    let batch: Vec<Message> = self.network.drain(..).map(|(_, m)| m).collect();
                    for msg in batch {
                        self.deliver(msg, false);
                    }
                }
                return;
            }
        }
        panic!("the system did not go quiet");
    }

    fn revisions(&self, table: Table, id: &str) -> Vec<manna_server::store::StoredRevision> {
        self.rt
            .block_on(self.server.revisions_of(USER, table, id))
            .expect("revisions")
    }

    fn server_records(&self) -> Records {
        self.rt.block_on(model::server_records(&self.server, USER))
    }

    fn check(&self) -> Result<(), String> {
        for (d, device) in self.devices.iter().enumerate() {
            for seq in 1..device.next_seq {
                match self.processed.get(&(device.id.clone(), seq)) {
                    Some(1) => {}
                    other => return Err(format!("device {d} seq {seq} processed {other:?} times")),
                }
            }
            if self
                .processed
                .keys()
                .any(|(id, seq)| id == &device.id && *seq >= device.next_seq)
            {
                return Err(format!(
                    "device {d}: a sequence number it never made was processed"
                ));
            }
        }
        let server = self.server_records();
        model::converged(self.devices.iter().enumerate(), &server)?;
        model::nothing_lost(&self.written, &server, |table, id| {
            self.revisions(table, id)
        })
    }
}

fn run(seed: u64, servers: &Servers) -> Result<usize, String> {
    let mut world = World::new(seed, servers);
    for _ in 0..STEPS {
        world.step();
    }
    world.quiesce();
    world.check()?;
    Ok(world.written.len())
}

#[test]
fn seeded_runs_converge_without_loss_or_duplication() {
    if let Some(seed) = std::env::var("SIM_SEED").ok().and_then(|s| s.parse().ok()) {
        run(seed, &Servers::new()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        return;
    }
    let runs: u64 = std::env::var("SIM_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    // The seeds shared among as many threads as there are cores, each with
    // servers of its own: one seed's run is a single thread's work.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get() as u64);
    let writes: usize = std::thread::scope(|scope| {
        let shares: Vec<_> = (0..threads)
            .map(|share| {
                scope.spawn(move || {
                    let servers = Servers::new();
                    (share..runs)
                        .step_by(threads as usize)
                        .map(|seed| {
                            run(seed, &servers).unwrap_or_else(|e| {
                                panic!("seed {seed} (replay with SIM_SEED={seed}): {e}")
                            })
                        })
                        .sum::<usize>()
                })
            })
            .collect();
        shares
            .into_iter()
            .map(|s| s.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    });
    assert!(
        writes as u64 > runs * 20,
        "the runs wrote too little to mean anything ({writes} values)"
    );
}

#[test]
fn the_checks_catch_a_lost_write() {
    // A run whose server forgets a committed record must fail the checks.
    let mut world = World::new(7, &Servers::new());
    for _ in 0..STEPS {
        world.step();
    }
    world.quiesce();
    assert_eq!(world.check(), Ok(()));
    let tamper = world.server.execute_for_tests(
        "DELETE FROM records WHERE rowid = (SELECT min(rowid) FROM records WHERE deleted = FALSE)",
    );
    world.rt.block_on(tamper).expect("tamper");
    assert!(world.check().is_err());
}
