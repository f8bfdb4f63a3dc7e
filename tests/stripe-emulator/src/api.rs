//! The `/v1` API as Manna calls it, and the test controls.

use crate::Emulator;
use crate::objects::{self, CheckoutSession, Customer, Invoice, PaymentIntent, Subscription};
use crate::store::{Store, now};
use crate::webhooks::record;
use axum::Json;
use axum::extract::Request;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

/// A form body in Stripe's bracket notation (`a[b][0]=c`), as ordered pairs.
#[derive(Debug, Default)]
pub struct Form(Vec<(String, String)>);

impl Form {
    pub fn parse(body: &str) -> Self {
        Self(
            form_urlencoded::parse(body.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
    /// The `prefix[key]=value` members as a JSON object.
    pub fn map(&self, prefix: &str) -> Value {
        let open = format!("{prefix}[");
        let members: Map<String, Value> = self
            .0
            .iter()
            .filter_map(|(k, v)| {
                let inner = k.strip_prefix(&open)?.strip_suffix(']')?;
                (!inner.contains('[')).then(|| (inner.to_string(), Value::String(v.clone())))
            })
            .collect();
        Value::Object(members)
    }
}

pub(crate) fn fail(status: StatusCode, kind: &str, message: &str, param: Option<&str>) -> Response {
    (status, Json(objects::error(kind, message, param))).into_response()
}

fn missing(what: &str, id: &str) -> Response {
    fail(
        StatusCode::NOT_FOUND,
        "invalid_request_error",
        &format!("No such {what}: '{id}'"),
        Some("id"),
    )
}

/// Stripe's API needs a secret key; any `sk_…` works here. Layered over `/v1`.
pub async fn authorised(req: Request, next: Next) -> Response {
    let ok = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|k| k.starts_with("sk_"));
    if !ok {
        return fail(
            StatusCode::UNAUTHORIZED,
            "invalid_request_error",
            "You did not provide a valid API key (Authorization: Bearer sk_…).",
            None,
        );
    }
    next.run(req).await
}

/// The JSON of an object found by id, or Stripe's "No such …" answer.
fn found(what: &str, id: &str, object: Option<Value>) -> Response {
    match object {
        Some(v) => Json(v).into_response(),
        None => missing(what, id),
    }
}

impl Emulator {
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }
}

pub async fn customers_create(State(emu): State<Emulator>, body: String) -> Response {
    let form = Form::parse(&body);
    let mut store = emu.lock();
    let customer = Customer {
        id: store.id("cus"),
        email: form.get("email").map(str::to_owned),
        created: now(),
        metadata: form.map("metadata"),
    };
    store
        .customers
        .insert(customer.id.clone(), customer.clone());
    Json(customer.json()).into_response()
}

pub async fn customers_get(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    found(
        "customer",
        &id,
        emu.lock().customers.get(&id).map(Customer::json),
    )
}

pub async fn checkout_create(State(emu): State<Emulator>, body: String) -> Response {
    let form = Form::parse(&body);
    if form.get("mode") != Some("subscription") {
        return fail(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "Only mode=subscription is emulated.",
            Some("mode"),
        );
    }
    let Some(success_url) = form.get("success_url") else {
        return fail(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "Missing required param: success_url.",
            Some("success_url"),
        );
    };
    let mut store = emu.lock();
    let price_id = form.get("line_items[0][price]").unwrap_or_default();
    let Some(price) = store.prices.get(price_id).cloned() else {
        return missing("price", price_id);
    };
    let id = store.id("cs_test");
    let session = CheckoutSession {
        url: format!(
            "{}/c/pay/{id}",
            emu.settings.public_base.trim_end_matches('/')
        ),
        id,
        price,
        success_url: success_url.to_string(),
        cancel_url: form.get("cancel_url").map(str::to_owned),
        client_reference_id: form.get("client_reference_id").map(str::to_owned),
        customer_email: form.get("customer_email").map(str::to_owned),
        metadata: form.map("metadata"),
        subscription_metadata: form.map("subscription_data[metadata]"),
        trial_days: form
            .get("subscription_data[trial_period_days]")
            .and_then(|d| d.parse().ok()),
        created: now(),
        complete: false,
        customer: None,
        subscription: None,
        paid_email: None,
    };
    store.sessions.insert(session.id.clone(), session.clone());
    Json(session.json()).into_response()
}

pub async fn checkout_get(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    found(
        "checkout.session",
        &id,
        emu.lock().sessions.get(&id).map(CheckoutSession::json),
    )
}

/// `latest_invoice` expanded when the request asked for it.
fn subscription_json(store: &Store, sub: &Subscription, expand: bool) -> Value {
    let invoice = expand
        .then(|| {
            sub.latest_invoice
                .as_ref()
                .and_then(|i| store.invoices.get(i))
        })
        .flatten()
        .map(Invoice::json);
    sub.json(invoice)
}

pub async fn subscriptions_create(State(emu): State<Emulator>, body: String) -> Response {
    let form = Form::parse(&body);
    let made = create_subscription(&emu, &form);
    match made {
        Ok((out, event)) => {
            emu.deliver(vec![event]).await;
            Json(out).into_response()
        }
        Err(r) => r,
    }
}

fn create_subscription(emu: &Emulator, form: &Form) -> Result<(Value, Value), Response> {
    let mut store = emu.lock();
    let customer_id = form.get("customer").unwrap_or_default().to_string();
    let Some(customer) = store.customers.get(&customer_id).cloned() else {
        return Err(missing("customer", &customer_id));
    };
    let price_id = form.get("items[0][price]").unwrap_or_default();
    let Some(price) = store.prices.get(price_id).cloned() else {
        return Err(missing("price", price_id));
    };
    if form.get("payment_behavior") != Some("default_incomplete") {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "Only payment_behavior=default_incomplete is emulated.",
            Some("payment_behavior"),
        ));
    }
    let t = now();
    let period = if price.interval == "year" { 365 } else { 30 } * 86_400;
    let (sub_id, inv_id, pi_id) = (store.id("sub"), store.id("in"), store.id("pi"));
    let secret = format!("{pi_id}_secret_{}", store.id("s"));
    let sub = Subscription {
        id: sub_id.clone(),
        customer: customer_id.clone(),
        price: price.clone(),
        status: "incomplete".into(),
        created: t,
        trial_start: None,
        trial_end: None,
        period_start: t,
        period_end: t + period,
        canceled_at: None,
        metadata: form.map("metadata"),
        latest_invoice: Some(inv_id.clone()),
    };
    store.invoices.insert(
        inv_id.clone(),
        Invoice {
            id: inv_id.clone(),
            customer: customer_id.clone(),
            customer_email: customer.email.clone(),
            subscription: sub_id.clone(),
            amount: price.amount,
            paid: false,
            created: t,
            payment_intent: Some(pi_id.clone()),
            client_secret: Some(secret.clone()),
            period_start: t,
            period_end: t + period,
        },
    );
    store.payment_intents.insert(
        pi_id.clone(),
        PaymentIntent {
            id: pi_id,
            amount: price.amount,
            status: "requires_payment_method".into(),
            client_secret: secret,
            customer: customer_id,
            invoice: inv_id,
            created: t,
            error: None,
        },
    );
    store.subscriptions.insert(sub_id, sub.clone());
    let expand = form
        .0
        .iter()
        .any(|(k, v)| k.starts_with("expand[") && v.starts_with("latest_invoice"));
    let out = subscription_json(&store, &sub, expand);
    let event = record(&mut store, "customer.subscription.created", sub.json(None));
    Ok((out, event))
}

pub async fn subscriptions_get(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    let store = emu.lock();
    let sub = store
        .subscriptions
        .get(&id)
        .map(|s| subscription_json(&store, s, false));
    found("subscription", &id, sub)
}

/// Cancels a subscription now; answers it, or `None` when unknown.
pub(crate) async fn cancel(emu: &Emulator, id: &str) -> Option<Value> {
    let (json, event) = {
        let mut store = emu.lock();
        let sub = store.subscriptions.get_mut(id)?;
        if sub.status != "canceled" {
            sub.status = "canceled".into();
            sub.canceled_at = Some(now());
        }
        let json = sub.json(None);
        let event = record(&mut store, "customer.subscription.deleted", json.clone());
        (json, event)
    };
    emu.deliver(vec![event]).await;
    Some(json)
}

pub async fn subscriptions_cancel(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    found("subscription", &id, cancel(&emu, &id).await)
}

pub async fn invoices_get(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    found(
        "invoice",
        &id,
        emu.lock().invoices.get(&id).map(Invoice::json),
    )
}

pub async fn payment_intents_get(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    found(
        "payment_intent",
        &id,
        emu.lock().payment_intents.get(&id).map(PaymentIntent::json),
    )
}

pub async fn portal_create(State(emu): State<Emulator>, body: String) -> Response {
    let form = Form::parse(&body);
    let mut store = emu.lock();
    let customer = form.get("customer").unwrap_or_default().to_string();
    if !store.customers.contains_key(&customer) {
        return missing("customer", &customer);
    }
    let id = store.id("bps");
    let return_url = form.get("return_url").map(str::to_owned);
    store
        .portals
        .insert(id.clone(), (customer.clone(), return_url.clone()));
    Json(json!({
        "id": id, "object": "billing_portal.session", "configuration": "bpc_manna_default",
        "created": now(), "customer": customer, "livemode": false, "return_url": return_url,
        "url": format!("{}/p/session/{id}", emu.settings.public_base.trim_end_matches('/')),
    }))
    .into_response()
}

pub async fn events_list(State(emu): State<Emulator>) -> Json<Value> {
    Json(json!({ "data": emu.lock().events.clone() }))
}

pub async fn events_deliver(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    let event = emu
        .lock()
        .events
        .iter()
        .find(|e| e["id"] == id.as_str())
        .cloned();
    match event {
        Some(e) => {
            emu.deliver(vec![e]).await;
            Json(json!({ "delivered": id })).into_response()
        }
        None => missing("event", &id),
    }
}

pub async fn control_cancel(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    found("subscription", &id, cancel(&emu, &id).await)
}
