//! What replicas on one PostgreSQL must agree on and one SQLite process
//! keeps in memory: rate-limit windows, each account's wrong-password delays,
//! the keys every replica signs with, and the runs of the periodic jobs.

use super::Store;
use super::sql::{Dialect, Param, Row, Sql};
use crate::store::StoreError;

/// One take of a rate limit counted in the database: `amount` of `key`'s
/// allowance under the limit `name`, `max` a window of `window_ms`.
#[derive(Debug, Clone)]
pub struct LimitTake {
    pub name: &'static str,
    pub key: String,
    pub max: i64,
    pub window_ms: i64,
    pub amount: i64,
}

/// Takes of rate limits at `now` (ms), counted in order in one statement
/// by [`Store::limit_hits`], or first in a write that takes them itself (a
/// push's, on replicas).
#[derive(Debug, Clone)]
pub struct Charge {
    pub takes: Vec<LimitTake>,
    pub now: i64,
}

impl Charge {
    /// The statement that takes them.
    pub(super) fn sql(&self) -> std::borrow::Cow<'static, str> {
        counts_in_turn(self.takes.len())
    }

    /// The statement's parameters: the time, then each take's.
    pub(super) fn params(&self) -> Vec<&dyn Param> {
        let mut params: Vec<&dyn Param> = vec![&self.now];
        for t in &self.takes {
            params.extend([
                &t.name as &dyn Param,
                &t.key,
                &t.max,
                &t.window_ms,
                &t.amount,
            ]);
        }
        params
    }

    /// Takes them, in a statement of their own: `None` when every take was
    /// taken, else how long until the refusing window ends (ms).
    pub(super) fn take(&self, c: &mut Sql<'_>) -> Result<Option<i64>, StoreError> {
        c.query_one(&self.sql(), &self.params(), |r| self.refused(r))
    }

    /// From the row the statement answers: `None` when every take was
    /// taken, else how long until the refusing window ends (ms).
    pub(super) fn refused(&self, r: &Row<'_, '_>) -> Result<Option<i64>, StoreError> {
        for (i, t) in self.takes.iter().enumerate() {
            let started: Option<i64> = r.get(2 * i)?;
            let count: Option<i64> = r.get(2 * i + 1)?;
            let Some((started, count)) = started.zip(count) else {
                break;
            };
            if count > t.max {
                return Ok(Some(t.window_ms - (self.now - started)));
            }
        }
        Ok(None)
    }
}

/// `n` counts in one PostgreSQL statement, each taken only if the one
/// before it was not refused: `?1` the time, then each limit's name, key,
/// max, window and amount. Answers each count's window start and count
/// (none for one not taken).
fn counts_in_turn(n: usize) -> std::borrow::Cow<'static, str> {
    // Written once for the one and two counts the server takes together.
    static WRITTEN: std::sync::LazyLock<[String; 2]> =
        std::sync::LazyLock::new(|| [write_counts(1), write_counts(2)]);
    match n {
        1 | 2 => std::borrow::Cow::Borrowed(&WRITTEN[n - 1]),
        _ => std::borrow::Cow::Owned(write_counts(n)),
    }
}

fn write_counts(n: usize) -> String {
    let mut steps = Vec::new();
    let mut answers = Vec::new();
    for i in 0..n {
        let p = |k: usize| format!("?{}", 2 + 5 * i + k);
        let (name, key, max, window, amount) = (p(0), p(1), p(2), p(3), p(4));
        let taken = match i {
            0 => "TRUE".to_string(),
            _ => format!(
                "(SELECT count FROM c{}) <= CAST(?{} AS BIGINT)",
                i - 1,
                2 + 5 * (i - 1) + 2
            ),
        };
        steps.push(format!(
            "c{i} AS (INSERT INTO rate_limits (name, key, started_at, count)
               SELECT CAST({name} AS TEXT), CAST({key} AS TEXT), CAST(?1 AS BIGINT), CAST({amount} AS BIGINT)
               WHERE {taken}
               ON CONFLICT (name, key) DO UPDATE SET
                 started_at = CASE WHEN ?1 - rate_limits.started_at >= {window} THEN ?1
                                   ELSE rate_limits.started_at END,
                 count = CASE WHEN ?1 - rate_limits.started_at >= {window} THEN {amount}
                              ELSE LEAST(rate_limits.count + {amount}, CAST({max} AS BIGINT) + 1) END
               RETURNING started_at, count)"
        ));
        answers.push(format!(
            "(SELECT started_at FROM c{i}), (SELECT count FROM c{i})"
        ));
    }
    format!("WITH {} SELECT {}", steps.join(",\n"), answers.join(", "))
}

impl Store {
    /// Takes each of `takes` in order at `now` (ms), in one call, stopping
    /// at the first refused: answers `None` when all were taken, else how
    /// long until the refusing window ends (ms).
    pub async fn limit_hits(
        &self,
        takes: Vec<LimitTake>,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let charge = Charge { takes, now };
        self.db
            .call(move |c| {
                // One statement, so concurrent attempts on any replica count
                // one after another; a refused one leaves the count at
                // max + 1, and the counts after it are not taken. (Only
                // replicas count here: one SQLite process counts in memory.)
                if c.dialect() != Dialect::Postgres {
                    return Err(StoreError::Engine(
                        "rate limits are counted in the database only on PostgreSQL".into(),
                    ));
                }
                charge.take(c)
            })
            .await
    }

    /// Gives back one attempt taken by [`Store::limit_hits`].
    pub async fn limit_refund(&self, name: &'static str, key: &str) -> Result<(), StoreError> {
        let key = key.to_owned();
        self.db
            .call(move |c| {
                c.execute(
                    "UPDATE rate_limits SET count = count - 1 WHERE name = ?1 AND key = ?2 AND count > 0",
                    &[&name, &key],
                )?;
                Ok(())
            })
            .await
    }

    /// Starts a password attempt for the account `key` at `now` (ms): its
    /// failures so far (forgotten after `forget_after_ms` without one) are
    /// given to `wait`, the rule that says how long the account must still
    /// wait; when it need not, the attempt counts as a failure until
    /// [`Store::login_succeeded`]. Answers the wait (ms), if any.
    pub async fn login_attempt(
        &self,
        key: &str,
        now: i64,
        forget_after_ms: i64,
        wait: fn(i64, i64, i64) -> i64,
    ) -> Result<Option<i64>, StoreError> {
        let key = key.to_owned();
        self.db
            .call(move |c| {
                c.write(|tx| {
                    tx.execute(
                        "INSERT INTO login_failures (key, count, last_at) VALUES (?1, 0, ?2)
                         ON CONFLICT (key) DO NOTHING",
                        &[&key, &now],
                    )?;
                    let lock = tx.pick(
                        "SELECT count, last_at FROM login_failures WHERE key = ?1",
                        "SELECT count, last_at FROM login_failures WHERE key = ?1 FOR UPDATE",
                    );
                    let (mut count, mut last): (i64, i64) =
                        tx.query_one(lock, &[&key], |r| Ok((r.get(0)?, r.get(1)?)))?;
                    if now - last >= forget_after_ms {
                        (count, last) = (0, now);
                    }
                    let waiting = wait(count, last, now);
                    if waiting > 0 {
                        return Ok(Some(waiting));
                    }
                    tx.execute(
                        "UPDATE login_failures SET count = ?2, last_at = ?3 WHERE key = ?1",
                        &[&key, &(count + 1), &now],
                    )?;
                    Ok(None)
                })
            })
            .await
    }

    /// The attempt was right: the account's failures are forgotten.
    pub async fn login_succeeded(&self, key: &str) -> Result<(), StoreError> {
        let key = key.to_owned();
        self.db
            .call(move |c| {
                c.execute("DELETE FROM login_failures WHERE key = ?1", &[&key])?;
                Ok(())
            })
            .await
    }

    /// The secret every replica signs with under `name`: the one stored, or
    /// `made` when none is yet (the first replica's wins).
    pub async fn shared_secret(
        &self,
        name: &'static str,
        made: String,
        now: i64,
    ) -> Result<String, StoreError> {
        self.db
            .call(move |c| {
                c.execute(
                    "INSERT INTO signing_keys (name, secret, created_at) VALUES (?1, ?2, ?3)
                     ON CONFLICT (name) DO NOTHING",
                    &[&name, &made, &now],
                )?;
                c.query_one(
                    "SELECT secret FROM signing_keys WHERE name = ?1",
                    &[&name],
                    |r| r.get(0),
                )
            })
            .await
    }

    /// Claims the run of `job` due at `now` (ms): true for the one replica
    /// that takes it, after which the job is next due `every_ms` later. One
    /// SQLite process runs every job it schedules.
    pub async fn claim_job(
        &self,
        job: &'static str,
        now: i64,
        every_ms: i64,
    ) -> Result<bool, StoreError> {
        if !self.is_shared() {
            return Ok(true);
        }
        self.db
            .call(move |c| {
                c.execute(
                    "INSERT INTO job_runs (job, next_at) VALUES (?1, ?2) ON CONFLICT (job) DO NOTHING",
                    &[&job, &now],
                )?;
                Ok(c.execute(
                    "UPDATE job_runs SET next_at = ?2 + ?3 WHERE job = ?1 AND next_at <= ?2",
                    &[&job, &now, &every_ms],
                )? == 1)
            })
            .await
    }

    /// Ends early a claim of `job` taken by [`Store::claim_job`] at
    /// `claimed_at` for `every_ms`: the job is due again now (a lease given
    /// back), unless the claim ran out and another replica holds it now.
    pub async fn release_job(
        &self,
        job: &'static str,
        claimed_at: i64,
        every_ms: i64,
    ) -> Result<(), StoreError> {
        if !self.is_shared() {
            return Ok(());
        }
        self.db
            .call(move |c| {
                c.execute(
                    "UPDATE job_runs SET next_at = 0
                     WHERE job = ?1 AND next_at = CAST(?2 AS BIGINT) + CAST(?3 AS BIGINT)",
                    &[&job, &claimed_at, &every_ms],
                )?;
                Ok(())
            })
            .await
    }

    /// Forgets rate-limit windows that began before `before_ms` and the
    /// failures of accounts that last failed before it; answers how many.
    pub async fn forget_limits(&self, before_ms: i64) -> Result<usize, StoreError> {
        self.db
            .call(move |c| {
                Ok(c.execute(
                    "DELETE FROM rate_limits WHERE started_at < ?1",
                    &[&before_ms],
                )? + c.execute(
                    "DELETE FROM login_failures WHERE last_at < ?1",
                    &[&before_ms],
                )?)
            })
            .await
    }
}
