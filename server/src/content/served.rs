//! The content being served: the set every call reads, swapped whole when the
//! files are read again, and the answers that are the same for everyone —
//! Home's payload of a few dates and the large lists the app saves for
//! offline use — encoded and compressed once (they cost no JSON or
//! compression work per request).

use super::{ContentSet, Kind, home_payload};
use crate::encoded::{Effort, Encoded};
use axum::body::Bytes;
use manna_core::Date;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, RwLock};

/// Home payloads are the same for everyone on a date: the encoded bytes of
/// this many dates are kept.
const HOME_CACHE_DATES: usize = 16;

/// How many encoded lists are kept (a list of each kind for a few dates, for
/// members and others); past it they are made again as asked.
const LIST_CACHE_ENTRIES: usize = 64;

/// What a kept list's bytes depend on besides the content set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKey {
    /// A fixed list whole, with its premium fields left out or not.
    Fixed { kind: Kind, hidden: bool },
    /// A daily kind's archive of `days` days up to `today`.
    Archive { kind: Kind, today: Date, days: u32 },
    /// The meal catalogue.
    Catalogue,
}

/// Bodies encoded once by key, at most `most` of them (all are dropped when
/// full, and when the set is replaced).
#[derive(Debug)]
struct Kept<K> {
    bodies: RwLock<HashMap<K, Arc<Encoded>>>,
    most: usize,
}

impl<K> Kept<K> {
    fn new(most: usize) -> Self {
        Self {
            bodies: RwLock::new(HashMap::new()),
            most,
        }
    }

    fn clear(&self) {
        self.bodies
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }
}

/// The served content (cheap to clone: the clones share it).
#[derive(Debug, Clone)]
pub struct Served {
    set: Arc<RwLock<Arc<ContentSet>>>,
    /// Read by every home call at once; written once a date.
    home: Arc<Kept<Date>>,
    lists: Arc<Kept<ListKey>>,
}

impl Default for Served {
    fn default() -> Self {
        Self {
            set: Arc::default(),
            home: Arc::new(Kept::new(HOME_CACHE_DATES)),
            lists: Arc::new(Kept::new(LIST_CACHE_ENTRIES)),
        }
    }
}

impl Served {
    /// The set served now.
    pub fn current(&self) -> Arc<ContentSet> {
        self.set.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Serves `set` from now on; Home's payloads and the lists are made again from it.
    pub fn replace(&self, set: Arc<ContentSet>) {
        *self.set.write().unwrap_or_else(|p| p.into_inner()) = set;
        self.home.clear();
        self.lists.clear();
    }

    /// The home payload of a date, encoded and compressed once.
    pub fn home_json(&self, date: Date) -> Arc<Encoded> {
        self.kept(&self.home, date, |set| {
            let bytes = Bytes::from(home_payload(set, date).to_string());
            Encoded::new("application/json", bytes)
        })
    }

    /// A large list, `make` of the current set's JSON text, encoded once.
    pub fn list_json(
        &self,
        key: ListKey,
        make: impl FnOnce(&ContentSet) -> String,
    ) -> Arc<Encoded> {
        self.kept(&self.lists, key, |set| {
            Encoded::with_effort("application/json", Bytes::from(make(set)), Effort::Quick)
        })
    }

    /// The body kept as `key`, or `make` of the current set's, kept. Made
    /// outside the lock; a body made from a set replaced meanwhile is
    /// answered, not kept.
    fn kept<K: Eq + Hash>(
        &self,
        kept: &Kept<K>,
        key: K,
        make: impl FnOnce(&ContentSet) -> Encoded,
    ) -> Arc<Encoded> {
        if let Some(body) = kept
            .bodies
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
        {
            return body.clone();
        }
        let set = self.current();
        let body = Arc::new(make(&set));
        let mut bodies = kept.bodies.write().unwrap_or_else(|p| p.into_inner());
        if Arc::ptr_eq(&set, &self.current()) {
            if bodies.len() >= kept.most {
                bodies.clear();
            }
            bodies.insert(key, body.clone());
        }
        body
    }
}
