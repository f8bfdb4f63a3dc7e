//! Web Push (RFC 8030): prayer reminders and the verse of the day ring on the
//! person's phone at their local time. Payloads are encrypted to each
//! subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key
//! (RFC 8292).
//!
//! - `keys`: the VAPID key, kept in the data folder or given by the environment.
//! - `endpoint`: which push service addresses may be sent to.
//! - `timing`: when a local clock time happens in a time zone.
//! - `schedule`: what falls due in a window of time, claimed once.

pub mod endpoint;
pub mod keys;
pub mod schedule;
pub mod timing;

use crate::config::Config;
use crate::error::AppError;
use crate::store::Claimed;
pub use crate::store::PushSubscription as Subscription;
use crate::store::Store;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use endpoint::{GuardedResolver, Reach};
use keys::VapidKeys;
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use web_push_native::{Auth, WebPushBuilder, p256};

/// How long a push service keeps a notification for a phone that is off or
/// out of signal: a reminder an hour late is still worth ringing, a day late
/// it is not.
pub const TTL: Duration = Duration::from_secs(60 * 60);

/// How long one request to a push service may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// Sendings in flight at once.
const CONCURRENT_SENDS: usize = 16;

/// What a notification says, as the service worker shows it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PushMessage {
    pub title: String,
    pub body: String,
    /// The page the notification opens.
    pub url: String,
    /// A later notification with the same tag replaces this one.
    pub tag: String,
}

/// What became of one request to a push service.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// 404 or 410: the subscription has ended and is forgotten.
    Gone,
    /// Worth trying again (the service was busy or unreachable), no sooner
    /// than the service asked.
    Retry {
        reason: String,
        after: Option<Duration>,
    },
    /// Refused for good.
    Failed(String),
}

/// The sender: the VAPID key and an HTTP client that reaches public push
/// services only.
#[derive(Debug)]
pub struct Push {
    keys: VapidKeys,
    client: reqwest::Client,
    reach: Reach,
}

impl Push {
    pub fn from_config(config: &Config) -> Result<Self, AppError> {
        let reach = if config.is_production() {
            Reach::Public
        } else {
            Reach::PublicOrLoopback
        };
        let client = reqwest::Client::builder()
            .dns_resolver(Arc::new(GuardedResolver(reach)))
            .redirect(reqwest::redirect::Policy::none())
            // A proxy would resolve the names itself, past the guard.
            .no_proxy()
            .timeout(SEND_TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .user_agent(concat!("Manna/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| AppError::Internal(format!("the push client: {e}")))?;
        Ok(Self {
            keys: VapidKeys::load_or_create(config)?,
            client,
            reach,
        })
    }

    pub fn public_key(&self) -> &str {
        self.keys.public_key()
    }

    pub fn reach(&self) -> Reach {
        self.reach
    }

    /// Sends `payload` to one subscription.
    pub async fn send(&self, sub: &Subscription, payload: &[u8]) -> Outcome {
        let request = match self.request(sub, payload) {
            Ok(r) => r,
            // An address no longer allowed (the server moved to production)
            // can never be sent to.
            Err(Refusal::Endpoint(why)) => {
                tracing::info!(%why, "a push subscription's address is not allowed");
                return Outcome::Gone;
            }
            Err(Refusal::Other(why)) => return Outcome::Failed(why),
        };
        match self.client.execute(request).await {
            Ok(res) => {
                let after = res
                    .headers()
                    .get(reqwest::header::RETRY_AFTER)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.trim().parse::<u64>().ok())
                    .map(Duration::from_secs);
                match res.status().as_u16() {
                    200..=299 => Outcome::Sent,
                    404 | 410 => Outcome::Gone,
                    s @ (429 | 500..=599) => Outcome::Retry {
                        reason: format!("the push service answered {s}"),
                        after,
                    },
                    s => Outcome::Failed(format!("the push service answered {s}")),
                }
            }
            Err(e) => Outcome::Retry {
                reason: format!("the push service could not be reached: {e}"),
                after: None,
            },
        }
    }

    fn request(&self, sub: &Subscription, payload: &[u8]) -> Result<reqwest::Request, Refusal> {
        let url = endpoint::check_endpoint(&sub.endpoint, self.reach).map_err(Refusal::Endpoint)?;
        let keys = DeviceKeys::read(&sub.p256dh, &sub.auth)
            .map_err(|(field, why)| Refusal::Other(format!("{field} {why}")))?;
        let uri: axum::http::Uri = url
            .as_str()
            .parse()
            .map_err(|_| Refusal::Endpoint("not an address".into()))?;
        let built = WebPushBuilder::new(uri, keys.public, keys.auth)
            .with_valid_duration(TTL)
            .build(payload.to_vec())
            .map_err(|e| Refusal::Other(format!("encrypting the notification: {e}")))?;
        let mut request =
            reqwest::Request::try_from(built).map_err(|e| Refusal::Other(e.to_string()))?;
        let vapid = self.keys.authorization(&url).map_err(Refusal::Other)?;
        request
            .headers_mut()
            .insert(reqwest::header::AUTHORIZATION, vapid);
        Ok(request)
    }
}

enum Refusal {
    Endpoint(String),
    Other(String),
}

/// A subscription's keys, read from their base64url text.
#[derive(Debug)]
pub struct DeviceKeys {
    pub public: p256::PublicKey,
    pub auth: Auth,
}

impl DeviceKeys {
    /// The keys, or which of them is wrong (its field) and why.
    pub fn read(p256dh: &str, auth: &str) -> Result<Self, (&'static str, String)> {
        let decode = |text: &str| URL_SAFE_NO_PAD.decode(text.trim_end_matches('='));
        let public = decode(p256dh)
            .ok()
            .filter(|b| b.len() == 65)
            .and_then(|b| p256::PublicKey::from_sec1_bytes(&b).ok())
            .ok_or((
                "keys.p256dh",
                "must be the browser's P-256 public key (65 bytes, base64url)".to_string(),
            ))?;
        let auth = decode(auth)
            .ok()
            .filter(|b| b.len() == 16)
            .map(|b| Auth::clone_from_slice(&b))
            .ok_or((
                "keys.auth",
                "must be the browser's 16-byte secret, base64url".to_string(),
            ))?;
        Ok(Self { public, auth })
    }
}

/// Sends what was claimed and records what became of each: gone subscriptions
/// are forgotten, failures worth retrying wait with a growing delay until the
/// notification would be too late, the rest are logged.
pub async fn deliver(db: &Store, push: &Arc<Push>, claimed: Vec<Claimed>, now_ms: i64) {
    let gate = Arc::new(tokio::sync::Semaphore::new(CONCURRENT_SENDS));
    let mut sending = tokio::task::JoinSet::new();
    for c in claimed {
        let (push, gate) = (push.clone(), gate.clone());
        sending.spawn(async move {
            let _slot = gate.acquire_owned().await;
            let outcome = push.send(&c.subscription, c.payload.as_bytes()).await;
            (c, outcome)
        });
    }
    while let Some(done) = sending.join_next().await {
        let Ok((c, outcome)) = done else { continue };
        let (state, next) = match &outcome {
            Outcome::Sent => ("sent", None),
            Outcome::Gone => ("gone", None),
            Outcome::Retry { reason, after } => {
                let wait = schedule::backoff(c.attempts).max(after.unwrap_or_default());
                let next = now_ms + wait.as_millis() as i64;
                if next > c.due_at + TTL.as_millis() as i64 {
                    tracing::warn!(source = %c.source, attempts = c.attempts, %reason, "a notification could not be sent in time");
                    ("failed", None)
                } else {
                    tracing::info!(source = %c.source, attempts = c.attempts, %reason, "a notification will be tried again");
                    ("retry", Some(next))
                }
            }
            Outcome::Failed(reason) => {
                tracing::warn!(source = %c.source, %reason, "a notification was refused");
                ("failed", None)
            }
        };
        let result = db.settle_push(c, state, next).await;
        if let Err(e) = result {
            tracing::warn!(error = %e, "recording a notification's outcome failed");
        }
    }
}
