//! The church year against a table of Easter dates, and over three centuries:
//! every date has a slot, no slot comes twice in a calendar year, and the
//! feasts keep their days of the week.

use manna_core::church_year::{ADVENT_WEEKDAYS, Feast, ORDINARY_DAYS, advent_sunday, easter};
use manna_core::{Date, Slot, church_day};
use std::collections::HashSet;

fn dates_of(year: i32) -> impl Iterator<Item = Date> {
    let first = Date::new(year, 1, 1).expect("valid");
    let next = Date::new(year + 1, 1, 1).expect("valid");
    (0..next.to_days() - first.to_days()).map(move |d| first.add_days(d))
}

#[test]
fn easter_matches_the_table_for_1900_to_2200() {
    let table = include_str!("easter-dates.txt");
    let mut checked = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let expected: Date = line.parse().expect("a date per line");
        assert_eq!(easter(expected.year), expected);
        checked += 1;
    }
    assert_eq!(checked, 301);
}

#[test]
fn every_year_shows_each_slot_at_most_once() {
    let all: HashSet<Slot> = Slot::all().into_iter().collect();
    assert_eq!(all.len(), Slot::all().len(), "a slot is listed twice");
    for year in 1900..=2200 {
        let mut seen = HashSet::new();
        for date in dates_of(year) {
            let slot = church_day(date).slot;
            assert!(all.contains(&slot), "{date}: {slot:?} is not a slot");
            assert!(seen.insert(slot), "{date}: {slot:?} comes twice in {year}");
        }
    }
}

#[test]
fn the_ordinary_path_and_advent_fit_their_slots_and_advent_keeps_its_end() {
    let (mut longest_path, mut shortest_advent) = (0, u8::MAX);
    for year in 1900..=2200 {
        let path = dates_of(year)
            .filter(|d| matches!(church_day(*d).slot, Slot::Ordinary(_)))
            .count();
        longest_path = longest_path.max(path);
        let first = dates_of(year).find_map(|d| match church_day(d).slot {
            Slot::Advent(n) => Some(n),
            _ => None,
        });
        shortest_advent =
            shortest_advent.min(ADVENT_WEEKDAYS + 1 - first.expect("Advent has weekdays"));
    }
    assert_eq!(longest_path, usize::from(ORDINARY_DAYS));
    assert_eq!(shortest_advent, 18);
}

#[test]
fn feasts_keep_their_days_and_dates() {
    for year in 1900..=2200 {
        let e = easter(year);
        let weekday = |d: Date| d.weekday_from_monday();
        assert_eq!(weekday(e), 6, "{year}: Easter on a Sunday");
        assert_eq!(weekday(advent_sunday(year)), 6);
        let day = |d: Date| church_day(d).slot;
        assert_eq!(day(e), Slot::Feast(Feast::EasterDay));
        assert_eq!(day(e.add_days(-2)), Slot::Feast(Feast::GoodFriday));
        assert_eq!(day(e.add_days(-3)), Slot::Feast(Feast::MaundyThursday));
        assert_eq!(day(e.add_days(-7)), Slot::Feast(Feast::PalmSunday));
        assert_eq!(weekday(e.add_days(-46)), 2, "Ash Wednesday");
        assert_eq!(day(e.add_days(-46)), Slot::Feast(Feast::AshWednesday));
        assert_eq!(day(e.add_days(39)), Slot::Feast(Feast::Ascension));
        assert_eq!(day(e.add_days(49)), Slot::Feast(Feast::Pentecost));
        assert_eq!(day(e.add_days(56)), Slot::Feast(Feast::TrinitySunday));
        let on = |m, d| Date::new(year, m, d).expect("valid");
        assert_eq!(day(on(12, 25)), Slot::Feast(Feast::ChristmasDay));
        assert_eq!(day(on(1, 6)), Slot::Feast(Feast::Epiphany));
        for n in 1..=4u8 {
            let sunday = advent_sunday(year).add_days(7 * i64::from(n - 1));
            assert_eq!(day(sunday), Slot::Feast(Feast::AdventSunday(n)));
            assert!(sunday <= on(12, 24));
        }
    }
}
