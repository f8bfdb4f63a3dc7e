//! The daily wellness check and weight progress: the same rules in the browser
//! (offline) and on the server (REST answers).

use crate::calendar::Date;
use serde::Serialize;

/// Five statements, each rated 1 to 5.
pub const STATEMENTS: usize = 5;

/// Total of the five ratings, or why they cannot be scored.
pub fn wellness_total(ratings: &[u32]) -> Result<u32, String> {
    if ratings.len() != STATEMENTS {
        return Err(format!(
            "rate all {STATEMENTS} statements (got {})",
            ratings.len()
        ));
    }
    if let Some((i, r)) = ratings
        .iter()
        .enumerate()
        .find(|(_, r)| !(1..=5).contains(*r))
    {
        return Err(format!("statement {} is rated {r}, not 1 to 5", i + 1));
    }
    Ok(ratings.iter().sum())
}

/// 23 or more is 'Great!', 18 to 22 'Good', below 18 'Needs Improvement'.
pub fn wellness_grade(total: u32) -> &'static str {
    match total {
        23.. => "Great!",
        18..=22 => "Good",
        _ => "Needs Improvement",
    }
}

/// Losses (in tenths of a pound) that earn a milestone, largest first.
const MILESTONES_TENTHS: [u32; 7] = [1000, 500, 250, 200, 150, 100, 50];

#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// 'down', 'up' or 'steady' over the last two entries.
    pub trend: &'static str,
    pub entries: u32,
}

/// Progress from `(date, weight in tenths)` entries, in any order.
pub fn weight_progress(entries: &[(Date, u32)], today: Date) -> WeightProgress {
    let mut sorted: Vec<(Date, u32)> = entries.to_vec();
    sorted.sort_by_key(|(d, _)| *d);
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
    let logged = |d: Date| sorted.iter().any(|(x, _)| *x == d);
    let mut day = if logged(today) {
        today
    } else {
        today.add_days(-1)
    };
    let mut streak_days = 0;
    while logged(day) {
        streak_days += 1;
        day = day.add_days(-1);
    }
    let milestone_reached = MILESTONES_TENTHS
        .iter()
        .find(|m| total_loss >= i64::from(**m))
        .map(|m| format!("Lost {} lbs!", m / 10))
        .unwrap_or_default();
    let trend = match sorted.len() {
        0 | 1 => "steady",
        n => match sorted[n - 1].1.cmp(&sorted[n - 2].1) {
            std::cmp::Ordering::Less => "down",
            std::cmp::Ordering::Greater => "up",
            std::cmp::Ordering::Equal => "steady",
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

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().expect("date")
    }

    #[test]
    fn grades_follow_the_thresholds() {
        assert_eq!(wellness_grade(25), "Great!");
        assert_eq!(wellness_grade(23), "Great!");
        assert_eq!(wellness_grade(22), "Good");
        assert_eq!(wellness_grade(18), "Good");
        assert_eq!(wellness_grade(17), "Needs Improvement");
        assert_eq!(wellness_grade(5), "Needs Improvement");
        assert_eq!(wellness_total(&[5, 5, 5, 4, 4]), Ok(23));
        assert!(wellness_total(&[5, 5, 5, 4]).is_err());
        assert!(wellness_total(&[5, 5, 6, 4, 4]).is_err_and(|e| e.contains("statement 3")));
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
        assert_eq!(p.trend, "down");
        // Not logged yet today: yesterday's streak still counts.
        let p = weight_progress(&entries[..4], d("2026-11-22"));
        assert_eq!(p.streak_days, 3);
        let none = weight_progress(&[], d("2026-11-22"));
        assert_eq!(
            (
                none.total_loss,
                none.streak_days,
                none.milestone_reached.as_str()
            ),
            (0, 0, "")
        );
    }
}
