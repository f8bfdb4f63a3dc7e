//! A prayer request shared in a group: who sees it, the texts it holds, how
//! many a member may post in a day, and whether it is open, older or answered.

use super::Role;
use crate::date::Date;
use crate::field_error::FieldError;
use crate::records::{at_most, not_blank};
use crate::wire_enum;

wire_enum! {
    /// Who sees a request: everyone in the group, or only its leaders (and
    /// the person who asked).
    pub enum Audience {
        Group = "group",
        Leaders = "leaders",
    }
}

wire_enum! {
    /// Where a request stands ("older": open, but neither posted nor
    /// renewed for `OLDER_AFTER_DAYS`).
    pub enum RequestState {
        Open = "open",
        Older = "older",
        Answered = "answered",
    }
}

pub const REQUEST_TITLE_MAX: usize = 120;
pub const REQUEST_DETAILS_MAX: usize = 2000;
/// An update added to a request, and the words of how it was answered.
pub const UPDATE_MAX: usize = 1000;
pub const ANSWER_MAX: usize = 500;
/// A reflection on the day's reading.
pub const REFLECTION_MAX: usize = 1000;
/// Requests one member may post in a group in a day: enough for a hard
/// week, too few to flood a church's phones.
pub const REQUESTS_PER_MEMBER_PER_DAY: usize = 10;
/// An open request falls into "older" this many days after it was posted or
/// last renewed.
pub const OLDER_AFTER_DAYS: i64 = 30;

/// Whether someone of `role` (None: not a member) sees a request for
/// `audience` that `is_author` says they wrote. Hidden posts are seen only
/// by leaders and their writer, so the writer learns it was hidden.
pub fn sees(role: Option<Role>, audience: Audience, hidden: bool, is_author: bool) -> bool {
    let Some(role) = role else { return false };
    if is_author || role.leads() {
        return true;
    }
    audience == Audience::Group && !hidden
}

/// A request's title and details.
pub fn check_request(title: &str, details: &str) -> Result<(), FieldError> {
    not_blank("title", title, REQUEST_TITLE_MAX)?;
    at_most("details", details, REQUEST_DETAILS_MAX)
}

/// The text of an update, or of a reflection.
pub fn check_update(text: &str) -> Result<(), FieldError> {
    not_blank("text", text, UPDATE_MAX)
}

pub fn check_reflection(text: &str) -> Result<(), FieldError> {
    not_blank("text", text, REFLECTION_MAX)
}

/// How a request was answered: on a day already come, in a few words.
pub fn check_answer(answered_on: Date, words: &str, today: Date) -> Result<(), FieldError> {
    if answered_on > today {
        return Err(FieldError::new(
            "answeredOn",
            "the day it was answered is still to come",
        ));
    }
    at_most("answer", words, ANSWER_MAX)
}

/// Whether a member who posted `today_so_far` requests in the group today may
/// post one more.
pub fn check_daily_posts(today_so_far: usize) -> Result<(), FieldError> {
    if today_so_far >= REQUESTS_PER_MEMBER_PER_DAY {
        return Err(FieldError::new(
            "group",
            format!(
                "you have posted {REQUESTS_PER_MEMBER_PER_DAY} requests in this group today, the most in a day: post again tomorrow, or add an update to one you posted"
            ),
        ));
    }
    Ok(())
}

/// Where a request stands on `today`: answered once it has an answer, older
/// once `OLDER_AFTER_DAYS` have passed since it was posted or renewed.
pub fn state(renewed_on: Date, answered_on: Option<Date>, today: Date) -> RequestState {
    if answered_on.is_some() {
        RequestState::Answered
    } else if renewed_on.days_until(today) >= OLDER_AFTER_DAYS {
        RequestState::Older
    } else {
        RequestState::Open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Date {
        s.parse().expect("a date")
    }

    #[test]
    fn leaders_only_requests_reach_leaders_and_their_writer() {
        for role in [Role::Owner, Role::Leader] {
            assert!(sees(Some(role), Audience::Leaders, false, false));
        }
        assert!(!sees(Some(Role::Member), Audience::Leaders, false, false));
        assert!(sees(Some(Role::Member), Audience::Leaders, false, true));
        assert!(sees(Some(Role::Member), Audience::Group, false, false));
        assert!(
            !sees(None, Audience::Group, false, true),
            "a former member sees nothing"
        );
    }

    #[test]
    fn a_hidden_post_is_seen_by_leaders_and_its_writer_only() {
        assert!(!sees(Some(Role::Member), Audience::Group, true, false));
        assert!(sees(Some(Role::Member), Audience::Group, true, true));
        assert!(sees(Some(Role::Leader), Audience::Group, true, false));
    }

    #[test]
    fn an_open_request_is_older_after_thirty_days_unless_renewed() {
        let posted = day("2026-11-01");
        assert_eq!(state(posted, None, day("2026-11-30")), RequestState::Open);
        assert_eq!(state(posted, None, day("2026-12-01")), RequestState::Older);
        assert_eq!(
            state(day("2026-11-20"), None, day("2026-12-01")),
            RequestState::Open
        );
        assert_eq!(
            state(posted, Some(day("2026-11-03")), day("2027-06-01")),
            RequestState::Answered
        );
    }

    #[test]
    fn texts_days_and_the_daily_limit_are_checked_with_their_field() {
        assert!(check_request("Healing for Ruth", "").is_ok());
        assert_eq!(check_request("", "x").expect_err("refused").field, "title");
        assert_eq!(
            check_request("t", &"d".repeat(REQUEST_DETAILS_MAX + 1))
                .expect_err("refused")
                .field,
            "details"
        );
        assert_eq!(check_update(" ").expect_err("refused").field, "text");
        assert_eq!(
            check_reflection(&"r".repeat(REFLECTION_MAX + 1))
                .expect_err("refused")
                .field,
            "text"
        );
        let today = day("2026-12-02");
        assert!(check_answer(today, "She is home.", today).is_ok());
        assert_eq!(
            check_answer(day("2026-12-03"), "", today)
                .expect_err("refused")
                .field,
            "answeredOn"
        );
        assert!(check_daily_posts(REQUESTS_PER_MEMBER_PER_DAY - 1).is_ok());
        assert!(
            check_daily_posts(REQUESTS_PER_MEMBER_PER_DAY)
                .expect_err("refused")
                .message
                .contains("tomorrow")
        );
    }
}
