//! Commits made durable together (SQLite). Each connection commits without
//! waiting for the disk (`synchronous = NORMAL` in WAL mode: the commit's
//! pages are written to the WAL, not yet flushed); one thread flushes the
//! WAL for every commit made since its last flush, and no call answers
//! before the flush that covers what it wrote, or what it read of others'
//! writes. A write is on disk before anyone hears of it, as with
//! `synchronous = FULL`, but the many writes of many users that arrive
//! together share one flush instead of waiting for one each, one after
//! another, for the write lock.

use crate::store::StoreError;
use std::cell::Cell;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;
use tokio::sync::watch;

/// Where the flushes stand, shared by the database threads, the flushing
/// thread and the calls waiting for it.
#[derive(Debug)]
pub struct Durable {
    wal: PathBuf,
    /// Commits begun (numbered as they begin: one writer at a time, so in
    /// order). A commit is visible to readers only after it is numbered.
    begun: AtomicU64,
    /// The highest commit whose pages are all written to the WAL (those
    /// before it were, too: one writer at a time).
    written: Mutex<u64>,
    wake: Condvar,
    /// The highest commit flushed to disk, or why flushing failed.
    flushed: watch::Sender<Result<u64, String>>,
}

thread_local! {
    /// The commit this database thread began last, until its call ends.
    static BEGUN_HERE: Cell<Option<u64>> = const { Cell::new(None) };
}

impl Durable {
    /// Starts the flushing thread of the WAL file `wal`.
    pub fn start(wal: PathBuf) -> Result<Arc<Self>, StoreError> {
        let durable = Arc::new(Self {
            wal,
            begun: AtomicU64::new(0),
            written: Mutex::new(0),
            wake: Condvar::new(),
            flushed: watch::Sender::new(Ok(0)),
        });
        let weak = Arc::downgrade(&durable);
        std::thread::Builder::new()
            .name("manna-db-flush".into())
            .spawn(move || flush_while_open(&weak))
            .map_err(|e| StoreError::Engine(format!("starting the flushing thread: {e}")))?;
        Ok(durable)
    }

    /// Numbers a commit as it begins (the connection's commit hook, on its
    /// database thread).
    pub fn commit_begins(&self) {
        let n = self.begun.fetch_add(1, Ordering::SeqCst) + 1;
        BEGUN_HERE.with(|here| here.set(Some(n)));
    }

    /// At the end of a call on a database thread: the commit the call must
    /// see flushed before it answers. A call that committed marks its
    /// commits written (they are, once its statements returned) and waits
    /// for its last; any other waits for every commit begun so far, so what
    /// it read of others' writes is on disk before it is sent anywhere.
    pub fn call_ends(&self) -> u64 {
        match BEGUN_HERE.with(Cell::take) {
            Some(mine) => {
                let mut written = self.lock();
                if mine > *written {
                    *written = mine;
                    self.wake.notify_one();
                }
                mine
            }
            None => self.begun.load(Ordering::SeqCst),
        }
    }

    /// Waits until commit `n` is flushed (at once when it is).
    pub async fn flushed(&self, n: u64) -> Result<(), StoreError> {
        let mut seen = self.flushed.subscribe();
        let state = seen
            .wait_for(|f| f.as_ref().map_or(true, |done| *done >= n))
            .await
            .map_err(|_| StoreError::Engine("the flushing thread has stopped".into()))?;
        match &*state {
            Ok(_) => Ok(()),
            Err(e) => Err(StoreError::Engine(e.clone())),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, u64> {
        self.written
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Flushes the WAL whenever commits were written since the last flush,
/// until the store is gone. A failed flush is final: the kernel may have
/// dropped the pages it could not write, so a later flush proves nothing,
/// and every call from then on answers an error.
fn flush_while_open(durable: &Weak<Durable>) {
    let mut done = 0;
    loop {
        let Some(d) = durable.upgrade() else { return };
        let target = {
            let written = d.lock();
            let (written, _) = d
                .wake
                .wait_timeout_while(written, Duration::from_secs(1), |w| *w == done)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            *written
        };
        if target == done {
            continue;
        }
        match flush(&d.wal) {
            Ok(()) => {
                done = target;
                let _before = d.flushed.send_replace(Ok(done));
            }
            Err(e) => {
                let why = format!("the database's log could not be written to disk: {e}");
                tracing::error!("{why}");
                let _before = d.flushed.send_replace(Err(why));
                return;
            }
        }
    }
}

/// Flushes the WAL file to disk (opened by name each time: a restored
/// database has a new one). No WAL file: nothing was written to flush.
fn flush(wal: &std::path::Path) -> std::io::Result<()> {
    match std::fs::File::open(wal) {
        Ok(file) => file.sync_data(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_call_answers_once_the_flush_covering_its_commit_is_done() {
        let dir = tempfile::tempdir().expect("dir");
        let wal = dir.path().join("db-wal");
        std::fs::write(&wal, b"frames").expect("wal");
        let durable = Durable::start(wal).expect("started");
        // A call that read nothing new waits for nothing.
        assert_eq!(durable.call_ends(), 0);
        durable.flushed(0).await.expect("nothing to wait for");
        // A commit begun is seen by readers at once: they wait for it too.
        durable.commit_begins();
        let mine = BEGUN_HERE.with(Cell::get).expect("numbered");
        assert_eq!(mine, 1);
        let flushed_before = durable.flushed.borrow().clone();
        assert_eq!(flushed_before, Ok(0), "not flushed before it is written");
        assert_eq!(durable.call_ends(), 1);
        tokio::time::timeout(Duration::from_secs(30), durable.flushed(1))
            .await
            .expect("flushed in time")
            .expect("flushed");
        // Two commits, one flush or two: both answered.
        durable.commit_begins();
        durable.commit_begins();
        assert_eq!(durable.call_ends(), 3);
        tokio::time::timeout(Duration::from_secs(30), durable.flushed(3))
            .await
            .expect("flushed in time")
            .expect("flushed");
    }
}
