//! Praying together: groups (a church, a small group, a family), the roles in
//! them, who may do what, and the limits and words of a refusal. The server
//! judges every group write by these rules, and the app asks the same rules
//! (through wasm) before it queues a write, so an offline post that the
//! server would refuse is refused on the phone in the same words.
//!
//! # Layout
//! - `permissions`: each act a person may take in a group, and which roles
//!   may take it.
//! - `requests`: a shared prayer request's state (open, older, answered) and
//!   who sees it.
//! - `invites`: whether an invitation still lets someone join.
//! - `shared`: who may write each change to a group's records, and what
//!   each member's devices are sent of them.
//! - `notices`: when a notification about a group may be sent (quiet hours,
//!   at most one "people prayed" notice an hour).

pub mod invites;
pub mod notices;
pub mod permissions;
pub mod requests;
pub mod shared;

use crate::field_error::FieldError;
use crate::records::{at_most, not_blank};
use crate::wire_enum;

wire_enum! {
    /// What kind of company a group is (it changes only words and icons).
    pub enum GroupKind {
        Church = "church",
        SmallGroup = "small_group",
        Family = "family",
    }
}

wire_enum! {
    /// A person's place in a group. Each role may do all that the one after
    /// it may: an owner is a leader, a leader a member.
    pub enum Role {
        Owner = "owner",
        Leader = "leader",
        Member = "member",
    }
}

impl Role {
    /// Whether this role leads the group (an owner does too).
    pub const fn leads(self) -> bool {
        matches!(self, Role::Owner | Role::Leader)
    }
}

/// A group's name, its description and the name a member shows in it.
pub const GROUP_NAME_MAX: usize = 80;
pub const GROUP_DESCRIPTION_MAX: usize = 500;
pub const DISPLAY_NAME_MAX: usize = 60;

/// A church's congregation fits; a group larger than this is split.
pub const MEMBERS_PER_GROUP: usize = 500;
/// Groups a person belongs to at once (a church, a few small groups, family).
pub const GROUPS_PER_PERSON: usize = 20;

/// The name, description and kind of a new or edited group.
pub fn check_group(name: &str, description: &str) -> Result<(), FieldError> {
    not_blank("name", name, GROUP_NAME_MAX)?;
    at_most("description", description, GROUP_DESCRIPTION_MAX)
}

/// The name a person shows in a group (asked when they join).
pub fn check_display_name(name: &str) -> Result<(), FieldError> {
    not_blank("displayName", name, DISPLAY_NAME_MAX)
}

/// Whether one more member fits in a group of `members`.
pub fn check_room(members: usize) -> Result<(), FieldError> {
    if members >= MEMBERS_PER_GROUP {
        return Err(FieldError::new(
            "group",
            format!("this group is full: it has its {MEMBERS_PER_GROUP} members"),
        ));
    }
    Ok(())
}

/// Whether a person already in `groups` groups may join or start one more.
pub fn check_groups_of_person(groups: usize) -> Result<(), FieldError> {
    if groups >= GROUPS_PER_PERSON {
        return Err(FieldError::new(
            "group",
            format!(
                "you are in {GROUPS_PER_PERSON} groups, the most there can be: leave one to join another"
            ),
        ));
    }
    Ok(())
}

/// Who holds a group when its owner's account is deleted: the leader who
/// joined first, else the member who joined first (`others`: each other
/// member's role, when they joined and who they are); none when no one is
/// left, and the group goes with its owner.
pub fn heir<'a>(others: impl IntoIterator<Item = (Role, i64, &'a str)>) -> Option<&'a str> {
    others
        .into_iter()
        .filter(|(role, _, _)| *role != Role::Owner)
        .min_by_key(|(role, joined, _)| (!role.leads(), *joined))
        .map(|(_, _, who)| who)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_leader_else_the_first_member_inherits_a_group() {
        let members = [
            (Role::Member, 1, "ann"),
            (Role::Leader, 5, "ben"),
            (Role::Leader, 3, "cy"),
        ];
        assert_eq!(heir(members), Some("cy"));
        assert_eq!(
            heir([(Role::Member, 9, "dee"), (Role::Member, 2, "eve")]),
            Some("eve")
        );
        assert_eq!(heir([]), None);
    }

    #[test]
    fn a_group_needs_a_visible_name_and_a_short_description() {
        assert!(check_group("Grace Church prayer chain", "").is_ok());
        assert_eq!(check_group("  ", "").expect_err("refused").field, "name");
        assert_eq!(
            check_group(&"n".repeat(GROUP_NAME_MAX + 1), "")
                .expect_err("refused")
                .field,
            "name"
        );
        assert_eq!(
            check_group("Family", &"d".repeat(GROUP_DESCRIPTION_MAX + 1))
                .expect_err("refused")
                .field,
            "description"
        );
        assert_eq!(
            check_display_name("\u{200B}").expect_err("refused").field,
            "displayName"
        );
    }

    #[test]
    fn the_last_place_in_a_group_is_taken_and_then_it_is_full() {
        assert!(check_room(MEMBERS_PER_GROUP - 1).is_ok());
        let full = check_room(MEMBERS_PER_GROUP).expect_err("refused");
        assert!(full.message.contains("full"), "{full}");
        assert!(check_groups_of_person(GROUPS_PER_PERSON - 1).is_ok());
        assert!(check_groups_of_person(GROUPS_PER_PERSON).is_err());
    }

    #[test]
    fn owners_and_leaders_lead_and_members_do_not() {
        assert!(Role::Owner.leads() && Role::Leader.leads() && !Role::Member.leads());
        assert_eq!(
            GroupKind::from_wire("small_group"),
            Some(GroupKind::SmallGroup)
        );
    }
}
