//! Daily content: today's item of each kind, the home payload, a range of days
//! for the offline prefetch, the archive lists and the refresh call.

use crate::api::{DailyRange, Refreshed};
use crate::content::archive::{ArchivePage, ArchiveQuery, QUERY_MAX, search as archive_search};
use crate::content::premium::LEVELS;
use crate::content::remedies::{RemedySearch, SYMPTOM_MAX, remedy_search};
use crate::content::{
    ContentSet, Kind, ListKey, archive, as_non_member, day_payload, full_item, is_premium_only,
    item_for,
};
use crate::content::{routines, todays_routines};
use crate::entitlement::PremiumUser;
use crate::error::AppError;
use crate::extract::{Params, count_param, date_param};
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use manna_core::archive::{ArchiveType, Sort};
use serde_json::Value;

/// Longest range the prefetch may ask for, and the longest archive.
const MAX_RANGE_DAYS: u32 = 31;
const MAX_ARCHIVE_DAYS: u32 = 366;
const DEFAULT_ARCHIVE_DAYS: u32 = 30;

fn kind_param(slug: &str) -> Result<Kind, AppError> {
    Kind::from_slug(slug).ok_or_else(|| {
        AppError::NotFound(format!(
            "no API endpoint at /api/{}",
            slug.chars().take(80).collect::<String>()
        ))
    })
}

/// A kind that shows one item a day (the `/today` calls).
fn daily_kind_param(slug: &str) -> Result<Kind, AppError> {
    match kind_param(slug)? {
        kind if kind.is_daily() => Ok(kind),
        _ => Err(AppError::NotFound(format!(
            "/api/{slug} is a fixed list with no item of the day"
        ))),
    }
}

/// `GET /api/home`: the bytes kept for the date, compressed as the client
/// accepts, or `304` when it has them.
pub async fn home_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<impl IntoResponse, AppError> {
    let date = date_param(&q, "date", &state.clock)?;
    Ok(state.home_json(date).respond(&headers))
}

pub async fn today_get(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<Json<Value>, AppError> {
    let kind = daily_kind_param(&slug)?;
    let date = date_param(&q, "date", &state.clock)?;
    let set = state.content();
    // An empty list answers null: the app shows its "No … available for today" state.
    let item = item_for(&set, kind, date).unwrap_or(Value::Null);
    if kind == Kind::Biohacks
        && is_premium_only(&item)
        && state.entitlements.requester_is_premium(&headers).await?
    {
        return Ok(Json(full_item(&set, kind, date).unwrap_or(Value::Null)));
    }
    Ok(Json(item))
}

pub async fn daily_content_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<Json<DailyRange>, AppError> {
    let from = date_param(&q, "from", &state.clock)?;
    let days = count_param(&q, "days", 8, MAX_RANGE_DAYS)?;
    let set = state.content();
    let premium = state.entitlements.requester_is_premium(&headers).await?;
    Ok(Json(DailyRange {
        content_version: set.version.clone(),
        days: (0..i64::from(days))
            .map(|i| day_payload(&set, from.add_days(i), premium))
            .collect(),
    }))
}

/// `GET /api/{kind}`: a fixed list (songs, sessions, recipes) whole, or a
/// daily kind's archive of its last days. A list is the same for everyone it
/// is for (members, or everyone else, on a date), so its bytes are kept
/// encoded and compressed once; one reading's study is small and made per call.
pub async fn archive_get(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<Response, AppError> {
    let kind = kind_param(&slug)?;
    if kind.is_premium_kind() || kind == Kind::MealPlans {
        return Err(AppError::NotFound(format!("no public list at /api/{slug}")));
    }
    if !kind.is_daily() {
        // Premium sessions' scripts only for members, decided here like the
        // premium biohacks. The studies may be asked for one reading's (a
        // year of them is large).
        let reading = match q.get("readingId") {
            Some(reading) if kind == Kind::BibleStudies => {
                if reading.is_empty() || reading.len() > 100 {
                    return Err(AppError::Invalid(manna_sync_protocol::FieldError::new(
                        "readingId",
                        "readingId must be a reading's id",
                    )));
                }
                Some(reading.as_str())
            }
            _ => None,
        };
        let hidden = !kind.premium_fields().is_empty()
            && !state.entitlements.requester_is_premium(&headers).await?;
        let list = |set: &ContentSet| {
            // Only what is answered is copied (a year of studies is 3 MB).
            let items = set
                .items(kind)
                .iter()
                .filter(|s| reading.is_none_or(|r| s["readingId"] == r))
                .cloned()
                .map(|item| {
                    if hidden {
                        as_non_member(kind, item)
                    } else {
                        item
                    }
                });
            Value::Array(items.collect()).to_string()
        };
        if reading.is_some() {
            let body = list(&state.content());
            return Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response());
        }
        let key = ListKey::Fixed { kind, hidden };
        return Ok(state.list_json(key, list).respond(&headers));
    }
    if !matches!(
        kind,
        Kind::BibleReadings | Kind::HealthTips | Kind::FoodSpotlights | Kind::ExerciseSuggestions
    ) {
        return Err(AppError::NotFound(format!(
            "no archive list at /api/{slug}"
        )));
    }
    let today = date_param(&q, "date", &state.clock)?;
    let days = count_param(&q, "limit", DEFAULT_ARCHIVE_DAYS, MAX_ARCHIVE_DAYS)?;
    let key = ListKey::Archive { kind, today, days };
    Ok(state
        .list_json(key, |set| {
            Value::Array(archive(set, kind, today, days)).to_string()
        })
        .respond(&headers))
}

/// Home's refresh button: answers the content version the server serves. The
/// content files are read again only for an owner (after editing them on the
/// server); for anyone else that work would be a free way to load the server.
pub async fn refresh_content_post(
    State(state): State<AppState>,
    device: Option<DeviceAuth>,
) -> Result<Json<Refreshed>, AppError> {
    let owner = match &device {
        Some(d) => state
            .entitlements
            .premium(&d.user_id)
            .await?
            .is_some_and(|p| p.owner),
        None => false,
    };
    if owner {
        state.reload_content().await?;
    }
    Ok(Json(Refreshed {
        ok: true,
        reloaded: owner,
        content_version: state.content().version.clone(),
    }))
}

/// `GET /api/premium-exercises`: every routine, newest first (each dated the
/// last day it was a workout of the day). Premium members only.
pub async fn premium_exercises_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Query(q): Params,
) -> Result<Json<Vec<Value>>, AppError> {
    let today = date_param(&q, "date", &state.clock)?;
    Ok(Json(routines(&state.content(), None, today)))
}

/// `GET /api/premium-exercises/today`: one routine of each level, beginner first.
pub async fn premium_exercises_today_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Query(q): Params,
) -> Result<Json<Vec<Value>>, AppError> {
    let today = date_param(&q, "date", &state.clock)?;
    Ok(Json(todays_routines(&state.content(), today)))
}

/// `GET /api/premium-exercises/difficulty/{level}`: one level's routines, newest first.
pub async fn premium_exercises_level_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Path(level): Path<String>,
    Query(q): Params,
) -> Result<Json<Vec<Value>>, AppError> {
    if !LEVELS.contains(&level.as_str()) {
        return Err(AppError::BadRequest(format!(
            "level: must be beginner, intermediate or advanced, not \"{}\"",
            level.chars().take(40).collect::<String>()
        )));
    }
    let today = date_param(&q, "date", &state.clock)?;
    Ok(Json(routines(&state.content(), Some(&level), today)))
}

/// `GET /api/home-remedies/search?symptom=`: the remedies for a symptom, found
/// by its name, another word for it or with a typo. Premium members only.
pub async fn remedies_search_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Query(q): Params,
) -> Result<Json<RemedySearch>, AppError> {
    let symptom = q.get("symptom").map(|s| s.trim()).unwrap_or_default();
    if symptom.is_empty() {
        return Err(AppError::BadRequest(
            "symptom: type a symptom to search for, e.g. ?symptom=sore%20throat".into(),
        ));
    }
    if symptom.chars().count() > SYMPTOM_MAX {
        return Err(AppError::BadRequest(format!(
            "symptom: must be at most {SYMPTOM_MAX} characters"
        )));
    }
    Ok(Json(remedy_search(&state.content(), symptom)))
}

/// `GET /api/biohack-categories`: the glossary, every category with its
/// techniques. Premium members only.
pub async fn biohack_categories_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
) -> Json<Vec<Value>> {
    Json(state.content().items(Kind::BiohackCategories).to_vec())
}

/// `GET /api/premium-library`: the recommended readings. Premium members only.
pub async fn premium_library_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
) -> Json<Vec<Value>> {
    Json(state.content().items(Kind::PremiumLibrary).to_vec())
}

/// `GET /api/archive/search?q=&type=&sort=&page=&limit=`: everything published
/// up to today, searched by word, phrase ("in quotes") or reference, by type,
/// sorted as asked, a page at a time. Premium members only.
pub async fn archive_search_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Query(q): Params,
) -> Result<Json<ArchivePage>, AppError> {
    let text = q.get("q").cloned().unwrap_or_default();
    if text.chars().count() > QUERY_MAX {
        return Err(AppError::BadRequest(format!(
            "q: must be at most {QUERY_MAX} characters"
        )));
    }
    if let Some(no_words) = manna_core::archive::nothing_to_search(&text) {
        return Err(AppError::BadRequest(format!("q: {no_words}")));
    }
    let kind = match q.get("type").map(String::as_str) {
        None | Some("" | "all") => None,
        Some(t) => Some(ArchiveType::from_wire(t).ok_or_else(|| {
            AppError::BadRequest(format!(
                "type: must be all, bible, health, nutrition or fitness, not \"{}\"",
                t.chars().take(40).collect::<String>()
            ))
        })?),
    };
    let sort = Sort::from_wire(q.get("sort").map_or("", String::as_str)).ok_or_else(|| {
        AppError::BadRequest(format!(
            "sort: must be recent, oldest or alphabetical, not \"{}\"",
            q.get("sort")
                .map_or("", String::as_str)
                .chars()
                .take(40)
                .collect::<String>()
        ))
    })?;
    let query = ArchiveQuery {
        text,
        kind,
        sort,
        page: count_param(&q, "page", 1, 10_000)?,
        per_page: count_param(&q, "limit", 20, 100)?,
    };
    let today = date_param(&q, "date", &state.clock)?;
    Ok(Json(archive_search(&state.content(), &query, today)))
}

/// Today's biohack in full, premium-only ones included: for premium members.
pub async fn premium_biohack_get(
    State(state): State<AppState>,
    _premium: PremiumUser,
    Query(q): Params,
) -> Result<Json<Value>, AppError> {
    let date = date_param(&q, "date", &state.clock)?;
    Ok(Json(
        full_item(&state.content(), Kind::Biohacks, date).unwrap_or(Value::Null),
    ))
}
