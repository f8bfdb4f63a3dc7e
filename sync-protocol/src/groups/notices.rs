//! When a group's notifications may reach a phone: what each member chose
//! for a group (off, each request, or a daily digest at a time), the quiet
//! hours they set, and at most one "people prayed" notice an hour a request.

use crate::field_error::FieldError;
use crate::records::prayer::is_clock_time;
use crate::wire_enum;

wire_enum! {
    /// How a member hears of new requests in a group.
    pub enum NewRequests {
        Off = "off",
        Each = "each",
        Digest = "digest",
    }
}

/// The least time between two "people prayed for your request" notices of
/// one request: the prayers in between are gathered into the next.
pub const PRAYED_NOTICE_EVERY_MS: i64 = 3_600_000;

/// Minutes since midnight of an `HH:MM` time.
fn minutes(time: &str) -> u32 {
    let b = time.as_bytes();
    let n = |i: usize| u32::from(b[i] - b'0');
    (n(0) * 10 + n(1)) * 60 + n(3) * 10 + n(4)
}

/// Quiet hours (`HH:MM` to `HH:MM`, overnight when the end comes first) and
/// a digest time, as a member sets them.
pub fn check_times(quiet: Option<(&str, &str)>, digest_at: Option<&str>) -> Result<(), FieldError> {
    if let Some((from, to)) = quiet {
        for (field, time) in [("quietFrom", from), ("quietTo", to)] {
            if !is_clock_time(time) {
                return Err(FieldError::new(
                    field,
                    format!("'{time}' is not a time in the form HH:MM"),
                ));
            }
        }
        if from == to {
            return Err(FieldError::new(
                "quietTo",
                "quiet hours must end at another time than they start",
            ));
        }
    }
    if let Some(at) = digest_at.filter(|t| !is_clock_time(t)) {
        return Err(FieldError::new(
            "digestAt",
            format!("'{at}' is not a time in the form HH:MM"),
        ));
    }
    Ok(())
}

/// Whether `now` (local `HH:MM`) falls in the quiet hours `from` to `to`
/// (checked times): from included, to not.
pub fn is_quiet(now: &str, from: &str, to: &str) -> bool {
    let (now, from, to) = (minutes(now), minutes(from), minutes(to));
    if from < to {
        (from..to).contains(&now)
    } else {
        now >= from || now < to
    }
}

/// Whether a "people prayed" notice may go now, the last one of this request
/// having gone at `last_ms` (None: never).
pub fn prayed_notice_due(last_ms: Option<i64>, now_ms: i64) -> bool {
    last_ms.is_none_or(|last| now_ms - last >= PRAYED_NOTICE_EVERY_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_run_overnight_and_within_a_day() {
        assert!(is_quiet("22:00", "22:00", "07:00"));
        assert!(is_quiet("03:15", "22:00", "07:00"));
        assert!(!is_quiet("07:00", "22:00", "07:00"));
        assert!(!is_quiet("12:00", "22:00", "07:00"));
        assert!(is_quiet("13:30", "13:00", "14:00"));
        assert!(!is_quiet("14:00", "13:00", "14:00"));
    }

    #[test]
    fn one_prayed_notice_an_hour_at_most() {
        assert!(prayed_notice_due(None, 0));
        assert!(!prayed_notice_due(
            Some(1_000),
            1_000 + PRAYED_NOTICE_EVERY_MS - 1
        ));
        assert!(prayed_notice_due(
            Some(1_000),
            1_000 + PRAYED_NOTICE_EVERY_MS
        ));
    }

    #[test]
    fn times_are_checked_with_their_field() {
        assert!(check_times(Some(("22:00", "07:00")), Some("08:30")).is_ok());
        assert_eq!(
            check_times(Some(("25:00", "07:00")), None)
                .expect_err("refused")
                .field,
            "quietFrom"
        );
        assert_eq!(
            check_times(Some(("07:00", "07:00")), None)
                .expect_err("refused")
                .field,
            "quietTo"
        );
        assert_eq!(
            check_times(None, Some("8:30")).expect_err("refused").field,
            "digestAt"
        );
    }
}
