//! "This Week's Journey": the Monday-to-Sunday strip and the streak of days this
//! week, before today, on which the app was opened.

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
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WeekStrip {
    pub days: Vec<WeekDay>,
    /// Days of this week before today on which the app was opened.
    pub streak: u32,
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
            }
        })
        .collect();
    let streak = days.iter().filter(|d| d.is_past && d.visited).count() as u32;
    WeekStrip { days, streak }
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
}
