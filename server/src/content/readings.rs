//! The year of readings: each reading names the church-year slot it is read in
//! (`manna_core::church_day` says which slot a date has), the ordinary days'
//! readings name the series they belong to ("Mark"), and a date shows its
//! slot's reading with its place ("Week 2 of Advent", "Day 12 of Mark").
//! Every slot has its reading, so no reading comes twice in a calendar year.

use manna_core::scripture::{VerseRange, passage};
use manna_core::{Date, Slot, church_day};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// Which reading each slot has, and the place each ordinary reading holds in its series.
#[derive(Debug, Clone, Default)]
pub struct ReadingYear {
    by_slot: HashMap<String, usize>,
    /// "Day n of <series>" for the readings on the ordinary days' path.
    series_day: HashMap<usize, String>,
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

/// Refuses readings whose reference names no passage, a reading without a
/// slot or with one the church year does not have, a slot given twice or not
/// at all, or a path reading without its series.
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
        let Some(slot) = slot_of(item) else {
            return Err(format!(
                "reading {id}: no \"slot\": every reading has its day in the church year"
            ));
        };
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
    check_spare_runs(readings)?;
    let mut missing: Vec<String> = Slot::all()
        .iter()
        .map(|s| s.key())
        .filter(|k| !seen.contains(k.as_str()))
        .collect();
    if !missing.is_empty() {
        missing.truncate(5);
        return Err(format!(
            "the readings have no reading for {} slot(s) of the church year, such as {}",
            Slot::all().len() - seen.len(),
            missing.join(", ")
        ));
    }
    Ok(())
}

/// Refuses a spare run (the path readings a short year may leave out: see
/// `manna_core::church_year::SPARE_RUNS`) that is not a series of its own, so
/// that leaving out its last readings never cuts a story short.
fn check_spare_runs(readings: &[Value]) -> Result<(), String> {
    let series = |n: u16| {
        let key = Slot::Ordinary(n).key();
        readings
            .iter()
            .find(|r| slot_of(r) == Some(key.as_str()))
            .and_then(|r| r["series"].as_str())
    };
    for (first, last) in manna_core::church_year::SPARE_RUNS {
        let run = series(first);
        let whole = (first..=last).all(|n| series(n) == run)
            && series(first - 1) != run
            && series(last + 1) != run;
        if !whole {
            return Err(format!(
                "the path's readings {} to {} may be left out in a short year, so they must be one series of their own, apart from the readings around them",
                Slot::Ordinary(first).key(),
                Slot::Ordinary(last).key()
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
            if let Some(slot) = slot_of(item) {
                year.by_slot.insert(slot.to_string(), index);
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

    /// The reading `date` shows: its slot's (none only when there are no readings).
    pub fn on(&self, date: Date) -> Option<DayReading> {
        let day = church_day(date);
        let index = *self.by_slot.get(&day.slot.key())?;
        let place = day.label.or_else(|| self.series_day.get(&index).cloned());
        Some(DayReading { index, place })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn date(s: &str) -> Date {
        s.parse().expect("valid")
    }

    /// A reading for every slot: Mark on the first two path days, the Psalms after.
    fn whole_year() -> Vec<Value> {
        Slot::all()
            .iter()
            .map(|slot| {
                let key = slot.key();
                let mut r =
                    json!({"id": format!("r-{key}"), "reference": "Luke 2:7-14", "slot": key});
                if let Slot::Ordinary(n) = slot {
                    let spare = manna_core::church_year::SPARE_RUNS
                        .iter()
                        .any(|&(first, last)| (first..=last).contains(n));
                    r["series"] = json!(match *n {
                        1 | 2 => "Mark",
                        _ if spare => "Proverbs",
                        _ => "Psalms",
                    });
                }
                r
            })
            .collect()
    }

    #[test]
    fn a_date_shows_its_slots_reading_with_its_place() {
        let readings = whole_year();
        check(&readings).expect("valid");
        let year = ReadingYear::new(&readings);
        let on = |d: &str| {
            let r = year.on(date(d)).expect("a reading");
            (
                readings[r.index]["slot"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                r.place,
            )
        };
        assert_eq!(
            on("2026-12-25"),
            ("christmas-day".into(), Some("Christmas Day".into()))
        );
        assert_eq!(
            on("2026-12-26"),
            ("christmas-02".into(), Some("Day 2 of Christmas".into()))
        );
        // The path counts each series' days from its first.
        assert_eq!(
            on("2026-01-08"),
            ("path-002".into(), Some("Day 2 of Mark".into()))
        );
        assert_eq!(
            on("2026-01-09"),
            ("path-003".into(), Some("Day 1 of Psalms".into()))
        );
        assert_eq!(
            on("2026-01-10"),
            ("path-004".into(), Some("Day 2 of Psalms".into()))
        );
        assert_eq!(ReadingYear::new(&[]).on(date("2026-01-10")), None);
    }

    #[test]
    fn a_year_with_a_reading_missing_doubled_unplaced_or_misnamed_is_refused() {
        let change = |f: &dyn Fn(&mut Vec<Value>)| {
            let mut readings = whole_year();
            f(&mut readings);
            check(&readings).expect_err("refused")
        };
        assert!(
            change(&|r| {
                r.pop();
            })
            .contains("no reading for 1 slot")
        );
        assert!(
            change(&|r| {
                r[0].as_object_mut().map(|o| o.remove("slot"));
            })
            .contains("no \"slot\"")
        );
        assert!(change(&|r| r[1]["slot"] = r[0]["slot"].clone()).contains("given twice"));
        assert!(change(&|r| r[0]["slot"] = json!("path-999")).contains("no slot \"path-999\""));
        let path = |r: &Vec<Value>| {
            r.iter()
                .position(|x| x["slot"] == "path-001")
                .expect("path-001")
        };
        assert!(
            change(&|r| {
                let at = path(r);
                r[at].as_object_mut().map(|o| o.remove("series"));
            })
            .contains("series")
        );
        assert!(change(&|r| r[0]["series"] = json!("Matthew")).contains("series"));
        // A spare run that is part of a longer story.
        let spare = |r: &Vec<Value>, n: u16| {
            r.iter()
                .position(|x| x["slot"] == Slot::Ordinary(n).key())
                .expect("on the path")
        };
        assert!(
            change(&|r| {
                let at = spare(r, 64);
                r[at]["series"] = json!("Psalms");
            })
            .contains("path-063 to path-069")
        );
        assert!(
            change(&|r| {
                let at = spare(r, 132);
                r[at]["series"] = json!("Proverbs");
            })
            .contains("path-125 to path-131")
        );
        assert!(change(&|r| r[0]["reference"] = json!("Psalm 23")).contains("Psalm 23"));
    }

    /// The shipped readings over ten years: every day its own reading (no
    /// reading twice in a calendar year), its slot's, with its place, and the
    /// great days' readings on their dates.
    #[test]
    fn the_shipped_year_never_repeats_and_keeps_the_feasts() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let files = super::super::read_content_files(&dir).expect("shipped content is valid");
        let readings = &files.items[&super::super::Kind::BibleReadings];
        let year = ReadingYear::new(readings);
        let slot = |index: usize| {
            readings[index]["slot"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        };
        for y in 2026..=2035 {
            let first = Date::new(y, 1, 1).expect("valid");
            let days = first.days_until(Date::new(y + 1, 1, 1).expect("valid"));
            let mut seen = HashMap::new();
            for d in 0..days {
                let date = first.add_days(d);
                let shown = year.on(date).expect("a reading every day");
                assert_eq!(slot(shown.index), church_day(date).slot.key(), "{date}");
                assert!(shown.place.is_some(), "{date}: no place shown");
                if let Some(other) = seen.insert(shown.index, date) {
                    panic!(
                        "{} is read on {other} and again on {date}",
                        slot(shown.index)
                    );
                }
            }
            assert_eq!(
                seen.len() as i64,
                days,
                "{y}: a reading of its own for every day"
            );
        }
        let great_days = [
            (
                "2026-11-29",
                "advent-sunday-1",
                "First Sunday of Advent",
                "Isaiah",
            ),
            ("2026-12-25", "christmas-day", "Christmas Day", "Luke 2:"),
            ("2027-01-06", "epiphany", "The Epiphany", "Matthew 2:"),
            ("2027-02-10", "ash-wednesday", "Ash Wednesday", "Joel 2:"),
            ("2027-03-21", "palm-sunday", "Palm Sunday", "Mark 11:"),
            (
                "2027-03-25",
                "maundy-thursday",
                "Maundy Thursday",
                "Luke 22:",
            ),
            ("2027-03-26", "good-friday", "Good Friday", "Mark 15:"),
            ("2027-03-28", "easter-day", "Easter Day", "Matthew 28:"),
            ("2027-05-06", "ascension-day", "Ascension Day", "Acts 1:"),
            ("2027-05-16", "pentecost", "Pentecost", "Acts 2:"),
            (
                "2027-05-23",
                "trinity-sunday",
                "Trinity Sunday",
                "Matthew 28:",
            ),
            ("2030-04-21", "easter-day", "Easter Day", "Matthew 28:"),
        ];
        for (day, key, label, book) in great_days {
            let shown = year.on(date(day)).expect("a reading");
            assert_eq!(slot(shown.index), key, "{day}");
            assert_eq!(shown.place.as_deref(), Some(label), "{day}");
            let reference = readings[shown.index]["reference"]
                .as_str()
                .unwrap_or_default();
            assert!(reference.starts_with(book), "{day}: {reference}");
        }
    }
}
