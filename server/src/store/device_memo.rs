//! The devices already looked up by token, kept by either engine so that
//! most authenticated requests need no database call to prove who they are.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Devices already looked up by the hash of their token, so that most
/// authenticated requests need no database call of their own to prove who
/// they are. Every committed change to `devices` (a device forgotten, moved to
/// an account, all sessions ended) empties it before the call that made the
/// change answers, so a revoked token is refused from then on.
#[derive(Debug, Default)]
pub struct DeviceMemo {
    known: Mutex<HashMap<String, (String, String)>>,
    /// Moves after every committed change to `devices`: a lookup that began
    /// before one is not remembered.
    generation: AtomicU64,
}

/// Remembered devices at most (a full memo starts again empty).
const MEMO_LIMIT: usize = 50_000;

impl DeviceMemo {
    /// The device id and user of a token hash, when remembered.
    pub fn get(&self, token_hash: &str) -> Option<(String, String)> {
        self.lock().get(token_hash).cloned()
    }

    /// Where a lookup starts: pass it to `remember` with what it found.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// Remembers a lookup unless `devices` changed since it began.
    pub fn remember(&self, generation: u64, token_hash: String, device: (String, String)) {
        let mut known = self.lock();
        if self.generation.load(Ordering::SeqCst) == generation {
            if known.len() >= MEMO_LIMIT {
                known.clear();
            }
            known.insert(token_hash, device);
        }
    }

    pub(super) fn forget_all(&self) {
        let mut known = self.lock();
        self.generation.fetch_add(1, Ordering::SeqCst);
        known.clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (String, String)>> {
        self.known
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::DeviceMemo;

    #[test]
    fn a_lookup_that_began_before_a_change_is_not_remembered() {
        let memo = DeviceMemo::default();
        let device = ("dev-a".to_string(), "user-1-a".to_string());
        let before = memo.generation();
        memo.forget_all(); // a device changed while the lookup ran
        memo.remember(before, "hash".into(), device.clone());
        assert_eq!(memo.get("hash"), None);
        memo.remember(memo.generation(), "hash".into(), device.clone());
        assert_eq!(memo.get("hash"), Some(device));
        memo.forget_all();
        assert_eq!(memo.get("hash"), None);
    }
}
