//! The days of the church year that have a reading of their own: the feasts,
//! and the seasons' days, each named by a key the content files use.

use super::{
    ADVENT_WEEKDAYS, ASCENSION_DAY, EASTER_DAYS, LENT_DAYS, ORDINARY_DAYS, PENTECOST_DAYS,
};

/// The feasts and holy days that have a reading of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feast {
    /// The first to fourth Sundays of Advent.
    AdventSunday(u8),
    ChristmasDay,
    Epiphany,
    AshWednesday,
    PalmSunday,
    MaundyThursday,
    GoodFriday,
    EasterDay,
    Ascension,
    Pentecost,
    TrinitySunday,
}

/// Which of the year's readings a day shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Feast(Feast),
    /// A weekday of Advent, 1 to 24, counted so that 24 is always the last
    /// before Christmas (short Advents skip the first ones).
    Advent(u8),
    /// The second to twelfth days of Christmas (26 December to 5 January).
    Christmas(u8),
    /// The days after Ash Wednesday, 1 to 38.
    Lent(u8),
    /// Monday, Tuesday, Wednesday or Saturday of Holy Week: days after Palm Sunday (1, 2, 3, 6).
    HolyWeek(u8),
    /// A day of Easter, Easter Day being 1: 2 to 49 but the Ascension's 40.
    Easter(u8),
    /// Monday to Saturday after Pentecost, Pentecost being 1: 2 to 7.
    Pentecost(u8),
    /// The ordinary days' path, 1 to 228.
    Ordinary(u16),
}

pub(super) const ORDINALS: [&str; 7] = [
    "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh",
];

impl Feast {
    /// The name a reader sees.
    pub fn name(self) -> String {
        match self {
            Feast::AdventSunday(n) => format!("{} Sunday of Advent", ORDINALS[usize::from(n) - 1]),
            Feast::ChristmasDay => "Christmas Day".into(),
            Feast::Epiphany => "The Epiphany".into(),
            Feast::AshWednesday => "Ash Wednesday".into(),
            Feast::PalmSunday => "Palm Sunday".into(),
            Feast::MaundyThursday => "Maundy Thursday".into(),
            Feast::GoodFriday => "Good Friday".into(),
            Feast::EasterDay => "Easter Day".into(),
            Feast::Ascension => "Ascension Day".into(),
            Feast::Pentecost => "Pentecost".into(),
            Feast::TrinitySunday => "Trinity Sunday".into(),
        }
    }

    fn key(self) -> String {
        match self {
            Feast::AdventSunday(n) => format!("advent-sunday-{n}"),
            other => other
                .name()
                .to_lowercase()
                .trim_start_matches("the ")
                .replace(' ', "-"),
        }
    }
}

pub(super) const HOLY_WEEK: [&str; 7] = ["", "monday", "tuesday", "wednesday", "", "", "saturday"];

impl Slot {
    /// The slot's name in the content files: `advent-sunday-1`, `good-friday`,
    /// `lent-07`, `holy-monday`, `path-001`…
    pub fn key(self) -> String {
        match self {
            Slot::Feast(feast) => feast.key(),
            Slot::Advent(n) => format!("advent-{n:02}"),
            Slot::Christmas(n) => format!("christmas-{n:02}"),
            Slot::Lent(n) => format!("lent-{n:02}"),
            Slot::HolyWeek(n) => format!("holy-{}", HOLY_WEEK[usize::from(n)]),
            Slot::Easter(n) => format!("easter-{n:02}"),
            Slot::Pentecost(n) => format!("pentecost-{n:02}"),
            Slot::Ordinary(n) => format!("path-{n:03}"),
        }
    }

    /// Every slot a year can show, in the order of the church year from Advent.
    pub fn all() -> Vec<Slot> {
        let mut all: Vec<Slot> = (1..=4)
            .map(|n| Slot::Feast(Feast::AdventSunday(n)))
            .collect();
        all.extend((1..=ADVENT_WEEKDAYS).map(Slot::Advent));
        all.push(Slot::Feast(Feast::ChristmasDay));
        all.extend((2..=12).map(Slot::Christmas));
        all.push(Slot::Feast(Feast::Epiphany));
        all.extend((1..=ORDINARY_DAYS).map(Slot::Ordinary));
        all.push(Slot::Feast(Feast::AshWednesday));
        all.extend((1..=LENT_DAYS).map(Slot::Lent));
        all.push(Slot::Feast(Feast::PalmSunday));
        all.extend([1, 2, 3].map(Slot::HolyWeek));
        all.extend([Feast::MaundyThursday, Feast::GoodFriday].map(Slot::Feast));
        all.push(Slot::HolyWeek(6));
        all.push(Slot::Feast(Feast::EasterDay));
        all.extend(
            (2..=EASTER_DAYS)
                .filter(|&d| d != ASCENSION_DAY)
                .map(Slot::Easter),
        );
        all.push(Slot::Feast(Feast::Ascension));
        all.push(Slot::Feast(Feast::Pentecost));
        all.extend((2..=PENTECOST_DAYS).map(Slot::Pentecost));
        all.push(Slot::Feast(Feast::TrinitySunday));
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_keys_are_the_content_files_names() {
        let keys: Vec<String> = Slot::all().iter().map(|s| s.key()).collect();
        for key in [
            "advent-sunday-1",
            "advent-24",
            "christmas-day",
            "christmas-12",
            "epiphany",
        ] {
            assert!(keys.contains(&key.to_string()), "{key}");
        }
        for key in [
            "path-001",
            "path-228",
            "ash-wednesday",
            "lent-38",
            "palm-sunday",
            "holy-monday",
        ] {
            assert!(keys.contains(&key.to_string()), "{key}");
        }
        for key in [
            "maundy-thursday",
            "good-friday",
            "holy-saturday",
            "easter-day",
            "easter-39",
        ] {
            assert!(keys.contains(&key.to_string()), "{key}");
        }
        for key in [
            "ascension-day",
            "easter-41",
            "pentecost",
            "pentecost-07",
            "trinity-sunday",
        ] {
            assert!(keys.contains(&key.to_string()), "{key}");
        }
        assert!(!keys.contains(&"easter-40".to_string()));
    }
}
