//! Property tests of the calendar and rotation rules.

use manna_core::{Date, days, rotation_index, week_strip};
use proptest::prelude::*;
use std::collections::HashSet;

fn any_date() -> impl Strategy<Value = Date> {
    // 1900-01-01 .. 2200-12-31
    (-25_567i64..84_000).prop_map(Date::from_days)
}

proptest! {
    #[test]
    fn rotation_shows_every_item_before_repeating(
        count in 1usize..120,
        start in any_date(),
        salt in "[a-z-]{0,20}",
    ) {
        let seen: HashSet<usize> = (0..count as i64)
            .filter_map(|i| rotation_index(start.add_days(i), count, &salt))
            .collect();
        prop_assert_eq!(seen.len(), count);
        prop_assert!(seen.iter().all(|&i| i < count));
    }

    #[test]
    fn rotation_repeats_with_the_list_length(count in 1usize..120, day in any_date(), salt in "[a-z]{0,8}") {
        prop_assert_eq!(
            rotation_index(day, count, &salt),
            rotation_index(day.add_days(count as i64), count, &salt)
        );
    }

    #[test]
    fn day_numbers_round_trip(days in -700_000i64..2_900_000) {
        let date = Date::from_days(days);
        prop_assert_eq!(date.to_days(), days);
        prop_assert_eq!(date.to_string().parse::<Date>(), Ok(date));
    }

    #[test]
    fn day_of_year_steps_by_one_and_resets_on_new_year(date in any_date()) {
        let next = date.add_days(1);
        if next.year == date.year {
            prop_assert_eq!(next.day_of_year(), date.day_of_year() + 1);
        } else {
            prop_assert_eq!(next.day_of_year(), 1);
            let last = if manna_core::calendar::is_leap_year(date.year) { 366 } else { 365 };
            prop_assert_eq!(date.day_of_year(), last);
        }
    }

    #[test]
    fn local_date_is_within_a_day_of_utc(ms in -2_000_000_000_000i64..7_000_000_000_000, offset in -720i32..=840) {
        let utc = Date::from_epoch_ms(ms, 0);
        let local = Date::from_epoch_ms(ms, offset);
        let diff = local.to_days() - utc.to_days();
        prop_assert!((-1..=1).contains(&diff));
        // East of UTC is never behind it, west is never ahead.
        if offset > 0 { prop_assert!(diff >= 0) } else { prop_assert!(diff <= 0) }
    }

    #[test]
    fn days_counted_from_a_start_undo_adding_them(start in any_date(), n in -1_000i64..1_000) {
        let date = start.add_days(n);
        prop_assert_eq!(start.days_until(date), n);
        prop_assert_eq!(days::day_of(start, days::date_of_day(start, n)), n);
        prop_assert_eq!(days::day_of(start, start), 1);
        // A span of the days from `start` to `date` starts on `start`.
        if n >= 0 {
            prop_assert_eq!(days::span_start(date, n as u32 + 1), start);
        }
    }

    #[test]
    fn a_plan_day_moves_one_a_day_within_the_plan(start in any_date(), n in -40i64..80, length in 1u32..60) {
        let today = start.add_days(n);
        let day = days::plan_day(start, today, length);
        prop_assert!((1..=length).contains(&day));
        if n >= 0 && n < i64::from(length) {
            prop_assert_eq!(i64::from(day), n + 1);
        }
    }

    #[test]
    fn week_strip_always_holds_today_and_seven_days(today in any_date()) {
        let strip = week_strip(today, &[today.add_days(-1), today]);
        prop_assert_eq!(strip.days.len(), 7);
        prop_assert_eq!(strip.days.iter().filter(|d| d.is_today).count(), 1);
        prop_assert_eq!(strip.days[0].date.weekday_from_monday(), 0);
        let expected = u32::from(today.weekday_from_monday() > 0);
        prop_assert_eq!(strip.streak, expected);
    }
}

#[test]
fn leap_years_follow_the_gregorian_rule() {
    let doy = |s: &str| s.parse::<Date>().map(Date::day_of_year).ok();
    assert_eq!(doy("2000-12-31"), Some(366)); // divisible by 400
    assert_eq!(doy("1900-12-31"), Some(365)); // divisible by 100 only
    assert_eq!(doy("2100-03-01"), Some(60));
    assert_eq!(doy("2028-03-01"), Some(61));
}
