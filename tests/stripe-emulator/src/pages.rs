//! The pages a person sees: hosted checkout, the card form framed by Manna's
//! embedded payment page, and the billing portal.

use crate::Emulator;
use crate::api::{Form, fail};
use crate::objects::{Customer, Invoice, Subscription};
use crate::store::now;
use crate::webhooks::record;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde_json::json;
use std::collections::HashMap;

const STYLE: &str = "body{font:16px system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}\
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}\
.test{background:#ffde92;color:#5c3b00;padding:.5rem 1rem;font-size:.875rem;text-align:center}\
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #a3acb9;border-radius:6px}\
.row{display:flex;gap:.5rem}.row>div{flex:1}button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;background:#0a7d3b;color:#fff;border:0;border-radius:6px;cursor:pointer}\
.error{color:#b3093c;font-weight:600}a{color:#0a58ca}";

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn dollars(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

/// What a test card does.
fn card_outcome(number: &str, exp: &str, cvc: &str) -> Result<(), &'static str> {
    let digits: String = number.chars().filter(|c| !c.is_whitespace()).collect();
    if exp.trim().len() < 4 {
        return Err("Your card's expiration date is incomplete.");
    }
    if !(3..=4).contains(&cvc.trim().len()) || !cvc.trim().bytes().all(|b| b.is_ascii_digit()) {
        return Err("Your card's security code is incomplete.");
    }
    match digits.as_str() {
        "4242424242424242" => Ok(()),
        "4000000000000002" => Err("Your card was declined."),
        _ => Err("Your card number is incorrect."),
    }
}

const TEST_BANNER: &str = "<div class=\"test\" role=\"note\">Test mode: pay with 4242 4242 4242 4242, any future date and any CVC. 4000 0000 0000 0002 is declined.</div>";

/// What the payer typed that a failed attempt keeps; the card number and CVC
/// are always typed again.
#[derive(Default)]
struct Typed<'a> {
    email: &'a str,
    exp: &'a str,
    name: &'a str,
}

fn checkout_html(emu: &Emulator, id: &str, error: Option<&str>, typed: &Typed) -> Option<String> {
    let store = emu.lock();
    let s = store.sessions.get(id)?;
    let per = if s.price.interval == "year" {
        "year"
    } else {
        "month"
    };
    let plan = if per == "year" {
        "Annual plan"
    } else {
        "Monthly plan"
    };
    let trial = s.trial_days.map_or(String::new(), |d| {
        format!(
            "<p>{d} days free, then {} per {per}. Cancel anytime.</p>",
            dollars(s.price.amount)
        )
    });
    let email = if typed.email.is_empty() {
        s.customer_email.clone().unwrap_or_default()
    } else {
        typed.email.to_string()
    };
    // After an error the card number is typed again, so the cursor starts there.
    let focus = if error.is_some() { " autofocus" } else { "" };
    let back = s.cancel_url.as_ref().map_or(String::new(), |u| {
        format!("<p><a href=\"{}\">← Back</a></p>", esc(u))
    });
    let err = error.map_or(String::new(), |e| {
        format!("<p class=\"error\" role=\"alert\">{}</p>", esc(e))
    });
    let button = if s.trial_days.is_some() {
        "Start trial"
    } else {
        "Subscribe"
    };
    Some(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Checkout · Manna Premium</title><style>{STYLE}</style>{TEST_BANNER}<main>{back}\
         <h1>Manna Premium</h1><p><strong>{plan}</strong> · {} per {per}</p>{trial}{err}\
         <form method=\"post\" action=\"/c/pay/{id}\">\
         <label for=\"email\">Email</label><input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required value=\"{}\">\
         <label for=\"card\">Card number</label><input id=\"card\" name=\"card\" inputmode=\"numeric\" autocomplete=\"cc-number\" placeholder=\"1234 1234 1234 1234\" required{focus}>\
         <div class=\"row\"><div><label for=\"exp\">Expiration</label><input id=\"exp\" name=\"exp\" placeholder=\"MM / YY\" autocomplete=\"cc-exp\" required value=\"{}\"></div>\
         <div><label for=\"cvc\">CVC</label><input id=\"cvc\" name=\"cvc\" inputmode=\"numeric\" autocomplete=\"cc-csc\" required></div></div>\
         <label for=\"name\">Name on card</label><input id=\"name\" name=\"name\" autocomplete=\"cc-name\" value=\"{}\">\
         <button type=\"submit\">{button}</button></form></main></html>",
        dollars(s.price.amount),
        esc(&email),
        esc(typed.exp),
        esc(typed.name),
    ))
}

pub async fn checkout_page(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    let complete = emu.lock().sessions.get(&id).is_some_and(|s| s.complete);
    if complete {
        return Html("<!doctype html><p>This checkout is already complete.</p>".to_string())
            .into_response();
    }
    match checkout_html(&emu, &id, None, &Typed::default()) {
        Some(html) => Html(html).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Html("<!doctype html><p>This checkout link is not valid.</p>".to_string()),
        )
            .into_response(),
    }
}

pub async fn checkout_submit(
    State(emu): State<Emulator>,
    Path(id): Path<String>,
    body: String,
) -> Response {
    let form = Form::parse(&body);
    let email = form.get("email").unwrap_or_default().trim().to_lowercase();
    let outcome = if !email.contains('@') {
        Err("Your email address is incomplete.")
    } else {
        card_outcome(
            form.get("card").unwrap_or_default(),
            form.get("exp").unwrap_or_default(),
            form.get("cvc").unwrap_or_default(),
        )
    };
    if let Err(message) = outcome {
        let typed = Typed {
            email: &email,
            exp: form.get("exp").unwrap_or_default(),
            name: form.get("name").unwrap_or_default(),
        };
        return match checkout_html(&emu, &id, Some(message), &typed) {
            Some(html) => (StatusCode::PAYMENT_REQUIRED, Html(html)).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        };
    }
    match complete_checkout(&emu, &id, email) {
        Ok((events, to)) => {
            emu.deliver(events).await;
            Redirect::to(&to).into_response()
        }
        Err(r) => r,
    }
}

/// Marks a checkout paid: customer, subscription (trialing when the session has
/// a trial) and invoice. Answers the events and where to send the browser.
fn complete_checkout(
    emu: &Emulator,
    id: &str,
    email: String,
) -> Result<(Vec<serde_json::Value>, String), Response> {
    let mut store = emu.lock();
    let Some(session) = store.sessions.get(id).cloned() else {
        return Err(StatusCode::NOT_FOUND.into_response());
    };
    if session.complete {
        return Err(
            Html("<!doctype html><p>This checkout is already complete.</p>".to_string())
                .into_response(),
        );
    }
    let t = now();
    let customer = Customer {
        id: store.id("cus"),
        email: Some(email.clone()),
        created: t,
        metadata: json!({}),
    };
    let trial_end = session.trial_days.map(|d| t + d * 86_400);
    let period = if session.price.interval == "year" {
        365
    } else {
        30
    } * 86_400;
    let (sub_id, inv_id) = (store.id("sub"), store.id("in"));
    let sub = Subscription {
        id: sub_id.clone(),
        customer: customer.id.clone(),
        price: session.price.clone(),
        status: if trial_end.is_some() {
            "trialing"
        } else {
            "active"
        }
        .into(),
        created: t,
        trial_start: trial_end.map(|_| t),
        trial_end,
        period_start: t,
        period_end: trial_end.unwrap_or(t + period),
        canceled_at: None,
        metadata: session.subscription_metadata.clone(),
        latest_invoice: Some(inv_id.clone()),
    };
    let invoice = Invoice {
        id: inv_id.clone(),
        customer: customer.id.clone(),
        customer_email: Some(email.clone()),
        subscription: sub_id.clone(),
        amount: if trial_end.is_some() {
            0
        } else {
            session.price.amount
        },
        paid: true,
        created: t,
        payment_intent: None,
        client_secret: None,
        period_start: t,
        period_end: sub.period_end,
    };
    let done = {
        let Some(s) = store.sessions.get_mut(id) else {
            return Err(StatusCode::NOT_FOUND.into_response());
        };
        s.complete = true;
        s.customer = Some(customer.id.clone());
        s.subscription = Some(sub_id.clone());
        s.paid_email = Some(email);
        s.clone()
    };
    store.customers.insert(customer.id.clone(), customer);
    store.invoices.insert(inv_id, invoice.clone());
    store.subscriptions.insert(sub_id, sub.clone());
    let events = vec![
        record(&mut store, "customer.subscription.created", sub.json(None)),
        record(&mut store, "invoice.paid", invoice.json()),
        record(&mut store, "checkout.session.completed", done.json()),
    ];
    Ok((
        events,
        done.success_url.replace("{CHECKOUT_SESSION_ID}", &done.id),
    ))
}

/// The card form Manna's embedded payment page frames in test mode. The page
/// asks it to pay with `postMessage({ type: 'manna-confirm' })`; it answers
/// `{ type: 'manna-result', ok, message, paymentIntent }`.
pub async fn card_form(Query(q): Query<HashMap<String, String>>) -> Response {
    let secret = q.get("client_secret").cloned().unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Card details</title>\
         <style>{STYLE}body{{background:#fff}}form{{padding:.25rem}}</style>\
         <form id=\"f\" onsubmit=\"return false\">\
         <label for=\"card\">Card number</label><input id=\"card\" name=\"card\" inputmode=\"numeric\" autocomplete=\"cc-number\" placeholder=\"1234 1234 1234 1234\">\
         <div class=\"row\"><div><label for=\"exp\">Expiration</label><input id=\"exp\" name=\"exp\" placeholder=\"MM / YY\" autocomplete=\"cc-exp\"></div>\
         <div><label for=\"cvc\">CVC</label><input id=\"cvc\" name=\"cvc\" inputmode=\"numeric\" autocomplete=\"cc-csc\"></div></div>\
         <p style=\"font-size:.8rem;color:#555\">Test mode: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p></form>\
         <script>const secret={};\
         addEventListener('message',async(e)=>{{if(!e.data||e.data.type!=='manna-confirm')return;\
         const v=(n)=>document.getElementById(n).value;let out;\
         try{{const r=await fetch('/elements/confirm',{{method:'POST',headers:{{'content-type':'application/json'}},body:JSON.stringify({{client_secret:secret,card:v('card'),exp:v('exp'),cvc:v('cvc')}})}});\
         const b=await r.json();out={{type:'manna-result',ok:r.ok,message:b.error?b.error.message:'',paymentIntent:b.id||(b.error&&b.error.payment_intent)||''}};}}\
         catch(err){{out={{type:'manna-result',ok:false,message:'An unexpected error occurred.',paymentIntent:''}};}}\
         e.source.postMessage(out,e.origin);}});\
         parent.postMessage({{type:'manna-ready'}},'*');</script></html>",
        serde_json::to_string(&secret).unwrap_or_else(|_| "\"\"".into())
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

#[derive(Debug, serde::Deserialize)]
pub struct Confirm {
    client_secret: String,
    #[serde(default)]
    card: String,
    #[serde(default)]
    exp: String,
    #[serde(default)]
    cvc: String,
}

/// Pays the invoice behind a payment intent's client secret with a test card.
pub async fn card_confirm(State(emu): State<Emulator>, Json(c): Json<Confirm>) -> Response {
    match pay(&emu, &c) {
        Ok((pi_json, events)) => {
            emu.deliver(events).await;
            Json(pi_json).into_response()
        }
        Err(r) => r,
    }
}

fn pay(
    emu: &Emulator,
    c: &Confirm,
) -> Result<(serde_json::Value, Vec<serde_json::Value>), Response> {
    let outcome = card_outcome(&c.card, &c.exp, &c.cvc);
    let mut store = emu.lock();
    let Some(pi) = store
        .payment_intents
        .values()
        .find(|p| p.client_secret == c.client_secret)
        .cloned()
    else {
        return Err(fail(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            "No such payment_intent.",
            Some("client_secret"),
        ));
    };
    if pi.status == "succeeded" {
        return Ok((pi.json(), Vec::new()));
    }
    if let Err(message) = outcome {
        if let Some(p) = store.payment_intents.get_mut(&pi.id) {
            p.error = Some(message.into());
        }
        let mut body = crate::objects::error("card_error", message, Some("card"));
        body["error"]["payment_intent"] = json!(pi.id);
        return Err((StatusCode::PAYMENT_REQUIRED, Json(body)).into_response());
    }
    let Some(invoice) = store.invoices.get_mut(&pi.invoice) else {
        return Err(fail(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            "No invoice for this payment.",
            None,
        ));
    };
    invoice.paid = true;
    let invoice = invoice.clone();
    let Some(p) = store.payment_intents.get_mut(&pi.id) else {
        return Err(StatusCode::NOT_FOUND.into_response());
    };
    p.status = "succeeded".into();
    p.error = None;
    let pi_json = p.json();
    let mut events = vec![record(&mut store, "invoice.paid", invoice.json())];
    if let Some(sub) = store.subscriptions.get_mut(&invoice.subscription) {
        sub.status = "active".into();
        let sub_json = sub.json(None);
        events.push(record(
            &mut store,
            "customer.subscription.updated",
            sub_json,
        ));
    }
    Ok((pi_json, events))
}

pub async fn portal_page(State(emu): State<Emulator>, Path(id): Path<String>) -> Response {
    let store = emu.lock();
    let Some((customer, return_url)) = store.portals.get(&id).cloned() else {
        return (
            StatusCode::NOT_FOUND,
            Html("<!doctype html><p>This link has expired.</p>".to_string()),
        )
            .into_response();
    };
    let mut subs: Vec<&Subscription> = store
        .subscriptions
        .values()
        .filter(|s| s.customer == customer)
        .collect();
    subs.sort_by_key(|s| s.created);
    let mut list = String::new();
    for s in subs {
        let plan = if s.price.interval == "year" {
            "Annual plan"
        } else {
            "Monthly plan"
        };
        let action = if s.status == "canceled" {
            String::new()
        } else {
            format!(
                "<form method=\"post\" action=\"/p/session/{id}/cancel\"><input type=\"hidden\" name=\"subscription\" value=\"{}\"><button type=\"submit\" style=\"background:#b3093c\">Cancel subscription</button></form>",
                esc(&s.id)
            )
        };
        list.push_str(&format!(
            "<section><h2>{plan}</h2><p>{} per {} · Status: <strong>{}</strong></p>{action}</section>",
            dollars(s.price.amount),
            s.price.interval,
            esc(&s.status)
        ));
    }
    let back = return_url.map_or(String::new(), |u| {
        format!("<p><a href=\"{}\">← Return to Manna</a></p>", esc(&u))
    });
    Html(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Manage subscription · Manna</title><style>{STYLE}</style>{TEST_BANNER}<main>{back}<h1>Manage subscription</h1>{list}</main></html>"
    ))
    .into_response()
}

pub async fn portal_cancel(
    State(emu): State<Emulator>,
    Path(id): Path<String>,
    body: String,
) -> Response {
    let form = Form::parse(&body);
    let sub = form.get("subscription").unwrap_or_default().to_string();
    let allowed = {
        let store = emu.lock();
        store.portals.get(&id).is_some_and(|(customer, _)| {
            store
                .subscriptions
                .get(&sub)
                .is_some_and(|s| &s.customer == customer)
        })
    };
    if !allowed {
        return StatusCode::NOT_FOUND.into_response();
    }
    crate::api::cancel(&emu, &sub).await;
    Redirect::to(&format!("/p/session/{id}")).into_response()
}
