//! Subscriptions: checkout (hosted and embedded), the checks the success page
//! makes, the billing portal, the payment settings and the Stripe webhook.

use crate::accounts::normalise_email;
use crate::api::{
    BillingConfig, CheckoutStarted, CheckoutVerified, PaymentStatus, PortalLink, PremiumStatus,
    SubscriptionCheck, SubscriptionStarted, WebhookReceived,
};
use crate::billing::{self, parse_plan, subscription_gives_premium};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;

/// The email of the account `user` is, if any (given to Stripe at checkout).
async fn account_email(state: &AppState, user: &str) -> Result<Option<String>, AppError> {
    Ok(state.accounts.by_id(user).await?.map(|a| a.email))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PlanForm {
    #[serde(default)]
    plan: Option<String>,
    #[serde(default)]
    email: Option<String>,
}

/// A member with a paid (or trialing) subscription is not sold a second one.
async fn refuse_second_subscription(state: &AppState, user: &str) -> Result<(), AppError> {
    match state.entitlements.premium(user).await? {
        Some(p) if p.subscription_id.is_some() => Err(AppError::Conflict(format!(
            "You already have an active premium subscription ({} plan). Use 'Manage subscription' on Home to change or cancel it.",
            if p.plan == "annual" {
                "Annual"
            } else {
                "Monthly"
            }
        ))),
        _ => Ok(()),
    }
}

pub async fn checkout_session_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    client: ClientIp,
    ApiJson(form): ApiJson<PlanForm>,
) -> Result<Json<CheckoutStarted>, AppError> {
    state
        .limits
        .hit(guard::PAYMENTS, &client.key(), state.clock.now_ms())
        .await?;
    let plan = parse_plan(form.plan.as_deref().unwrap_or("monthly"))?;
    refuse_second_subscription(&state, &auth.user_id).await?;
    let base = state.config.public_url();
    let email = account_email(&state, &auth.user_id).await?;
    let (id, url) = state
        .stripe
        .create_checkout_session(
            plan,
            &auth.user_id,
            email.as_deref(),
            &format!(
                "{base}/subscription-success?session_id={{CHECKOUT_SESSION_ID}}&plan={}",
                plan.wire()
            ),
            &format!("{base}/subscribe"),
        )
        .await?;
    state
        .ledger
        .record_checkout(&id, &auth.user_id, plan.wire(), state.clock.now_ms())
        .await?;
    Ok(Json(CheckoutStarted {
        url,
        session_id: id,
    }))
}

pub async fn subscription_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    client: ClientIp,
    ApiJson(form): ApiJson<PlanForm>,
) -> Result<Json<SubscriptionStarted>, AppError> {
    state
        .limits
        .hit(guard::PAYMENTS, &client.key(), state.clock.now_ms())
        .await?;
    let plan = parse_plan(form.plan.as_deref().unwrap_or("annual"))?;
    refuse_second_subscription(&state, &auth.user_id).await?;
    let typed = form
        .email
        .as_deref()
        .filter(|e| !e.trim().is_empty())
        .map(normalise_email)
        .transpose()?;
    let account_email = account_email(&state, &auth.user_id).await?;
    let (subscription_id, client_secret) = state
        .stripe
        .create_subscription(plan, &auth.user_id, typed.or(account_email).as_deref())
        .await?;
    Ok(Json(SubscriptionStarted {
        client_secret,
        subscription_id,
        plan,
        amount: plan.amount(),
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionForm {
    #[serde(default)]
    session_id: String,
}

fn not_verified(message: &'static str) -> Json<CheckoutVerified> {
    Json(CheckoutVerified {
        verified: false,
        message: Some(message),
        customer_id: None,
        premium: PremiumStatus::default(),
    })
}

/// The success page's check of `session_id`: premium is stored for the user who
/// started that checkout, and only that user gets a verified answer.
pub async fn checkout_session_verify(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(form): ApiJson<SessionForm>,
) -> Result<Json<CheckoutVerified>, AppError> {
    let id = form.session_id.trim().to_string();
    if id.is_empty() || id.len() > 200 {
        return Err(AppError::BadRequest(
            "sessionId: a checkout session id is required".into(),
        ));
    }
    let owner = state.ledger.checkout_owner(&id).await?;
    if owner.as_deref() != Some(auth.user_id.as_str()) {
        return Ok(not_verified(
            "This checkout was started on another device or account.",
        ));
    }
    let checkout = state.stripe.checkout_session(&id).await?;
    let Some(sub_id) = checkout
        .subscription_id
        .clone()
        .filter(|_| checkout.complete)
    else {
        return Ok(not_verified("This checkout is not complete yet."));
    };
    let sub = state.stripe.subscription(&sub_id).await?;
    let (now_ms, now_secs) = (state.clock.now_ms(), state.clock.now_secs());
    let user = Some(auth.user_id.clone());
    state
        .ledger
        .save_subscription(sub.stored(), checkout.email.clone(), user, now_secs, now_ms)
        .await?;
    let premium = state.entitlements.premium(&auth.user_id).await?;
    Ok(Json(CheckoutVerified {
        verified: premium.is_some(),
        message: None,
        customer_id: checkout.customer_id.clone(),
        premium: match premium {
            Some(p) => PremiumStatus {
                subscription_id: Some(sub_id),
                ..PremiumStatus::of_member(&p, state.entitlements.issue(&auth.user_id, &p))
            },
            None => PremiumStatus {
                subscription_id: Some(sub_id),
                ..PremiumStatus::default()
            },
        },
    }))
}

pub async fn payment_verify(
    State(state): State<AppState>,
    client: ClientIp,
    Path(id): Path<String>,
) -> Result<Json<PaymentStatus>, AppError> {
    state
        .limits
        .hit(guard::PAYMENTS, &client.key(), state.clock.now_ms())
        .await?;
    if !id.starts_with("pi_")
        || id.len() > 200
        || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return Err(AppError::BadRequest(format!(
            "'{}' is not a payment intent id (pi_…)",
            id.chars().take(60).collect::<String>()
        )));
    }
    let status = state.stripe.payment_intent_status(&id).await?;
    Ok(Json(PaymentStatus { status }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdsForm {
    #[serde(default)]
    stripe_customer_id: String,
    #[serde(default)]
    subscription_id: String,
}

/// The status and plan of a subscription named by its ids, for the user it
/// belongs to. Ids of someone else's subscription answer `None`: knowing them
/// grants nothing.
async fn owned_subscription(
    state: &AppState,
    user: &str,
    form: &IdsForm,
) -> Result<Option<(bool, String)>, AppError> {
    if form.stripe_customer_id.trim().is_empty() || form.subscription_id.trim().is_empty() {
        return Err(AppError::BadRequest(
            "stripeCustomerId and subscriptionId are both required".into(),
        ));
    }
    let now = state.clock.now_secs();
    let owned = state
        .ledger
        .owned_subscription(user, &form.stripe_customer_id, &form.subscription_id)
        .await?;
    Ok(owned.map(|(status, plan, period_end)| {
        (subscription_gives_premium(&status, period_end, now), plan)
    }))
}

pub async fn subscription_status_verify(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(form): ApiJson<IdsForm>,
) -> Result<Json<SubscriptionCheck>, AppError> {
    let owned = owned_subscription(&state, &auth.user_id, &form).await?;
    Ok(Json(SubscriptionCheck {
        verified: None,
        active: owned.as_ref().is_some_and(|o| o.0),
        plan: owned.map(|o| o.1),
        entitlement: None,
    }))
}

pub async fn subscription_verify(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(form): ApiJson<IdsForm>,
) -> Result<Json<SubscriptionCheck>, AppError> {
    let owned = owned_subscription(&state, &auth.user_id, &form).await?;
    let entitlement = state
        .entitlements
        .premium(&auth.user_id)
        .await?
        .map(|p| state.signer.issue(&auth.user_id, &p, state.clock.now_ms()));
    Ok(Json(SubscriptionCheck {
        verified: Some(owned.is_some()),
        active: owned.as_ref().is_some_and(|o| o.0),
        plan: owned.map(|o| o.1),
        entitlement,
    }))
}

/// 'Manage subscription': a billing portal session for the member's customer.
pub async fn billing_portal_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<PortalLink>, AppError> {
    let customer = state
        .ledger
        .customer_of(&auth.user_id)
        .await?
        .ok_or_else(|| {
            AppError::NotFound("No subscription to manage on this account yet.".into())
        })?;
    let url = state
        .stripe
        .portal_url(&customer, &format!("{}/", state.config.public_url()))
        .await?;
    Ok(Json(PortalLink { url }))
}

/// What the payment pages need to know: test mode and the form to use.
pub async fn billing_config_get(State(state): State<AppState>) -> Json<BillingConfig> {
    Json(BillingConfig {
        test_mode: state.stripe.test_mode,
        publishable_key: state.config.stripe_publishable_key.clone(),
        emulator_url: state
            .stripe
            .test_mode
            .then(|| state.stripe.api_base.trim_end_matches('/').to_string()),
    })
}

pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: String,
) -> Result<(StatusCode, Json<WebhookReceived>), AppError> {
    let secret = state
        .config
        .stripe_webhook_secret
        .as_ref()
        .map_or(billing::DEFAULT_WEBHOOK_SECRET, |s| s.expose())
        .to_string();
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| AppError::BadRequest("Stripe-Signature header is missing".into()))?;
    let outcome = state
        .ledger
        .webhook(&state.clock, &state.stripe, &secret, &body, signature)
        .await?;
    Ok((
        StatusCode::OK,
        Json(WebhookReceived {
            received: true,
            outcome: format!("{outcome:?}").to_lowercase(),
        }),
    ))
}
