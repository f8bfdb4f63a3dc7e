//! What a date shows: one item per kind chosen by `manna_core` (the church
//! year for readings, the seasons for food spotlights, the rotation for the
//! rest: the same functions the browser runs), and the payloads built from them.

use super::kinds::Kind;
use super::set::ContentSet;
use manna_core::{Date, rotation_index};
use serde_json::{Map, Value, json};

/// The item of `kind` for `date`, with its `date` (and `dayNumber` for readings),
/// as everyone may see it: a premium-only biohack without its text.
pub fn item_for(set: &ContentSet, kind: Kind, date: Date) -> Option<Value> {
    item_as(set, kind, date, false)
}

/// The item of `kind` for `date` with every field, for premium members.
pub fn full_item(set: &ContentSet, kind: Kind, date: Date) -> Option<Value> {
    item_as(set, kind, date, true)
}

/// Whether an item is for premium members only.
pub fn is_premium_only(item: &Value) -> bool {
    item["isPremium"] == 1
}

/// An item as a non-member receives it: a premium one with every field the
/// spec names, its premium text null (premium content never leaves the server
/// for a free device).
pub fn as_non_member(kind: Kind, mut item: Value) -> Value {
    if is_premium_only(&item)
        && let Some(fields) = item.as_object_mut()
    {
        for field in kind.premium_fields() {
            fields.insert((*field).into(), Value::Null);
        }
    }
    item
}

/// The index in its kind's list of the item `date` shows, and (readings
/// only) the day's place in the church year.
pub fn shown_on(set: &ContentSet, kind: Kind, date: Date) -> Option<(usize, Option<String>)> {
    if kind == Kind::BibleReadings {
        return set.readings.on(date).map(|r| (r.index, r.place));
    }
    if kind == Kind::FoodSpotlights {
        return set.foods.index_on(date).map(|index| (index, None));
    }
    Some((
        rotation_index(date, set.items(kind).len(), kind.slug())?,
        None,
    ))
}

/// The `n` items of `kind` that take turns from the one `date` shows (the
/// journal's three prompts of the day), as everyone may see them.
pub fn items_in_turn(set: &ContentSet, kind: Kind, date: Date, n: usize) -> Vec<&Value> {
    let items = set.items(kind);
    match shown_on(set, kind, date) {
        Some((first, _)) => (0..n.min(items.len()))
            .map(|i| &items[(first + i) % items.len()])
            .collect(),
        None => Vec::new(),
    }
}

fn item_as(set: &ContentSet, kind: Kind, date: Date, premium: bool) -> Option<Value> {
    let (index, place) = shown_on(set, kind, date)?;
    let item = &set.items(kind)[index];
    let item = if premium {
        item.clone()
    } else {
        as_non_member(kind, item.clone())
    };
    let mut out = match item {
        Value::Object(fields) => fields,
        _ => Map::new(),
    };
    out.insert("date".into(), json!(date.to_string()));
    if kind == Kind::BibleReadings {
        out.insert("dayNumber".into(), json!(date.day_of_year()));
        out.insert("place".into(), json!(place));
        out.insert("passage".into(), json!(set.readings.passage(index)));
    }
    Some(Value::Object(out))
}

/// All eight items of a date, keyed by `Kind::field`; premium members get the
/// premium biohack in full.
pub fn day_payload(set: &ContentSet, date: Date, premium: bool) -> Value {
    let mut out = Map::new();
    out.insert("date".into(), json!(date.to_string()));
    out.insert("dayNumber".into(), json!(date.day_of_year()));
    for kind in Kind::DAILY {
        out.insert(
            kind.field().into(),
            item_as(set, kind, date, premium).unwrap_or(Value::Null),
        );
    }
    Value::Object(out)
}

/// The combined home call: the day payload plus the content version.
pub fn home_payload(set: &ContentSet, date: Date) -> Value {
    let mut day = day_payload(set, date, false);
    day["contentVersion"] = json!(set.version);
    day
}

/// The items shown on `today` and the `days - 1` days before it, newest first.
/// Readings use the spec's archive form (id, reference, verse, content, date,
/// dayNumber) with the prayer besides, so a device that saved them searches
/// every field the archive's search reads.
pub fn archive(set: &ContentSet, kind: Kind, today: Date, days: u32) -> Vec<Value> {
    (0..i64::from(days))
        .filter_map(|back| item_for(set, kind, today.add_days(-back)))
        .map(|item| {
            if kind != Kind::BibleReadings {
                return item;
            }
            json!({
                "id": item["id"], "reference": item["reference"], "verse": item["verse"],
                "content": item["reflection"], "prayer": item["prayer"],
                "date": item["date"], "dayNumber": item["dayNumber"], "place": item["place"],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// How many days each daily card goes before it shows an item again.
    const NO_REPEAT_DAYS: &[(Kind, i64)] = &[
        (Kind::HealthTips, 92),
        (Kind::HealthyHomeTips, 92),
        (Kind::HealthySnacks, 92),
        (Kind::ExerciseSuggestions, 92),
        (Kind::BiblicalFoods, 79),
        (Kind::FoodSpotlights, 45),
        (Kind::Biohacks, 92),
    ];

    fn shipped() -> ContentSet {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let files = super::super::read_content_files(&dir).expect("shipped content is valid");
        ContentSet {
            foods: super::super::foods::rotation(&files.items[&Kind::FoodSpotlights])
                .expect("the foods spread over their seasons"),
            items: files.items,
            ..ContentSet::default()
        }
    }

    /// Over two years, each food spotlight is shown only in a season its
    /// `season` names (northern hemisphere), and every food has its days.
    #[test]
    fn the_shipped_food_spotlights_are_shown_only_in_their_season() {
        use manna_core::seasons::{Season, SeasonSet};
        let set = shipped();
        let foods = set.items(Kind::FoodSpotlights);
        assert!(foods.len() >= 92, "{} food spotlights", foods.len());
        let first = Date::new(2026, 1, 1).expect("valid");
        let mut unseen: std::collections::HashSet<&str> =
            foods.iter().filter_map(|f| f["id"].as_str()).collect();
        for d in 0..731 {
            let date = first.add_days(d);
            let food = item_for(&set, Kind::FoodSpotlights, date).expect("a food every day");
            let season: SeasonSet = food["season"]
                .as_str()
                .unwrap_or_default()
                .parse()
                .expect("a season");
            assert!(
                season.contains(Season::of(date)),
                "{} ({}) is shown on {date}, in {}",
                food["name"],
                food["season"],
                Season::of(date).name()
            );
            unseen.remove(food["id"].as_str().unwrap_or_default());
        }
        assert!(unseen.is_empty(), "never shown in two years: {unseen:?}");
    }

    /// A free device is shown the whole biohack, not only its title, at
    /// least four days in five.
    #[test]
    fn free_users_get_a_full_biohack_at_least_four_days_in_five() {
        let set = shipped();
        let first = Date::new(2026, 1, 1).expect("valid");
        let days = 731;
        let locked = (0..days)
            .filter(|&d| {
                let item = item_for(&set, Kind::Biohacks, first.add_days(d)).expect("an item");
                item["howTo"].is_null()
            })
            .count() as i64;
        assert!(
            locked * 5 <= days,
            "{locked} of {days} days show a free user only a biohack's title"
        );
    }

    /// The shipped cards over two years (a new year's day crossed): no item
    /// of a kind is shown twice within its kind's window.
    #[test]
    fn the_shipped_daily_cards_do_not_repeat_within_their_window() {
        let set = shipped();
        let first = Date::new(2026, 1, 1).expect("valid");
        for &(kind, window) in NO_REPEAT_DAYS {
            let mut last_shown: HashMap<String, Date> = HashMap::new();
            for d in 0..731 {
                let date = first.add_days(d);
                let item = item_for(&set, kind, date).expect("an item every day");
                let id = item["id"].as_str().expect("an id").to_string();
                if let Some(before) = last_shown.insert(id.clone(), date) {
                    let gap = before.days_until(date);
                    assert!(
                        gap >= window,
                        "{}: {id} is shown on {before} and again {gap} days later, on {date}",
                        kind.slug()
                    );
                }
            }
        }
    }
}
