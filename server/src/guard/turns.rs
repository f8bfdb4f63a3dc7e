//! Each user's fair share of the server: at most a few of one user's calls
//! are answered at once, the rest wait their turn (a bounded number; past it
//! the call is refused with 429 and `Retry-After`). However many connections
//! one user opens, they hold no more of the server than a couple of
//! ordinary phones, so no one's load delays anyone else's work.

use crate::error::AppError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Calls of one user answered at once (an app's page makes a few at a time).
pub const AT_ONCE: usize = 2;
/// Calls of one user waiting for a turn; one more is refused.
pub const WAITING: usize = 32;
/// Users kept before entries nobody holds are swept.
const SWEEP_PAST: usize = 10_000;

/// The turns of every user with a call under way.
#[derive(Debug, Clone, Default)]
pub struct Turns(Arc<Mutex<HashMap<String, Arc<Semaphore>>>>);

/// A call's turn, given back when it is dropped (and the user's entry
/// forgotten once none is under way).
#[derive(Debug)]
pub struct Turn {
    _permit: OwnedSemaphorePermit,
    user: String,
    turns: Turns,
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut users = self.turns.0.lock().unwrap_or_else(|p| p.into_inner());
        // This turn's permit (and its hold on the gate) is still here: the
        // last one out sees the map's hold and its own, and no one waiting.
        if let Some(gate) = users.get(&self.user)
            && Arc::strong_count(gate) == 2
        {
            users.remove(&self.user);
        }
    }
}

impl Turns {
    /// Waits for a turn of `user`'s, or refuses when too many wait already.
    pub async fn take(&self, user: &str) -> Result<Turn, AppError> {
        let gate = {
            let mut users = self.0.lock().unwrap_or_else(|p| p.into_inner());
            // A call given up while waiting leaves its user's entry behind
            // (only the last turn out removes it): swept now and then.
            if users.len() >= SWEEP_PAST {
                users.retain(|_, gate| Arc::strong_count(gate) > 1);
            }
            let gate = users
                .entry(user.to_owned())
                .or_insert_with(|| Arc::new(Semaphore::new(AT_ONCE)))
                .clone();
            // Held here and by each call of the user's under way or waiting.
            let others = Arc::strong_count(&gate) - 2;
            if others >= AT_ONCE + WAITING {
                return Err(AppError::TooManyRequests(
                    "Too many requests from this account at once. Please try again in a moment."
                        .into(),
                    1,
                ));
            }
            gate
        };
        let permit = gate
            .acquire_owned()
            .await
            .map_err(|_| AppError::Internal("a user's turns were closed".into()))?;
        Ok(Turn {
            _permit: permit,
            user: user.to_owned(),
            turns: self.clone(),
        })
    }

    /// Calls of `user` under way or waiting.
    pub fn of(&self, user: &str) -> usize {
        let users = self.0.lock().unwrap_or_else(|p| p.into_inner());
        users
            .get(user)
            .map_or(0, |gate| Arc::strong_count(gate) - 1)
    }

    /// Users with a call under way or waiting.
    pub fn users(&self) -> usize {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_user_gets_a_few_turns_at_once_others_wait_and_too_many_are_refused() {
        let turns = Turns::default();
        let mut held = Vec::new();
        for _ in 0..AT_ONCE {
            held.push(turns.take("ruth").await.expect("a turn"));
        }
        // Another user is not held up.
        let naomi = turns.take("naomi").await.expect("naomi's turn");
        drop(naomi);
        // Ruth's next call waits until one of hers ends.
        let next = tokio::spawn({
            let turns = turns.clone();
            async move { turns.take("ruth").await.map(|_| ()) }
        });
        tokio::task::yield_now().await;
        assert!(!next.is_finished());
        held.pop();
        next.await.expect("joined").expect("its turn came");
        drop(held);
        assert_eq!(turns.users(), 0, "nothing kept once no call is under way");
    }

    #[tokio::test]
    async fn past_the_waiting_calls_one_more_is_refused_at_once() {
        let turns = Turns::default();
        let mut held = Vec::new();
        for _ in 0..AT_ONCE {
            held.push(turns.take("boaz").await.expect("a turn"));
        }
        let mut waiting = Vec::new();
        for _ in 0..WAITING {
            let turns = turns.clone();
            waiting.push(tokio::spawn(
                async move { turns.take("boaz").await.map(|_| ()) },
            ));
        }
        // Let every waiting call register before the one too many.
        while turns.of("boaz") < AT_ONCE + WAITING {
            tokio::task::yield_now().await;
        }
        let refused = turns.take("boaz").await.expect_err("one too many");
        assert!(matches!(refused, AppError::TooManyRequests(_, 1)));
        drop(held);
        for w in waiting {
            w.await.expect("joined").expect("each got its turn");
        }
        assert_eq!(turns.users(), 0);
    }
}
