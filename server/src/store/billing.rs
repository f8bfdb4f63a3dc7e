//! Subscriptions: the local copy of each Stripe subscription, the checkouts
//! started, the webhook events applied, and what makes a user premium.

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;

/// What Stripe says of a subscription, as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub id: String,
    pub customer_id: String,
    pub status: String,
    /// `monthly` or `annual`.
    pub plan: String,
    /// Seconds.
    pub trial_end: Option<i64>,
    pub current_period_end: Option<i64>,
    /// The user Stripe's metadata names.
    pub user_id: Option<String>,
    /// Seconds: when the subscription began.
    pub started: i64,
}

/// A stored subscription that may make its user premium, as the premium rule
/// reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub plan: String,
    pub customer_id: String,
    pub id: String,
    pub status: String,
    /// Seconds.
    pub trial_end: Option<i64>,
    /// The end of the paid (or trial) period, seconds.
    pub period_end: Option<i64>,
    pub started: Option<i64>,
}

/// What the premium rule needs of a user: their active or trialing
/// subscriptions, annual first and newest first, and the emails they proved.
#[derive(Debug, Clone, Default)]
pub struct Standing {
    pub held: Vec<Held>,
    pub proven_emails: Vec<String>,
}

/// The SQL condition (on `subscriptions`, user in `?1`) for the subscriptions
/// that count as a user's: started by them, or paid with an email they proved.
const OWNED_BY_USER: &str =
    "(user_id = ?1 OR email IN (SELECT email FROM verified_emails WHERE user_id = ?1))";

/// Follows a merged anonymous user to its account; `None` for unknown ids.
fn resolve_user(c: &mut Sql<'_>, id: &str) -> Result<Option<String>, StoreError> {
    let row: Option<Option<String>> =
        c.query_opt("SELECT merged_into FROM users WHERE id = ?1", &[&id], |r| {
            r.get(0)
        })?;
    Ok(row.map(|merged| merged.unwrap_or_else(|| id.to_string())))
}

/// Stores what Stripe says of a subscription, seen at `seen_at` (seconds, the
/// event's `created` or the time of a read), at `now_ms`. A cancelled
/// subscription stays cancelled, one seen later than this is kept, and one
/// never kept that ended gives nobody anything. Answers whether anything
/// changed.
fn save_subscription(
    c: &mut Sql<'_>,
    sub: &Subscription,
    email: Option<&str>,
    user_hint: Option<&str>,
    seen_at: i64,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let kept = c.exists("SELECT 1 FROM subscriptions WHERE id = ?1", &[&sub.id])?;
    if !kept && sub.status == "canceled" {
        return Ok(false);
    }
    let user = match user_hint.or(sub.user_id.as_deref()) {
        Some(u) => resolve_user(c, u)?,
        None => None,
    };
    let email = email.map(|e| e.trim().to_lowercase());
    // The checks of a copy already kept are the statement's own, made on
    // the row as it stands when the statement writes (another replica may
    // have written since it was read).
    let written = c.execute(
        "INSERT INTO subscriptions
           (id, customer_id, user_id, email, plan, status, trial_end, current_period_end, stripe_seen_at, updated_at, started_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT(id) DO UPDATE SET
           customer_id = excluded.customer_id,
           user_id = COALESCE(subscriptions.user_id, excluded.user_id),
           email = COALESCE(excluded.email, subscriptions.email),
           plan = excluded.plan,
           status = CASE WHEN subscriptions.status = 'canceled' THEN 'canceled' ELSE excluded.status END,
           trial_end = excluded.trial_end, current_period_end = excluded.current_period_end,
           stripe_seen_at = excluded.stripe_seen_at, updated_at = excluded.updated_at,
           started_at = excluded.started_at
         WHERE subscriptions.stripe_seen_at <= excluded.stripe_seen_at",
        &[
            &sub.id,
            &sub.customer_id,
            &user,
            &email,
            &sub.plan,
            &sub.status,
            &sub.trial_end,
            &sub.current_period_end,
            &seen_at,
            &now_ms,
            &sub.started,
        ],
    )?;
    Ok(written > 0)
}

/// The standing of `user` (see [`Standing`]).
/// The emails are read only `with_emails` (when any owner is configured: the
/// only use the premium rule has for them).
pub(super) fn standing(
    c: &mut Sql<'_>,
    user: &str,
    with_emails: bool,
) -> Result<Standing, StoreError> {
    let held = c.query(
        &format!(
            "SELECT plan, customer_id, id, status, trial_end, COALESCE(current_period_end, trial_end), started_at
             FROM subscriptions
             WHERE status IN ('active', 'trialing') AND {OWNED_BY_USER}
             ORDER BY CASE plan WHEN 'annual' THEN 0 ELSE 1 END, updated_at DESC"
        ),
        &[&user],
        |r| {
            Ok(Held {
                plan: r.get(0)?,
                customer_id: r.get(1)?,
                id: r.get(2)?,
                status: r.get(3)?,
                trial_end: r.get(4)?,
                period_end: r.get(5)?,
                started: r.get(6)?,
            })
        },
    )?;
    let proven_emails = match with_emails {
        true => c.query(
            "SELECT email FROM verified_emails WHERE user_id = ?1",
            &[&user],
            |r| r.get(0),
        )?,
        false => Vec::new(),
    };
    Ok(Standing {
        held,
        proven_emails,
    })
}

impl Store {
    /// What the premium rule needs of `user`.
    pub async fn standing(&self, user: &str, with_emails: bool) -> Result<Standing, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| c.read(|tx| standing(tx, &user, with_emails)))
            .await
    }

    /// Stores what Stripe says of a subscription (see `save_subscription`);
    /// `user_hint` names who started it when the store should tie it to them.
    pub async fn save_subscription(
        &self,
        sub: Subscription,
        email: Option<String>,
        user_hint: Option<String>,
        seen_at: i64,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        self.db
            .call(move |c| {
                c.write(|tx| {
                    save_subscription(
                        tx,
                        &sub,
                        email.as_deref(),
                        user_hint.as_deref(),
                        seen_at,
                        now_ms,
                    )
                })
            })
            .await
    }

    /// Whether the Stripe event `id` was applied already.
    pub async fn stripe_event_seen(&self, id: &str) -> Result<bool, StoreError> {
        let id = id.to_owned();
        self.db
            .call(move |c| c.exists("SELECT 1 FROM stripe_events WHERE id = ?1", &[&id]))
            .await
    }

    /// Records the Stripe event `id` (of type `kind`) and, in the same
    /// transaction, what it says of its subscription. Answers `false` (and
    /// changes nothing) when the event was applied before.
    pub async fn apply_stripe_event(
        &self,
        id: &str,
        kind: &str,
        sub: Option<(Subscription, Option<String>, Option<String>)>,
        seen_at: i64,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let (id, kind) = (id.to_owned(), kind.to_owned());
        self.db
            .call(move |c| {
                c.write(|tx| {
                    let fresh = tx.execute(
                        "INSERT INTO stripe_events (id, type, received_at) VALUES (?1, ?2, ?3)
                         ON CONFLICT DO NOTHING",
                        &[&id, &kind, &now_ms],
                    )?;
                    if fresh == 0 {
                        return Ok(false);
                    }
                    if let Some((sub, email, user_hint)) = &sub {
                        save_subscription(
                            tx,
                            sub,
                            email.as_deref(),
                            user_hint.as_deref(),
                            seen_at,
                            now_ms,
                        )?;
                    }
                    Ok(true)
                })
            })
            .await
    }

    /// Subscriptions still stored as active or trialing whose period ended
    /// before `now_secs`, the longest ended first, at most `limit`.
    pub async fn subscriptions_past_their_period(
        &self,
        now_secs: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.db
            .call(move |c| {
                c.query(
                    "SELECT id FROM subscriptions
                     WHERE status IN ('active', 'trialing')
                       AND COALESCE(current_period_end, trial_end) < ?1
                     ORDER BY COALESCE(current_period_end, trial_end) LIMIT CAST(?2 AS BIGINT)",
                    &[&now_secs, &limit],
                    |r| r.get(0),
                )
            })
            .await
    }

    /// The subscriptions of `user` (by its id or a proven email), each with
    /// whether Stripe may still charge it.
    pub async fn subscriptions_of(&self, user: &str) -> Result<Vec<(String, bool)>, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.query(
                    &format!(
                        "SELECT id, status NOT IN ('canceled', 'incomplete_expired') FROM subscriptions WHERE {OWNED_BY_USER}"
                    ),
                    &[&user],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .await
    }

    /// The status, plan and period end (seconds) of the subscription with
    /// these Stripe ids, when it is `user`'s.
    pub async fn owned_subscription(
        &self,
        user: &str,
        customer_id: &str,
        subscription_id: &str,
    ) -> Result<Option<(String, String, Option<i64>)>, StoreError> {
        let (user, cus, sub) = (
            user.to_owned(),
            customer_id.to_owned(),
            subscription_id.to_owned(),
        );
        self.db
            .call(move |c| {
                c.query_opt(
                    &format!(
                        "SELECT status, plan, COALESCE(current_period_end, trial_end) FROM subscriptions
                         WHERE id = ?2 AND customer_id = ?3 AND {OWNED_BY_USER}"
                    ),
                    &[&user, &sub, &cus],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
            })
            .await
    }

    /// The customer whose subscription gives `user` premium, else their
    /// newest (for the billing portal).
    pub async fn customer_of(&self, user: &str) -> Result<Option<String>, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.query_opt(
                    &format!(
                        "SELECT customer_id FROM subscriptions WHERE {OWNED_BY_USER}
                         ORDER BY CASE WHEN status IN ('active', 'trialing') THEN 0 ELSE 1 END, updated_at DESC
                         LIMIT 1"
                    ),
                    &[&user],
                    |r| r.get(0),
                )
            })
            .await
    }

    /// Remembers who started checkout session `id`, so only they can verify it.
    pub async fn record_checkout(
        &self,
        id: &str,
        user: &str,
        plan: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let (id, user, plan) = (id.to_owned(), user.to_owned(), plan.to_owned());
        self.db
            .call(move |c| {
                c.execute(
                    "INSERT INTO checkout_sessions (id, user_id, plan, created_at) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, plan = excluded.plan,
                       created_at = excluded.created_at",
                    &[&id, &user, &plan, &now_ms],
                )?;
                Ok(())
            })
            .await
    }

    /// The user who started checkout session `id` (followed to their account).
    pub async fn checkout_owner(&self, id: &str) -> Result<Option<String>, StoreError> {
        let id = id.to_owned();
        self.db
            .call(move |c| {
                let owner: Option<String> = c.query_opt(
                    "SELECT user_id FROM checkout_sessions WHERE id = ?1",
                    &[&id],
                    |r| r.get(0),
                )?;
                Ok(owner.map(|o| resolve_user(c, &o)).transpose()?.flatten())
            })
            .await
    }

    /// Whether a free trial of `user`'s ended (before `now_secs`) without
    /// becoming a paid subscription.
    pub async fn has_lapsed_trial(&self, user: &str, now_secs: i64) -> Result<bool, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.exists(
                    &format!(
                        "SELECT 1 FROM subscriptions WHERE {OWNED_BY_USER} AND trial_end IS NOT NULL
                           AND trial_end < ?2 AND status NOT IN ('active', 'trialing')"
                    ),
                    &[&user, &now_secs],
                )
            })
            .await
    }
}
