//! Figures derived from a user's records: weight progress, the weekly
//! wellness average and the wellness checks' history with its trend. The same rules in the browser (offline) and on the server
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
    crate::order::sort_by_key(&mut sorted, |(d, _)| *d);
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

/// How many checks the history lists.
pub const HISTORY_CHECKS: usize = 30;

/// The wellness checks, newest first, and how this week compares.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ScoreHistory {
    /// The last [`HISTORY_CHECKS`] checks, newest first: `(date, score)`.
    pub checks: Vec<ScoreCheck>,
    /// The 7 days up to today.
    pub this_week: WeeklyAverage,
    /// The 7 days before those.
    pub week_before: WeeklyAverage,
    /// This week's average against the week before's (steady within half a
    /// point, or when a week has no check).
    pub trend: Trend,
    /// This week's average minus the week before's, to one decimal.
    pub change: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ScoreCheck {
    pub date: Date,
    pub score: u32,
}

/// The history of `(date, score)` checks, in any order, as of `today`.
pub fn score_history(scores: &[(Date, u32)], today: Date) -> ScoreHistory {
    let mut checks: Vec<ScoreCheck> = scores
        .iter()
        .filter(|(d, _)| *d <= today)
        .map(|&(date, score)| ScoreCheck { date, score })
        .collect();
    crate::order::sort_by_key(&mut checks, |c| std::cmp::Reverse(c.date));
    checks.truncate(HISTORY_CHECKS);
    let this_week = weekly_average(scores, today);
    let week_before = weekly_average(scores, today.add_days(-7));
    let change = this_week
        .average
        .zip(week_before.average)
        .map(|(now, then)| ((now - then) * 10.0).round() / 10.0);
    let trend = match change {
        Some(c) if c >= 0.5 => Trend::Up,
        Some(c) if c <= -0.5 => Trend::Down,
        _ => Trend::Steady,
    };
    ScoreHistory {
        checks,
        this_week,
        week_before,
        trend,
        change,
    }
}

/// Days the weight chart's moving average spans, the day itself included.
pub const AVERAGE_DAYS: i64 = 7;

/// One logged day on the weight chart.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WeightPoint {
    pub date: Date,
    /// Tenths of a pound.
    pub weight: u32,
    /// The average of the entries of the 7 days ending on this one (the
    /// days logged, so a missed day neither drags it down nor breaks it),
    /// in tenths, rounded.
    pub average: u32,
}

/// The weight chart's points, oldest first: each entry with its 7-day
/// moving average. A day logged twice keeps its last entry.
pub fn weight_chart(entries: &[(Date, u32)]) -> Vec<WeightPoint> {
    let mut sorted: Vec<(Date, u32)> = entries.to_vec();
    crate::order::sort_by_key(&mut sorted, |(d, _)| *d);
    sorted.dedup_by(|later, earlier| {
        let same = later.0 == earlier.0;
        if same {
            earlier.1 = later.1;
        }
        same
    });
    // A window sliding over the sorted days: linear however long the history.
    let (mut start, mut sum) = (0usize, 0u64);
    let mut points = Vec::with_capacity(sorted.len());
    for (i, (date, weight)) in sorted.iter().enumerate() {
        sum += u64::from(*weight);
        while sorted[start].0 <= date.add_days(-AVERAGE_DAYS) {
            sum -= u64::from(sorted[start].1);
            start += 1;
        }
        let count = (i + 1 - start) as u64;
        points.push(WeightPoint {
            date: *date,
            weight: *weight,
            average: ((sum * 2 + count) / (count * 2)) as u32,
        });
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_lists_thirty_checks_newest_first_and_compares_the_weeks() {
        let today = d("2026-11-24");
        // Forty days of checks: 15 a day until a week ago, 18 since.
        let scores: Vec<(Date, u32)> = (0..40)
            .map(|b| (today.add_days(-b), if b < 7 { 18 } else { 15 }))
            .chain([(today.add_days(1), 25)]) // a clock set wrong: not listed
            .collect();
        let h = score_history(&scores, today);
        assert_eq!(h.checks.len(), 30);
        assert_eq!(h.checks[0].date, today);
        assert_eq!(h.checks[29].date, today.add_days(-29));
        assert_eq!(h.this_week.average, Some(18.0));
        assert_eq!(h.week_before.average, Some(15.0));
        assert_eq!((h.trend, h.change), (Trend::Up, Some(3.0)));
        // Within half a point: steady; a week without checks: no change at all.
        let close: Vec<(Date, u32)> = vec![
            (today, 16),
            (today.add_days(-1), 15),
            (today.add_days(-8), 16),
            (today.add_days(-9), 15),
        ];
        assert_eq!(score_history(&close, today).trend, Trend::Steady);
        let lone = score_history(&[(today, 12)], today);
        assert_eq!(
            (lone.trend, lone.change, lone.checks.len()),
            (Trend::Steady, None, 1)
        );
        let down = score_history(&[(today, 10), (today.add_days(-9), 20)], today);
        assert_eq!((down.trend, down.change), (Trend::Down, Some(-10.0)));
    }

    fn d(s: &str) -> Date {
        s.parse().expect("date")
    }

    #[test]
    fn the_chart_averages_the_seven_days_ending_on_each_entry() {
        let entries = [
            (d("2026-11-10"), 2000),
            (d("2026-11-01"), 2100),
            (d("2026-11-07"), 2040),
            (d("2026-11-08"), 2030),
            (d("2026-11-08"), 2020), // the day's last entry counts
            (d("2026-11-14"), 1990),
        ];
        let chart = weight_chart(&entries);
        let days: Vec<String> = chart.iter().map(|p| p.date.to_string()).collect();
        assert_eq!(
            days,
            [
                "2026-11-01",
                "2026-11-07",
                "2026-11-08",
                "2026-11-10",
                "2026-11-14"
            ]
        );
        let averages: Vec<u32> = chart.iter().map(|p| p.average).collect();
        // 1 Nov alone; 1-7 Nov; 2-8 Nov drops the 1st; 4-10 Nov; 8-14 Nov.
        assert_eq!(averages, [2100, 2070, 2030, 2020, 2003]);
        assert_eq!(chart[2].weight, 2020);
        assert!(weight_chart(&[]).is_empty());
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
