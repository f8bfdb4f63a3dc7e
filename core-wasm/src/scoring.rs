//! Figures derived from a user's records: weight progress and the weekly
//! wellness average. The same rules in the browser (offline) and on the server
//! (REST answers). The grade of one wellness check is a record rule and lives
//! in `manna_sync_protocol::records::wellness`.

use crate::calendar::Date;
use serde::Serialize;
use ts_rs::TS;

/// Losses (in tenths of a pound) that earn a milestone, largest first.
const MILESTONES_TENTHS: [u32; 7] = [1000, 500, 250, 200, 150, 100, 50];

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WeightProgress {
    /// First logged weight minus the latest, in tenths of a pound (negative: gained).
    pub total_loss: i64,
    /// Average of the entries in the 7 days up to `today`, in tenths (none: 0).
    pub weekly_average: u32,
    /// Average of the entries in the 30 days up to `today`, in tenths.
    pub monthly_average: u32,
    /// Consecutive days with an entry, ending today (or yesterday, if today is not logged yet).
    pub streak_days: u32,
    /// The largest milestone of total loss reached, e.g. 'Lost 10 lbs!', or empty.
    pub milestone_reached: String,
    /// Over the last two entries.
    pub trend: Trend,
    pub entries: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Trend {
    Down,
    Up,
    Steady,
}

/// Progress from `(date, weight in tenths)` entries, in any order.
pub fn weight_progress(entries: &[(Date, u32)], today: Date) -> WeightProgress {
    let mut sorted: Vec<(Date, u32)> = entries.to_vec();
    sorted.sort_unstable_by_key(|(d, _)| *d);
    let total_loss = match (sorted.first(), sorted.last()) {
        (Some((_, first)), Some((_, last))) => i64::from(*first) - i64::from(*last),
        _ => 0,
    };
    let average_since = |days: i64| {
        let from = today.add_days(-(days - 1));
        let window: Vec<u32> = sorted
            .iter()
            .filter(|(d, _)| *d >= from && *d <= today)
            .map(|(_, w)| *w)
            .collect();
        if window.is_empty() {
            0
        } else {
            (window.iter().map(|w| u64::from(*w)).sum::<u64>() as f64 / window.len() as f64).round()
                as u32
        }
    };
    // One walk back from the newest day logged up to today: linear in the
    // number of entries, however long the history.
    let newest_first = sorted.iter().map(|(d, _)| *d).rev();
    let mut streak_days = 0;
    let mut expected = today;
    for day in newest_first.skip_while(|d| *d > today) {
        if day == expected {
            streak_days += 1;
            expected = expected.add_days(-1);
        } else if streak_days == 0 && day == today.add_days(-1) {
            // Not logged yet today: the streak may end yesterday.
            streak_days = 1;
            expected = day.add_days(-1);
        } else if day < expected {
            break;
        }
    }
    let milestone_reached = MILESTONES_TENTHS
        .iter()
        .find(|m| total_loss >= i64::from(**m))
        .map(|m| format!("Lost {} lbs!", m / 10))
        .unwrap_or_default();
    let trend = match sorted.len() {
        0 | 1 => Trend::Steady,
        n => match sorted[n - 1].1.cmp(&sorted[n - 2].1) {
            std::cmp::Ordering::Less => Trend::Down,
            std::cmp::Ordering::Greater => Trend::Up,
            std::cmp::Ordering::Equal => Trend::Steady,
        },
    };
    WeightProgress {
        total_loss,
        weekly_average: average_since(7),
        monthly_average: average_since(30),
        streak_days,
        milestone_reached,
        trend,
        entries: sorted.len() as u32,
    }
}

/// The average wellness score of the 7 days up to `to`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WeeklyAverage {
    /// Rounded to one decimal; none without a score in the week.
    pub average: Option<f64>,
    pub count: u32,
    pub from: Date,
    pub to: Date,
}

/// The weekly average of `(date, score)` checks, in any order.
pub fn weekly_average(scores: &[(Date, u32)], to: Date) -> WeeklyAverage {
    let from = to.add_days(-6);
    let week: Vec<u32> = scores
        .iter()
        .filter(|(d, _)| *d >= from && *d <= to)
        .map(|(_, s)| *s)
        .collect();
    let average = (!week.is_empty()).then(|| {
        let mean = f64::from(week.iter().sum::<u32>()) / week.len() as f64;
        (mean * 10.0).round() / 10.0
    });
    WeeklyAverage {
        average,
        count: week.len() as u32,
        from,
        to,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().expect("date")
    }

    #[test]
    fn weight_progress_counts_loss_averages_streak_and_milestones() {
        let entries = [
            (d("2026-10-01"), 2000),
            (d("2026-11-19"), 1905),
            (d("2026-11-20"), 1900),
            (d("2026-11-21"), 1895),
            (d("2026-11-22"), 1890),
        ];
        let p = weight_progress(&entries, d("2026-11-22"));
        assert_eq!(p.total_loss, 110);
        assert_eq!(p.weekly_average, 1898); // (1905+1900+1895+1890)/4 = 1897.5
        assert_eq!(p.monthly_average, 1898);
        assert_eq!(p.streak_days, 4);
        assert_eq!(p.milestone_reached, "Lost 10 lbs!");
        assert_eq!(p.trend, Trend::Down);
        // Not logged yet today: yesterday's streak still counts.
        let p = weight_progress(&entries[..4], d("2026-11-22"));
        assert_eq!(p.streak_days, 3);
        let none = weight_progress(&[], d("2026-11-22"));
        assert_eq!(none.trend, Trend::Steady);
        assert_eq!(
            (
                none.total_loss,
                none.streak_days,
                none.milestone_reached.as_str()
            ),
            (0, 0, "")
        );
    }

    #[test]
    fn a_streak_counts_consecutive_days_ending_today_or_yesterday() {
        let today = d("2026-11-22");
        let run = |from: i64, to: i64| -> Vec<(Date, u32)> {
            (from..=to).map(|k| (today.add_days(-k), 1800)).collect()
        };
        // 40,000 consecutive days (and a duplicate day, and one in the future).
        let mut long = run(0, 39_999);
        long.push((today, 1790));
        long.push((today.add_days(3), 1700));
        assert_eq!(weight_progress(&long, today).streak_days, 40_000);
        assert_eq!(weight_progress(&run(1, 5), today).streak_days, 5);
        // A gap ends the streak.
        let mut gap = run(0, 2);
        gap.extend(run(4, 9));
        assert_eq!(weight_progress(&gap, today).streak_days, 3);
        assert_eq!(weight_progress(&run(2, 9), today).streak_days, 0);
    }

    #[test]
    fn the_weekly_average_counts_the_seven_days_up_to_the_date() {
        let scores = [
            (d("2026-11-15"), 5),  // eight days before: not counted
            (d("2026-11-16"), 20), // the first day of the week
            (d("2026-11-20"), 21),
            (d("2026-11-22"), 23),
            (d("2026-11-23"), 25), // after the date: not counted
        ];
        let w = weekly_average(&scores, d("2026-11-22"));
        assert_eq!((w.average, w.count), (Some(21.3), 3));
        assert_eq!((w.from, w.to), (d("2026-11-16"), d("2026-11-22")));
        let none = weekly_average(&[], d("2026-11-22"));
        assert_eq!((none.average, none.count), (None, 0));
    }
}
