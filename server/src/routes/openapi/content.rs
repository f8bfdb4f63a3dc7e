//! The content calls: the day's items, the archive lists, the fixed lists,
//! and the premium content.

use super::doc::{Doc, Who, date, nullable, op, whole};
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

pub fn add(doc: &mut Doc) {
    content(doc);
    bible(doc);
    premium(doc);
}

/// The whole Bible for the reader.
fn bible(doc: &mut Doc) {
    let index = doc.schema::<crate::bible::BibleIndex>();
    doc.add(
        "get",
        "/api/bible/{translation}",
        op("A translation's books and their chapters", Who::Anyone)
            .path("translation", "kjv or web")
            .ok(index),
    );
    let chapter = doc.schema::<crate::bible::BibleChapter>();
    doc.add(
        "get",
        "/api/bible/{translation}/{book}/{chapter}",
        op("One chapter's verses", Who::Anyone)
            .path("translation", "kjv or web")
            .path(
                "book",
                "The book's English name (genesis, 1 samuel) or OSIS id (Gen, 1Sam)",
            )
            .path("chapter", "The chapter's number, from 1")
            .ok(chapter),
    );
    let book = doc.schema::<crate::bible::BibleBook>();
    doc.add(
        "get",
        "/api/bible/{translation}/{book}",
        op(
            "A whole book, every chapter, for a device to keep",
            Who::Anyone,
        )
        .path("translation", "kjv or web")
        .path(
            "book",
            "The book's English name (genesis, 1 samuel) or OSIS id (Gen, 1Sam)",
        )
        .ok(book),
    );
    let found = doc.schema::<crate::bible::BibleSearch>();
    doc.add(
        "get",
        "/api/bible/{translation}/search",
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
            .ok(found),
    );
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
        doc.add("get", &format!("/api/{}", kind.slug()), call.ok(list));
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
        .ok(page),
    );
}
