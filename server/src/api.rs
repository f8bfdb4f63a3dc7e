//! The JSON answers of the HTTP API, one type each. Handlers answer these
//! instead of ad-hoc JSON, and the app's TypeScript types are generated from
//! them (`make types`), so a renamed field breaks the build, not the app.

use crate::entitlement::{Entitlement, Premium};
use manna_core::premium::PublicKey;
use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

/// `GET /api/health`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    pub status: &'static str,
    pub content_version: String,
}

/// `GET /api/about`: what the privacy policy needs to know of this service.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct About {
    /// The address privacy requests go to (`MANNA_CONTACT_EMAIL`), when set.
    pub contact_email: Option<String>,
}

/// `POST /api/refresh-content`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refreshed {
    pub ok: bool,
    /// Whether the content files were read again (owners only).
    pub reloaded: bool,
    pub content_version: String,
}

/// `GET /api/daily-content`: consecutive days for offline use.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyRange {
    pub content_version: String,
    #[ts(as = "Vec<crate::content::DayContent>")]
    pub days: Vec<Value>,
}

/// A user's record as the REST calls show it: its fields, id and owner.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub id: String,
    pub user_id: String,
    #[serde(flatten)]
    #[ts(skip)]
    pub fields: Map<String, Value>,
}

/// `POST /api/auth/register` and `POST /api/auth/login`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub message: &'static str,
    /// The id this device now speaks for.
    pub user_id: String,
    pub user: crate::accounts::AccountView,
    /// Records of the anonymous user merged into the account (login).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub claimed_records: Option<u32>,
}

/// `POST /api/auth/register` without a code: a code was emailed (the same
/// answer whether or not the address already has an account).
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    pub code_sent: bool,
    pub message: String,
}

/// `GET /api/auth/me`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct Me {
    pub user: crate::accounts::AccountView,
}

/// An answer that only says what happened.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct Done {
    pub message: &'static str,
}

/// `POST /api/create-checkout-session`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutStarted {
    pub url: String,
    pub session_id: String,
}

/// `POST /api/create-subscription`: what the embedded payment form needs.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionStarted {
    pub client_secret: String,
    pub subscription_id: String,
    pub plan: manna_core::plans::Plan,
    /// Cents.
    pub amount: u32,
}

/// What the server says about a device's premium standing; the premium fields
/// are present only while premium.
#[derive(Debug, Default, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumStatus {
    pub is_premium: bool,
    pub active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub plan: Option<String>,
    /// `active`, `trialing` or `owner`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub is_owner: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stripe_customer_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subscription_id: Option<String>,
    /// End of the free trial (ms), while trialing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub trial_end: Option<i64>,
    /// When the subscription began (ms): "Member Since".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub member_since: Option<i64>,
    /// A signed token the device keeps to stay premium offline.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub entitlement: Option<Entitlement>,
}

impl PremiumStatus {
    /// What the premium checks answer a member: the plan, the Stripe ids and
    /// a fresh `entitlement` for the device to cache.
    pub fn of_member(p: &Premium, entitlement: Entitlement) -> Self {
        Self {
            is_premium: true,
            active: true,
            plan: Some(p.plan.clone()),
            status: Some(p.status.clone()),
            is_owner: Some(p.owner),
            stripe_customer_id: p.customer_id.clone(),
            subscription_id: p.subscription_id.clone(),
            trial_end: p.trial_end,
            member_since: p.since,
            entitlement: Some(entitlement),
        }
    }
}

/// `POST /api/verify-checkout-session`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutVerified {
    pub verified: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub customer_id: Option<String>,
    #[serde(flatten)]
    pub premium: PremiumStatus,
}

/// `GET /api/verify-payment/{id}`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct PaymentStatus {
    pub status: String,
}

/// `POST /api/verify-subscription-status` and `POST /api/verify-subscription`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionCheck {
    /// The ids name one of this user's subscriptions.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub verified: Option<bool>,
    pub active: bool,
    pub plan: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub entitlement: Option<Entitlement>,
}

/// `POST /api/billing-portal`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct PortalLink {
    pub url: String,
}

/// `GET /api/billing/config`: what the payment pages need to know.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingConfig {
    /// Payments go to the local Stripe emulator.
    pub test_mode: bool,
    pub publishable_key: Option<String>,
    pub emulator_url: Option<String>,
}

/// `POST /api/stripe/webhook`.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct WebhookReceived {
    pub received: bool,
    pub outcome: String,
}

/// `GET /api/entitlement/keys`: a JWK set.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct KeySet {
    pub keys: Vec<PublicKey>,
}

/// `POST /api/check-subscription-by-email`, with or without a code.
#[derive(Debug, Default, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailCheck {
    #[serde(flatten)]
    pub premium: PremiumStatus,
    /// A code was sent (the first step).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code_sent: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    /// The email was proven with its code (the second step).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub verified_email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub has_active_subscription: Option<bool>,
    /// No account has this email yet: offer to secure one with a password.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub needs_password: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<&'static str>,
}

/// How urgent a free trial's end is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Urgency {
    Normal,
    High,
    Critical,
    Expired,
}

/// `GET /api/trial-status`: the trial notice of Home. Members (trialing ones
/// too) never get the prompt; their trial's days are still reported.
#[derive(Debug, Default, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialStatus {
    pub show_upgrade_prompt: bool,
    pub is_premium: bool,
    pub is_trialing: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub is_trial_expired: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub days_remaining: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub urgency_level: Option<Urgency>,
    /// End of the trial (ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub trial_end: Option<i64>,
}

/// `GET /dev/outbox.json`.
#[derive(Debug, Serialize, TS)]
pub struct Outbox {
    pub emails: Vec<crate::mail::Email>,
}
