//! Counting days on local calendar dates: the day of something that starts
//! on a date (day 1 on that date), the date of its day n, the day of a plan
//! as its pages show it, and the first day of a span of days ending on a
//! date (a chart's). The browser passes its own local dates (a record's
//! instant turned into the person's local date first), so a day turns at the
//! person's midnight, never at UTC's.

use crate::Date;

/// The day (from 1) that `date` is of something that starts on `start`: 1 on
/// `start` itself, 2 the day after, 0 the day before.
pub fn day_of(start: Date, date: Date) -> i64 {
    start.days_until(date) + 1
}

/// The date of day `day` (from 1) of something that starts on `start`.
pub fn date_of_day(start: Date, day: i64) -> Date {
    start.add_days(day - 1)
}

/// The day of a plan of `length` days started on `start` that `today` is, as
/// the plan's pages show it: 1 on its start date (and before it, for a plan
/// started ahead), `length` from its last day on.
pub fn plan_day(start: Date, today: Date, length: u32) -> u32 {
    // From 1 to `length` (1 for a plan of no days): the cast keeps the value.
    day_of(start, today).min(i64::from(length)).max(1) as u32
}

/// The first of the `days` days that end on `last` (a chart's span): `last`
/// itself for a span of one day (or none).
pub fn span_start(last: Date, days: u32) -> Date {
    last.add_days(1 - i64::from(days.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().expect("valid date")
    }

    #[test]
    fn day_one_is_the_start_date() {
        let start = d("2026-11-23");
        assert_eq!(day_of(start, start), 1);
        assert_eq!(day_of(start, d("2026-11-24")), 2);
        assert_eq!(day_of(start, d("2026-11-22")), 0);
        assert_eq!(date_of_day(start, 1), start);
        assert_eq!(date_of_day(start, 30), d("2026-12-22"));
        assert_eq!(date_of_day(start, 0), d("2026-11-22"));
    }

    #[test]
    fn days_count_across_months_years_and_leap_days() {
        assert_eq!(day_of(d("2026-01-31"), d("2026-02-01")), 2);
        assert_eq!(day_of(d("2026-02-28"), d("2026-03-01")), 2);
        assert_eq!(day_of(d("2024-02-28"), d("2024-03-01")), 3);
        assert_eq!(day_of(d("2024-02-29"), d("2024-03-01")), 2);
        assert_eq!(day_of(d("2025-12-31"), d("2026-01-01")), 2);
        assert_eq!(day_of(d("2024-12-15"), d("2025-01-13")), 30);
        assert_eq!(date_of_day(d("2024-02-01"), 30), d("2024-03-01"));
        assert_eq!(date_of_day(d("2025-02-01"), 30), d("2025-03-02"));
        assert_eq!(date_of_day(d("2026-12-31"), 2), d("2027-01-01"));
        assert_eq!(date_of_day(d("2100-02-28"), 2), d("2100-03-01"));
        for start in ["2024-02-29", "2025-12-31", "2026-11-23", "2100-02-28"] {
            for day in [-400, 0, 1, 2, 7, 30, 366] {
                assert_eq!(day_of(d(start), date_of_day(d(start), day)), day);
            }
        }
    }

    #[test]
    fn a_plan_day_stays_within_the_plan() {
        let start = d("2026-11-23");
        assert_eq!(plan_day(start, start, 30), 1);
        assert_eq!(plan_day(start, d("2026-11-29"), 7), 7);
        assert_eq!(plan_day(start, d("2026-11-30"), 7), 7);
        assert_eq!(plan_day(start, d("2026-12-22"), 30), 30);
        assert_eq!(plan_day(start, d("2026-12-01"), 30), 9);
        // Started ahead (on another device's later date): day 1 until then.
        assert_eq!(plan_day(start, d("2026-11-20"), 30), 1);
        assert_eq!(plan_day(start, d("2026-12-25"), 0), 1);
        // Across a leap day and a new year.
        assert_eq!(plan_day(d("2024-02-27"), d("2024-03-01"), 30), 4);
        assert_eq!(plan_day(d("2026-12-30"), d("2027-01-02"), 30), 4);
    }

    #[test]
    fn a_span_ends_on_its_last_day() {
        assert_eq!(span_start(d("2026-11-23"), 1), d("2026-11-23"));
        assert_eq!(span_start(d("2026-11-23"), 0), d("2026-11-23"));
        assert_eq!(span_start(d("2026-11-23"), 7), d("2026-11-17"));
        assert_eq!(span_start(d("2026-03-01"), 30), d("2026-01-31"));
        assert_eq!(span_start(d("2024-03-01"), 30), d("2024-02-01"));
        assert_eq!(span_start(d("2027-01-15"), 90), d("2026-10-18"));
        assert_eq!(span_start(d("2025-02-28"), 365), d("2024-03-01"));
        assert_eq!(span_start(d("2024-12-31"), 366), d("2024-01-01"));
        for days in [1, 30, 90, 365] {
            let first = span_start(d("2026-11-23"), days);
            assert_eq!(day_of(first, d("2026-11-23")), i64::from(days));
        }
    }
}
