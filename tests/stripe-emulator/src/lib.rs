//! # manna-stripe-emulator
//!
//! A small, stateful stand-in for the part of Stripe's HTTP API that Manna
//! calls, for tests and for running Manna without a Stripe account:
//!
//! - API (`/v1/…`, form-encoded like Stripe): customers, checkout sessions,
//!   subscriptions (7-day trial, `default_incomplete`), invoices with their
//!   confirmation secret, payment intents, billing portal sessions.
//! - Pages a person uses: the hosted checkout (`/c/pay/{id}`), the card form the
//!   embedded payment page frames in test mode (`/elements/card`), and the
//!   billing portal (`/p/session/{id}`) where a subscription can be cancelled.
//! - Webhooks: every change is sent to the configured URL as a Stripe event,
//!   signed with the webhook secret exactly as Stripe signs them.
//! - Test controls (`/emulator/…`): list, redeliver and cancel.
//!
//! Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.

// Handlers answer early with a ready `Response`; its size does not matter here.
#![allow(clippy::result_large_err)]

mod api;
mod objects;
mod pages;
mod store;
pub mod webhooks;

pub use webhooks::signature_header;

use axum::Router;
use axum::routing::{get, post};
use std::sync::{Arc, Mutex};
use tokio::net::TcpListener;

/// Where events go and how they are signed.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Manna's webhook endpoint; no events are sent without one.
    pub webhook_url: Option<String>,
    pub webhook_secret: String,
    /// The address browsers reach the emulator at (for hosted page links).
    pub public_base: String,
}

#[derive(Debug, Clone)]
pub struct Emulator {
    pub(crate) settings: Arc<Settings>,
    pub(crate) store: Arc<Mutex<store::Store>>,
    pub(crate) http: reqwest::Client,
}

impl Emulator {
    pub fn new(settings: Settings) -> Self {
        Self {
            settings: Arc::new(settings),
            store: Arc::new(Mutex::new(store::Store::new())),
            http: reqwest::Client::new(),
        }
    }

    pub fn router(self) -> Router {
        let v1 = Router::new()
            .route("/v1/customers", post(api::customers_create))
            .route("/v1/customers/{id}", get(api::customers_get))
            .route("/v1/checkout/sessions", post(api::checkout_create))
            .route("/v1/checkout/sessions/{id}", get(api::checkout_get))
            .route("/v1/subscriptions", post(api::subscriptions_create))
            .route(
                "/v1/subscriptions/{id}",
                get(api::subscriptions_get).delete(api::subscriptions_cancel),
            )
            .route("/v1/invoices/{id}", get(api::invoices_get))
            .route("/v1/payment_intents/{id}", get(api::payment_intents_get))
            .route("/v1/billing_portal/sessions", post(api::portal_create))
            .route_layer(axum::middleware::from_fn(api::authorised));
        Router::new()
            .merge(v1)
            .route(
                "/c/pay/{id}",
                get(pages::checkout_page).post(pages::checkout_submit),
            )
            .route("/elements/card", get(pages::card_form))
            .route("/elements/confirm", post(pages::card_confirm))
            .route("/p/session/{id}", get(pages::portal_page))
            .route("/p/session/{id}/cancel", post(pages::portal_cancel))
            .route("/emulator/events", get(api::events_list))
            .route("/emulator/events/{id}/deliver", post(api::events_deliver))
            .route(
                "/emulator/subscriptions/{id}/cancel",
                post(api::control_cancel),
            )
            .route("/emulator/health", get(|| async { "ok" }))
            .with_state(self)
    }
}

/// Serves the emulator on `listener` until `shutdown` resolves.
pub async fn serve(
    settings: Settings,
    listener: TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, Emulator::new(settings).router())
        .with_graceful_shutdown(shutdown)
        .await
}
