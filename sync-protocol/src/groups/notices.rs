//! When a group's notifications may reach a phone: what each member chose
//! for a group (off, each request, or a daily digest at a time), the quiet
//! hours they set, and at most one "people prayed" notice an hour a request.

use super::GroupKind;
use crate::field_error::FieldError;
use crate::records::prayer::is_clock_time;
use crate::wire_enum;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

wire_enum! {
    /// How a member hears of new requests in a group.
    pub enum NewRequests {
        Off = "off",
        Each = "each",
        Digest = "digest",
    }
}

impl NewRequests {
    /// What a member hears when they have not chosen: a church's many
    /// requests come once a day, a small group's and a family's as they
    /// are posted.
    pub const fn default_for(kind: GroupKind) -> Self {
        match kind {
            GroupKind::Church => Self::Digest,
            GroupKind::SmallGroup | GroupKind::Family => Self::Each,
        }
    }
}

/// The local time a daily digest comes at when none was chosen.
pub const DEFAULT_DIGEST_AT: &str = "08:00";

/// The preferences (in the settings record) holding a person's quiet
/// hours, local `HH:MM` times: no group notification comes from the one to
/// the other. Both or neither.
pub const QUIET_FROM: &str = "quietFrom";
pub const QUIET_TO: &str = "quietTo";

/// How a member hears of one group: new requests (off, each, or a daily
/// digest at `digest_at`), and whether the group is muted (nothing of it at
/// all, "people prayed" included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NoticeChoice {
    pub new_requests: NewRequests,
    /// Local `HH:MM`.
    pub digest_at: String,
    pub muted: bool,
}

impl NoticeChoice {
    /// What a member of a group of `kind` hears before they choose.
    pub fn default_for(kind: GroupKind) -> Self {
        Self {
            new_requests: NewRequests::default_for(kind),
            digest_at: DEFAULT_DIGEST_AT.into(),
            muted: false,
        }
    }

    pub fn check(&self) -> Result<(), FieldError> {
        check_times(None, Some(&self.digest_at))
    }
}

/// What to do now with what a member has not been told yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tell {
    /// Send it (gathered into one notification).
    Now,
    /// Keep it for later (quiet hours, or the digest's time has not come).
    Hold,
    /// Never send it (off, or the group is muted).
    Drop,
}

/// Whether a member is told of new requests now: `quiet` when their quiet
/// hours hold now, `digest_passed` when their digest's time came since
/// they were last told.
pub fn tell_new_requests(choice: &NoticeChoice, quiet: bool, digest_passed: bool) -> Tell {
    if choice.muted || choice.new_requests == NewRequests::Off {
        return Tell::Drop;
    }
    if quiet {
        return Tell::Hold;
    }
    match choice.new_requests {
        NewRequests::Each => Tell::Now,
        NewRequests::Digest if digest_passed => Tell::Now,
        _ => Tell::Hold,
    }
}

/// Whether a request's writer is told now that people prayed for it, the
/// last notice of it having gone at `last_ms`.
pub fn tell_prayed(muted: bool, quiet: bool, last_ms: Option<i64>, now_ms: i64) -> Tell {
    if muted {
        Tell::Drop
    } else if quiet || !prayed_notice_due(last_ms, now_ms) {
        Tell::Hold
    } else {
        Tell::Now
    }
}

/// The longest a notification is held (a day's digest, and some slack for
/// a server that was down): what waited longer is dropped, as it is old news.
pub const HOLD_MOST_MS: i64 = 26 * 3_600_000;

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
    fn choices_decide_what_is_told_now() {
        let mut c = NoticeChoice::default_for(GroupKind::Family);
        assert_eq!(c.new_requests, NewRequests::Each);
        assert_eq!(tell_new_requests(&c, false, false), Tell::Now);
        assert_eq!(tell_new_requests(&c, true, false), Tell::Hold);
        c.new_requests = NewRequests::Digest;
        assert_eq!(tell_new_requests(&c, false, false), Tell::Hold);
        assert_eq!(tell_new_requests(&c, false, true), Tell::Now);
        assert_eq!(tell_new_requests(&c, true, true), Tell::Hold);
        c.muted = true;
        assert_eq!(tell_new_requests(&c, false, true), Tell::Drop);
        c.muted = false;
        c.new_requests = NewRequests::Off;
        assert_eq!(tell_new_requests(&c, false, true), Tell::Drop);
        assert_eq!(
            NoticeChoice::default_for(GroupKind::Church).new_requests,
            NewRequests::Digest
        );
        assert_eq!(tell_prayed(true, false, None, 0), Tell::Drop);
        assert_eq!(tell_prayed(false, true, None, 0), Tell::Hold);
        assert_eq!(tell_prayed(false, false, Some(0), 60_000), Tell::Hold);
        assert_eq!(tell_prayed(false, false, None, 60_000), Tell::Now);
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
