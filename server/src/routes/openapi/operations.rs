//! Every fixed call of the API, as the route table (`routes/mod.rs`) serves
//! it: its parameters, its request body and its answers, by the types the
//! handlers take and answer with.

use super::super::CalendarFeed;
use super::super::auth::{LoginForm, RegisterForm};
use super::super::billing::{IdsForm, PlanForm, SessionForm};
use super::super::entitlement::EmailForm;
use super::doc::{Doc, Who, op};
use crate::api::{
    About, BillingConfig, CheckoutStarted, CheckoutVerified, CodeSent, Done, EmailCheck, Health,
    KeySet, Me, PaymentStatus, PortalLink, PremiumStatus, Refreshed, SignedIn, SubscriptionCheck,
    SubscriptionStarted, TrialStatus, WebhookReceived,
};
use crate::content::archive::ArchivePage;
use crate::content::meal_plans::MealPlan;
use crate::content::remedies::RemedySearch;
use crate::content::{
    BibleReading, BibleStudy, BiblicalFood, Biohack, ExerciseSuggestion, FoodSpotlight,
    GlossaryCategory, HealthTip, HealthySnack, HomeTip, JournalPrompt, Kind, LibraryReading,
    MeditationSession, PrayerSession, PremiumRoutine, Recipe, WorshipSong,
};
use crate::identity::Registration;
use crate::planning::SavedList;
use manna_core::meals::MenuDay;
use manna_core::{WeeklyAverage, WeightProgress};
use manna_sync_protocol::records::plans::PersonalizedPlan;
use manna_sync_protocol::{PullRequest, PullResponse, PushRequest, PushResponse};
use serde_json::{Value, json};

fn nullable(schema: Value) -> Value {
    json!({"anyOf": [schema, {"type": "null"}]})
}

fn date() -> Value {
    json!({"type": "string", "format": "date"})
}

fn whole(max: u32) -> Value {
    json!({"type": "integer", "minimum": 1, "maximum": max})
}

/// A daily item as the calls answer it: the item, the date it is shown
/// (readings: and the day of the year).
fn dated(doc: &mut Doc, item: Value) -> Value {
    let when = doc.named(
        "Dated",
        json!({"type": "object", "required": ["date"], "properties": {
            "date": date(), "dayNumber": {"type": "integer"}}}),
    );
    json!({"allOf": [item, when]})
}

/// The schema of one daily kind's item as its `/today` call answers it.
fn daily(doc: &mut Doc, kind: Kind) -> Value {
    let item = match kind {
        Kind::BibleReadings => doc.schema::<BibleReading>(),
        Kind::HealthTips => doc.schema::<HealthTip>(),
        Kind::FoodSpotlights => doc.schema::<FoodSpotlight>(),
        Kind::ExerciseSuggestions => doc.schema::<ExerciseSuggestion>(),
        Kind::Biohacks => {
            let full = doc.schema::<Biohack>();
            let locked = doc.named(
                "LockedBiohack",
                json!({"type": "object", "description": "A premium biohack for a free device: its text held back.",
                    "required": ["id", "title", "category", "isPremium"],
                    "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                        "category": {"type": "string"}, "isPremium": {"const": 1},
                        "description": {"type": "null"}, "howTo": {"type": "null"},
                        "benefits": {"type": "null"}, "duration": {"type": "null"}}}),
            );
            json!({"anyOf": [full, locked]})
        }
        Kind::HealthyHomeTips => doc.schema::<HomeTip>(),
        Kind::BiblicalFoods => doc.schema::<BiblicalFood>(),
        Kind::HealthySnacks => doc.schema::<HealthySnack>(),
        _ => unreachable!("{} is not a daily kind", kind.slug()),
    };
    dated(doc, item)
}

/// One date's items (`GET /api/home`, each day of `GET /api/daily-content`).
fn day_content(doc: &mut Doc) -> Value {
    let mut properties = json!({"date": date(), "dayNumber": {"type": "integer"}});
    for kind in Kind::DAILY {
        let item = daily(doc, kind);
        properties[kind.field()] = nullable(item);
    }
    doc.named(
        "DayContent",
        json!({"type": "object", "required": ["date", "dayNumber"], "properties": properties}),
    )
}

/// The archive form of a reading (spec part 1 section 3), with its prayer.
fn reading_archive(doc: &mut Doc) -> Value {
    doc.named(
        "ReadingArchive",
        json!({"type": "object", "required": ["id", "reference", "verse", "content", "date", "dayNumber"],
            "properties": {"id": {"type": "string"}, "reference": {"type": "string"}, "verse": {"type": "string"},
                "content": {"type": "string"}, "prayer": {"type": ["string", "null"]}, "date": date(),
                "dayNumber": {"type": "integer"}}}),
    )
}

fn content(doc: &mut Doc) {
    let day = day_content(doc);
    let home = json!({"allOf": [day.clone(), {"type": "object", "required": ["contentVersion"],
        "properties": {"contentVersion": {"type": "string"}}}]});
    doc.add(
        "get",
        "/api/home",
        op("Today's eight daily items (the home screen)", Who::Anyone)
            .query("date", date(), "The local date (default: the server's)")
            .ok(home),
    );
    let range = json!({"type": "object", "required": ["contentVersion", "days"], "properties": {
        "contentVersion": {"type": "string"}, "days": {"type": "array", "items": day}}});
    doc.add(
        "get",
        "/api/daily-content",
        op(
            "Consecutive days of content, for the offline prefetch",
            Who::Anyone,
        )
        .query("from", date(), "The first date (default: today)")
        .query("days", whole(31), "How many days (default 8)")
        .ok(range),
    );
    for kind in Kind::DAILY {
        let item = daily(doc, kind);
        doc.add(
            "get",
            &format!("/api/{}/today", kind.slug()),
            op(
                "The item of the date (null when there is none)",
                Who::Anyone,
            )
            .query("date", date(), "The local date (default: the server's)")
            .ok(nullable(item)),
        );
    }
    let archives = [
        (Kind::BibleReadings, reading_archive(doc)),
        (Kind::HealthTips, doc.schema::<HealthTip>()),
        (Kind::FoodSpotlights, doc.schema::<FoodSpotlight>()),
        (
            Kind::ExerciseSuggestions,
            doc.schema::<ExerciseSuggestion>(),
        ),
    ];
    for (kind, item) in archives {
        let item = dated(doc, item);
        doc.add(
            "get",
            &format!("/api/{}", kind.slug()),
            op(
                "The items shown on the days up to the date, newest first",
                Who::Anyone,
            )
            .query("date", date(), "The last date (default: today)")
            .query("limit", whole(366), "How many days (default 30)")
            .ok(json!({"type": "array", "items": item})),
        );
    }
    let lists = [
        (Kind::WorshipSongs, doc.list::<WorshipSong>()),
        (Kind::MeditationSessions, doc.list::<MeditationSession>()),
        (Kind::PrayerSessions, doc.list::<PrayerSession>()),
        (Kind::Recipes, doc.list::<Recipe>()),
        (Kind::BibleStudies, doc.list::<BibleStudy>()),
        (Kind::JournalPrompts, doc.list::<JournalPrompt>()),
    ];
    for (kind, list) in lists {
        doc.add(
            "get",
            &format!("/api/{}", kind.slug()),
            op(
                "The whole list (premium sessions' scripts for members only)",
                Who::Anyone,
            )
            .ok(list),
        );
    }
    let refreshed = doc.schema::<Refreshed>();
    doc.add(
        "post",
        "/api/refresh-content",
        op(
            "The content version served (an owner's call reads the files again)",
            Who::Anyone,
        )
        .ok(refreshed),
    );
}

fn premium(doc: &mut Doc) {
    let biohack = daily(doc, Kind::Biohacks);
    doc.add(
        "get",
        "/api/premium-biohacks/today",
        op("Today's biohack in full", Who::Member)
            .query("date", date(), "The local date")
            .ok(nullable(biohack)),
    );
    let routines = {
        let r = doc.schema::<PremiumRoutine>();
        json!({"type": "array", "items": dated(doc, r)})
    };
    for (path, summary) in [
        ("/api/premium-exercises", "Every routine, newest first"),
        (
            "/api/premium-exercises/today",
            "Today's routine of each level",
        ),
    ] {
        doc.add(
            "get",
            path,
            op(summary, Who::Member)
                .query("date", date(), "The local date")
                .query(
                    "t",
                    json!({"type": "string"}),
                    "Ignored (a client's cache breaker)",
                )
                .ok(routines.clone()),
        );
    }
    doc.add(
        "get",
        "/api/premium-exercises/difficulty/{level}",
        op("The routines of one level", Who::Member)
            .path("level", "beginner, intermediate or advanced")
            .query("date", date(), "The local date")
            .ok(routines),
    );
    let remedies = doc.schema::<RemedySearch>();
    doc.add(
        "get",
        "/api/home-remedies/search",
        op("Remedies for a symptom", Who::Member)
            .query(
                "symptom",
                json!({"type": "string", "maxLength": 100}),
                "What hurts, in a few words",
            )
            .ok(remedies),
    );
    let categories = doc.list::<GlossaryCategory>();
    doc.add(
        "get",
        "/api/biohack-categories",
        op("The biohack glossary", Who::Member).ok(categories),
    );
    let library = doc.list::<LibraryReading>();
    doc.add(
        "get",
        "/api/premium-library",
        op("The reading library", Who::Member).ok(library),
    );
    let page = doc.schema::<ArchivePage>();
    doc.add(
        "get",
        "/api/archive/search",
        op(
            "Everything published, searched, by type, sorted, a page at a time",
            Who::Member,
        )
        .query(
            "q",
            json!({"type": "string", "maxLength": 200}),
            "Words, \"a phrase\" or a reference",
        )
        .query(
            "type",
            json!({"enum": ["all", "bible", "health", "nutrition", "fitness"]}),
            "One type (default all)",
        )
        .query(
            "sort",
            json!({"enum": ["recent", "oldest", "alphabetical"]}),
            "The order (default recent)",
        )
        .query("page", whole(10_000), "The page (from 1)")
        .query("limit", whole(100), "Cards a page (default 20)")
        .query("date", date(), "Today (default: the server's)")
        .ok(page),
    );
}

fn plans(doc: &mut Doc) {
    let plans = doc.list::<MealPlan>();
    doc.add(
        "get",
        "/api/meal-plans",
        op("The wholistic meal plans", Who::Anyone).ok(plans),
    );
    let plan = doc.schema::<MealPlan>();
    doc.add(
        "get",
        "/api/meal-plans/{id}",
        op(
            "One meal plan (a premium one's lists for members only)",
            Who::Anyone,
        )
        .path("id", "The plan's id")
        .ok(plan),
    );
    let days = doc.list::<MenuDay>();
    doc.add(
        "get",
        "/api/meal-plans/{id}/days",
        op(
            "A meal plan's days (a premium plan's for members only)",
            Who::Anyone,
        )
        .path("id", "The plan's id")
        .ok(days),
    );
    doc.add(
        "get",
        "/api/meal-catalogue",
        op(
            "The meal catalogue plans and shopping lists are built from",
            Who::Anyone,
        )
        .ok(json!({"type": "object"})),
    );
    let plan = doc.schema::<PersonalizedPlan>();
    let saved_plan = json!({"allOf": [plan, {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}]});
    doc.add(
        "post",
        "/api/wellness-goals/{goalId}/create-plans",
        op(
            "Builds and saves a goal's 30-day meal plan and fitness challenge",
            Who::Device,
        )
        .path("goalId", "The wellness goal's id")
        .answers(
            201,
            Some(json!({"type": "array", "items": saved_plan})),
            "The two plans, saved",
        ),
    );
    let list = doc.schema::<SavedList>();
    let generate = doc.named(
        "GenerateList",
        json!({"type": "object", "required": ["planType"], "properties": {
            "userId": {"type": "string"},
            "planType": {"enum": ["anti_inflammatory", "digestive_healing", "protein_power", "pantry_staples"]},
            "weekNumber": {"type": "integer", "minimum": 1, "maximum": 4}}}),
    );
    doc.add(
        "post",
        "/api/shopping-lists/generate",
        op("A generate button's shopping list, saved", Who::Device)
            .body(generate)
            .answers(201, Some(list.clone()), "The list, saved"),
    );
    let calendar = doc.named(
        "GenerateCalendar",
        json!({"type": "object", "required": ["planId", "startDate"], "properties": {
            "userId": {"type": "string"}, "planId": {"type": "string"}, "startDate": date()}}),
    );
    doc.add(
        "post",
        "/api/shopping-lists/generate-30-day",
        op(
            "The shopping calendar's four weekly lists, saved",
            Who::Member,
        )
        .body(calendar)
        .answers(
            201,
            Some(json!({"type": "array", "items": list})),
            "The four lists, saved",
        ),
    );
}

fn records_figures(doc: &mut Doc) {
    let progress = doc.schema::<WeightProgress>();
    doc.add(
        "get",
        "/api/weight-progress/{userId}",
        op("Weight progress from the user's entries", Who::Device)
            .path("userId", "The caller's user id")
            .query("date", date(), "Today (default: the server's)")
            .ok(progress),
    );
    let average = doc.schema::<WeeklyAverage>();
    doc.add(
        "get",
        "/api/wellness-scores/{userId}/weekly-average",
        op(
            "The average wellness score of the 7 days up to the date",
            Who::Device,
        )
        .path("userId", "The caller's user id")
        .query("date", date(), "The last day (default: the server's)")
        .ok(average),
    );
}

fn sync(doc: &mut Doc) {
    let registration = doc.schema::<Registration>();
    doc.add(
        "post",
        "/api/devices",
        op(
            "Registers an anonymous user's device: its token",
            Who::Anyone,
        )
        .header(
            "X-User-ID",
            "The anonymous user id the browser made (user-<time>-<random>)",
        )
        .answers(201, Some(registration), "The device and its token"),
    );
    let (push, pushed) = (doc.schema::<PushRequest>(), doc.schema::<PushResponse>());
    doc.add(
        "post",
        "/api/sync/push",
        op("A device's changes, applied in order", Who::Device)
            .body(push)
            .ok(pushed),
    );
    let (pull, pulled) = (doc.schema::<PullRequest>(), doc.schema::<PullResponse>());
    doc.add(
        "post",
        "/api/sync/pull",
        op("The user's changes after a cursor", Who::Device)
            .body(pull)
            .ok(pulled),
    );
}

fn accounts(doc: &mut Doc) {
    let (form, sent, signed_in) = (
        doc.schema::<RegisterForm>(),
        doc.schema::<CodeSent>(),
        doc.schema::<SignedIn>(),
    );
    doc.add(
        "post",
        "/api/auth/register",
        op(
            "Creates an account: the form sends a code, the form with the code creates it",
            Who::Device,
        )
        .body(form.clone())
        .answers(202, Some(sent), "A code was sent to the address")
        .answers(201, Some(signed_in.clone()), "The account, signed in"),
    );
    let login = doc.schema::<LoginForm>();
    doc.add(
        "post",
        "/api/auth/login",
        op("Signs in", Who::Device).body(login).ok(signed_in),
    );
    let done = doc.schema::<Done>();
    doc.add(
        "post",
        "/api/auth/logout",
        op(
            "Signs out (this device starts again as a new user)",
            Who::Anyone,
        )
        .ok(done.clone()),
    );
    doc.add(
        "post",
        "/api/auth/logout-everywhere",
        op(
            "Ends every other session and device of the account",
            Who::Account,
        )
        .ok(done.clone()),
    );
    let me = doc.schema::<Me>();
    doc.add(
        "get",
        "/api/auth/me",
        op("The signed-in account", Who::Account).ok(me),
    );
    doc.add(
        "post",
        "/api/auth/set-password",
        op("Gives the device's proven email a password", Who::Device)
            .body(form)
            .ok(done),
    );
}

fn billing(doc: &mut Doc) {
    let (plan, started) = (doc.schema::<PlanForm>(), doc.schema::<CheckoutStarted>());
    doc.add(
        "post",
        "/api/create-checkout-session",
        op("Starts a Stripe Checkout", Who::Device)
            .body(plan.clone())
            .ok(started),
    );
    let subscription = doc.schema::<SubscriptionStarted>();
    doc.add(
        "post",
        "/api/create-subscription",
        op(
            "Starts a subscription for the embedded payment form",
            Who::Device,
        )
        .body(plan)
        .ok(subscription),
    );
    let (session, verified) = (
        doc.schema::<SessionForm>(),
        doc.schema::<CheckoutVerified>(),
    );
    doc.add(
        "post",
        "/api/verify-checkout-session",
        op("Whether a checkout was paid", Who::Device)
            .body(session)
            .ok(verified),
    );
    let payment = doc.schema::<PaymentStatus>();
    doc.add(
        "get",
        "/api/verify-payment/{id}",
        op("A payment's status", Who::Device)
            .path("id", "The payment intent's id")
            .ok(payment),
    );
    let (ids, check) = (doc.schema::<IdsForm>(), doc.schema::<SubscriptionCheck>());
    doc.add(
        "post",
        "/api/verify-subscription-status",
        op("Whether stored Stripe ids give premium", Who::Device)
            .body(ids.clone())
            .ok(check.clone()),
    );
    doc.add(
        "post",
        "/api/verify-subscription",
        op("Whether stored Stripe ids give premium", Who::Device)
            .body(ids)
            .ok(check),
    );
    let (email, checked) = (doc.schema::<EmailForm>(), doc.schema::<EmailCheck>());
    doc.add(
        "post",
        "/api/check-subscription-by-email",
        op(
            "Restores premium by proving the payment email with a code",
            Who::Device,
        )
        .body(email)
        .ok(checked),
    );
    let trial = doc.schema::<TrialStatus>();
    doc.add(
        "get",
        "/api/trial-status",
        op("The trial notice's status", Who::Device)
            .query(
                "email",
                json!({"type": "string"}),
                "The email the device knows",
            )
            .ok(trial),
    );
    let portal = doc.schema::<PortalLink>();
    doc.add(
        "post",
        "/api/billing-portal",
        op("A link to Stripe's billing portal", Who::Member).ok(portal),
    );
    let config = doc.schema::<BillingConfig>();
    doc.add(
        "get",
        "/api/billing/config",
        op("Test mode and the publishable key", Who::Anyone).ok(config),
    );
    let status = doc.schema::<PremiumStatus>();
    doc.add(
        "get",
        "/api/entitlement",
        op(
            "Whether the device's user is premium now, with a signed entitlement",
            Who::Device,
        )
        .ok(status),
    );
    let keys = doc.schema::<KeySet>();
    doc.add(
        "get",
        "/api/entitlement/keys",
        op("The keys entitlements are signed with", Who::Anyone).ok(keys),
    );
    let received = doc.schema::<WebhookReceived>();
    doc.add(
        "post",
        "/api/stripe/webhook",
        op(
            "Stripe's events (signed with Stripe-Signature)",
            Who::Anyone,
        )
        .body(json!({"type": "object"}))
        .ok(received),
    );
}

fn calendar(doc: &mut Doc) {
    let feed = doc.schema::<CalendarFeed>();
    doc.add(
        "get",
        "/api/calendar-feed",
        op("The user's calendar address", Who::Device).ok(feed.clone()),
    );
    doc.add(
        "post",
        "/api/calendar-feed",
        op(
            "A new calendar address (the old one stops working)",
            Who::Device,
        )
        .answers(201, Some(feed), "The address"),
    );
    doc.add(
        "delete",
        "/api/calendar-feed",
        op("Turns the calendar address off", Who::Device).answers(204, None, "Turned off"),
    );
    doc.add(
        "get",
        "/api/calendar/{file}",
        op(
            "The calendar feed (iCalendar) of an address's secret",
            Who::Anyone,
        )
        .path("file", "The secret, then .ics")
        .answers_text(200, "text/calendar", "The feed"),
    );
}

fn service(doc: &mut Doc) {
    let health = doc.schema::<Health>();
    doc.add(
        "get",
        "/api/health",
        op("Whether the server and its database answer", Who::Anyone).ok(health),
    );
    let about = doc.schema::<About>();
    doc.add(
        "get",
        "/api/about",
        op("The privacy contact", Who::Anyone).ok(about),
    );
    doc.add(
        "get",
        "/api/openapi.json",
        op("This document", Who::Anyone).ok(json!({"type": "object"})),
    );
}

/// Adds every fixed call.
pub fn add(doc: &mut Doc) {
    content(doc);
    premium(doc);
    plans(doc);
    records_figures(doc);
    sync(doc);
    accounts(doc);
    billing(doc);
    calendar(doc);
    service(doc);
}
