//! Web Push: the key browsers subscribe with, each device's subscription
//! (with the time zone its reminders ring in), and a test notification.

use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::PUSH_TEST;
use crate::identity::DeviceAuth;
use crate::push::Subscription;
use crate::push::endpoint::check_endpoint;
use crate::push::{DeviceKeys, Outcome, PushMessage, timing};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use manna_sync_protocol::FieldError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The server's VAPID public key (`applicationServerKey`).
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushPublicKey {
    /// The uncompressed P-256 point, base64url without padding.
    pub public_key: String,
}

/// A subscription as kept.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSubscriptionSaved {
    pub endpoint: String,
    pub time_zone: String,
}

/// The browser's `PushSubscription.toJSON()`, with its time zone.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscribeBody {
    pub endpoint: String,
    pub keys: SubscriptionKeys,
    /// An IANA zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
    pub time_zone: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SubscriptionKeys {
    pub p256dh: String,
    pub auth: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UnsubscribeBody {
    pub endpoint: String,
}

/// How many notifications a test reached.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushTested {
    pub sent: u32,
}

/// How long a test notification may take, to every subscription together.
const TEST_DEADLINE: std::time::Duration = std::time::Duration::from_secs(8);

fn invalid(field: &str, message: impl Into<String>) -> AppError {
    AppError::Invalid(FieldError::new(field, message.into()))
}

/// `GET /api/push/public-key`.
pub async fn public_key_get(State(state): State<AppState>) -> Json<PushPublicKey> {
    Json(PushPublicKey {
        public_key: state.push.public_key().to_string(),
    })
}

/// `POST /api/push/subscriptions`: keeps this device's subscription.
pub async fn subscription_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<SubscribeBody>,
) -> Result<(StatusCode, Json<PushSubscriptionSaved>), AppError> {
    check_endpoint(&body.endpoint, state.push.reach()).map_err(|why| invalid("endpoint", why))?;
    DeviceKeys::read(&body.keys.p256dh, &body.keys.auth)
        .map_err(|(field, why)| invalid(field, why))?;
    if timing::zone(&body.time_zone).is_none() {
        return Err(invalid(
            "timeZone",
            format!(
                "'{}' is not a time zone such as America/New_York",
                body.time_zone.chars().take(60).collect::<String>()
            ),
        ));
    }
    let sub = Subscription {
        endpoint: body.endpoint,
        user_id: auth.user_id,
        device_id: auth.device_id,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        time_zone: body.time_zone,
    };
    let saved = PushSubscriptionSaved {
        endpoint: sub.endpoint.clone(),
        time_zone: sub.time_zone.clone(),
    };
    state
        .subscribers
        .subscribe(sub, state.clock.now_ms())
        .await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// `DELETE /api/push/subscriptions`: this device no longer rings.
pub async fn subscription_delete(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<UnsubscribeBody>,
) -> Result<StatusCode, AppError> {
    let gone = state
        .subscribers
        .unsubscribe(&auth.user_id, &body.endpoint)
        .await?;
    if gone {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound(
            "this device has no subscription at that endpoint".into(),
        ))
    }
}

/// `POST /api/push/test`: a notification to this device now.
pub async fn test_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<PushTested>, AppError> {
    state
        .limits
        .hit(PUSH_TEST, &auth.user_id, state.clock.now_ms())
        .await?;
    let subs = state
        .subscribers
        .of_device(&auth.user_id, &auth.device_id)
        .await?;
    if subs.is_empty() {
        return Err(AppError::NotFound(
            "notifications are not turned on for this device".into(),
        ));
    }
    let message = PushMessage {
        title: "Manna".into(),
        body: "Notifications are on. Your reminders will ring like this.".into(),
        url: "/prayer-reminders".into(),
        tag: "test".into(),
    };
    let payload = serde_json::to_vec(&message).map_err(|e| AppError::Internal(e.to_string()))?;
    // Side by side, under one deadline: a silent push service costs the
    // person seconds, not a minute a subscription.
    let outcomes = state
        .senders
        .send_now(subs.clone(), std::sync::Arc::new(payload), TEST_DEADLINE)
        .await;
    let mut sent = 0;
    for (sub, outcome) in subs.iter().zip(outcomes) {
        match outcome {
            Outcome::Sent => sent += 1,
            Outcome::Gone => {
                state.subscribers.forget(&sub.endpoint).await?;
            }
            Outcome::Retry { reason, .. } | Outcome::Failed(reason) => {
                tracing::warn!(%reason, "a test notification failed");
            }
        }
    }
    if sent == 0 {
        return Err(AppError::Busy(
            "the push service did not take the notification; try again in a minute".into(),
        ));
    }
    Ok(Json(PushTested { sent }))
}
