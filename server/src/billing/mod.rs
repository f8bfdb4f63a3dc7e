//! Subscriptions: Stripe calls, the local copy of each subscription, and the
//! webhook that keeps that copy current.
//!
//! The copy is only ever written from what Stripe says now: every event makes
//! Manna read the subscription back, so events arriving twice, late or out of
//! order all end in Stripe's current state. A cancelled subscription stays
//! cancelled (Stripe never reactivates one), and an event older than the last
//! one applied changes nothing.

pub mod reconcile;
mod stripe_api;
pub mod webhook;

pub use stripe_api::{
    CheckoutState, DEFAULT_EMULATOR, Plan, StripeApi, SubscriptionState, parse_plan,
};

use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

/// Follows a merged anonymous user to its account; `None` for unknown ids.
pub fn resolve_user(conn: &Connection, id: &str) -> Result<Option<String>, AppError> {
    let row: Option<Option<String>> = conn
        .query_row("SELECT merged_into FROM users WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(row.map(|merged| merged.unwrap_or_else(|| id.to_string())))
}

/// Stores what Stripe says of a subscription, seen at `seen_at` (seconds, the
/// event's `created` or the time of a read), at `now_ms`. Answers whether
/// anything changed.
pub fn save_subscription(
    conn: &Connection,
    sub: &SubscriptionState,
    email: Option<&str>,
    user_hint: Option<&str>,
    seen_at: i64,
    now_ms: i64,
) -> Result<bool, AppError> {
    let existing: Option<(String, i64)> = conn
        .query_row(
            "SELECT status, stripe_seen_at FROM subscriptions WHERE id = ?1",
            [&sub.id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let status = match &existing {
        // A subscription ended before Manna kept it (its account was
        // deleted, say) gives nobody anything: nothing to keep.
        None if sub.status == "canceled" => return Ok(false),
        Some((_, seen)) if *seen > seen_at => return Ok(false),
        Some((old, _)) if old == "canceled" => "canceled".to_string(),
        _ => sub.status.clone(),
    };
    let user = match user_hint.or(sub.user_id.as_deref()) {
        Some(u) => resolve_user(conn, u)?,
        None => None,
    };
    let email = email.map(|e| e.trim().to_lowercase());
    conn.execute(
        "INSERT INTO subscriptions
           (id, customer_id, user_id, email, plan, status, trial_end, current_period_end, stripe_seen_at, updated_at, started_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT(id) DO UPDATE SET
           customer_id = excluded.customer_id,
           user_id = COALESCE(subscriptions.user_id, excluded.user_id),
           email = COALESCE(excluded.email, subscriptions.email),
           plan = excluded.plan, status = excluded.status,
           trial_end = excluded.trial_end, current_period_end = excluded.current_period_end,
           stripe_seen_at = excluded.stripe_seen_at, updated_at = excluded.updated_at,
           started_at = excluded.started_at",
        params![
            sub.id,
            sub.customer_id,
            user,
            email,
            sub.plan.wire(),
            status,
            sub.trial_end,
            sub.current_period_end,
            seen_at,
            now_ms,
            sub.started
        ],
    )?;
    Ok(true)
}

/// Subscription statuses that make a user premium.
pub const PREMIUM_STATUSES: [&str; 2] = ["active", "trialing"];

/// How long past the end of its paid (or trial) period a subscription still
/// counts, waiting for the renewal's webhook or the reconciliation to say it
/// was renewed.
pub const PREMIUM_GRACE_SECS: i64 = 2 * 24 * 60 * 60;

/// Whether a subscription Stripe last described as `status`, paid (or on
/// trial) until `period_end` (seconds), gives premium at `now_secs`. Without
/// a known period end only the status counts.
pub fn subscription_gives_premium(status: &str, period_end: Option<i64>, now_secs: i64) -> bool {
    PREMIUM_STATUSES.contains(&status)
        && period_end.is_none_or(|end| now_secs < end.saturating_add(PREMIUM_GRACE_SECS))
}

/// The SQL condition (on `subscriptions`, user in `?1`) for the subscriptions
/// that count as a user's: started by them, or paid with an email they proved.
pub const OWNED_BY_USER: &str =
    "(user_id = ?1 OR email IN (SELECT email FROM verified_emails WHERE user_id = ?1))";

/// The subscriptions of `user` (by its id or a proven email), each with
/// whether Stripe may still charge it.
pub fn subscriptions_of(conn: &Connection, user: &str) -> Result<Vec<(String, bool)>, AppError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT id, status NOT IN ('canceled', 'incomplete_expired') FROM subscriptions WHERE {OWNED_BY_USER}"
    ))?;
    let rows = stmt.query_map([user], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Whether the subscription with these Stripe ids gives premium at `now_secs`,
/// and its plan, when it is `user`'s.
pub fn owned_subscription(
    conn: &Connection,
    user: &str,
    customer_id: &str,
    subscription_id: &str,
    now_secs: i64,
) -> Result<Option<(bool, String)>, AppError> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT status, plan, COALESCE(current_period_end, trial_end) FROM subscriptions
                 WHERE id = ?2 AND customer_id = ?3 AND {OWNED_BY_USER}"
            ),
            params![user, subscription_id, customer_id],
            |r| {
                let status: String = r.get(0)?;
                Ok((
                    subscription_gives_premium(&status, r.get(2)?, now_secs),
                    r.get(1)?,
                ))
            },
        )
        .optional()?)
}

/// The customer whose subscription gives `user` premium (for the billing portal).
pub fn customer_of(conn: &Connection, user: &str) -> Result<Option<String>, AppError> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT customer_id FROM subscriptions WHERE {OWNED_BY_USER}
                 ORDER BY CASE WHEN status IN ('active', 'trialing') THEN 0 ELSE 1 END, updated_at DESC
                 LIMIT 1"
            ),
            [user],
            |r| r.get(0),
        )
        .optional()?)
}

/// Remembers who started checkout session `id`, so only they can verify it.
pub fn record_checkout(
    conn: &Connection,
    id: &str,
    user: &str,
    plan: Plan,
    now_ms: i64,
) -> Result<(), AppError> {
    conn.execute(
        "INSERT OR REPLACE INTO checkout_sessions (id, user_id, plan, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![id, user, plan.wire(), now_ms],
    )?;
    Ok(())
}

/// The user who started checkout session `id` (followed to their account).
pub fn checkout_owner(conn: &Connection, id: &str) -> Result<Option<String>, AppError> {
    let owner: Option<String> = conn
        .query_row(
            "SELECT user_id FROM checkout_sessions WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(owner.map(|o| resolve_user(conn, &o)).transpose()?.flatten())
}

/// Whether a free trial of `user`'s ended (before `now_secs`) without becoming
/// a paid subscription.
pub fn has_lapsed_trial(conn: &Connection, user: &str, now_secs: i64) -> Result<bool, AppError> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT 1 FROM subscriptions WHERE {OWNED_BY_USER} AND trial_end IS NOT NULL
                   AND trial_end < ?2 AND status NOT IN ('active', 'trialing')"
            ),
            params![user, now_secs],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// The webhook secret of test mode (the emulator signs with it). With a real
/// Stripe key, `STRIPE_WEBHOOK_SECRET` must be set.
pub const DEFAULT_WEBHOOK_SECRET: &str = "whsec_manna_emulator";
