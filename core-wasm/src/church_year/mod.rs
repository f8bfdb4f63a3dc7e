//! The church year: where a date stands in the Christian calendar, and so which
//! of the year's readings it shows.
//!
//! The year (1 January to 31 December) is cut into seasons anchored to
//! Christmas and to Easter: the last days of Christmas, the Epiphany, a first
//! stretch of ordinary days, Lent, Holy Week, the fifty days of Easter, the
//! week of Pentecost, a second stretch of ordinary days, Advent, and the first
//! days of Christmas. Each season has its own readings ("slots"), and the
//! ordinary days share one path read straight through, the first stretch then
//! the second, so no slot comes twice in a calendar year.
//!
//! The path has a reading for the longest year's ordinary days. A shorter year
//! leaves out as many readings as it lacks days, always from one of two spare
//! runs (readings that stand alone, such as a week of Proverbs between two
//! books), the one in even years and the other in odd: so every year reads the
//! path to its end before Advent, and no reading goes unread two years running.

use crate::Date;

mod slot;
pub use slot::{Feast, Slot};
use slot::{HOLY_WEEK, ORDINALS};

/// The longest the two stretches of ordinary days can be together (Epiphany to
/// Ash Wednesday, Trinity Sunday to Advent): 228 days, in years whose Easter is
/// early and whose Advent starts late.
pub const ORDINARY_DAYS: u16 = 228;
/// The most weekdays Advent can have (it runs 22 to 28 days, four of them Sundays).
pub const ADVENT_WEEKDAYS: u8 = 24;
/// The path's two spare runs (first and last reading): a year with fewer than
/// `ORDINARY_DAYS` ordinary days leaves out the last readings of one of them,
/// the first run in even years and the second in odd ones.
pub const SPARE_RUNS: [(u16, u16); 2] = [(63, 69), (125, 131)];
/// The most readings a year leaves out: each spare run must be this long.
pub const MOST_LEFT_OUT: u16 = 7;
/// Days after Ash Wednesday up to the Saturday before Palm Sunday.
pub const LENT_DAYS: u8 = 38;
/// Days from Easter Day to the Saturday before Pentecost, Easter Day being 1.
pub const EASTER_DAYS: u8 = 49;
/// Easter's day number of the Ascension (a Thursday, forty days on).
pub(super) const ASCENSION_DAY: u8 = 40;
/// Days from Pentecost to Trinity Sunday, Pentecost being 1.
pub(super) const PENTECOST_DAYS: u8 = 7;

/// Easter Sunday of `year` by the Gregorian computus (the anonymous algorithm
/// published in *Nature* in 1876, as Meeus gives it).
pub fn easter(year: i32) -> Date {
    let a = year.rem_euclid(19);
    let (b, c) = (year.div_euclid(100), year.rem_euclid(100));
    let (d, e) = (b / 4, b % 4);
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    Date {
        year,
        month: month as u32,
        day: day as u32,
    }
}

/// The First Sunday of Advent: the fourth Sunday before Christmas Day.
pub fn advent_sunday(year: i32) -> Date {
    let eve = Date {
        year,
        month: 12,
        day: 24,
    };
    let last_sunday = eve.add_days(-i64::from((eve.weekday_from_monday() + 1) % 7));
    last_sunday.add_days(-21)
}

/// Where a date stands in the church year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChurchDay {
    pub slot: Slot,
    /// "Week 2 of Advent", "Good Friday", "Day 5 of Christmas"; none on the
    /// ordinary days, whose place is the path's ("Day 12 of Mark").
    pub label: Option<String>,
}

fn is_sunday(date: Date) -> bool {
    date.weekday_from_monday() == 6
}

fn week_label(season: &str, days_in: i64) -> String {
    format!("Week {} of {season}", days_in / 7 + 1)
}

fn ordinal_sunday(n: i64, season: &str) -> String {
    format!(
        "{} Sunday {season}",
        ORDINALS[(n as usize).min(ORDINALS.len()) - 1]
    )
}

/// Where `date` stands in the church year.
pub fn church_day(date: Date) -> ChurchDay {
    let year = date.year;
    let on = |month, day| Date { year, month, day };
    let labelled = |slot: Slot, label: String| ChurchDay {
        slot,
        label: Some(label),
    };
    let feast = |feast: Feast| labelled(Slot::Feast(feast), feast.name());

    if date >= on(12, 25) {
        let n = date.day - 24;
        if n == 1 {
            return feast(Feast::ChristmasDay);
        }
        return labelled(Slot::Christmas(n as u8), format!("Day {n} of Christmas"));
    }
    if date <= on(1, 5) {
        let n = date.day + 7;
        return labelled(Slot::Christmas(n as u8), format!("Day {n} of Christmas"));
    }
    if date == on(1, 6) {
        return feast(Feast::Epiphany);
    }
    let easter = easter(year);
    let ash = easter.add_days(-46);
    let first_stretch = on(1, 7).days_until(ash);
    if date < ash {
        return ordinary(year, on(1, 7).days_until(date) + 1);
    }
    if date == ash {
        return feast(Feast::AshWednesday);
    }
    let palm = easter.add_days(-7);
    if date < palm {
        let first_sunday = ash.add_days(4);
        let label = if date < first_sunday {
            "The days after Ash Wednesday".to_string()
        } else if is_sunday(date) {
            ordinal_sunday(first_sunday.days_until(date) / 7 + 1, "in Lent")
        } else {
            week_label("Lent", first_sunday.days_until(date))
        };
        return labelled(Slot::Lent(ash.days_until(date) as u8), label);
    }
    if date < easter {
        return match palm.days_until(date) {
            0 => feast(Feast::PalmSunday),
            4 => feast(Feast::MaundyThursday),
            5 => feast(Feast::GoodFriday),
            n => {
                let day = HOLY_WEEK[n as usize];
                let day = format!("{}{}", day[..1].to_uppercase(), &day[1..]);
                labelled(Slot::HolyWeek(n as u8), format!("{day} of Holy Week"))
            }
        };
    }
    let pentecost = easter.add_days(49);
    if date < pentecost {
        let n = easter.days_until(date) + 1;
        return match n as u8 {
            1 => feast(Feast::EasterDay),
            ASCENSION_DAY => feast(Feast::Ascension),
            d if is_sunday(date) => {
                labelled(Slot::Easter(d), ordinal_sunday(n / 7 + 1, "of Easter"))
            }
            d => labelled(Slot::Easter(d), week_label("Easter", n - 1)),
        };
    }
    let trinity = easter.add_days(56);
    if date == pentecost {
        return feast(Feast::Pentecost);
    }
    if date < trinity {
        let n = pentecost.days_until(date) + 1;
        return labelled(Slot::Pentecost(n as u8), "The week of Pentecost".into());
    }
    if date == trinity {
        return feast(Feast::TrinitySunday);
    }
    let advent = advent_sunday(year);
    if date < advent {
        return ordinary(year, first_stretch + trinity.days_until(date));
    }
    let week = advent.days_until(date) / 7 + 1;
    if is_sunday(date) {
        return feast(Feast::AdventSunday(week as u8));
    }
    // Count back from Christmas Eve: the weekdays still to come after this one.
    let eve = on(12, 24);
    let still_to_come = (1..=date.days_until(eve))
        .filter(|&d| !is_sunday(date.add_days(d)))
        .count() as u8;
    labelled(
        Slot::Advent(ADVENT_WEEKDAYS - still_to_come),
        week_label("Advent", advent.days_until(date)),
    )
}

/// How many ordinary days `year` has: from 7 January to the eve of Ash
/// Wednesday, and from the day after Trinity Sunday to the eve of Advent.
pub fn ordinary_days(year: i32) -> u16 {
    let easter = easter(year);
    let first = Date {
        year,
        month: 1,
        day: 7,
    }
    .days_until(easter.add_days(-46));
    let second = easter.add_days(56).days_until(advent_sunday(year)) - 1;
    (first + second) as u16
}

/// The path's reading on the `day`th ordinary day of `year`: the day itself
/// after the readings the year leaves out (the last of its spare run).
fn path_reading(year: i32, day: u16) -> u16 {
    let left_out = ORDINARY_DAYS
        .saturating_sub(ordinary_days(year))
        .min(MOST_LEFT_OUT);
    let (_, last) = SPARE_RUNS[year.rem_euclid(2) as usize];
    if day + left_out > last {
        day + left_out
    } else {
        day
    }
}

fn ordinary(year: i32, day: i64) -> ChurchDay {
    ChurchDay {
        slot: Slot::Ordinary(path_reading(year, day as u16)),
        label: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> Date {
        s.parse().expect("valid date")
    }

    fn label(s: &str) -> String {
        church_day(date(s)).label.unwrap_or_default()
    }

    #[test]
    fn the_feasts_of_2026_fall_on_their_days() {
        assert_eq!(easter(2026), date("2026-04-05"));
        assert_eq!(advent_sunday(2026), date("2026-11-29"));
        for (day, name) in [
            ("2026-01-06", "The Epiphany"),
            ("2026-02-18", "Ash Wednesday"),
            ("2026-03-29", "Palm Sunday"),
            ("2026-04-02", "Maundy Thursday"),
            ("2026-04-03", "Good Friday"),
            ("2026-04-05", "Easter Day"),
            ("2026-05-14", "Ascension Day"),
            ("2026-05-24", "Pentecost"),
            ("2026-05-31", "Trinity Sunday"),
            ("2026-11-29", "First Sunday of Advent"),
            ("2026-12-20", "Fourth Sunday of Advent"),
            ("2026-12-25", "Christmas Day"),
        ] {
            assert_eq!(label(day), name, "{day}");
        }
    }

    #[test]
    fn the_seasons_name_their_weeks() {
        assert_eq!(label("2026-12-01"), "Week 1 of Advent");
        assert_eq!(label("2026-12-16"), "Week 3 of Advent");
        assert_eq!(label("2026-12-28"), "Day 4 of Christmas");
        assert_eq!(label("2027-01-05"), "Day 12 of Christmas");
        assert_eq!(label("2026-02-20"), "The days after Ash Wednesday");
        assert_eq!(label("2026-02-22"), "First Sunday in Lent");
        assert_eq!(label("2026-03-04"), "Week 2 of Lent");
        assert_eq!(label("2026-03-31"), "Tuesday of Holy Week");
        assert_eq!(label("2026-04-04"), "Saturday of Holy Week");
        assert_eq!(label("2026-04-08"), "Week 1 of Easter");
        assert_eq!(label("2026-04-12"), "Second Sunday of Easter");
        assert_eq!(church_day(date("2026-07-01")).label, None);
    }

    /// Each ordinary day's path reading in `year`, in order.
    fn path_of(year: i32) -> Vec<u16> {
        let mut day = Date {
            year,
            month: 1,
            day: 1,
        };
        let mut read = Vec::new();
        while day.year == year {
            if let Slot::Ordinary(n) = church_day(day).slot {
                read.push(n);
            }
            day = day.add_days(1);
        }
        read
    }

    #[test]
    fn every_year_reads_the_path_to_its_end_and_no_reading_goes_unread_two_years_running() {
        let mut unread_last_year: Vec<u16> = Vec::new();
        for year in 2025..=2075 {
            let read = path_of(year);
            assert!(
                read.windows(2).all(|w| w[0] < w[1]),
                "{year}: the path is read in order"
            );
            // The path's last week is read on the days just before Advent.
            let eve_of_advent = advent_sunday(year).add_days(-1);
            assert_eq!(
                church_day(eve_of_advent).slot,
                Slot::Ordinary(ORDINARY_DAYS),
                "{year}"
            );
            assert_eq!(
                &read[read.len() - 6..],
                &[223, 224, 225, 226, 227, 228],
                "{year}"
            );
            // What is left out is only the end of one spare run.
            let unread: Vec<u16> = (1..=ORDINARY_DAYS).filter(|n| !read.contains(n)).collect();
            assert_eq!(
                unread.len(),
                usize::from(ORDINARY_DAYS - ordinary_days(year)),
                "{year}"
            );
            let (first, last) = SPARE_RUNS[year.rem_euclid(2) as usize];
            assert!(
                unread.iter().all(|n| (first..=last).contains(n)),
                "{year}: {unread:?}"
            );
            assert!(
                unread.iter().all(|n| !unread_last_year.contains(n)),
                "{year}: {unread:?} went unread the year before too"
            );
            unread_last_year = unread;
        }
    }

    #[test]
    fn no_year_lacks_more_days_than_a_spare_run_has() {
        for year in 1583..=3000 {
            let days = ordinary_days(year);
            assert!(
                days <= ORDINARY_DAYS && ORDINARY_DAYS - days <= MOST_LEFT_OUT,
                "{year}: {days}"
            );
        }
        for (first, last) in SPARE_RUNS {
            assert_eq!(last - first + 1, MOST_LEFT_OUT);
        }
    }

    #[test]
    fn the_last_weekday_of_advent_always_has_the_last_advent_reading() {
        for year in 1990..2100 {
            let eve = Date {
                year,
                month: 12,
                day: 24,
            };
            let last = if is_sunday(eve) {
                eve.add_days(-1)
            } else {
                eve
            };
            assert_eq!(
                church_day(last).slot,
                Slot::Advent(ADVENT_WEEKDAYS),
                "{year}"
            );
        }
    }
}
