//! The operations of the content calls: the day's items, the archive
//! lists, the fixed lists, the Bible and the premium content.

use super::doc::{Doc, Op, Who, date, nullable, op, whole};
use crate::api::Refreshed;
use crate::content::archive::ArchivePage;
use crate::content::remedies::RemedySearch;
use crate::content::{
    BibleReading, BibleStudy, BiblicalFood, Biohack, ExerciseSuggestion, FoodSpotlight,
    GlossaryCategory, HealthTip, HealthySnack, HomeTip, JournalPrompt, Kind, LibraryReading,
    MeditationSession, PrayerSession, PremiumRoutine, Recipe, WorshipSong,
};
use serde_json::{Value, json};

/// A daily item as the calls answer it: the item, the date it is shown
/// (readings: and the day of the year, the day's place in the church year and
/// the chapter the reference is in).
fn dated(doc: &mut Doc, item: Value) -> Value {
    let passage = doc.schema::<manna_core::scripture::VerseRange>();
    let when = doc.named(
        "Dated",
        json!({"type": "object", "required": ["date"], "properties": {
            "date": date(), "dayNumber": {"type": "integer"},
            "place": {"type": ["string", "null"]},
            "passage": {"anyOf": [passage, {"type": "null"}]}}}),
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
                "dayNumber": {"type": "integer"}, "place": {"type": ["string", "null"]}}}),
    )
}

/// `GET /api/bible/{translation}`.
pub fn bible_index(doc: &mut Doc) -> Op {
    let index = doc.schema::<crate::bible::BibleIndex>();
    op("A translation's books and their chapters", Who::Anyone)
        .path("translation", "kjv or web")
        .ok(index)
}

/// `GET /api/bible/{translation}/{book}/{chapter}`.
pub fn bible_chapter(doc: &mut Doc) -> Op {
    let chapter = doc.schema::<crate::bible::BibleChapter>();
    op("One chapter's verses", Who::Anyone)
        .path("translation", "kjv or web")
        .path(
            "book",
            "The book's English name (genesis, 1 samuel) or OSIS id (Gen, 1Sam)",
        )
        .path("chapter", "The chapter's number, from 1")
        .ok(chapter)
}

/// `GET /api/bible/{translation}/{book}`.
pub fn bible_book(doc: &mut Doc) -> Op {
    let book = doc.schema::<crate::bible::BibleBook>();
    op(
        "A whole book, every chapter, for a device to keep",
        Who::Anyone,
    )
    .path("translation", "kjv or web")
    .path(
        "book",
        "The book's English name (genesis, 1 samuel) or OSIS id (Gen, 1Sam)",
    )
    .ok(book)
}

/// `GET /api/bible/{translation}/search`.
pub fn bible_search(doc: &mut Doc) -> Op {
    let found = doc.schema::<crate::bible::BibleSearch>();
    op("The verses that have every word searched for", Who::Anyone)
        .path("translation", "kjv or web")
        .query(
            "q",
            json!({"type": "string", "maxLength": 200}),
            "Words (found by their beginning) and \"phrases\"; at least one word",
        )
        .query(
            "limit",
            whole(manna_core::scripture::SEARCH_LIMIT_MAX as u32),
            "Verses listed (default 50)",
        )
        .ok(found)
}

/// `GET /api/home`.
pub fn home(doc: &mut Doc) -> Op {
    let day = day_content(doc);
    let home = json!({"allOf": [day, {"type": "object", "required": ["contentVersion"],
        "properties": {"contentVersion": {"type": "string"}}}]});
    op("Today's eight daily items (the home screen)", Who::Anyone)
        .query("date", date(), "The local date (default: the server's)")
        .ok(home)
}

/// `GET /api/daily-content`.
pub fn daily_content(doc: &mut Doc) -> Op {
    let day = day_content(doc);
    let range = json!({"type": "object", "required": ["contentVersion", "days"], "properties": {
        "contentVersion": {"type": "string"}, "days": {"type": "array", "items": day}}});
    op(
        "Consecutive days of content, for the offline prefetch",
        Who::Anyone,
    )
    .query("from", date(), "The first date (default: today)")
    .query("days", whole(31), "How many days (default 8)")
    .ok(range)
}

/// `GET /api/{kind}/today`: a path for each daily kind.
pub fn kinds_today(doc: &mut Doc) -> Vec<(String, Op)> {
    Kind::DAILY
        .into_iter()
        .map(|kind| {
            let item = daily(doc, kind);
            let call = op(
                "The item of the date (null when there is none)",
                Who::Anyone,
            )
            .query("date", date(), "The local date (default: the server's)")
            .ok(nullable(item));
            (format!("/api/{}/today", kind.slug()), call)
        })
        .collect()
}

/// `GET /api/{kind}`: a path for each kind with an archive (the days shown
/// up to a date) and each fixed list.
pub fn kinds_list(doc: &mut Doc) -> Vec<(String, Op)> {
    let mut calls = Vec::new();
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
        let call = op(
            "The items shown on the days up to the date, newest first",
            Who::Anyone,
        )
        .query("date", date(), "The last date (default: today)")
        .query("limit", whole(366), "How many days (default 30)")
        .ok(json!({"type": "array", "items": item}));
        calls.push((format!("/api/{}", kind.slug()), call));
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
        let mut call = op(
            "The whole list (premium sessions' scripts for members only)",
            Who::Anyone,
        );
        if kind == Kind::BibleStudies {
            call = call.query(
                "readingId",
                json!({"type": "string", "minLength": 1, "maxLength": 100}),
                "Only the study of this reading",
            );
        }
        calls.push((format!("/api/{}", kind.slug()), call.ok(list)));
    }
    calls
}

/// `POST /api/refresh-content`.
pub fn refresh_content(doc: &mut Doc) -> Op {
    let refreshed = doc.schema::<Refreshed>();
    op(
        "The content version served (an owner's call reads the files again)",
        Who::Anyone,
    )
    .ok(refreshed)
}

/// `GET /api/premium-biohacks/today`.
pub fn premium_biohack(doc: &mut Doc) -> Op {
    let biohack = daily(doc, Kind::Biohacks);
    op("Today's biohack in full", Who::Member)
        .query("date", date(), "The local date")
        .ok(nullable(biohack))
}

/// The premium routines, each with its date.
fn routines(doc: &mut Doc) -> Value {
    let r = doc.schema::<PremiumRoutine>();
    json!({"type": "array", "items": dated(doc, r)})
}

/// A call of the premium routines (`summary`), by date.
fn routines_call(doc: &mut Doc, summary: &'static str) -> Op {
    let routines = routines(doc);
    op(summary, Who::Member)
        .query("date", date(), "The local date")
        .query(
            "t",
            json!({"type": "string"}),
            "Ignored (a client's cache breaker)",
        )
        .ok(routines)
}

/// `GET /api/premium-exercises`.
pub fn premium_exercises(doc: &mut Doc) -> Op {
    routines_call(doc, "Every routine, newest first")
}

/// `GET /api/premium-exercises/today`.
pub fn premium_exercises_today(doc: &mut Doc) -> Op {
    routines_call(doc, "Today's routine of each level")
}

/// `GET /api/premium-exercises/difficulty/{level}`.
pub fn premium_exercises_level(doc: &mut Doc) -> Op {
    let routines = routines(doc);
    op("The routines of one level", Who::Member)
        .path("level", "beginner, intermediate or advanced")
        .query("date", date(), "The local date")
        .ok(routines)
}

/// `GET /api/home-remedies/search`.
pub fn remedies_search(doc: &mut Doc) -> Op {
    let remedies = doc.schema::<RemedySearch>();
    op("Remedies for a symptom", Who::Member)
        .query(
            "symptom",
            json!({"type": "string", "maxLength": 100}),
            "What hurts, in a few words",
        )
        .ok(remedies)
}

/// `GET /api/biohack-categories`.
pub fn biohack_categories(doc: &mut Doc) -> Op {
    let categories = doc.list::<GlossaryCategory>();
    op("The biohack glossary", Who::Member).ok(categories)
}

/// `GET /api/premium-library`.
pub fn premium_library(doc: &mut Doc) -> Op {
    let library = doc.list::<LibraryReading>();
    op("The reading library", Who::Member).ok(library)
}

/// `GET /api/archive/search`.
pub fn archive_search(doc: &mut Doc) -> Op {
    let page = doc.schema::<ArchivePage>();
    op(
        "Everything published, searched, by type, sorted, a page at a time",
        Who::Member,
    )
    .query(
        "q",
        json!({"type": "string", "maxLength": 200}),
        "Words, \"a phrase\" or a reference (text with no letter or digit, emoji alone, is refused)",
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
    .ok(page)
}
