//! The content being served: the set every call reads, swapped whole when the
//! files are read again, and Home's payload of a few dates, encoded and
//! compressed once (the busiest call costs no JSON work).

use super::{ContentSet, home_payload};
use crate::encoded::Encoded;
use axum::body::Bytes;
use manna_core::Date;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// Home payloads are the same for everyone on a date: the encoded bytes of
/// this many dates are kept.
const HOME_CACHE_DATES: usize = 16;

/// The served content (cheap to clone: the clones share it).
#[derive(Debug, Clone, Default)]
pub struct Served {
    set: Arc<RwLock<Arc<ContentSet>>>,
    /// Read by every home call at once; written once a date.
    home: Arc<RwLock<HashMap<Date, Arc<Encoded>>>>,
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
