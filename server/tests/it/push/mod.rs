//! Web Push as a phone and its push service see it: a local push service
//! records what the server sends; the "phone" holds its own keys (made and
//! read with the `ece` crate, independent of the server's encryption) and
//! reads each notification. The server's clock is pinned and moved on.
//!
//! - `ringing`: reminders and the verse at their local minute, once, retried.
//! - `crowd`: many subscriptions and a dead push service hold up no one else.
//! - `groups`: a group's notifications, as each member chose them.

mod crowd;
mod groups;
mod ringing;

use crate::common::{Device, TestServer};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One request the push service received.
#[derive(Debug, Clone)]
pub(super) struct Received {
    pub(super) path: String,
    pub(super) headers: HeaderMap,
    pub(super) body: Vec<u8>,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Service {
    received: Arc<Mutex<Vec<Received>>>,
    /// Statuses to answer, in turn, per subscription id (then 201).
    answers: Arc<Mutex<HashMap<String, Vec<u16>>>>,
}

async fn take(
    State(service): State<Service>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> StatusCode {
    service.received.lock().expect("lock").push(Received {
        path: format!("/push/{id}"),
        headers,
        body: body.to_vec(),
    });
    let mut answers = service.answers.lock().expect("lock");
    let status = answers
        .get_mut(&id)
        .and_then(|queue| (!queue.is_empty()).then(|| queue.remove(0)))
        .unwrap_or(201);
    StatusCode::from_u16(status).expect("status")
}

/// A push service on 127.0.0.1 and its address.
pub(super) async fn push_service() -> (Service, String) {
    let service = Service::default();
    let app = axum::Router::new()
        .route("/push/{id}", axum::routing::post(take))
        .with_state(service.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (service, base)
}

impl Service {
    pub(super) fn to(&self, path: &str) -> Vec<Received> {
        self.received
            .lock()
            .expect("lock")
            .iter()
            .filter(|r| r.path == path)
            .cloned()
            .collect()
    }

    pub(super) fn answer(&self, id: &str, statuses: &[u16]) {
        self.answers
            .lock()
            .expect("lock")
            .insert(id.into(), statuses.to_vec());
    }
}

/// A browser's side of a subscription.
pub(super) struct Phone {
    keys: Box<dyn ece::LocalKeyPair>,
    auth: [u8; 16],
    pub(super) endpoint: String,
    pub(super) path: String,
}

impl Phone {
    pub(super) fn new(service_base: &str, id: &str) -> Self {
        let (keys, auth) = ece::generate_keypair_and_auth_secret().expect("keys");
        Phone {
            keys,
            auth,
            endpoint: format!("{service_base}/push/{id}"),
            path: format!("/push/{id}"),
        }
    }

    pub(super) fn subscription(&self, zone: &str) -> Value {
        json!({
            "endpoint": self.endpoint,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(self.keys.pub_as_raw().expect("raw")),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            },
            "timeZone": zone,
        })
    }

    /// The notification as the phone decrypts it.
    pub(super) fn read(&self, r: &Received) -> Value {
        let components = self.keys.raw_components().expect("components");
        let plain = ece::decrypt(&components, &self.auth, &r.body).expect("decrypts");
        serde_json::from_slice(&plain).expect("json")
    }
}

pub(super) fn at(utc: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(utc)
        .expect("time")
        .timestamp_millis()
}

/// Moves the pinned clock to `utc` (forward only) and rings what is due.
pub(super) async fn ring_at(s: &TestServer, utc: &str) {
    let to = at(utc);
    let now = s.clock.now_ms();
    assert!(to >= now, "the clock only moves forward");
    s.clock.advance(to - now);
    manna_server::jobs::ring_due(&s.state).await.expect("rings");
    s.state.senders.settled().await;
}

pub(super) async fn subscribe(s: &TestServer, device: &Device, phone: &Phone, zone: &str) {
    let (status, body) = s
        .call_as(
            device,
            Method::POST,
            "/api/push/subscriptions",
            Some(phone.subscription(zone)),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["timeZone"], zone);
}

pub(super) async fn add_reminder(
    s: &TestServer,
    device: &Device,
    id: &str,
    time: &str,
    days: Value,
) {
    let (status, body) = s
        .call_as(
            device,
            Method::POST,
            "/api/sync/push",
            Some(
                json!({"protocolVersion": 1, "deviceId": device.id, "mutations": [
                {"seq": 1, "table": "prayerReminders", "id": id, "op": "put", "fields": {
                    "title": "Morning prayer", "description": "Psalm 5:3", "reminderTime": time,
                    "isActive": 1, "days": days, "prayerType": "morning"}}]}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}
