//! "This Week's Journey": the Monday-to-Sunday strip, the streak of days this
//! week, before today, on which the app was opened, and the running streak
//! that forgives: one missed day a week is kept by grace (the streak holds,
//! frozen, instead of breaking), and a chosen rest day never breaks it.

use crate::calendar::Date;
use serde::Serialize;
use ts_rs::TS;

const LABELS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WeekDay {
    pub date: Date,
    pub label: &'static str,
    pub is_today: bool,
    pub is_past: bool,
    pub visited: bool,
    /// Missed, and kept by the week's grace: the streak held over it.
    pub kept: bool,
    /// The person's rest day (not opened): it never breaks the streak.
    pub rest: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WeekStrip {
    pub days: Vec<WeekDay>,
    /// Days of this week before today on which the app was opened.
    pub streak: u32,
    /// The running streak, across weeks.
    pub run: Streak,
}

/// Days in a row on which the app was opened, with grace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Streak {
    /// Days opened in the run (kept and rest days are not counted, only held over).
    pub days: u32,
    /// The missed days the run was kept over, newest first (one a week at most).
    pub kept: Vec<Date>,
}

/// How far back a run is followed.
const RUN_DAYS_MAX: i64 = 400;

/// The run ending today (or yesterday, while today is not yet opened): walking
/// back, each day opened counts; a rest day (`rest_day`, 0 = Monday … 6 =
/// Sunday) not opened is passed over; the first missed day of a Monday-to-
/// Sunday week is kept by grace; a second missed day in one week ends it.
pub fn streak(today: Date, visited: &[Date], rest_day: Option<u32>) -> Streak {
    let opened = |d: Date| visited.contains(&d);
    let mut days = 0;
    let mut kept: Vec<Date> = Vec::new();
    let mut earliest_opened = None;
    let start = if opened(today) { 0 } else { 1 };
    for back in start..RUN_DAYS_MAX {
        let day = today.add_days(-back);
        if opened(day) {
            days += 1;
            earliest_opened = Some(day);
            continue;
        }
        if rest_day == Some(day.weekday_from_monday()) {
            continue;
        }
        let monday = day.add_days(-i64::from(day.weekday_from_monday()));
        if kept
            .iter()
            .any(|k| k.add_days(-i64::from(k.weekday_from_monday())) == monday)
        {
            break;
        }
        kept.push(day);
    }
    // Grace holds a run over a gap; a gap before the run's first day is no part of it.
    kept.retain(|k| earliest_opened.is_some_and(|first| *k > first));
    Streak { days, kept }
}

/// The strip with `rest_day` (0 = Monday … 6 = Sunday) as the person's rest day.
pub fn week_strip_with_rest(today: Date, visited: &[Date], rest_day: Option<u32>) -> WeekStrip {
    let mut strip = week_strip(today, visited);
    strip.run = streak(today, visited, rest_day);
    for day in &mut strip.days {
        day.kept = strip.run.kept.contains(&day.date);
        day.rest = !day.visited && rest_day == Some(day.date.weekday_from_monday());
    }
    strip
}

pub fn week_strip(today: Date, visited: &[Date]) -> WeekStrip {
    let monday = today.add_days(-i64::from(today.weekday_from_monday()));
    let days: Vec<WeekDay> = LABELS
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let date = monday.add_days(i as i64);
            WeekDay {
                date,
                label,
                is_today: date == today,
                is_past: date < today,
                visited: visited.contains(&date),
                kept: false,
                rest: false,
            }
        })
        .collect();
    let streak = days.iter().filter(|d| d.is_past && d.visited).count() as u32;
    WeekStrip {
        days,
        streak,
        run: Streak {
            days: 0,
            kept: Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().expect("valid date")
    }

    #[test]
    fn strip_runs_monday_to_sunday_around_today() {
        let strip = week_strip(d("2026-11-19"), &[]); // a Thursday
        assert_eq!(strip.days.first().map(|x| x.date), Some(d("2026-11-16")));
        assert_eq!(strip.days.last().map(|x| x.date), Some(d("2026-11-22")));
        assert!(strip.days[3].is_today);
        assert_eq!(strip.days.iter().filter(|x| x.is_past).count(), 3);
    }

    #[test]
    fn streak_counts_only_visits_this_week_before_today() {
        let visits = [
            d("2026-11-15"), // last Sunday: previous week
            d("2026-11-16"),
            d("2026-11-18"),
            d("2026-11-19"), // today: not counted
            d("2026-11-21"), // future (clock change): not counted
        ];
        let strip = week_strip(d("2026-11-19"), &visits);
        assert_eq!(strip.streak, 2);
        assert!(strip.days[0].visited && !strip.days[1].visited);
    }

    #[test]
    fn monday_has_no_streak() {
        let strip = week_strip(d("2026-11-23"), &[d("2026-11-22")]);
        assert_eq!(strip.streak, 0);
        assert!(strip.days[0].is_today);
    }

    /// Visits on each of `days` before `today` (0 = yesterday), and today when asked.
    fn opened(today: Date, back: &[i64]) -> Vec<Date> {
        back.iter().map(|b| today.add_days(-b)).collect()
    }

    #[test]
    fn one_missed_day_a_week_is_kept_by_grace() {
        let today = d("2026-11-26"); // a Thursday
        // Opened every day for three weeks but Tuesday 2026-11-17.
        let visits: Vec<Date> = (0..21)
            .filter(|b| *b != 9)
            .map(|b| today.add_days(-b))
            .collect();
        let run = streak(today, &visits, None);
        assert_eq!(run.days, 20);
        assert_eq!(run.kept, vec![d("2026-11-17")]);
        // A second missed day in that week ends the run there: the 19th is
        // kept, the 18th counted, the 17th ends it.
        let two: Vec<Date> = visits
            .iter()
            .copied()
            .filter(|v| *v != d("2026-11-19"))
            .collect();
        let run = streak(today, &two, None);
        assert_eq!((run.days, run.kept), (8, vec![d("2026-11-19")]));
        // One missed day in each of two weeks: both kept.
        let each: Vec<Date> = visits
            .iter()
            .copied()
            .filter(|v| *v != d("2026-11-24"))
            .collect();
        assert_eq!(
            streak(today, &each, None).kept,
            vec![d("2026-11-24"), d("2026-11-17")]
        );
    }

    #[test]
    fn today_not_yet_opened_does_not_break_the_run() {
        let today = d("2026-11-26");
        let visits = opened(today, &[1, 2, 3]);
        assert_eq!(streak(today, &visits, None).days, 3);
        let mut with_today = visits.clone();
        with_today.push(today);
        assert_eq!(streak(today, &with_today, None).days, 4);
        assert_eq!(
            streak(today, &[], None),
            Streak {
                days: 0,
                kept: vec![]
            }
        );
    }

    #[test]
    fn a_gap_before_the_run_is_not_kept() {
        let today = d("2026-11-26");
        let run = streak(today, &[today], None);
        assert_eq!((run.days, run.kept), (1, vec![]));
    }

    #[test]
    fn the_rest_day_never_breaks_the_run_and_spares_the_grace() {
        let today = d("2026-11-26"); // Thursday
        // Opened every day for two weeks but the Sundays, and Tuesday the 17th.
        let visits: Vec<Date> = (0..14)
            .map(|b| today.add_days(-b))
            .filter(|v| v.weekday_from_monday() != 6 && *v != d("2026-11-17"))
            .collect();
        let sunday = Some(6);
        let run = streak(today, &visits, sunday);
        assert_eq!(run.kept, vec![d("2026-11-17")]);
        assert_eq!(run.days, visits.len() as u32);
        // Without the rest day the week of the 17th misses two days: the run is shorter.
        assert!(streak(today, &visits, None).days < run.days);
        let strip = week_strip_with_rest(today, &visits, sunday);
        assert!(strip.days[6].rest && !strip.days[6].kept);
        assert_eq!(strip.run, run);
    }
}
