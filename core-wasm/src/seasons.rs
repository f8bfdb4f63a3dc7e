//! The seasons of the northern hemisphere, the one vocabulary a food's
//! `season` is written in, and the rotation that shows each food only in its
//! season and never twice within [`MIN_GAP`] days.
//!
//! The seasons are the meteorological ones: spring is March to May, summer
//! June to August, autumn September to November, winter December to February.
//! A `season` text names one or more of them ("Summer", "Autumn and Winter",
//! "Autumn, Winter and Spring") or says "All year".
//!
//! # How the rotation keeps its promise
//! Each season is cut into two halves of 45 or 46 days (winter's second half
//! has 46 days in a leap year). Every food gets one slot, 0 to 45, and day `s`
//! of a half shows a food of slot `s` that is in season. So within a half no
//! food is shown twice, and a food is only ever shown on its own slot's day of
//! a half, at least 45 days after the same day of the half before. The slots
//! are filled so that each has a food of every season; where a slot has more
//! than one, the halves take turns.

use crate::calendar::Date;
use crate::rotation::stable_hash;
use std::str::FromStr;

/// The fewest days between two showings of the same food.
pub const MIN_GAP: i64 = 45;

/// Days of the longest half-season: the number of slots.
const SLOTS: usize = 46;

/// Where each half-season starts, counted in days from 1 March.
const HALF_STARTS: [i64; 8] = [0, 46, 92, 138, 184, 230, 275, 320];

/// A season of the northern hemisphere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Season {
    Spring,
    Summer,
    Autumn,
    Winter,
}

impl Season {
    /// In the order of the year from March.
    pub const ALL: [Season; 4] = [
        Season::Spring,
        Season::Summer,
        Season::Autumn,
        Season::Winter,
    ];

    /// The season `date` falls in.
    pub fn of(date: Date) -> Season {
        match date.month {
            3..=5 => Season::Spring,
            6..=8 => Season::Summer,
            9..=11 => Season::Autumn,
            _ => Season::Winter,
        }
    }

    /// Its name as a `season` text writes it.
    pub fn name(self) -> &'static str {
        match self {
            Season::Spring => "Spring",
            Season::Summer => "Summer",
            Season::Autumn => "Autumn",
            Season::Winter => "Winter",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The seasons a food is in, read from its `season` text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeasonSet(u8);

/// What a `season` text says when it says every season.
pub const ALL_YEAR: &str = "All year";

impl SeasonSet {
    pub fn contains(self, season: Season) -> bool {
        self.0 & season.bit() != 0
    }

    /// How many of the four seasons it holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn with(self, season: Season) -> SeasonSet {
        SeasonSet(self.0 | season.bit())
    }
}

impl FromStr for SeasonSet {
    type Err = String;

    /// "All year", or season names joined by ", " and a last " and ":
    /// "Spring", "Autumn and Winter", "Autumn, Winter and Spring".
    fn from_str(text: &str) -> Result<Self, String> {
        if text == ALL_YEAR {
            return Ok(Season::ALL
                .iter()
                .fold(SeasonSet::default(), |s, &x| s.with(x)));
        }
        let refused = || {
            format!(
                "\"{text}\" is not a season: write \"{ALL_YEAR}\" or season names (Spring, Summer, Autumn, Winter) joined by \", \" and \" and \", such as \"Autumn and Winter\""
            )
        };
        let (head, last) = match text.rsplit_once(" and ") {
            Some((head, last)) => (head, Some(last)),
            None => (text, None),
        };
        let mut set = SeasonSet::default();
        for name in head.split(", ").chain(last) {
            let season = Season::ALL
                .into_iter()
                .find(|s| s.name() == name)
                .ok_or_else(refused)?;
            if set.contains(season) {
                return Err(format!("\"{text}\" names {name} twice"));
            }
            set = set.with(season);
        }
        Ok(set)
    }
}

/// The half-season a date falls in, as a count of its season's halves (two a
/// year, so the foods of a slot in that season take turns), and the date's
/// day within its half.
fn half_of(date: Date) -> (i64, usize) {
    let year = if date.month >= 3 {
        date.year
    } else {
        date.year - 1
    };
    let march = Date {
        year,
        month: 3,
        day: 1,
    };
    let day = march.days_until(date);
    let half = HALF_STARTS
        .iter()
        .rposition(|&start| start <= day)
        .unwrap_or(0);
    (
        i64::from(year) * 2 + (half % 2) as i64,
        (day - HALF_STARTS[half]) as usize,
    )
}

/// Which seasonal item a date shows: each only in its season, none twice
/// within [`MIN_GAP`] days.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeasonalRotation {
    /// The items of each slot, in the order they take turns.
    slots: Vec<Vec<(usize, SeasonSet)>>,
}

impl SeasonalRotation {
    /// Spreads the items (given by their seasons, in list order) over the
    /// slots. Refused when some season has too few items for a half-season
    /// without repeats; `salt` mixes the order so each list has its own.
    pub fn new(items: &[SeasonSet], salt: &str) -> Result<Self, String> {
        let short: Vec<String> = Season::ALL
            .into_iter()
            .filter_map(|season| {
                let n = items.iter().filter(|s| s.contains(season)).count();
                (n < SLOTS).then(|| format!("{} has {n}", season.name()))
            })
            .collect();
        if !short.is_empty() {
            return Err(format!(
                "every season needs at least {SLOTS} items in season, so none is shown twice within {MIN_GAP} days: {}",
                short.join(", ")
            ));
        }
        // Foods of more seasons first, each to the slot it completes most;
        // ties go to the emptiest slot, then by a hash of the item.
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by_key(|&i| {
            (
                std::cmp::Reverse(items[i].len()),
                stable_hash(&format!("{salt}:{i}")),
            )
        });
        let mut slots: Vec<Vec<(usize, SeasonSet)>> = vec![Vec::new(); SLOTS];
        let covered = |slot: &[(usize, SeasonSet)]| {
            slot.iter()
                .fold(SeasonSet::default(), |a, (_, s)| SeasonSet(a.0 | s.0))
        };
        // The last slot is only reached by 46-day halves (winter's only on
        // 29 February), so a food of one season could wait years there: an
        // all-year food, where there is one, takes it alone.
        let mut open = SLOTS;
        if let Some(&first) = order.first().filter(|&&i| items[i].len() == 4) {
            slots[SLOTS - 1].push((first, items[first]));
            order.remove(0);
            open = SLOTS - 1;
        }
        for i in order {
            let set = items[i];
            let best = (0..open)
                .max_by_key(|&k| {
                    let new = SeasonSet(set.0 & !covered(&slots[k]).0).len();
                    (new, std::cmp::Reverse(slots[k].len()), std::cmp::Reverse(k))
                })
                .unwrap_or(0);
            slots[best].push((i, set));
        }
        if let Some(k) = slots.iter().position(|s| covered(s).len() < 4) {
            let missing = Season::ALL
                .into_iter()
                .filter(|s| !covered(&slots[k]).contains(*s))
                .map(Season::name)
                .collect::<Vec<_>>()
                .join(", ");
            return Err(format!(
                "the items cannot be spread so that each day of a half-season has one in season ({missing} lacks one): add items of {missing}"
            ));
        }
        Ok(SeasonalRotation { slots })
    }

    /// The index of the item `date` shows; `None` when there are no items.
    pub fn index_on(&self, date: Date) -> Option<usize> {
        let (turn, day) = half_of(date);
        let season = Season::of(date);
        let in_season: Vec<usize> = self
            .slots
            .get(day)?
            .iter()
            .filter(|(_, s)| s.contains(season))
            .map(|(i, _)| *i)
            .collect();
        let turn = turn.rem_euclid(in_season.len().max(1) as i64) as usize;
        in_season.get(turn).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn date(s: &str) -> Date {
        s.parse().expect("valid date")
    }

    fn set(s: &str) -> SeasonSet {
        s.parse().expect("a season")
    }

    #[test]
    fn a_season_text_reads_in_one_vocabulary() {
        assert_eq!(set("All year").len(), 4);
        let cold = set("Autumn, Winter and Spring");
        assert!(cold.contains(Season::Winter) && cold.contains(Season::Spring));
        assert!(!cold.contains(Season::Summer));
        assert_eq!(set("Winter and Spring"), set("Spring and Winter"));
        for bad in [
            "Late Summer",
            "All year (dried)",
            "summer",
            "Autumn and Autumn",
            "",
            "Spring,Summer",
        ] {
            assert!(bad.parse::<SeasonSet>().is_err(), "{bad:?} was read");
        }
    }

    #[test]
    fn the_seasons_are_the_meteorological_ones_of_the_north() {
        assert_eq!(Season::of(date("2026-02-28")), Season::Winter);
        assert_eq!(Season::of(date("2026-03-01")), Season::Spring);
        assert_eq!(Season::of(date("2026-08-31")), Season::Summer);
        assert_eq!(Season::of(date("2026-11-30")), Season::Autumn);
        assert_eq!(Season::of(date("2026-12-01")), Season::Winter);
    }

    #[test]
    fn the_halves_of_a_year_cover_every_day_once() {
        let mut seen = HashMap::new();
        for d in 0..366 * 4 {
            let day = date("2027-03-01").add_days(d);
            let (half, within) = half_of(day);
            assert!(within < SLOTS, "{day} is day {within} of its half");
            assert!(
                seen.insert((half, Season::of(day), within), day).is_none(),
                "{day}"
            );
            // A half never spans two seasons.
            let start = day.add_days(-(within as i64));
            assert_eq!(Season::of(start), Season::of(day), "{day}");
        }
    }

    /// A year's worth of foods: `n` of each one-season kind and `all` of every season.
    fn foods(n: usize, all: usize) -> Vec<SeasonSet> {
        let mut out = vec![set("All year"); all];
        for s in Season::ALL {
            out.extend(std::iter::repeat_n(set(s.name()), n));
        }
        out
    }

    #[test]
    fn items_show_only_in_season_and_not_twice_within_the_gap() {
        // With all-year items and without; with items of two and three seasons.
        let mut mixed = foods(20, 10);
        for text in [
            "Autumn and Winter",
            "Winter and Spring",
            "Spring and Summer",
            "Summer and Autumn",
        ] {
            mixed.extend(std::iter::repeat_n(set(text), 8));
        }
        mixed.extend(std::iter::repeat_n(set("Autumn, Winter and Spring"), 4));
        for items in [foods(30, 20), foods(46, 0), mixed] {
            let rotation = SeasonalRotation::new(&items, "test").expect("enough items");
            let mut last: HashMap<usize, Date> = HashMap::new();
            let mut shown = std::collections::HashSet::new();
            for d in 0..366 * 4 {
                let day = date("2026-01-01").add_days(d);
                let i = rotation.index_on(day).expect("an item every day");
                assert!(
                    items[i].contains(Season::of(day)),
                    "{day}: item {i} is out of season"
                );
                if let Some(before) = last.insert(i, day) {
                    assert!(
                        before.days_until(day) >= MIN_GAP,
                        "{i} on {before} and {day}"
                    );
                }
                shown.insert(i);
            }
            assert_eq!(shown.len(), items.len(), "every item has its days");
        }
    }

    #[test]
    fn too_few_items_of_a_season_are_refused_with_the_season_named() {
        let mut items = foods(30, 20);
        items.retain(|s| *s != set("Winter"));
        items.extend(std::iter::repeat_n(set("Winter"), 25));
        let err = SeasonalRotation::new(&items, "test").expect_err("45 winter items");
        assert!(err.contains("Winter has 45"), "{err}");
        assert_eq!(
            SeasonalRotation::default().index_on(date("2026-11-24")),
            None
        );
    }
}
