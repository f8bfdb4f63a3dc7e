//! The route table: every endpoint of the server, in one place. The user-record
//! endpoints come from the rows of `crate::resources`. Route files never import
//! each other; what they share lives in the services below them.

mod auth;
mod bible;
mod billing;
mod calendar;
mod content;
mod dev;
mod entitlement;
mod fast_home;
mod finders;
mod health;
mod home_page;
mod openapi;
mod plans;
mod push;
mod records;
mod sync;

use crate::extract::{ApiJson, BODY_LIMIT_BYTES};
use crate::headers::SecurityHeaders;
use crate::identity::DeviceAuth;
use crate::resources::RESOURCES;
use crate::state::AppState;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::routing::{MethodRouter, get, post};
pub use calendar::CalendarFeed;
pub use push::{PushPublicKey, PushSubscriptionSaved};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

/// `{name}` parameters of a path template, in order.
fn param_names(template: &'static str) -> Vec<&'static str> {
    template
        .split('/')
        .filter_map(|seg| seg.strip_prefix('{')?.strip_suffix('}'))
        .collect()
}

/// The template with its parameters numbered (`/api/items/{p0}`): a list at
/// `/api/items/{listId}` and an item at `/api/items/{id}` are one route to the
/// router, and each handler names the values as its own template does.
fn route_path(template: &'static str) -> String {
    let mut n = 0;
    template
        .split('/')
        .map(|seg| {
            if seg.starts_with('{') {
                n += 1;
                format!("{{p{}}}", n - 1)
            } else {
                seg.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

type Positional = Path<Vec<(String, String)>>;

/// The values of a request's path parameters, by the names of `template`.
fn named(template: &'static str, Path(values): Positional) -> Path<HashMap<String, String>> {
    Path(
        param_names(template)
            .into_iter()
            .map(String::from)
            .zip(values.into_iter().map(|(_, v)| v))
            .collect(),
    )
}

/// List, create, update and delete for every record resource, grouped by path
/// (a list and its create often share one).
fn record_routes() -> BTreeMap<String, MethodRouter<AppState>> {
    type Body = ApiJson<Map<String, Value>>;
    let mut paths: BTreeMap<String, MethodRouter<AppState>> = BTreeMap::new();
    let mut add =
        |template: &'static str,
         with: &dyn Fn(MethodRouter<AppState>) -> MethodRouter<AppState>| {
            let path = route_path(template);
            let methods = paths.remove(&path).unwrap_or_default();
            paths.insert(path, with(methods));
        };
    for r in RESOURCES {
        add(r.list, &|m| {
            m.get(
                move |s: State<AppState>, a: DeviceAuth, p: Positional, q: Query<_>| {
                    records::records_list(r, s, a, named(r.list, p), q)
                },
            )
        });
        add(r.create, &|m| {
            m.post(
                move |s: State<AppState>, a: DeviceAuth, p: Positional, b: Body| {
                    records::records_create(r, s, a, named(r.create, p), b)
                },
            )
        });
        if let Some(item) = r.item {
            add(item, &|m| {
                m.patch(
                    move |s: State<AppState>, a: DeviceAuth, p: Positional, b: Body| {
                        records::records_update(r, s, a, named(item, p), b)
                    },
                )
                .delete(move |s: State<AppState>, a: DeviceAuth, p: Positional| {
                    records::records_delete(r, s, a, named(item, p))
                })
            });
        }
    }
    paths
}

/// Sets `Cache-Control` on answers that did not set their own.
fn cache_control(value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static(value))
}

pub fn router(state: AppState) -> Router {
    let static_dir = state.config.static_dir.clone();
    // What is the same for everyone may be kept by any cache (revalidated).
    let public = Router::new()
        .route("/", get(home_page::page_get))
        .route("/api/health", get(health::health_get))
        .route("/api/openapi.json", get(openapi::openapi_get))
        .route("/api/about", get(health::about_get))
        .route("/api/home", get(content::home_get))
        .route("/api/bible/{translation}", get(bible::index_get))
        .route("/api/bible/{translation}/search", get(bible::search_get))
        .route("/api/bible/{translation}/{book}", get(bible::book_get))
        .route(
            "/api/bible/{translation}/{book}/{chapter}",
            get(bible::chapter_get),
        )
        .route(
            "/api/entitlement/keys",
            get(entitlement::entitlement_keys_get),
        )
        .route("/api/billing/config", get(billing::billing_config_get))
        .route("/api/zips/{zip}", get(finders::zip_get))
        .route("/api/farms/search", get(finders::farms_named_get))
        .route("/api/farms/search/{zip}", get(finders::farms_search_get))
        .route("/api/trails/search/{zip}", get(finders::trails_search_get))
        .layer(cache_control("no-cache"));
    // Content whose answer depends on the asker's membership: only the
    // browser may keep it.
    let by_membership = Router::new()
        .route("/api/daily-content", get(content::daily_content_get))
        .route(
            "/api/premium-biohacks/today",
            get(content::premium_biohack_get),
        )
        .route("/api/{kind}/today", get(content::today_get))
        .route("/api/{kind}", get(content::archive_get))
        .layer(cache_control("private, no-cache"));
    let mut api = Router::new()
        .route("/api/refresh-content", post(content::refresh_content_post))
        .route("/api/devices", post(sync::devices_create))
        .route("/api/sync/push", post(sync::sync_push))
        .route("/api/sync/pull", post(sync::sync_pull))
        .route(
            "/api/weight-progress/{user_id}",
            get(records::weight_progress_get),
        )
        .route(
            "/api/wellness-scores/{user_id}/weekly-average",
            get(records::scores_weekly_average),
        )
        .route("/api/auth/register", post(auth::auth_register))
        .route("/api/auth/login", post(auth::auth_login))
        .route("/api/auth/logout", post(auth::auth_logout))
        .route(
            "/api/auth/logout-everywhere",
            post(auth::auth_logout_everywhere),
        )
        .route("/api/auth/me", get(auth::auth_me))
        .route("/api/account", axum::routing::delete(auth::account_delete))
        .route(
            "/api/account/deletion-code",
            post(auth::deletion_code_create),
        )
        .route("/api/auth/set-password", post(auth::auth_set_password))
        .route(
            "/api/create-checkout-session",
            post(billing::checkout_session_create),
        )
        .route(
            "/api/create-subscription",
            post(billing::subscription_create),
        )
        .route(
            "/api/verify-checkout-session",
            post(billing::checkout_session_verify),
        )
        .route("/api/verify-payment/{id}", get(billing::payment_verify))
        .route(
            "/api/verify-subscription-status",
            post(billing::subscription_status_verify),
        )
        .route(
            "/api/verify-subscription",
            post(billing::subscription_verify),
        )
        .route(
            "/api/check-subscription-by-email",
            post(entitlement::subscription_check_by_email),
        )
        .route("/api/trial-status", get(entitlement::trial_status_get))
        .route("/api/billing-portal", post(billing::billing_portal_create))
        .route("/api/entitlement", get(entitlement::entitlement_get))
        .route("/api/stripe/webhook", post(billing::stripe_webhook))
        .route(
            "/api/premium-exercises",
            get(content::premium_exercises_get),
        )
        .route(
            "/api/premium-exercises/today",
            get(content::premium_exercises_today_get),
        )
        .route(
            "/api/premium-exercises/difficulty/{level}",
            get(content::premium_exercises_level_get),
        )
        .route(
            "/api/home-remedies/search",
            get(content::remedies_search_get),
        )
        .route(
            "/api/biohack-categories",
            get(content::biohack_categories_get),
        )
        .route("/api/premium-library", get(content::premium_library_get))
        .route("/api/meal-catalogue", get(plans::catalogue_get))
        .route(
            "/api/calendar-feed",
            get(calendar::feed_status)
                .post(calendar::feed_create)
                .delete(calendar::feed_delete),
        )
        .route("/api/calendar/{file}", get(calendar::feed_get))
        .route("/api/push/public-key", get(push::public_key_get))
        .route(
            "/api/push/subscriptions",
            post(push::subscription_create).delete(push::subscription_delete),
        )
        .route("/api/push/test", post(push::test_create))
        .route("/api/meal-plans", get(plans::meal_plans_list))
        .route("/api/meal-plans/{id}", get(plans::meal_plan_get))
        .route("/api/meal-plans/{id}/days", get(plans::meal_plan_days_get))
        .route(
            "/api/wellness-goals/{p0}/create-plans",
            post(plans::create_plans),
        )
        .route("/api/shopping-lists/generate", post(plans::generate_list))
        .route(
            "/api/shopping-lists/generate-30-day",
            post(plans::generate_calendar),
        )
        .route("/api/archive/search", get(content::archive_search_get));
    for (path, methods) in record_routes() {
        api = api.route(&path, methods);
    }
    // The email outbox exists only on development servers: its codes prove
    // emails, so on a public server it would hand out other people's premium.
    if !state.config.is_production() {
        api = api
            .route("/dev/outbox", get(dev::outbox_page))
            .route("/dev/outbox.json", get(dev::outbox_json));
    }
    let config = state.config.clone();
    let fast_state = state.clone();
    let card_frame = state
        .stripe
        .test_mode
        .then(|| state.stripe.api_base.trim_end_matches('/').to_string());
    let security = Arc::new(SecurityHeaders::new(&config, card_frame.as_deref()));
    // Everything else is personal, or sets a cookie: never stored anywhere.
    let api = api
        .layer(cache_control("no-store"))
        .merge(public)
        .merge(by_membership)
        .layer(axum::middleware::from_fn_with_state(
            config.clone(),
            crate::guard::csrf,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.load_guard(),
            crate::guard::shed,
        ))
        .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES))
        .with_state(state);
    api.merge(crate::static_files::service(&static_dir))
        .layer(CompressionLayer::new())
        .layer(axum::middleware::from_fn_with_state(
            security.clone(),
            crate::headers::add,
        ))
        .layer(axum::middleware::from_fn_with_state(
            config,
            crate::guard::check_host,
        ))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(fast_home::FastHomeLayer::new(fast_state, security))
}

/// The span a request is logged in: its method and route (`/api/calendar/{file}`),
/// never its address, whose path or query may carry a secret (a calendar
/// address, an email).
fn request_span<B>(req: &axum::http::Request<B>) -> tracing::Span {
    let route = req
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map_or("(no route)", axum::extract::MatchedPath::as_str);
    tracing::debug_span!("request", method = %req.method(), route)
}
