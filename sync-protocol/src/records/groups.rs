//! What a group shares: prayer requests, their updates, the "I prayed" taps,
//! reflections on the day's reading and reports to the leaders. Each record
//! names its group (`groupId`, also in its id) and is kept in that group's
//! records, which reach its members' devices. Who wrote it (`authorId`, a
//! member id) is set by the server from the writer's membership; members
//! are sent a post without it when it was posted without a name.

use super::read::record;
use super::{Record, at_most, not_blank, optional_at_most};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::groups::DISPLAY_NAME_MAX;
use crate::groups::requests::{
    ANSWER_MAX, Audience, REFLECTION_MAX, REQUEST_DETAILS_MAX, REQUEST_TITLE_MAX, UPDATE_MAX,
};

/// Longest time text (`2026-11-24T08:30:00.000Z`).
const TIME_MAX: usize = 40;
/// Longest id of a group, a member or a request a record names.
const REF_MAX: usize = 200;
/// Longest reason given in a report.
pub const REPORT_MAX: usize = 500;

fn names(field: &str, value: &str) -> Result<(), FieldError> {
    not_blank(field, value, REF_MAX)
}

record! {
    /// A prayer request shared with a group.
    pub struct GroupRequest as "a group prayer request" {
        group_id: String,
        title: String,
        details: String = String::new(),
        /// Everyone in the group, or only its leaders (and the writer).
        audience: Audience = Audience::Group,
        /// Whether members see it without the writer's name (leaders see it).
        anonymous: bool = false,
        /// The writer's member id and their name in the group.
        author_id: Option<String>,
        author_name: Option<String>,
        created_at: String,
        /// The day it was posted or last renewed (it is "older" 30 days on).
        renewed_on: Date,
        /// The day it was answered, and a few words of how.
        answered_on: Option<Date>,
        answer: Option<String>,
        /// Hidden by a leader: seen only by leaders and the writer.
        hidden: bool = false,
    }
}

impl Record for GroupRequest {
    fn check(&self) -> Result<(), FieldError> {
        names("groupId", &self.group_id)?;
        not_blank("title", &self.title, REQUEST_TITLE_MAX)?;
        at_most("details", &self.details, REQUEST_DETAILS_MAX)?;
        optional_at_most("authorId", self.author_id.as_deref(), REF_MAX)?;
        optional_at_most("authorName", self.author_name.as_deref(), DISPLAY_NAME_MAX)?;
        not_blank("createdAt", &self.created_at, TIME_MAX)?;
        optional_at_most("answer", self.answer.as_deref(), ANSWER_MAX)?;
        if self.answer.is_some() && self.answered_on.is_none() {
            return Err(FieldError::new(
                "answeredOn",
                "is required when the answer is told",
            ));
        }
        Ok(())
    }
}

record! {
    /// News added to a request by the person who asked.
    pub struct GroupUpdate as "an update to a group request" {
        group_id: String,
        request_id: String,
        text: String,
        author_id: Option<String>,
        created_at: String,
    }
}

impl Record for GroupUpdate {
    fn check(&self) -> Result<(), FieldError> {
        names("groupId", &self.group_id)?;
        names("requestId", &self.request_id)?;
        not_blank("text", &self.text, UPDATE_MAX)?;
        optional_at_most("authorId", self.author_id.as_deref(), REF_MAX)?;
        not_blank("createdAt", &self.created_at, TIME_MAX)
    }
}

record! {
    /// A tap of "I prayed" on a request, with the name shown when the one
    /// who prayed chose to show it.
    pub struct GroupPrayer as "a prayer for a group request" {
        group_id: String,
        request_id: String,
        /// Who prayed (sent only to their own devices).
        member_id: Option<String>,
        /// Their name, when they chose to show it.
        name: Option<String>,
        prayed_on: Date,
    }
}

impl Record for GroupPrayer {
    fn check(&self) -> Result<(), FieldError> {
        names("groupId", &self.group_id)?;
        names("requestId", &self.request_id)?;
        optional_at_most("memberId", self.member_id.as_deref(), REF_MAX)?;
        optional_at_most("name", self.name.as_deref(), DISPLAY_NAME_MAX)
    }
}

record! {
    /// A member's few words on the day's reading, for the group.
    pub struct GroupReflection as "a reflection" {
        group_id: String,
        /// The day whose reading it is about.
        date: Date,
        text: String,
        author_id: Option<String>,
        author_name: Option<String>,
        created_at: String,
        hidden: bool = false,
    }
}

impl Record for GroupReflection {
    fn check(&self) -> Result<(), FieldError> {
        names("groupId", &self.group_id)?;
        not_blank("text", &self.text, REFLECTION_MAX)?;
        optional_at_most("authorId", self.author_id.as_deref(), REF_MAX)?;
        optional_at_most("authorName", self.author_name.as_deref(), DISPLAY_NAME_MAX)?;
        not_blank("createdAt", &self.created_at, TIME_MAX)
    }
}

record! {
    /// A post brought to the leaders' attention (only leaders see reports).
    pub struct GroupReport as "a report" {
        group_id: String,
        /// The request, update or reflection reported.
        post_id: String,
        reason: String = String::new(),
        reporter_id: Option<String>,
        created_at: String,
    }
}

impl Record for GroupReport {
    fn check(&self) -> Result<(), FieldError> {
        names("groupId", &self.group_id)?;
        names("postId", &self.post_id)?;
        at_most("reason", &self.reason, REPORT_MAX)?;
        optional_at_most("reporterId", self.reporter_id.as_deref(), REF_MAX)?;
        not_blank("createdAt", &self.created_at, TIME_MAX)
    }
}
