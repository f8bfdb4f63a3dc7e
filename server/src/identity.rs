//! Anonymous identity: a browser's `user-<timestamp>-<random>` id, registered on
//! first contact, plus a device token issued then. Later requests for that user
//! must carry the token: knowing an id is not enough to read or change its data.

use crate::clock::Clock;
use crate::error::AppError;
use crate::guard::{Turn, Turns};
use crate::store::Store;
use crate::tokens::{hash_token, random_hex};
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;

pub const USER_HEADER: &str = "x-user-id";

/// The user and device a request proved it speaks for. Taken as an
/// extractor, it also holds one of the user's turns (see `guard::Turns`)
/// while the handler runs.
#[derive(Debug, Clone)]
pub struct DeviceAuth {
    pub user_id: String,
    pub device_id: String,
    turn: Option<std::sync::Arc<Turn>>,
}

/// Digits in the timestamp part of an anonymous id (milliseconds since 1970
/// have 13 until the year 2286).
const MAX_TIMESTAMP_DIGITS: usize = 16;

/// Checks the shape of an anonymous id: `user-<digits>-<letters and digits>`,
/// at most 16 digits and 64 letters (the id is stored with every record).
pub fn check_user_id(id: &str) -> Result<(), AppError> {
    let mut parts = id.splitn(3, '-');
    let ok = parts.next() == Some("user")
        && parts.next().is_some_and(|t| {
            (1..=MAX_TIMESTAMP_DIGITS).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
        })
        && parts.next().is_some_and(|r| {
            !r.is_empty() && r.len() <= 64 && r.bytes().all(|b| b.is_ascii_alphanumeric())
        });
    if ok {
        Ok(())
    } else {
        Err(AppError::BadRequest(format!(
            "X-User-ID: '{}' is not an id of the form user-<timestamp>-<random>",
            id.chars().take(80).collect::<String>()
        )))
    }
}

/// A new device for a user id seen for the first time.
#[derive(Debug, serde::Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registration {
    pub user_id: String,
    pub device_id: String,
    pub device_token: String,
}

/// Devices as the routes register them (cheap to clone: it shares the
/// store).
#[derive(Debug, Clone)]
pub struct Devices {
    store: Store,
    clock: Clock,
}

impl Devices {
    pub fn new(store: Store, clock: Clock) -> Self {
        Self { store, clock }
    }

    /// Registers `user_id`'s first device, seen from `origin`.
    pub async fn register(&self, user_id: String, origin: &str) -> Result<Registration, AppError> {
        check_user_id(&user_id)?;
        let token = random_hex(32)?;
        let device_id = format!("dev-{}", random_hex(12)?);
        let hash = hash_token(&token);
        let (uid, did, now) = (&user_id, &device_id, self.clock.now_ms());
        self.store
            .register_device(uid, did, &hash, origin, now)
            .await?;
        Ok(Registration {
            user_id,
            device_id,
            device_token: token,
        })
    }
}

/// Optional form: `None` when the request names no user or carries no token;
/// a token that does not check out is still refused.
impl<S> axum::extract::OptionalFromRequestParts<S> for DeviceAuth
where
    S: Send + Sync,
    Store: FromRef<S>,
    Turns: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &S,
    ) -> Result<Option<Self>, Self::Rejection> {
        if !parts.headers.contains_key(USER_HEADER) || !parts.headers.contains_key("authorization")
        {
            return Ok(None);
        }
        <Self as FromRequestParts<S>>::from_request_parts(parts, state)
            .await
            .map(Some)
    }
}

impl<S> FromRequestParts<S> for DeviceAuth
where
    S: Send + Sync,
    Store: FromRef<S>,
    Turns: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let mut auth = Self::from_headers(&parts.headers, &Store::from_ref(state)).await?;
        // One turn a request, however many extractors ask for the device (a
        // premium check and the device itself, say): the first takes it and
        // leaves it with the request for the others.
        let turn = match parts.extensions.get::<std::sync::Arc<Turn>>() {
            Some(turn) => turn.clone(),
            None => {
                let turn = std::sync::Arc::new(Turns::from_ref(state).take(&auth.user_id).await?);
                parts.extensions.insert(turn.clone());
                turn
            }
        };
        auth.turn = Some(turn);
        Ok(auth)
    }
}

impl DeviceAuth {
    /// The device a request's X-User-ID and bearer token name, checked against
    /// the database (401 when they do not check out).
    pub async fn from_headers(
        headers: &axum::http::HeaderMap,
        db: &Store,
    ) -> Result<Self, AppError> {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let user_id = header(USER_HEADER)
            .ok_or_else(|| AppError::Unauthorized("X-User-ID header is missing".into()))?;
        let token = header("authorization")
            .and_then(|v| v.strip_prefix("Bearer ").map(str::to_owned))
            .ok_or_else(|| {
                AppError::Unauthorized(
                    "this request needs the device token issued for X-User-ID (Authorization: Bearer <token>)".into(),
                )
            })?;
        let hash = hash_token(&token);
        let found = db.device_of_token(&hash).await?;
        match found {
            Some((device_id, owner)) if owner == user_id => Ok(DeviceAuth {
                user_id,
                device_id,
                turn: None,
            }),
            Some(_) => Err(AppError::Unauthorized(
                "the device token does not belong to this X-User-ID".into(),
            )),
            None => Err(AppError::Unauthorized(
                "the device token is not valid".into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn user_ids_have_the_anonymous_shape() {
        assert!(super::check_user_id("user-1763790000000-k3j9x2").is_ok());
        for bad in [
            "",
            "user-",
            "user-12-",
            "admin-1-a",
            "user-x-abc",
            "user-1-a b",
            "user-1-a-b",
            "user-12345678901234567-abc",
        ] {
            assert!(super::check_user_id(bad).is_err(), "{bad}");
        }
    }
}
