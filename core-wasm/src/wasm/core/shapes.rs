//! The core's results as the browser gets them, built by hand as plain
//! objects: each key and value is the one the type's serde shape (and so its
//! generated TypeScript type) gives, which the browser tests check against
//! the native build's vectors. A generic serializer here would weigh more
//! than the rules that make the results.

use crate::wasm::plain_object;
use crate::{Date, Grade, WeekStrip, WeeklyAverage};
use wasm_bindgen::prelude::*;

/// An object with these members, in this order.
fn object(members: &[(&str, JsValue)]) -> JsValue {
    let object = plain_object();
    for (key, value) in members {
        object.set(key, value);
    }
    object.into()
}

fn date(day: Date) -> JsValue {
    JsValue::from_str(&day.to_string())
}

/// `{ score, grade }`.
pub(super) fn scored(score: u32, grade: Grade) -> JsValue {
    object(&[
        ("score", JsValue::from(score)),
        ("grade", JsValue::from_str(grade.wire())),
    ])
}

/// `{ average, count, from, to }`, the average `null` without a score.
pub(super) fn weekly_average(week: &WeeklyAverage) -> JsValue {
    object(&[
        (
            "average",
            week.average.map_or(JsValue::NULL, JsValue::from_f64),
        ),
        ("count", JsValue::from(week.count)),
        ("from", date(week.from)),
        ("to", date(week.to)),
    ])
}

/// `{ days: [{ date, label, isToday, isPast, visited, kept, rest }], streak,
/// run: { days, kept } }`.
pub(super) fn week_strip(strip: &WeekStrip) -> JsValue {
    let days: js_sys::Array = strip
        .days
        .iter()
        .map(|day| {
            object(&[
                ("date", date(day.date)),
                ("label", JsValue::from_str(day.label)),
                ("isToday", JsValue::from_bool(day.is_today)),
                ("isPast", JsValue::from_bool(day.is_past)),
                ("visited", JsValue::from_bool(day.visited)),
                ("kept", JsValue::from_bool(day.kept)),
                ("rest", JsValue::from_bool(day.rest)),
            ])
        })
        .collect();
    let kept: js_sys::Array = strip.run.kept.iter().map(|day| date(*day)).collect();
    object(&[
        ("days", days.into()),
        ("streak", JsValue::from(strip.streak)),
        (
            "run",
            object(&[
                ("days", JsValue::from(strip.run.days)),
                ("kept", kept.into()),
            ]),
        ),
    ])
}
