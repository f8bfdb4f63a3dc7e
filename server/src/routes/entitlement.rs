//! Premium on a device: the entitlement it caches and the public keys that check
//! it, restoring premium by email with a one-time code, and the trial status.

use crate::accounts::codes::{CODE_MINUTES, confirm_code, new_code};
use crate::accounts::{account_by_email, account_by_id, normalise_email};
use crate::billing::{OWNED_BY_USER, now_secs};
use crate::entitlement::{Premium, premium_now};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::{DeviceAuth, now_ms};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;
use serde_json::{Value, json};

/// The premium answer shared by the checks: the plan, the Stripe ids and a
/// fresh entitlement for the device to cache.
pub(super) fn premium_answer(state: &AppState, user: &str, p: &Premium) -> Value {
    let ent = state.signer.issue(user, p, now_ms());
    json!({
        "isPremium": true,
        "active": true,
        "plan": p.plan,
        "status": p.status,
        "isOwner": p.owner,
        "stripeCustomerId": p.customer_id,
        "subscriptionId": p.subscription_id,
        "trialEnd": p.trial_end,
        "entitlement": ent,
    })
}

/// The entitlement a device caches: a fresh signed token while premium.
pub async fn entitlement_get(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<Value>, AppError> {
    Ok(Json(match premium_now(&state, &auth.user_id).await? {
        Some(p) => premium_answer(&state, &auth.user_id, &p),
        None => json!({ "isPremium": false, "active": false }),
    }))
}

/// The public keys that check entitlement tokens (a JWK set).
pub async fn entitlement_keys_get(State(state): State<AppState>) -> Json<Value> {
    Json(json!({ "keys": [state.signer.public_key()] }))
}

#[derive(Debug, Deserialize)]
pub struct EmailForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    code: Option<String>,
}

/// '/quick-access' and '/already-paid': without a code, sends one to the email;
/// with the right code, the email counts as this user's and any subscription
/// paid with it gives premium here.
pub async fn subscription_check_by_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    auth: DeviceAuth,
    ApiJson(form): ApiJson<EmailForm>,
) -> Result<Json<Value>, AppError> {
    if form.email.trim().is_empty() {
        return Err(AppError::BadRequest(
            "Please enter your email address".into(),
        ));
    }
    let email = normalise_email(&form.email)?;
    state.limits.hit(guard::CODES, ip)?;
    let user = auth.user_id.clone();
    match form
        .code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        None => {
            let (u, e) = (user.clone(), email.clone());
            let code = state.db.call(move |conn| new_code(conn, &u, &e)).await?;
            state.mailer.send(
                &email,
                &format!("Your Manna code: {code}"),
                &format!(
                    "Your code to restore premium on this device is {code}.\n\nIt works once, for {CODE_MINUTES} minutes. If you did not ask for it, you can ignore this email."
                ),
            )
            .await?;
            Ok(Json(json!({
                "codeSent": true,
                "isPremium": false,
                "email": email,
                "message": format!("We sent a 6-digit code to {email}. Enter it to continue."),
            })))
        }
        Some(code) => {
            let (u, e, c) = (user.clone(), email.clone(), code.to_string());
            state
                .db
                .call(move |conn| confirm_code(conn, &u, &e, &c))
                .await?;
            let (u, e) = (user.clone(), email.clone());
            let has_account = state
                .db
                .call(move |conn| {
                    Ok(account_by_id(conn, &u)?.is_some() || account_by_email(conn, &e)?.is_some())
                })
                .await?;
            match premium_now(&state, &user).await? {
                Some(p) => {
                    let mut answer = premium_answer(&state, &user, &p);
                    answer["hasActiveSubscription"] = json!(p.subscription_id.is_some());
                    answer["needsPassword"] = json!(!has_account);
                    answer["verifiedEmail"] = json!(email);
                    Ok(Json(answer))
                }
                None => Ok(Json(json!({
                    "isPremium": false,
                    "verifiedEmail": email,
                    "error": "No premium subscription found for this email",
                }))),
            }
        }
    }
}

/// The trial notice: days left of a free trial and how urgent it is.
pub async fn trial_status_get(
    State(state): State<AppState>,
    auth: Option<DeviceAuth>,
) -> Result<Json<Value>, AppError> {
    let Some(auth) = auth else {
        return Ok(Json(
            json!({ "isPremium": false, "showUpgradePrompt": false }),
        ));
    };
    let premium = premium_now(&state, &auth.user_id).await?;
    let user = auth.user_id.clone();
    let lapsed_trial: bool = state
        .db
        .call(move |conn| {
            Ok(conn
                .query_row(
                    &format!(
                        "SELECT 1 FROM subscriptions WHERE {OWNED_BY_USER} AND trial_end IS NOT NULL
                           AND trial_end < ?2 AND status NOT IN ('active', 'trialing')"
                    ),
                    params![user, now_secs()],
                    |_| Ok(()),
                )
                .optional()?
                .is_some())
        })
        .await?;
    let day_ms = 86_400_000;
    Ok(Json(match premium {
        Some(p) if p.status == "trialing" => {
            let left_ms = p.trial_end.unwrap_or(0) - now_ms();
            let days = if left_ms <= 0 {
                0
            } else {
                (left_ms + day_ms - 1) / day_ms
            };
            let urgency = match days {
                0..=1 => "critical",
                2..=3 => "high",
                _ => "normal",
            };
            json!({
                "isPremium": true, "isTrialing": true, "showUpgradePrompt": true,
                "isTrialExpired": false, "daysRemaining": days, "urgencyLevel": urgency,
                "trialEnd": p.trial_end,
            })
        }
        Some(_) => json!({ "isPremium": true, "isTrialing": false, "showUpgradePrompt": false }),
        None if lapsed_trial => json!({
            "isPremium": false, "isTrialing": false, "showUpgradePrompt": true,
            "isTrialExpired": true, "daysRemaining": 0, "urgencyLevel": "expired",
        }),
        None => json!({ "isPremium": false, "isTrialing": false, "showUpgradePrompt": false }),
    }))
}
