//! The Stripe calls Manna makes, through async-stripe. `STRIPE_API_BASE` points
//! the client at the local emulator in test mode.

use crate::config::Config;
use crate::error::AppError;
pub use manna_core::plans::Plan;
use std::collections::HashMap;
use stripe::{Client, ClientBuilder};
use stripe_billing::billing_portal_session::CreateBillingPortalSession;
use stripe_billing::subscription::{
    CancelSubscription, CreateSubscription, CreateSubscriptionItems,
    CreateSubscriptionPaymentBehavior, RetrieveSubscription,
};
use stripe_checkout::checkout_session::{
    CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionSubscriptionData,
    RetrieveCheckoutSession,
};
use stripe_core::customer::{CreateCustomer, RetrieveCustomer};
use stripe_core::payment_intent::RetrievePaymentIntent;
use stripe_shared::{CheckoutSessionMode, Subscription};

/// The emulator's address when none is configured (what `make run` starts).
pub const DEFAULT_EMULATOR: &str = "http://127.0.0.1:12111/";

/// A plan a request names, or why it names none.
pub fn parse_plan(s: &str) -> Result<Plan, AppError> {
    Plan::from_wire(s).ok_or_else(|| {
        AppError::BadRequest(format!(
            "plan: '{s}' is not a plan; choose monthly or annual"
        ))
    })
}

#[derive(Clone)]
pub struct StripeApi {
    client: Client,
    price_monthly: String,
    price_annual: String,
    pub test_mode: bool,
    pub api_base: String,
}

impl std::fmt::Debug for StripeApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeApi")
            .field("test_mode", &self.test_mode)
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

fn stripe_error(e: stripe::StripeError) -> AppError {
    tracing::warn!(error = %e, "payment provider call failed");
    match e {
        stripe::StripeError::Stripe(err, _) => AppError::Payment(
            err.message
                .unwrap_or_else(|| "The payment service refused the request.".into()),
        ),
        _ => AppError::Payment(
            "The payment service could not be reached. Please try again in a moment.".into(),
        ),
    }
}

/// What Manna keeps of a subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionState {
    pub id: String,
    pub customer_id: String,
    pub status: String,
    pub plan: Plan,
    pub trial_end: Option<i64>,
    pub current_period_end: Option<i64>,
    pub user_id: Option<String>,
    /// Seconds: when Stripe last changed it, as far as this read can tell.
    pub created: i64,
    /// Seconds: when the subscription began (Stripe's `start_date`).
    pub started: i64,
}

/// A checkout session as read back.
#[derive(Debug, Clone)]
pub struct CheckoutState {
    pub id: String,
    pub complete: bool,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub email: Option<String>,
    pub user_id: Option<String>,
}

impl StripeApi {
    pub fn from_config(config: &Config) -> Result<Self, AppError> {
        let test_mode = config.stripe_secret_key.is_none();
        let key = config
            .stripe_secret_key
            .as_ref()
            .map_or("sk_test_emulator", |k| k.expose())
            .to_string();
        let mut base = config.stripe_api_base.clone().unwrap_or_else(|| {
            if test_mode {
                DEFAULT_EMULATOR.into()
            } else {
                "https://api.stripe.com/".into()
            }
        });
        if !base.ends_with('/') {
            base.push('/');
        }
        let client = ClientBuilder::new(key)
            .url(base.clone())
            .timeout(std::time::Duration::from_secs(20))
            .build()
            .map_err(|e| AppError::Internal(format!("Stripe client: {e}")))?;
        Ok(Self {
            client,
            price_monthly: config
                .stripe_price_monthly
                .clone()
                .unwrap_or_else(|| "price_manna_monthly".into()),
            price_annual: config
                .stripe_price_annual
                .clone()
                .unwrap_or_else(|| "price_manna_annual".into()),
            test_mode,
            api_base: base,
        })
    }

    fn price(&self, plan: Plan) -> &str {
        match plan {
            Plan::Monthly => &self.price_monthly,
            Plan::Annual => &self.price_annual,
        }
    }

    /// The plan a price id stands for.
    pub fn plan_of_price(&self, price: &str, interval_year: bool) -> Plan {
        if price == self.price_annual || (price != self.price_monthly && interval_year) {
            Plan::Annual
        } else {
            Plan::Monthly
        }
    }

    /// A hosted checkout for a subscription with the free trial.
    pub async fn create_checkout_session(
        &self,
        plan: Plan,
        user_id: &str,
        email: Option<&str>,
        success_url: &str,
        cancel_url: &str,
    ) -> Result<(String, String), AppError> {
        let metadata = HashMap::from([
            ("userId".to_string(), user_id.to_string()),
            ("plan".to_string(), plan.wire().to_string()),
        ]);
        let mut item = CreateCheckoutSessionLineItems::new();
        item.price = Some(self.price(plan).to_string());
        item.quantity = Some(1);
        let mut sub_data = CreateCheckoutSessionSubscriptionData::new();
        sub_data.trial_period_days = Some(manna_core::plans::TRIAL_DAYS);
        sub_data.metadata = Some(metadata.clone());
        let mut req = CreateCheckoutSession::new()
            .mode(CheckoutSessionMode::Subscription)
            .line_items(vec![item])
            .subscription_data(sub_data)
            .client_reference_id(user_id)
            .metadata(metadata)
            .success_url(success_url)
            .cancel_url(cancel_url);
        if let Some(email) = email {
            req = req.customer_email(email);
        }
        let session = req.send(&self.client).await.map_err(stripe_error)?;
        let url = session.url.ok_or_else(|| {
            AppError::Payment("The payment service sent no checkout address.".into())
        })?;
        Ok((session.id.to_string(), url))
    }

    pub async fn checkout_session(&self, id: &str) -> Result<CheckoutState, AppError> {
        let s = RetrieveCheckoutSession::new(id)
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        Ok(CheckoutState {
            id: s.id.to_string(),
            complete: s
                .status
                .as_ref()
                .is_some_and(|st| st.as_str() == "complete"),
            customer_id: s.customer.as_ref().map(|c| c.id().to_string()),
            subscription_id: s.subscription.as_ref().map(|c| c.id().to_string()),
            email: s
                .customer_details
                .as_ref()
                .and_then(|d| d.email.clone())
                .or(s.customer_email.clone()),
            user_id: s.client_reference_id.clone(),
        })
    }

    /// The email Stripe holds for a customer (none for a deleted customer).
    pub async fn customer_email(&self, id: &str) -> Result<Option<String>, AppError> {
        let customer = RetrieveCustomer::new(id)
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        Ok(match customer {
            stripe_core::customer::RetrieveCustomerReturned::Customer(c) => c.email,
            _ => None,
        })
    }

    pub async fn subscription(&self, id: &str) -> Result<SubscriptionState, AppError> {
        let sub = RetrieveSubscription::new(id)
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        Ok(self.state_of(&sub))
    }

    /// Ends a subscription now (an account being deleted): no further charge.
    pub async fn cancel_subscription(&self, id: &str) -> Result<SubscriptionState, AppError> {
        let sub = CancelSubscription::new(id)
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        Ok(self.state_of(&sub))
    }

    /// The state Manna keeps of a Stripe subscription object.
    pub fn state_of(&self, sub: &Subscription) -> SubscriptionState {
        let item = sub.items.data.first();
        let price = item.map(|i| i.price.id.to_string()).unwrap_or_default();
        let yearly = item
            .and_then(|i| i.price.recurring.as_ref())
            .is_some_and(|r| r.interval.as_str() == "year");
        let plan = sub
            .metadata
            .get("plan")
            .and_then(|p| Plan::from_wire(p))
            .unwrap_or_else(|| self.plan_of_price(&price, yearly));
        SubscriptionState {
            id: sub.id.to_string(),
            customer_id: sub.customer.id().to_string(),
            status: sub.status.as_str().to_string(),
            plan,
            trial_end: sub.trial_end,
            current_period_end: item.map(|i| i.current_period_end),
            user_id: sub.metadata.get("userId").cloned(),
            created: sub.created,
            started: sub.start_date,
        }
    }

    /// The embedded flow: a customer, then a subscription left incomplete until
    /// its first invoice is paid in the page. Answers the subscription id and
    /// the invoice's confirmation secret.
    pub async fn create_subscription(
        &self,
        plan: Plan,
        user_id: &str,
        email: Option<&str>,
    ) -> Result<(String, String), AppError> {
        let mut customer = CreateCustomer::new()
            .metadata(HashMap::from([("userId".to_string(), user_id.to_string())]));
        if let Some(email) = email {
            customer = customer.email(email);
        }
        let customer = customer.send(&self.client).await.map_err(stripe_error)?;
        let mut item = CreateSubscriptionItems::new();
        item.price = Some(self.price(plan).to_string());
        let sub = CreateSubscription::new()
            .customer(customer.id.as_str())
            .items(vec![item])
            .payment_behavior(CreateSubscriptionPaymentBehavior::DefaultIncomplete)
            .metadata(HashMap::from([
                ("userId".to_string(), user_id.to_string()),
                ("plan".to_string(), plan.wire().to_string()),
            ]))
            .expand(vec!["latest_invoice.confirmation_secret".to_string()])
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        let secret = sub
            .latest_invoice
            .as_ref()
            .and_then(|inv| inv.as_object())
            .and_then(|inv| inv.confirmation_secret.as_ref())
            .map(|c| c.client_secret.clone())
            .ok_or_else(|| AppError::Payment("No client secret received".into()))?;
        Ok((sub.id.to_string(), secret))
    }

    pub async fn payment_intent_status(&self, id: &str) -> Result<String, AppError> {
        let pi = RetrievePaymentIntent::new(id)
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        Ok(pi.status.as_str().to_string())
    }

    /// A link to Stripe's billing portal for `customer`.
    pub async fn portal_url(&self, customer: &str, return_url: &str) -> Result<String, AppError> {
        let s = CreateBillingPortalSession::new()
            .customer(customer)
            .return_url(return_url)
            .send(&self.client)
            .await
            .map_err(stripe_error)?;
        Ok(s.url)
    }
}
