//! The year of readings: each reading names the church-year slot it is read in
//! (`manna_core::church_day` says which slot a date has), the ordinary days'
//! readings name the series they belong to ("Mark"), and a date shows its
//! slot's reading with its place ("Week 2 of Advent", "Day 12 of Mark").
//! Readings without a slot take turns on the days whose slot has none yet.

use manna_core::scripture::{VerseRange, passage};
use manna_core::{Date, Slot, church_day, rotation_index};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// Which reading each slot has, and the place each ordinary reading holds in its series.
#[derive(Debug, Clone, Default)]
pub struct ReadingYear {
    by_slot: HashMap<String, usize>,
    /// "Day n of <series>" for the readings on the ordinary days' path.
    series_day: HashMap<usize, String>,
    /// Readings without a slot, by their index in the list.
    unslotted: Vec<usize>,
    /// Each reading's verses, read from its reference once.
    passages: Vec<Option<VerseRange>>,
}

/// A date's reading: its index in the readings and where the day stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayReading {
    pub index: usize,
    pub place: Option<String>,
}

fn slot_of(item: &Value) -> Option<&str> {
    item.get("slot").and_then(Value::as_str)
}

/// Refuses readings whose reference names no passage, whose slot the church
/// year does not have, a slot given twice, or a path reading without its series.
pub fn check(readings: &[Value]) -> Result<(), String> {
    let known: HashSet<String> = Slot::all().iter().map(|s| s.key()).collect();
    let mut seen = HashSet::new();
    for item in readings {
        let id = item["id"].as_str().unwrap_or_default();
        let reference = item["reference"].as_str().unwrap_or_default();
        if passage(reference).is_none() {
            return Err(format!(
                "reading {id}: reference \"{reference}\" is not 'Book chapter:verse[-verse]'"
            ));
        }
        let Some(slot) = slot_of(item) else { continue };
        if !known.contains(slot) {
            return Err(format!(
                "reading {id}: the church year has no slot \"{slot}\""
            ));
        }
        if !seen.insert(slot) {
            return Err(format!("reading {id}: slot \"{slot}\" is given twice"));
        }
        if slot.starts_with("path-") != item.get("series").is_some() {
            return Err(format!(
                "reading {id}: a \"series\" is given with the ordinary days' path slots, and only with them"
            ));
        }
    }
    Ok(())
}

impl ReadingYear {
    pub fn new(readings: &[Value]) -> Self {
        let mut year = ReadingYear {
            passages: readings
                .iter()
                .map(|r| passage(r["reference"].as_str().unwrap_or_default()))
                .collect(),
            ..ReadingYear::default()
        };
        for (index, item) in readings.iter().enumerate() {
            match slot_of(item) {
                Some(slot) => {
                    year.by_slot.insert(slot.to_string(), index);
                }
                None => year.unslotted.push(index),
            }
        }
        // The path in order: a series' days count from its first reading.
        let mut run: Option<(&str, u32)> = None;
        for n in 1..=manna_core::church_year::ORDINARY_DAYS {
            let Some(&index) = year.by_slot.get(&Slot::Ordinary(n).key()) else {
                continue;
            };
            let series = readings[index]["series"].as_str().unwrap_or_default();
            let day = match run {
                Some((name, day)) if name == series => day + 1,
                _ => 1,
            };
            run = Some((series, day));
            year.series_day
                .insert(index, format!("Day {day} of {series}"));
        }
        year
    }

    /// The verses reading `index` names (its chapter in the reader).
    pub fn passage(&self, index: usize) -> Option<&VerseRange> {
        self.passages.get(index)?.as_ref()
    }

    /// The reading `date` shows, or none when there are no readings.
    pub fn on(&self, date: Date) -> Option<DayReading> {
        let day = church_day(date);
        if let Some(&index) = self.by_slot.get(&day.slot.key()) {
            let place = day.label.or_else(|| self.series_day.get(&index).cloned());
            return Some(DayReading { index, place });
        }
        let turn = rotation_index(date, self.unslotted.len(), "bible-readings")?;
        Some(DayReading {
            index: self.unslotted[turn],
            place: day.label,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn date(s: &str) -> Date {
        s.parse().expect("valid")
    }

    #[test]
    fn a_date_shows_its_slots_reading_with_its_place() {
        let readings = vec![
            json!({"id": "a", "reference": "Luke 2:7-14", "slot": "christmas-day"}),
            json!({"id": "b", "reference": "Mark 1:1-8", "slot": "path-001", "series": "Mark"}),
            json!({"id": "c", "reference": "Mark 1:9-13", "slot": "path-002", "series": "Mark"}),
            json!({"id": "d", "reference": "Psalm 1:1-6", "slot": "path-003", "series": "Psalms"}),
            json!({"id": "e", "reference": "Psalm 23:1-3"}),
        ];
        check(&readings).expect("valid");
        let year = ReadingYear::new(&readings);
        let on = |d: &str| year.on(date(d)).expect("a reading");
        assert_eq!(
            on("2026-12-25"),
            DayReading {
                index: 0,
                place: Some("Christmas Day".into())
            }
        );
        assert_eq!(on("2026-01-08").place.as_deref(), Some("Day 2 of Mark"));
        assert_eq!(on("2026-01-09").place.as_deref(), Some("Day 1 of Psalms"));
        // A slot with no reading yet takes one without a slot.
        assert_eq!(
            on("2026-12-26"),
            DayReading {
                index: 4,
                place: Some("Day 2 of Christmas".into())
            }
        );
    }

    #[test]
    fn unknown_or_doubled_slots_missing_series_and_bad_references_are_refused() {
        let bad = [
            vec![json!({"id": "a", "reference": "John 1:1", "slot": "path-999", "series": "Mark"})],
            vec![
                json!({"id": "a", "reference": "John 1:1", "slot": "epiphany"}),
                json!({"id": "b", "reference": "John 1:2", "slot": "epiphany"}),
            ],
            vec![json!({"id": "a", "reference": "John 1:1", "slot": "path-001"})],
            vec![
                json!({"id": "a", "reference": "John 1:1", "slot": "epiphany", "series": "Matthew"}),
            ],
            vec![json!({"id": "a", "reference": "Psalm 23", "slot": "epiphany"})],
        ];
        for readings in bad {
            assert!(check(&readings).is_err(), "{readings:?}");
        }
    }

    /// The shipped readings over ten years: no reading twice in a calendar
    /// year, every written feast on its day with its name, and a place shown
    /// on every day of the church year's seasons and path.
    #[test]
    fn the_shipped_year_never_repeats_and_keeps_the_feasts() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let files = super::super::read_content_files(&dir).expect("shipped content is valid");
        let readings = &files.items[&super::super::Kind::BibleReadings];
        let year = ReadingYear::new(readings);
        let slot = |index: usize| readings[index]["slot"].as_str().map(str::to_string);
        for y in 2026..=2035 {
            let first = Date::new(y, 1, 1).expect("valid");
            let days = Date::new(y + 1, 1, 1).expect("valid").to_days() - first.to_days();
            let mut seen = HashMap::new();
            for d in 0..days {
                let date = first.add_days(d);
                let shown = year.on(date).expect("a reading every day");
                let Some(slot) = slot(shown.index) else {
                    continue;
                };
                assert_eq!(slot, church_day(date).slot.key(), "{date}");
                assert!(shown.place.is_some(), "{date}: {slot} has no place");
                if let Some(other) = seen.insert(shown.index, date) {
                    panic!("{slot} is read on {other} and again on {date}");
                }
            }
            let written = readings.iter().filter(|r| r.get("slot").is_some()).count();
            assert!(seen.len() <= written);
        }
        let feasts = [
            ("2026-12-25", "christmas-day"),
            ("2027-01-06", "epiphany"),
            ("2027-03-26", "good-friday"),
            ("2027-03-28", "easter-day"),
            ("2027-05-16", "pentecost"),
            ("2026-11-29", "advent-sunday-1"),
        ];
        for (day, key) in feasts {
            let shown = year.on(date(day)).expect("a reading");
            if let Some(index) = year.by_slot.get(key) {
                assert_eq!(shown.index, *index, "{day} shows {key}");
            }
        }
    }
}
