//! Events and their delivery, signed as Stripe signs them: header
//! `Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.

use crate::Emulator;
use crate::store::{Store, now};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

/// The `Stripe-Signature` header for `payload` signed with `secret` at `t`.
pub fn signature_header(payload: &str, secret: &str, t: i64) -> String {
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret.as_bytes()) {
        Ok(m) => m,
        Err(_) => return String::new(),
    };
    mac.update(format!("{t}.{payload}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// Records an event of `kind` about `object`; answers it for delivery.
pub fn record(store: &mut Store, kind: &str, object: Value) -> Value {
    let event = json!({
        "id": store.id("evt"), "object": "event", "api_version": "2026-09-30.endive",
        "created": now(), "livemode": false, "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": kind, "data": { "object": object },
    });
    store.events.push(event.clone());
    event
}

impl Emulator {
    /// Sends `events` in order to the webhook URL and waits for the answers (so
    /// a page that caused them redirects only after Manna has heard of them).
    /// An event Manna did not take stays listed at `/emulator/events` and can
    /// be sent again with `POST /emulator/events/{id}/deliver`.
    pub(crate) async fn deliver(&self, events: Vec<Value>) {
        let Some(url) = self.settings.webhook_url.clone() else {
            return;
        };
        for event in events {
            let body = event.to_string();
            let sig = signature_header(&body, &self.settings.webhook_secret, now());
            let sent = self
                .http
                .post(&url)
                .header("content-type", "application/json")
                .header("stripe-signature", sig)
                .body(body)
                .send()
                .await;
            match sent {
                Ok(r) if r.status().is_success() => {}
                Ok(r) => tracing::warn!(status = %r.status(), id = %event["id"], "webhook refused"),
                Err(e) => tracing::warn!(error = %e, id = %event["id"], "webhook not delivered"),
            }
        }
    }
}
