//! The one date type of Manna: a civil date without a clock (parsing, day of
//! year, weekdays and day arithmetic). Records, content and the core's rules all
//! use it; on the wire it is the text `YYYY-MM-DD`.
//!
//! The browser passes its *local* date (or an epoch time plus its UTC offset), so
//! every answer here is a pure function of its arguments.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

/// A proleptic Gregorian calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(try_from = "String", into = "String")]
#[ts(type = "string", rename = "IsoDate")]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// Why a date string was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DateError {}

/// Milliseconds in a day of the calendar (UTC has no leap seconds here).
pub const DAY_MS: i64 = 86_400_000;

pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

impl Date {
    pub fn new(year: i32, month: u32, day: u32) -> Result<Self, DateError> {
        if !(1..=9999).contains(&year) {
            return Err(DateError(format!("year {year} is out of range (1-9999)")));
        }
        if !(1..=12).contains(&month) {
            return Err(DateError(format!("month {month} is out of range (1-12)")));
        }
        if day == 0 || day > days_in_month(year, month) {
            return Err(DateError(format!(
                "day {day} does not exist in {year}-{month:02}"
            )));
        }
        Ok(Self { year, month, day })
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn to_days(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01.
    pub fn from_days(days: i64) -> Self {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Self { year, month, day }
    }

    pub fn add_days(self, days: i64) -> Self {
        Self::from_days(self.to_days() + days)
    }

    /// Whole days from `self` to `to`: 1 from one day to the next, negative
    /// when `to` comes first. Dates have no clock, so no time zone or change
    /// of clocks makes a day longer or shorter.
    pub fn days_until(self, to: Date) -> i64 {
        to.to_days() - self.to_days()
    }

    /// 1 for 1 January, up to 365 or 366 for 31 December.
    pub fn day_of_year(self) -> u32 {
        (self.to_days()
            - Date {
                year: self.year,
                month: 1,
                day: 1,
            }
            .to_days()) as u32
            + 1
    }

    /// 0 = Monday … 6 = Sunday.
    pub fn weekday_from_monday(self) -> u32 {
        // 1970-01-01 was a Thursday (3 days after a Monday).
        (self.to_days() + 3).rem_euclid(7) as u32
    }

    /// The local calendar date of an instant, given the local offset from UTC in minutes
    /// (east positive, so UTC-5 is -300).
    pub fn from_epoch_ms(epoch_ms: i64, utc_offset_minutes: i32) -> Self {
        let local_ms = epoch_ms + i64::from(utc_offset_minutes) * 60_000;
        Self::from_days(local_ms.div_euclid(DAY_MS))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || DateError(format!("'{s}' is not a date in the form YYYY-MM-DD"));
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        // Bytes, not string slices: no slicing panic path in the browser build.
        let num = |r: std::ops::Range<usize>| -> Result<u32, DateError> {
            b[r].iter().try_fold(0u32, |n, c| {
                if c.is_ascii_digit() {
                    Ok(n * 10 + u32::from(c - b'0'))
                } else {
                    Err(bad())
                }
            })
        };
        Date::new(num(0..4)? as i32, num(5..7)?, num(8..10)?)
    }
}

impl TryFrom<String> for Date {
    type Error = DateError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Date> for String {
    fn from(d: Date) -> Self {
        d.to_string()
    }
}

/// `2026-11-23T08:30:00.000Z` of an instant (milliseconds since the epoch, UTC).
pub fn iso_time(epoch_ms: i64) -> String {
    let day = Date::from_epoch_ms(epoch_ms, 0);
    let ms = epoch_ms.rem_euclid(DAY_MS);
    format!(
        "{day}T{:02}:{:02}:{:02}.{:03}Z",
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

/// A date in the API's documents: `YYYY-MM-DD`.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Date {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Date {}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().expect("valid date")
    }

    #[test]
    fn day_of_year_counts_from_first_of_january() {
        assert_eq!(d("2026-01-01").day_of_year(), 1);
        assert_eq!(d("2026-11-22").day_of_year(), 326);
        assert_eq!(d("2026-12-31").day_of_year(), 365);
        assert_eq!(d("2024-12-31").day_of_year(), 366);
        assert_eq!(d("2024-03-01").day_of_year(), 61);
        assert_eq!(d("2025-03-01").day_of_year(), 60);
    }

    #[test]
    fn weekdays_start_on_monday() {
        assert_eq!(d("2026-11-23").weekday_from_monday(), 0); // a Monday
        assert_eq!(d("2026-11-22").weekday_from_monday(), 6); // a Sunday
    }

    #[test]
    fn rejects_impossible_dates_with_a_reason() {
        assert!("2025-02-29".parse::<Date>().is_err());
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert!("2026-13-01".parse::<Date>().is_err());
        let err = "22/11/2026".parse::<Date>().expect_err("refused");
        assert!(err.0.contains("YYYY-MM-DD"));
        assert!("2026-1-01".parse::<Date>().is_err());
        assert!("+026-11-01".parse::<Date>().is_err());
    }

    #[test]
    fn days_until_counts_across_months_years_and_leap_days() {
        assert_eq!(d("2026-11-23").days_until(d("2026-11-23")), 0);
        assert_eq!(d("2026-11-23").days_until(d("2026-11-24")), 1);
        assert_eq!(d("2026-11-24").days_until(d("2026-11-23")), -1);
        assert_eq!(d("2026-01-31").days_until(d("2026-02-01")), 1);
        assert_eq!(d("2026-02-28").days_until(d("2026-03-01")), 1);
        assert_eq!(d("2024-02-28").days_until(d("2024-03-01")), 2);
        assert_eq!(d("2025-12-31").days_until(d("2026-01-01")), 1);
        assert_eq!(d("2024-01-01").days_until(d("2025-01-01")), 366);
        assert_eq!(d("2025-01-01").days_until(d("2026-01-01")), 365);
        assert_eq!(d("2100-02-28").days_until(d("2100-03-01")), 1);
        assert_eq!(d("2000-02-28").days_until(d("2000-03-01")), 2);
        assert_eq!(d("1969-12-31").days_until(d("1970-01-01")), 1);
        for n in [-800, -366, -1, 0, 1, 29, 365, 1461] {
            let from = d("2024-02-29");
            assert_eq!(from.days_until(from.add_days(n)), n);
        }
    }

    #[test]
    fn local_date_depends_on_the_offset() {
        // 2026-01-01T03:30:00Z
        let ms = d("2026-01-01").to_days() * 86_400_000 + 3 * 3_600_000 + 30 * 60_000;
        assert_eq!(Date::from_epoch_ms(ms, 0), d("2026-01-01"));
        assert_eq!(Date::from_epoch_ms(ms, -300), d("2025-12-31")); // New York
        assert_eq!(Date::from_epoch_ms(ms, 840), d("2026-01-01")); // Kiritimati
        assert_eq!(Date::from_epoch_ms(ms, -240), d("2025-12-31"));
        assert_eq!(Date::from_epoch_ms(ms, -210), d("2026-01-01"));
    }
}
