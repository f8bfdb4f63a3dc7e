//! The route table: every endpoint of the server, in one place. Each call is
//! registered once, with its handler and its OpenAPI operation together, into
//! a `registrar::Registrar`: the router and the document (`openapi`) are both
//! built from these lists, so no call is served undocumented. A call's
//! operation is a function of `openapi::ops`, named beside its route; a
//! generic route (`/api/{kind}`) documents a path for each value it serves.
//! The lists are those of the three caches (`public`, `by_membership`,
//! `personal`), the last with the user-record calls from the rows of
//! `crate::resources` (`records`); the only routes undocumented are the pages
//! for a browser (`/`, and `dev_pages` on a development server), never under
//! `/api`. Route files never import each other; what they share lives in the
//! services below them.

mod auth;
mod bible;
mod billing;
mod calendar;
mod content;
mod dev;
mod entitlement;
mod fast_home;
mod finders;
mod groups;
mod health;
mod openapi;
mod plans;
mod push;
mod records;
mod registrar;
mod sync;
mod written_pages;

use crate::extract::{ApiJson, BODY_LIMIT_BYTES};
use crate::headers::SecurityHeaders;
use crate::identity::DeviceAuth;
use crate::resources::RESOURCES;
use crate::state::AppState;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::handler::Handler;
use axum::http::{HeaderValue, Method, header};
pub use calendar::CalendarFeed;
pub use groups::{
    GroupDetail, GroupInvitation, GroupInvitations, GroupList, GroupMember, GroupSummary,
    InvitationPreview,
};
use openapi::doc::{Doc, Op};
use openapi::ops;
pub use push::{PushPublicKey, PushSubscriptionSaved};
use registrar::Registrar;
use serde_json::{Map, Value};
use std::collections::HashMap;
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

/// What is the same for everyone may be kept by any cache (revalidated).
fn public(api: &mut impl Registrar) {
    api.page("/", written_pages::home_get);
    api.page("/bible", written_pages::study_get);
    api.page(
        "/read/{translation}/{book}/{chapter}",
        written_pages::reader_get,
    );
    api.page("/weight-tracking", written_pages::weight_get);
    api.page("/prayer-reminders", written_pages::reminders_get);
    api.page("/prayer-journal", written_pages::journal_get);
    api.get("/api/health", health::health_get, ops::health);
    api.get("/api/openapi.json", openapi::openapi_get, ops::openapi);
    api.get("/api/about", health::about_get, ops::about);
    api.get("/api/home", content::home_get, ops::home);
    api.get(
        "/api/bible/{translation}",
        bible::index_get,
        ops::bible_index,
    );
    api.get(
        "/api/bible/{translation}/search",
        bible::search_get,
        ops::bible_search,
    );
    api.get(
        "/api/bible/{translation}/{book}",
        bible::book_get,
        ops::bible_book,
    );
    api.get(
        "/api/bible/{translation}/{book}/{chapter}",
        bible::chapter_get,
        ops::bible_chapter,
    );
    api.get(
        "/api/entitlement/keys",
        entitlement::entitlement_keys_get,
        ops::entitlement_keys,
    );
    api.get(
        "/api/billing/config",
        billing::billing_config_get,
        ops::billing_config,
    );
    api.get("/api/zips/{zip}", finders::zip_get, ops::zip);
    api.get(
        "/api/farms/search",
        finders::farms_named_get,
        ops::farms_named,
    );
    api.get(
        "/api/farms/search/{zip}",
        finders::farms_search_get,
        ops::farms_search,
    );
    api.get(
        "/api/trails/search/{zip}",
        finders::trails_search_get,
        ops::trails_search,
    );
}

/// Content whose answer depends on the asker's membership: only the browser
/// may keep it. The generic `{kind}` routes are documented as a path for
/// each kind they serve.
fn by_membership(api: &mut impl Registrar) {
    api.get(
        "/api/daily-content",
        content::daily_content_get,
        ops::daily_content,
    );
    api.get(
        "/api/premium-biohacks/today",
        content::premium_biohack_get,
        ops::premium_biohack,
    );
    api.get_each("/api/{kind}/today", content::today_get, ops::kinds_today);
    api.get_each("/api/{kind}", content::archive_get, ops::kinds_list);
}

/// Everything else is personal, or sets a cookie: never stored anywhere.
fn personal(api: &mut impl Registrar) {
    api.post(
        "/api/refresh-content",
        content::refresh_content_post,
        ops::refresh_content,
    );
    api.post("/api/devices", sync::devices_create, ops::devices_create);
    api.post("/api/sync/push", sync::sync_push, ops::sync_push);
    api.post("/api/sync/pull", sync::sync_pull, ops::sync_pull);
    api.get(
        "/api/weight-progress/{userId}",
        records::weight_progress_get,
        ops::weight_progress,
    );
    api.get(
        "/api/wellness-scores/{userId}/weekly-average",
        records::scores_weekly_average,
        ops::scores_weekly_average,
    );
    api.post(
        "/api/auth/register",
        auth::auth_register,
        ops::auth_register,
    );
    api.post("/api/auth/login", auth::auth_login, ops::auth_login);
    api.post("/api/auth/logout", auth::auth_logout, ops::auth_logout);
    api.post(
        "/api/auth/logout-everywhere",
        auth::auth_logout_everywhere,
        ops::auth_logout_everywhere,
    );
    api.get("/api/auth/me", auth::auth_me, ops::auth_me);
    api.delete("/api/account", auth::account_delete, ops::account_delete);
    api.post(
        "/api/account/deletion-code",
        auth::deletion_code_create,
        ops::deletion_code_create,
    );
    api.post(
        "/api/auth/set-password",
        auth::auth_set_password,
        ops::auth_set_password,
    );
    api.post(
        "/api/create-checkout-session",
        billing::checkout_session_create,
        ops::checkout_session_create,
    );
    api.post(
        "/api/create-subscription",
        billing::subscription_create,
        ops::subscription_create,
    );
    api.post(
        "/api/verify-checkout-session",
        billing::checkout_session_verify,
        ops::checkout_session_verify,
    );
    api.get(
        "/api/verify-payment/{id}",
        billing::payment_verify,
        ops::payment_verify,
    );
    api.post(
        "/api/verify-subscription-status",
        billing::subscription_status_verify,
        ops::subscription_verify,
    );
    api.post(
        "/api/verify-subscription",
        billing::subscription_verify,
        ops::subscription_verify,
    );
    api.post(
        "/api/check-subscription-by-email",
        entitlement::subscription_check_by_email,
        ops::subscription_check_by_email,
    );
    api.get(
        "/api/trial-status",
        entitlement::trial_status_get,
        ops::trial_status,
    );
    api.post(
        "/api/billing-portal",
        billing::billing_portal_create,
        ops::billing_portal_create,
    );
    api.get(
        "/api/entitlement",
        entitlement::entitlement_get,
        ops::entitlement,
    );
    api.post(
        "/api/stripe/webhook",
        billing::stripe_webhook,
        ops::stripe_webhook,
    );
    api.get(
        "/api/premium-exercises",
        content::premium_exercises_get,
        ops::premium_exercises,
    );
    api.get(
        "/api/premium-exercises/today",
        content::premium_exercises_today_get,
        ops::premium_exercises_today,
    );
    api.get(
        "/api/premium-exercises/difficulty/{level}",
        content::premium_exercises_level_get,
        ops::premium_exercises_level,
    );
    api.get(
        "/api/home-remedies/search",
        content::remedies_search_get,
        ops::remedies_search,
    );
    api.get(
        "/api/biohack-categories",
        content::biohack_categories_get,
        ops::biohack_categories,
    );
    api.get(
        "/api/premium-library",
        content::premium_library_get,
        ops::premium_library,
    );
    api.get("/api/meal-catalogue", plans::catalogue_get, ops::catalogue);
    api.get(
        "/api/calendar-feed",
        calendar::feed_status,
        ops::feed_status,
    );
    api.post(
        "/api/calendar-feed",
        calendar::feed_create,
        ops::feed_create,
    );
    api.delete(
        "/api/calendar-feed",
        calendar::feed_delete,
        ops::feed_delete,
    );
    api.get("/api/calendar/{file}", calendar::feed_get, ops::feed);
    api.get(
        "/api/push/public-key",
        push::public_key_get,
        ops::push_public_key,
    );
    api.post(
        "/api/push/subscriptions",
        push::subscription_create,
        ops::push_subscription_create,
    );
    api.delete(
        "/api/push/subscriptions",
        push::subscription_delete,
        ops::push_subscription_delete,
    );
    api.post("/api/push/test", push::test_create, ops::push_test);
    api.get(
        "/api/meal-plans",
        plans::meal_plans_list,
        ops::meal_plans_list,
    );
    api.get("/api/meal-plans/{id}", plans::meal_plan_get, ops::meal_plan);
    api.get(
        "/api/meal-plans/{id}/days",
        plans::meal_plan_days_get,
        ops::meal_plan_days,
    );
    api.post(
        "/api/wellness-goals/{goalId}/create-plans",
        plans::create_plans,
        ops::create_plans,
    );
    api.post(
        "/api/shopping-lists/generate",
        plans::generate_list,
        ops::generate_list,
    );
    api.post(
        "/api/shopping-lists/generate-30-day",
        plans::generate_calendar,
        ops::generate_calendar,
    );
    api.get(
        "/api/archive/search",
        content::archive_search_get,
        ops::archive_search,
    );
    praying_together(api);
    records(api);
}

/// Groups: a person's groups, a group's page and its leaders' tools, and
/// joining by an invitation's code.
fn praying_together(api: &mut impl Registrar) {
    api.get("/api/groups", groups::groups_list, ops::groups_list);
    api.post("/api/groups", groups::group_create, ops::group_create);
    api.get("/api/groups/{groupId}", groups::group_get, ops::group_get);
    api.patch("/api/groups/{groupId}", groups::group_edit, ops::group_edit);
    api.delete(
        "/api/groups/{groupId}",
        groups::group_delete,
        ops::group_delete,
    );
    api.post(
        "/api/groups/{groupId}/invitations",
        groups::invitation_create,
        ops::invitation_create,
    );
    api.get(
        "/api/groups/{groupId}/invitations",
        groups::invitations_list,
        ops::invitations_list,
    );
    api.delete(
        "/api/groups/{groupId}/invitations/{invitationId}",
        groups::invitation_delete,
        ops::invitation_delete,
    );
    api.patch(
        "/api/groups/{groupId}/notices",
        groups::group_notices,
        ops::group_notices,
    );
    api.post(
        "/api/groups/{groupId}/leave",
        groups::group_leave,
        ops::group_leave,
    );
    api.patch(
        "/api/groups/{groupId}/members/{memberId}",
        groups::member_role,
        ops::member_role,
    );
    api.delete(
        "/api/groups/{groupId}/members/{memberId}",
        groups::member_remove,
        ops::member_remove,
    );
    api.post(
        "/api/groups/{groupId}/owner",
        groups::group_hand_over,
        ops::group_hand_over,
    );
    api.get(
        "/api/invitations/{code}",
        groups::invitation_get,
        ops::invitation_get,
    );
    api.post(
        "/api/invitations/{code}/join",
        groups::invitation_join,
        ops::invitation_join,
    );
}

/// `method` of a record resource's `template`, served at its numbered route
/// and documented under the template.
fn record_call<H, T>(
    api: &mut impl Registrar,
    method: Method,
    template: &'static str,
    handler: H,
    operation: impl FnOnce(&mut Doc) -> Op,
) where
    H: Handler<T, AppState>,
    T: 'static,
{
    api.call(method, &route_path(template), handler, |doc| {
        vec![(template.to_string(), operation(doc))]
    });
}

/// List, create, update and delete for every record resource, from its row
/// (a list and its create often share a path, and so a route).
fn records(api: &mut impl Registrar) {
    type Body = ApiJson<Map<String, Value>>;
    for r in RESOURCES {
        record_call(
            api,
            Method::GET,
            r.list,
            move |s: State<AppState>, a: DeviceAuth, p: Positional, q: Query<_>| {
                records::records_list(r, s, a, named(r.list, p), q)
            },
            |doc| ops::record_list(doc, r),
        );
        record_call(
            api,
            Method::POST,
            r.create,
            move |s: State<AppState>, a: DeviceAuth, p: Positional, b: Body| {
                records::records_create(r, s, a, named(r.create, p), b)
            },
            |doc| ops::record_create(doc, r),
        );
        if let Some(item) = r.item {
            record_call(
                api,
                Method::PATCH,
                item,
                move |s: State<AppState>, a: DeviceAuth, p: Positional, b: Body| {
                    records::records_update(r, s, a, named(item, p), b)
                },
                |doc| ops::record_change(doc, r, item),
            );
            record_call(
                api,
                Method::DELETE,
                item,
                move |s: State<AppState>, a: DeviceAuth, p: Positional| {
                    records::records_delete(r, s, a, named(item, p))
                },
                |_| ops::record_delete(item),
            );
        }
    }
}

/// The email outbox exists only on development servers: its codes prove
/// emails, so on a public server it would hand out other people's premium.
fn dev_pages(api: &mut impl Registrar) {
    api.page("/dev/outbox", dev::outbox_page);
    api.page("/dev/outbox.json", dev::outbox_json);
}

/// Every call of the server and every page beside them: the whole table, as
/// the document is built from it.
fn every_call(api: &mut impl Registrar) {
    public(api);
    by_membership(api);
    personal(api);
    dev_pages(api);
}

/// A router of the calls `calls` registers.
fn routes(calls: impl FnOnce(&mut Router<AppState>)) -> Router<AppState> {
    let mut router = Router::new();
    calls(&mut router);
    router
}

/// Sets `Cache-Control` on answers that did not set their own.
fn cache_control(value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static(value))
}

pub fn router(state: AppState) -> Router {
    let static_dir = state.config.static_dir.clone();
    let public = routes(public).layer(cache_control("no-cache"));
    let by_membership = routes(by_membership).layer(cache_control("private, no-cache"));
    let mut api = routes(personal);
    if !state.config.is_production() {
        dev_pages(&mut api);
    }
    let config = state.config.clone();
    let fast_state = state.clone();
    let card_frame = state
        .stripe
        .test_mode
        .then(|| state.stripe.api_base.trim_end_matches('/').to_string());
    let security = Arc::new(SecurityHeaders::new(&config, card_frame.as_deref()));
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

#[cfg(test)]
mod tests {
    use super::openapi::document;
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use axum::routing::{MethodFilter, get, on};
    use std::collections::BTreeSet;
    use tower::ServiceExt;

    /// The route table registered with stand-in handlers, each answering the
    /// number of its registration, beside the paths each documents.
    #[derive(Default)]
    struct Probe {
        router: Router,
        doc: Doc,
        /// Each call's method, route and documented paths, by its number.
        calls: Vec<(Method, String, Vec<String>)>,
        pages: Vec<String>,
    }

    impl Registrar for Probe {
        fn call<H, T>(
            &mut self,
            method: Method,
            route: &str,
            _handler: H,
            operations: impl FnOnce(&mut Doc) -> Vec<(String, Op)>,
        ) where
            H: Handler<T, AppState>,
            T: 'static,
        {
            let number = self.calls.len();
            let paths = operations(&mut self.doc).into_iter().map(|(p, _)| p);
            self.calls
                .push((method.clone(), route.to_string(), paths.collect()));
            let filter = MethodFilter::try_from(method).expect("a method");
            self.router = std::mem::take(&mut self.router)
                .route(route, on(filter, move || async move { number.to_string() }));
        }

        fn page<H, T>(&mut self, path: &str, _handler: H)
        where
            H: Handler<T, AppState>,
            T: 'static,
        {
            self.pages.push(path.to_string());
            self.router = std::mem::take(&mut self.router).route(path, get(|| async { "page" }));
        }
    }

    /// Which registration the router gives `method` of `path` (its
    /// parameters given a value), or what it answered instead.
    async fn answering(router: &Router, method: &Method, path: &str) -> Result<usize, String> {
        let uri: Vec<&str> = path
            .split('/')
            .map(|seg| if seg.starts_with('{') { "v1" } else { seg })
            .collect();
        let req = Request::builder()
            .method(method)
            .uri(uri.join("/"))
            .body(Body::empty())
            .expect("request");
        let res = router.clone().oneshot(req).await.expect("answer");
        let status = res.status();
        let bytes = axum::body::to_bytes(res.into_body(), 1024)
            .await
            .expect("body");
        let text = String::from_utf8_lossy(&bytes).to_string();
        text.parse().map_err(|_| format!("{status} {text}"))
    }

    /// The (method, route) pairs the router serves are the ones its
    /// documented operations reach: every route is documented, and every
    /// operation of the served document is answered by the route that
    /// documents it (axum's own matching, so a generic route's path that a
    /// fixed one would take fails). Both sides come from the one table.
    #[tokio::test]
    async fn the_routes_served_are_the_operations_documented() {
        let mut probe = Probe::default();
        every_call(&mut probe);
        let served: BTreeSet<(String, String)> = probe
            .calls
            .iter()
            .map(|(method, route, _)| (method.to_string(), route.clone()))
            .collect();
        assert_eq!(served.len(), probe.calls.len(), "a call registered twice");
        let mut documented = BTreeSet::new();
        for (method, route, paths) in &probe.calls {
            assert!(
                route.starts_with("/api/"),
                "{method} {route}: not an API call"
            );
            assert!(!paths.is_empty(), "{method} {route} is served undocumented");
            for path in paths {
                assert!(
                    documented.insert((method.to_string(), path.clone())),
                    "{method} {path} is documented twice"
                );
            }
        }
        for page in &probe.pages {
            assert!(
                !page.starts_with("/api/"),
                "{page}: an API page undocumented"
            );
        }
        let mut answered = BTreeSet::new();
        for (path, item) in document()["paths"].as_object().expect("paths") {
            for method in item.as_object().expect("a path item").keys() {
                let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
                let number = answering(&probe.router, &method, path)
                    .await
                    .unwrap_or_else(|e| panic!("{method} {path} is documented but answers {e}"));
                let (by, route, paths) = &probe.calls[number];
                assert!(
                    by == method && paths.contains(path),
                    "{method} {path} is answered by {by} {route}, which does not document it"
                );
                answered.insert((by.to_string(), route.clone()));
                documented.remove(&(by.to_string(), path.clone()));
            }
        }
        assert_eq!(served, answered);
        assert!(documented.is_empty(), "not in the document: {documented:?}");
    }
}
