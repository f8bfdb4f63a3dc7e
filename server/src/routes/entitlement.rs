//! Premium on a device: the entitlement it caches and the public keys that check
//! it, restoring premium by email with a one-time code, and the trial status.

use crate::accounts::codes::code_email;
use crate::accounts::normalise_email;
use crate::api::{EmailCheck, KeySet, PremiumStatus, TrialStatus, Urgency};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

/// The entitlement a device caches: a fresh signed token while premium.
pub async fn entitlement_get(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<PremiumStatus>, AppError> {
    Ok(Json(
        match state.entitlements.premium(&auth.user_id).await? {
            Some(p) => PremiumStatus::of_member(&p, state.entitlements.issue(&auth.user_id, &p)),
            None => PremiumStatus::default(),
        },
    ))
}

/// The public keys that check entitlement tokens (a JWK set).
pub async fn entitlement_keys_get(State(state): State<AppState>) -> Json<KeySet> {
    Json(KeySet {
        keys: vec![state.signer.public_key()],
    })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
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
    client: ClientIp,
    auth: DeviceAuth,
    ApiJson(form): ApiJson<EmailForm>,
) -> Result<Json<EmailCheck>, AppError> {
    if form.email.trim().is_empty() {
        return Err(AppError::BadRequest(
            "Please enter your email address".into(),
        ));
    }
    let email = normalise_email(&form.email)?;
    let now = state.clock.now_ms();
    state
        .limits
        .hit(guard::CODES_DEVICE, &auth.user_id, now)
        .await?;
    state.limits.hit(guard::CODES, &client.key(), now).await?;
    let user = auth.user_id.clone();
    let code = form
        .code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let Some(code) = code else {
        // An inbox gets a few codes an hour from each address that asks, and
        // a bounded number a day from everyone together.
        state.limits.code_email(&client.key(), &email, now).await?;
        let code = state
            .accounts
            .new_code(&user, &email, false, now)
            .await?
            .ok_or_else(|| AppError::Internal("no code was made".into()))?;
        let (subject, text) = code_email(
            &code,
            "to restore premium on this device",
            "you can ignore this email.",
        );
        state.mailer.send(&email, &subject, &text).await?;
        return Ok(Json(EmailCheck {
            code_sent: Some(true),
            message: Some(format!(
                "We sent a 6-digit code to {email}. Enter it to continue."
            )),
            email: Some(email),
            ..EmailCheck::default()
        }));
    };
    state
        .accounts
        .confirm_code(&user, &email, code, now)
        .await?;
    let has_account = state.accounts.by_id(&user).await?.is_some()
        || state.accounts.by_email(&email).await?.is_some();
    Ok(Json(match state.entitlements.premium(&user).await? {
        Some(p) => EmailCheck {
            has_active_subscription: Some(p.subscription_id.is_some()),
            needs_password: Some(!has_account),
            premium: PremiumStatus::of_member(&p, state.entitlements.issue(&user, &p)),
            verified_email: Some(email),
            ..EmailCheck::default()
        },
        None => EmailCheck {
            verified_email: Some(email),
            error: Some("No premium subscription found for this email"),
            ..EmailCheck::default()
        },
    }))
}

const DAY_MS: i64 = 86_400_000;

/// The trial notice: a free trial that ended without becoming a plan. Members
/// (trialing ones too) get no prompt; their trial's days are still reported
/// for the member card on Home.
pub async fn trial_status_get(
    State(state): State<AppState>,
    auth: Option<DeviceAuth>,
) -> Result<Json<TrialStatus>, AppError> {
    let Some(auth) = auth else {
        return Ok(Json(TrialStatus::default()));
    };
    let now = state.clock.now_ms();
    if let Some(p) = state.entitlements.premium(&auth.user_id).await? {
        let trialing = p.status == "trialing";
        let days = p
            .trial_end
            .filter(|_| trialing)
            .map(|end| ((end - now).max(0) + DAY_MS - 1) / DAY_MS);
        return Ok(Json(TrialStatus {
            is_premium: true,
            is_trialing: trialing,
            days_remaining: days,
            urgency_level: days.map(|d| match d {
                0..=1 => Urgency::Critical,
                2..=3 => Urgency::High,
                _ => Urgency::Normal,
            }),
            trial_end: p.trial_end.filter(|_| trialing),
            ..TrialStatus::default()
        }));
    }
    let lapsed = state
        .ledger
        .has_lapsed_trial(&auth.user_id, now.div_euclid(1000))
        .await?;
    Ok(Json(if lapsed {
        TrialStatus {
            show_upgrade_prompt: true,
            is_trial_expired: Some(true),
            days_remaining: Some(0),
            urgency_level: Some(Urgency::Expired),
            ..TrialStatus::default()
        }
    } else {
        TrialStatus::default()
    }))
}
