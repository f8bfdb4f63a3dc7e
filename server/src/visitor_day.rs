//! The visitor's day, as the pages the server writes show it: their local
//! date, the minute of their day and when their day ends. The app keeps its
//! date, with the time zone, in the `manna-day` cookie
//! (`2026-11-28~America/Chicago`); without it the server's configured zone
//! decides.

use crate::clock::{day_ends_ms, local_date, local_minute, zone};
use chrono_tz::Tz;
use manna_core::Date;

/// The cookie the app sets with its local date and time zone.
pub const COOKIE: &str = "manna-day";

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The visitor's local moment: its date and the minute of its day.
#[derive(Debug, Clone, Copy)]
pub struct Moment {
    pub date: Date,
    pub minute: u32,
    pub epoch_ms: i64,
    /// When the visitor's day ends, where their zone is known here.
    pub day_ends_ms: Option<i64>,
}

impl Moment {
    /// The moment `epoch_ms` for the visitor whose `Cookie` header is
    /// `cookies`: in the zone the app noted, or when that zone is unknown here
    /// the date it noted (if it is today somewhere), or else in `fallback`.
    pub fn for_visitor(cookies: Option<&str>, fallback: Tz, epoch_ms: i64) -> Self {
        let noted = cookies.and_then(noted_day);
        let known = noted.and_then(|(_, name)| zone(name));
        let tz = known.unwrap_or(fallback);
        let mut date = local_date(tz, epoch_ms);
        if known.is_none()
            && let Some(day) = noted.and_then(|(d, _)| d.parse::<Date>().ok())
            && date.days_until(day).abs() <= 1
        {
            date = day;
        }
        Self {
            date,
            minute: local_minute(tz, epoch_ms),
            epoch_ms,
            day_ends_ms: known.map(|tz| day_ends_ms(tz, epoch_ms)),
        }
    }
}

/// `(date, zone)` from the `manna-day` cookie.
fn noted_day(cookies: &str) -> Option<(&str, &str)> {
    crate::cookies::named(cookies, COOKIE)?.split_once('~')
}

/// A date as the app writes it in full: "Friday, December 4, 2026".
pub fn long_date(d: Date) -> String {
    format!(
        "{}, {} {}, {}",
        WEEKDAYS[d.weekday_from_monday() as usize % 7],
        MONTHS[(d.month as usize + 11) % 12],
        d.day,
        d.year
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_visitors_zone_decides_the_date() {
        // 2026-11-28T03:30Z: still the 27th in Chicago.
        let ms = 1_795_836_600_000;
        let chicago = Moment::for_visitor(
            Some("a=b; manna-day=2026-11-27~America/Chicago"),
            chrono_tz::UTC,
            ms,
        );
        assert_eq!(chicago.date.to_string(), "2026-11-27");
        assert_eq!(chicago.minute, 21 * 60 + 30);
        let none = Moment::for_visitor(None, chrono_tz::UTC, ms);
        assert_eq!(none.date.to_string(), "2026-11-28");
        let configured = Moment::for_visitor(None, chrono_tz::Asia::Tokyo, ms);
        assert_eq!(configured.minute, 12 * 60 + 30);
        // A zone this server does not know: the noted date when it is near.
        let unknown = Moment::for_visitor(
            Some("manna-day=2026-11-27~Mars/Olympus"),
            chrono_tz::UTC,
            ms,
        );
        assert_eq!(unknown.date.to_string(), "2026-11-27");
        let far = Moment::for_visitor(
            Some("manna-day=2020-01-01~Mars/Olympus"),
            chrono_tz::UTC,
            ms,
        );
        assert_eq!(far.date.to_string(), "2026-11-28");
        // Where the zone is known, when the visitor's day ends: 06:00 UTC
        // (the end of the 27th in Chicago); unknown where the zone is not.
        assert_eq!(chicago.day_ends_ms, Some(1_795_845_600_000));
        assert_eq!(none.day_ends_ms, None);
        assert_eq!(unknown.day_ends_ms, None);
    }
}
