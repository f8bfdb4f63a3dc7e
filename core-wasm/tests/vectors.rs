//! Golden vectors shared with the browser build: `vectors.json` is checked here
//! against the native code and by the PWA's tests against the `.wasm`, so both
//! give the same answers. Regenerate with `UPDATE_VECTORS=1 cargo test -p manna-core`
//! only when a rule changes on purpose.

use manna_core::days::{plan_day, span_start};
use manna_core::meals::{calendar_week_dates, calendar_week_of};
use manna_core::{
    Date, rotation_index, week_strip_with_rest, weekly_average, weight_progress, wellness_grade,
};
use serde_json::{Value, json};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors.json");

fn compute() -> Value {
    let dates = [
        "2024-02-28",
        "2024-02-29",
        "2024-03-01",
        "2024-12-31",
        "2025-01-01",
        "2025-12-31",
        "2026-06-15",
        "2026-11-22",
        "2026-11-23",
        "2027-02-28",
        "2028-02-29",
        "2100-03-01",
    ];
    let salts = [
        "bible-readings",
        "health-tips",
        "biohacks",
        "healthy-snacks",
    ];
    let mut days = Vec::new();
    let mut rotation = Vec::new();
    let mut weeks = Vec::new();
    for s in dates {
        let date: Date = s.parse().expect("vector date");
        days.push(json!({ "date": s, "dayOfYear": date.day_of_year() }));
        for (i, salt) in salts.iter().enumerate() {
            for count in [1usize, 7, 31, 32 + i * 11] {
                rotation.push(json!({
                    "date": s, "count": count, "salt": salt,
                    "index": rotation_index(date, count, salt),
                }));
            }
        }
        let visited = [
            date.add_days(-2),
            date.add_days(-1),
            date.add_days(-4),
            date.add_days(-5),
            date.add_days(-9),
        ];
        let visited_s: Vec<String> = visited.iter().map(ToString::to_string).collect();
        // Every other date with Sunday as the day of rest.
        let rest = (weeks.len() % 2 == 1).then_some(6);
        weeks.push(json!({ "today": s, "visited": visited_s, "restDay": rest,
            "strip": week_strip_with_rest(date, &visited, rest) }));
    }
    let grades: Vec<_> = (5..=25)
        .map(|t| json!({ "total": t, "grade": wellness_grade(t) }))
        .collect();
    let log = [
        ("2026-10-01", 2000),
        ("2026-11-19", 1905),
        ("2026-11-20", 1900),
        ("2026-11-22", 1890),
    ];
    let weights: Vec<_> = (1..=log.len())
        .map(|n| {
            let entries: Vec<(Date, u32)> = log[..n]
                .iter()
                .map(|(d, w)| (d.parse().expect("date"), *w))
                .collect();
            json!({
                "dates": log[..n].iter().map(|(d, _)| *d).collect::<Vec<_>>(),
                "weights": log[..n].iter().map(|(_, w)| *w).collect::<Vec<_>>(),
                "today": "2026-11-22",
                "progress": weight_progress(&entries, "2026-11-22".parse().expect("date")),
            })
        })
        .collect();
    let checks = [
        ("2026-11-10", 12),
        ("2026-11-16", 20),
        ("2026-11-19", 25),
        ("2026-11-22", 18),
    ];
    let averages: Vec<_> = [
        "2026-11-15",
        "2026-11-19",
        "2026-11-22",
        "2026-11-29",
        "2026-12-01",
    ]
    .iter()
    .map(|to| {
        let parsed: Vec<(Date, u32)> = checks
            .iter()
            .map(|(d, s)| (d.parse().expect("date"), *s))
            .collect();
        json!({
            "dates": checks.iter().map(|(d, _)| *d).collect::<Vec<_>>(),
            "scores": checks.iter().map(|(_, s)| *s).collect::<Vec<_>>(),
            "to": to,
            "average": weekly_average(&parsed, to.parse().expect("date")),
        })
    })
    .collect();
    // Plan days, the shopping calendar's weeks and chart spans, from starts
    // just before a leap day, a month's end and a new year.
    let mut plan_days = Vec::new();
    let mut week_of = Vec::new();
    let mut week_dates = Vec::new();
    let mut spans = Vec::new();
    for s in ["2024-02-27", "2025-02-27", "2026-11-23", "2026-12-30"] {
        let start: Date = s.parse().expect("vector date");
        for back in [-1, 0, 1, 2, 3, 6, 7, 28, 29, 30, 31, 400] {
            let on = start.add_days(back);
            for length in [7, 30] {
                plan_days.push(json!({ "start": s, "today": on, "length": length,
                    "day": plan_day(start, on, length) }));
            }
            week_of.push(json!({ "start": s, "date": on, "week": calendar_week_of(start, on) }));
        }
        for week in 1..=4 {
            week_dates.push(json!({ "start": s, "week": week,
                "dates": calendar_week_dates(start, week) }));
        }
        for days in [1, 7, 30, 90, 365, 366] {
            spans.push(json!({ "last": s, "days": days, "first": span_start(start, days) }));
        }
    }
    json!({ "dayOfYear": days, "rotation": rotation, "weekStrip": weeks, "grades": grades,
            "weightProgress": weights, "weeklyAverage": averages, "planDay": plan_days,
            "calendarWeekOf": week_of, "calendarWeekDates": week_dates, "spanStart": spans })
}

#[test]
fn golden_vectors_match_the_native_rules() {
    let computed = compute();
    if std::env::var_os("UPDATE_VECTORS").is_some() {
        let text = serde_json::to_string_pretty(&computed).expect("serialise") + "\n";
        std::fs::write(PATH, text).expect("write vectors");
    }
    let stored: Value =
        serde_json::from_str(&std::fs::read_to_string(PATH).expect("read vectors")).expect("parse");
    assert_eq!(
        stored, computed,
        "rules changed: regenerate vectors.json on purpose"
    );
}
