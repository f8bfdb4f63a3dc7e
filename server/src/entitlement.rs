//! Premium: who is premium (always read from the database), and the signed
//! entitlement tokens devices cache to stay premium offline for up to 7 days.

use crate::billing::subscription_gives_premium;
use crate::clock::Clock;
use crate::config::Config;
use crate::error::AppError;
use crate::identity::DeviceAuth;
use crate::store::{Standing, Store};
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use ed25519_dalek::{Signer as _, SigningKey};
use manna_core::premium::{Claims, MAX_LIFETIME_MS, PublicKey, assemble, signing_input};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::Arc;

/// The server's signing key and its id, loaded from (or created in) the data folder.
#[derive(Clone)]
pub struct EntitlementSigner {
    key: SigningKey,
    kid: String,
}

impl std::fmt::Debug for EntitlementSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EntitlementSigner({})", self.kid)
    }
}

const KEY_FILE: &str = "entitlement-ed25519.key";

impl EntitlementSigner {
    /// Reads the key file of `dir`, creating it (readable by the owner only) on
    /// first start.
    pub fn load_or_create(dir: &Path) -> Result<Self, AppError> {
        let path = dir.join(KEY_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::from_hex(&text, &path.display().to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let seed = Self::new_seed()?;
                crate::tokens::write_private(&path, &seed)?;
                Self::from_hex(&seed, KEY_FILE)
            }
            Err(e) => Err(AppError::Internal(format!(
                "reading {}: {e}",
                path.display()
            ))),
        }
    }

    /// The name every replica finds the shared key under.
    pub const SHARED_NAME: &str = "entitlement-ed25519";

    /// A new key's seed, in hex.
    pub fn new_seed() -> Result<String, AppError> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed)
            .map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
        Ok(hex::encode(seed))
    }

    /// The key of a hex seed, read from `from` (named in the error).
    pub fn from_hex(text: &str, from: &str) -> Result<Self, AppError> {
        let seed: [u8; 32] = hex::decode(text.trim())
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| AppError::Internal(format!("{from} is not a 32-byte hex key")))?;
        let key = SigningKey::from_bytes(&seed);
        let kid = hex::encode(&Sha256::digest(key.verifying_key().as_bytes())[..8]);
        Ok(Self { key, kid })
    }

    pub fn public_key(&self) -> PublicKey {
        PublicKey::ed25519(&self.kid, self.key.verifying_key().as_bytes())
    }

    /// A token for `user` valid from `now_ms` for 7 days.
    pub fn issue(&self, user: &str, premium: &Premium, now_ms: i64) -> Entitlement {
        let claims = Claims {
            sub: user.to_string(),
            plan: premium.plan.clone(),
            iat: now_ms,
            exp: now_ms + MAX_LIFETIME_MS,
            owner: premium.owner,
        };
        let input = signing_input(&self.kid, &claims);
        let signature = self.key.sign(input.as_bytes()).to_bytes();
        Entitlement {
            token: assemble(&input, &signature),
            expires_at: claims.exp,
        }
    }
}

/// A signed entitlement as sent to a device.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entitlement {
    pub token: String,
    pub expires_at: i64,
}

/// A user's premium standing, as the database says now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Premium {
    pub plan: String,
    pub owner: bool,
    /// The Stripe ids behind it (none for owners).
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    /// `active`, `trialing` or `owner`.
    pub status: String,
    /// End of the free trial (ms), while trialing.
    pub trial_end: Option<i64>,
    /// When the subscription began (ms); none for owners and subscriptions
    /// stored before this was kept.
    pub since: Option<i64>,
}
/// Who is premium, as the routes ask it (cheap to clone: it shares the store
/// and the signing key).
#[derive(Debug, Clone)]
pub struct Entitlements {
    store: Store,
    config: Arc<Config>,
    clock: Clock,
    signer: Arc<EntitlementSigner>,
}

impl Entitlements {
    pub fn new(
        store: Store,
        config: Arc<Config>,
        clock: Clock,
        signer: Arc<EntitlementSigner>,
    ) -> Self {
        Self {
            store,
            config,
            clock,
            signer,
        }
    }

    /// Whether `user` is premium now, as the database says.
    pub async fn premium(&self, user: &str) -> Result<Option<Premium>, AppError> {
        premium_now(&self.store, &self.config, &self.clock, user).await
    }

    /// Whether the requesting device's user is premium now. Content is
    /// public: no token, or one the server no longer knows, just means "not
    /// premium" and never keeps content from anyone. Asked only when the
    /// answer matters.
    pub async fn requester_is_premium(
        &self,
        headers: &axum::http::HeaderMap,
    ) -> Result<bool, AppError> {
        match DeviceAuth::from_headers(headers, &self.store).await {
            Ok(d) => Ok(self.premium(&d.user_id).await?.is_some()),
            Err(AppError::Unauthorized(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// A fresh entitlement of `user`, a member, for the device to cache.
    pub fn issue(&self, user: &str, p: &Premium) -> Entitlement {
        self.signer.issue(user, p, self.clock.now_ms())
    }
}

/// Whether `user` is premium now, as the store says.
pub async fn premium_now(
    db: &Store,
    config: &Config,
    clock: &Clock,
    user: &str,
) -> Result<Option<Premium>, AppError> {
    Ok(premium_of(
        &db.standing(user, config.has_owners()).await?,
        config,
        clock.now_secs(),
    ))
}

/// Whether a user of this standing is premium at `now_secs`: a subscription
/// of theirs (started by them, or paid with an email they proved) is active
/// or trialing, or a proven email of theirs is an owner's.
pub fn premium_of(standing: &Standing, config: &Config, now_secs: i64) -> Option<Premium> {
    let sub = standing
        .held
        .iter()
        .find(|h| subscription_gives_premium(&h.status, h.period_end, now_secs))
        .map(|h| Premium {
            plan: h.plan.clone(),
            owner: false,
            customer_id: Some(h.customer_id.clone()),
            subscription_id: Some(h.id.clone()),
            status: h.status.clone(),
            trial_end: h.trial_end.map(|s| s * 1000),
            since: h.started.map(|s| s * 1000),
        });
    let owner = standing.proven_emails.iter().any(|e| config.is_owner(e));
    match (sub, owner) {
        (Some(mut p), owner) => {
            p.owner = owner;
            Some(p)
        }
        (None, true) => Some(Premium {
            plan: "monthly".into(),
            owner: true,
            customer_id: None,
            subscription_id: None,
            status: "owner".into(),
            trial_end: None,
            since: None,
        }),
        (None, false) => None,
    }
}

/// A request from a device whose user is premium now (read from the database).
/// Every premium endpoint takes this: no token, flag or id sent by the browser
/// counts.
#[derive(Debug, Clone)]
pub struct PremiumUser {
    pub user_id: String,
    pub premium: Premium,
    /// The device, holding its user's turn while the handler runs.
    _device: DeviceAuth,
}

/// The refusal of a premium endpoint to a member who is not premium.
pub fn premium_required() -> AppError {
    AppError::Forbidden(
        "Premium membership required: subscribe at /subscribe, or restore a subscription you already paid for at /already-paid".into(),
    )
}

impl<S> FromRequestParts<S> for PremiumUser
where
    S: Send + Sync,
    Store: FromRef<S>,
    Arc<Config>: FromRef<S>,
    Clock: FromRef<S>,
    crate::guard::Turns: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let device = DeviceAuth::from_request_parts(parts, state).await?;
        let (db, config) = (Store::from_ref(state), Arc::<Config>::from_ref(state));
        let premium = premium_now(&db, &config, &Clock::from_ref(state), &device.user_id)
            .await?
            .ok_or_else(premium_required)?;
        Ok(Self {
            user_id: device.user_id.clone(),
            premium,
            _device: device,
        })
    }
}
