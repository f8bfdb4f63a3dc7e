//! Web Push (RFC 8030): prayer reminders and the verse of the day ring on the
//! person's phone at their local time. Payloads are encrypted to each
//! subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key
//! (RFC 8292).
//!
//! - `keys`: the VAPID key, kept in the data folder or given by the environment.
//! - `address`: where an IP address leads (this machine, the internet, inside).
//! - `endpoint`: which push service addresses may be sent to.
//! - `timing`: when a local clock time happens in a time zone.
//! - `schedule`: what falls due in a window of time, claimed once.
//! - `group_notices`: what a group's members are told, and when.
//! - `senders`: the bounded pool that sends what was claimed, a few at a
//!   time to each push service.

mod address;
pub mod endpoint;
pub mod group_notices;
pub mod keys;
pub mod schedule;
pub mod senders;
pub mod timing;

use crate::config::Config;
use crate::error::AppError;
pub use crate::store::PushSubscription as Subscription;
use crate::store::{Store, Subscribed};
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

/// How long one request to a push service may take: push services answer
/// in well under a second, and one that does not only delays itself.
const SEND_TIMEOUT: Duration = Duration::from_secs(5);

/// Subscriptions one device may keep (a browser has one; a few allow for a
/// new one before the old one is known to have ended).
pub const SUBSCRIPTIONS_PER_DEVICE: i64 = 3;
/// Subscriptions one user may keep, over all their devices.
pub const SUBSCRIPTIONS_PER_USER: i64 = 10;

/// The phones' subscriptions, as the routes use them (cheap to clone: it
/// shares the store).
#[derive(Debug, Clone)]
pub struct Subscribers {
    store: Store,
}

impl Subscribers {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// Keeps a device's subscription within the caps: the same endpoint
    /// again replaces it; another user's endpoint stays theirs (409); past
    /// the caps, 409 saying what to do.
    pub async fn subscribe(&self, sub: Subscription, now_ms: i64) -> Result<(), AppError> {
        let kept = self
            .store
            .subscribe_push(
                sub,
                SUBSCRIPTIONS_PER_DEVICE,
                SUBSCRIPTIONS_PER_USER,
                now_ms,
            )
            .await?;
        match kept {
            Subscribed::Kept => Ok(()),
            Subscribed::AnotherUsers => Err(AppError::Conflict(
                "endpoint: this browser's notifications are turned on for another account; turn them off there first".into(),
            )),
            Subscribed::DeviceFull(n) => Err(AppError::Conflict(format!(
                "endpoint: this device already has {n} notification subscriptions, the most Manna keeps for one device; turn notifications off and on again to replace them"
            ))),
            Subscribed::UserFull(n) => Err(AppError::Conflict(format!(
                "endpoint: your devices already have {n} notification subscriptions, the most Manna keeps for one person; turn notifications off on a device you no longer use"
            ))),
        }
    }

    /// Forgets `user`'s subscription at `endpoint`; answers whether there
    /// was one.
    pub async fn unsubscribe(&self, user: &str, endpoint: &str) -> Result<bool, AppError> {
        Ok(self.store.unsubscribe_push(user, endpoint).await?)
    }

    /// The subscriptions of one device of `user`.
    pub async fn of_device(&self, user: &str, device: &str) -> Result<Vec<Subscription>, AppError> {
        Ok(self.store.device_pushes(user, device).await?)
    }

    /// Forgets a subscription its push service says is gone.
    pub async fn forget(&self, endpoint: &str) -> Result<(), AppError> {
        Ok(self.store.remove_push(endpoint).await?)
    }
}

/// A wake-up for the group notifications: a new request or prayer is told
/// within seconds, not at the next minute's look (cheap to clone).
#[derive(Debug, Clone, Default)]
pub struct Soon(Arc<tokio::sync::Notify>);

impl Soon {
    /// Asks for a look soon; many asks before it gather into one.
    pub fn ask(&self) {
        self.0.notify_one();
    }

    /// Waits for the next ask.
    pub async fn asked(&self) {
        self.0.notified().await;
    }
}

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
            .connect_timeout(Duration::from_secs(3))
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
            Err(Refusal::Endpoint) => {
                tracing::info!("a push subscription's address is not allowed");
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
            // Without the address: its path names one browser.
            Err(e) => Outcome::Retry {
                reason: format!("the push service could not be reached: {}", e.without_url()),
                after: None,
            },
        }
    }

    fn request(&self, sub: &Subscription, payload: &[u8]) -> Result<reqwest::Request, Refusal> {
        let url =
            endpoint::check_endpoint(&sub.endpoint, self.reach).map_err(|_| Refusal::Endpoint)?;
        let keys = DeviceKeys::read(&sub.p256dh, &sub.auth)
            .map_err(|(field, why)| Refusal::Other(format!("{field} {why}")))?;
        let uri: axum::http::Uri = url.as_str().parse().map_err(|_| Refusal::Endpoint)?;
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
    Endpoint,
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
