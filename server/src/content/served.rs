//! The content being served: the set every call reads, swapped whole when the
//! files are read again, and the answers that are the same for everyone —
//! Home's payload of a few dates and the large lists the app saves for
//! offline use — encoded and compressed once (they cost no JSON or
//! compression work per request).

use super::{ContentSet, home_payload};
use crate::encoded::{Effort, Encoded};
use axum::body::Bytes;
use manna_core::Date;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// Home payloads are the same for everyone on a date: the encoded bytes of
/// this many dates are kept.
const HOME_CACHE_DATES: usize = 16;

/// How many encoded lists are kept (a list of each kind for a few dates, for
/// members and others); past it they are made again as asked.
const LIST_CACHE_ENTRIES: usize = 64;

/// The served content (cheap to clone: the clones share it).
#[derive(Debug, Clone, Default)]
pub struct Served {
    set: Arc<RwLock<Arc<ContentSet>>>,
    /// Read by every home call at once; written once a date.
    home: Arc<RwLock<HashMap<Date, Arc<Encoded>>>>,
    /// Lists by a key naming everything their bytes depend on.
    lists: Arc<RwLock<HashMap<String, Arc<Encoded>>>>,
}

impl Served {
    /// The set served now.
    pub fn current(&self) -> Arc<ContentSet> {
        self.set.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Serves `set` from now on; Home's payloads are made again from it.
    pub fn replace(&self, set: Arc<ContentSet>) {
        *self.set.write().unwrap_or_else(|p| p.into_inner()) = set;
        self.home.write().unwrap_or_else(|p| p.into_inner()).clear();
        self.lists
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    /// The list kept as `key`, or `make` of the current set's, encoded once
    /// and kept. `key` names everything the bytes depend on besides the set
    /// (the kind, the date, whether for a member). Compressed outside the
    /// lock; a list made from a set replaced meanwhile is answered, not kept.
    pub fn list_json(&self, key: &str, make: impl FnOnce(&ContentSet) -> String) -> Arc<Encoded> {
        let kept = self
            .lists
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
            .cloned();
        if let Some(body) = kept {
            return body;
        }
        let set = self.current();
        let bytes = Bytes::from(make(&set));
        let body = Arc::new(Encoded::with_effort(
            "application/json",
            bytes,
            Effort::Quick,
        ));
        let mut cache = self.lists.write().unwrap_or_else(|p| p.into_inner());
        if Arc::ptr_eq(&set, &self.current()) {
            if cache.len() >= LIST_CACHE_ENTRIES {
                cache.clear();
            }
            cache.insert(key.to_string(), body.clone());
        }
        body
    }

    /// The home payload of a date, encoded and compressed once.
    pub fn home_json(&self, date: Date) -> Arc<Encoded> {
        let kept = self
            .home
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&date)
            .cloned();
        if let Some(body) = kept {
            return body;
        }
        let mut cache = self.home.write().unwrap_or_else(|p| p.into_inner());
        // Another call may have made it meanwhile.
        if let Some(body) = cache.get(&date) {
            return body.clone();
        }
        let bytes = Bytes::from(home_payload(&self.current(), date).to_string());
        let body = Arc::new(Encoded::new("application/json", bytes));
        if cache.len() >= HOME_CACHE_DATES {
            cache.clear();
        }
        cache.insert(date, body.clone());
        body
    }
}
