//! The emulator's state: every object it made, in memory.

use crate::objects::{CheckoutSession, Customer, Invoice, PaymentIntent, Price, Subscription};
use serde_json::Value;
use std::collections::HashMap;

#[derive(Debug)]
pub struct Store {
    /// A random prefix so ids differ between runs of the emulator.
    run: String,
    counter: u64,
    pub prices: HashMap<String, Price>,
    pub customers: HashMap<String, Customer>,
    pub sessions: HashMap<String, CheckoutSession>,
    pub subscriptions: HashMap<String, Subscription>,
    pub invoices: HashMap<String, Invoice>,
    pub payment_intents: HashMap<String, PaymentIntent>,
    /// Billing portal sessions: id → (customer, return url).
    pub portals: HashMap<String, (String, Option<String>)>,
    /// Every event, oldest first.
    pub events: Vec<Value>,
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    pub fn new() -> Self {
        let mut bytes = [0u8; 4];
        let _ = getrandom::fill(&mut bytes);
        let created = now();
        let prices = [
            ("price_manna_monthly", 499, "month"),
            ("price_manna_annual", 3999, "year"),
        ]
        .into_iter()
        .map(|(id, amount, interval)| {
            (
                id.to_string(),
                Price {
                    id: id.to_string(),
                    amount,
                    interval,
                    created,
                },
            )
        })
        .collect();
        Self {
            run: hex::encode(bytes),
            counter: 0,
            prices,
            customers: HashMap::new(),
            sessions: HashMap::new(),
            subscriptions: HashMap::new(),
            invoices: HashMap::new(),
            payment_intents: HashMap::new(),
            portals: HashMap::new(),
            events: Vec::new(),
        }
    }

    /// A fresh id with Stripe's prefix for the kind of object.
    pub fn id(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}_{}{:06}", self.run, self.counter)
    }
}
