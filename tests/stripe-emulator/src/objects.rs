//! Stripe objects as JSON, with every field Stripe's API (and so async-stripe)
//! requires. Amounts in cents, times in seconds.

use serde_json::{Value, json};

pub const PRODUCT: &str = "prod_manna_premium";

#[derive(Debug, Clone)]
pub struct Price {
    pub id: String,
    pub amount: i64,
    /// `month` or `year`.
    pub interval: &'static str,
    pub created: i64,
}

impl Price {
    pub fn json(&self) -> Value {
        json!({
            "id": self.id, "object": "price", "active": true, "billing_scheme": "per_unit",
            "created": self.created, "currency": "usd", "livemode": false, "metadata": {},
            "nickname": null, "product": PRODUCT, "type": "recurring",
            "unit_amount": self.amount, "unit_amount_decimal": self.amount.to_string(),
            "recurring": { "interval": self.interval, "interval_count": 1, "usage_type": "licensed" },
            "tax_behavior": "unspecified", "lookup_key": null,
        })
    }

    fn plan_json(&self) -> Value {
        json!({
            "id": self.id, "object": "plan", "active": true, "amount": self.amount,
            "amount_decimal": self.amount.to_string(), "billing_scheme": "per_unit",
            "created": self.created, "currency": "usd", "interval": self.interval,
            "interval_count": 1, "livemode": false, "metadata": {}, "product": PRODUCT,
            "usage_type": "licensed",
        })
    }
}

#[derive(Debug, Clone)]
pub struct Customer {
    pub id: String,
    pub email: Option<String>,
    pub created: i64,
    pub metadata: Value,
}

impl Customer {
    pub fn json(&self) -> Value {
        json!({
            "id": self.id, "object": "customer", "created": self.created, "livemode": false,
            "email": self.email, "metadata": self.metadata, "balance": 0, "delinquent": false,
        })
    }
}

#[derive(Debug, Clone)]
pub struct Subscription {
    pub id: String,
    pub customer: String,
    pub price: Price,
    /// `incomplete`, `trialing`, `active`, `past_due`, `canceled`, …
    pub status: String,
    pub created: i64,
    pub trial_start: Option<i64>,
    pub trial_end: Option<i64>,
    pub period_start: i64,
    pub period_end: i64,
    pub canceled_at: Option<i64>,
    pub metadata: Value,
    pub latest_invoice: Option<String>,
}

impl Subscription {
    /// `invoice` expands `latest_invoice` when given.
    pub fn json(&self, invoice: Option<Value>) -> Value {
        let item = json!({
            "id": format!("si_{}", &self.id[4..]), "object": "subscription_item",
            "created": self.created, "current_period_start": self.period_start,
            "current_period_end": self.period_end, "discounts": [], "metadata": {},
            "plan": self.price.plan_json(), "price": self.price.json(), "quantity": 1,
            "subscription": self.id, "tax_rates": [],
        });
        json!({
            "id": self.id, "object": "subscription",
            "automatic_tax": { "enabled": false, "liability": null },
            "billing_cycle_anchor": self.period_start,
            "billing_mode": { "type": "classic" },
            "billing_schedules": [],
            "cancel_at": null, "cancel_at_period_end": false, "canceled_at": self.canceled_at,
            "collection_method": "charge_automatically", "created": self.created,
            "currency": "usd", "customer": self.customer, "discounts": [],
            "ended_at": self.canceled_at,
            "invoice_settings": { "issuer": { "type": "self" } },
            "items": { "object": "list", "data": [item], "has_more": false,
                       "url": format!("/v1/subscription_items?subscription={}", self.id) },
            "latest_invoice": invoice.or_else(|| self.latest_invoice.clone().map(Value::String)),
            "livemode": false, "metadata": self.metadata, "start_date": self.created,
            "status": self.status, "trial_start": self.trial_start, "trial_end": self.trial_end,
        })
    }
}

#[derive(Debug, Clone)]
pub struct Invoice {
    pub id: String,
    pub customer: String,
    pub customer_email: Option<String>,
    pub subscription: String,
    pub amount: i64,
    pub paid: bool,
    pub created: i64,
    pub payment_intent: Option<String>,
    pub client_secret: Option<String>,
    pub period_start: i64,
    pub period_end: i64,
}

impl Invoice {
    pub fn json(&self) -> Value {
        let paid = if self.paid { self.amount } else { 0 };
        json!({
            "id": self.id, "object": "invoice", "amount_due": self.amount,
            "amount_overpaid": 0, "amount_paid": paid, "amount_remaining": self.amount - paid,
            "amount_shipping": 0, "attempt_count": i64::from(self.paid), "attempted": self.paid,
            "automatic_tax": { "enabled": false, "liability": null, "provider": null, "status": null },
            "billing_reason": "subscription_create",
            "collection_method": "charge_automatically", "created": self.created,
            "currency": "usd", "customer": self.customer, "customer_email": self.customer_email,
            "default_tax_rates": [], "discounts": [], "issuer": { "type": "self" },
            "lines": { "object": "list", "data": [{
                "id": format!("il_{}", &self.id[3..]), "object": "line_item",
                "amount": self.amount, "currency": "usd", "discountable": true, "discounts": [],
                "livemode": false, "metadata": {},
                "period": { "start": self.period_start, "end": self.period_end },
                "subtotal": self.amount, "quantity": 1,
            }], "has_more": false, "url": format!("/v1/invoices/{}/lines", self.id) },
            "livemode": false, "metadata": {},
            "parent": { "type": "subscription_details",
                        "subscription_details": { "subscription": self.subscription, "metadata": {} } },
            "payment_settings": {},
            "period_end": self.period_end, "period_start": self.period_start,
            "post_payment_credit_notes_amount": 0, "pre_payment_credit_notes_amount": 0,
            "starting_balance": 0, "status": if self.paid { "paid" } else { "open" },
            "status_transitions": { "paid_at": if self.paid { Some(self.created) } else { None } },
            "subtotal": self.amount, "total": self.amount,
            "confirmation_secret": self.client_secret.as_ref().map(|s| json!({
                "client_secret": s, "type": "payment_intent",
            })),
        })
    }
}

#[derive(Debug, Clone)]
pub struct PaymentIntent {
    pub id: String,
    pub amount: i64,
    pub status: String,
    pub client_secret: String,
    pub customer: String,
    pub invoice: String,
    pub created: i64,
    pub error: Option<String>,
}

impl PaymentIntent {
    pub fn json(&self) -> Value {
        json!({
            "id": self.id, "object": "payment_intent", "amount": self.amount,
            "amount_capturable": 0,
            "amount_received": if self.status == "succeeded" { self.amount } else { 0 },
            "capture_method": "automatic", "client_secret": self.client_secret,
            "confirmation_method": "automatic", "created": self.created, "currency": "usd",
            "customer": self.customer, "livemode": false, "metadata": {},
            "payment_method_types": ["card"], "status": self.status,
            "last_payment_error": self.error.as_ref().map(|m| json!({
                "type": "card_error", "code": "card_declined", "decline_code": "generic_decline", "message": m,
            })),
        })
    }
}

#[derive(Debug, Clone)]
pub struct CheckoutSession {
    pub id: String,
    pub price: Price,
    pub success_url: String,
    pub cancel_url: Option<String>,
    pub client_reference_id: Option<String>,
    pub customer_email: Option<String>,
    pub metadata: Value,
    pub subscription_metadata: Value,
    pub trial_days: Option<i64>,
    pub created: i64,
    pub complete: bool,
    pub customer: Option<String>,
    pub subscription: Option<String>,
    pub paid_email: Option<String>,
    pub url: String,
}

impl CheckoutSession {
    pub fn json(&self) -> Value {
        json!({
            "id": self.id, "object": "checkout.session",
            "automatic_tax": { "enabled": false, "liability": null, "provider": null, "status": null },
            "cancel_url": self.cancel_url, "client_reference_id": self.client_reference_id,
            "created": self.created, "currency": "usd",
            "custom_fields": [], "custom_text": {},
            "customer": self.customer,
            "customer_details": self.paid_email.as_ref().map(|e| json!({ "email": e })),
            "customer_email": self.customer_email,
            "expires_at": self.created + 24 * 3600, "livemode": false,
            "metadata": self.metadata, "mode": "subscription",
            "payment_method_types": ["card"],
            "payment_status": if self.complete {
                if self.trial_days.is_some() { "no_payment_required" } else { "paid" }
            } else { "unpaid" },
            "shipping_options": [],
            "status": if self.complete { "complete" } else { "open" },
            "subscription": self.subscription, "success_url": self.success_url,
            "amount_total": self.price.amount, "amount_subtotal": self.price.amount,
            "url": if self.complete { None } else { Some(self.url.clone()) },
        })
    }
}

/// An error answer in Stripe's shape.
pub fn error(kind: &str, message: &str, param: Option<&str>) -> Value {
    json!({ "error": { "type": kind, "message": message, "param": param } })
}
