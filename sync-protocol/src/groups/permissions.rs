//! Who may do what in a group. A person's standing is their role, or none
//! when they are not (or no longer) a member: a removed member's offline
//! post is judged as a stranger's when it reaches the server.

use super::Role;
use crate::field_error::FieldError;

/// An act in a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// See the group's records (its requests, answered list and reading).
    Read,
    /// Post a request, add an update or an answer to one's own, renew it.
    Post,
    /// Tap "I prayed".
    Pray,
    /// Report a post to the leaders.
    Report,
    /// Add a reflection to the day's reading (when the group has them on).
    Reflect,
    /// Leave the group.
    Leave,
    /// Read the requests kept for leaders, and the reports.
    ReadLeadersOnly,
    /// Hide or delete anyone's post.
    Moderate,
    /// Make or revoke an invitation.
    Invite,
    /// Remove a member (not the owner).
    Remove,
    /// Make a member a leader, or a leader a member again.
    Appoint,
    /// Rename the group, change its description, switch reflections on or off.
    Edit,
    /// Hand the group to a leader.
    HandOver,
    /// Delete the group and everything in it.
    Delete,
}

impl Act {
    /// The least role that may take this act.
    const fn least(self) -> Role {
        match self {
            Act::Read | Act::Post | Act::Pray | Act::Report | Act::Reflect | Act::Leave => {
                Role::Member
            }
            Act::ReadLeadersOnly
            | Act::Moderate
            | Act::Invite
            | Act::Remove
            | Act::Appoint
            | Act::Edit => Role::Leader,
            Act::HandOver | Act::Delete => Role::Owner,
        }
    }

    /// What a refusal says this act is, for a person.
    const fn words(self) -> &'static str {
        match self {
            Act::Read => "see this group",
            Act::Post => "post in this group",
            Act::Pray => "pray for this group's requests",
            Act::Report => "report a post in this group",
            Act::Reflect => "add a reflection in this group",
            Act::Leave => "leave this group",
            Act::ReadLeadersOnly => "see what this group keeps for its leaders",
            Act::Moderate => "hide or delete others' posts",
            Act::Invite => "invite people to this group",
            Act::Remove => "remove members",
            Act::Appoint => "choose the leaders",
            Act::Edit => "change the group",
            Act::HandOver => "hand the group to someone else",
            Act::Delete => "delete the group",
        }
    }
}

/// How high a role stands: an owner above a leader above a member.
const fn rank(role: Role) -> u8 {
    match role {
        Role::Owner => 2,
        Role::Leader => 1,
        Role::Member => 0,
    }
}

/// Whether someone of `role` (None: not a member) may take `act`. The owner
/// may not leave: they hand the group over or delete it first.
pub fn may(role: Option<Role>, act: Act) -> Result<(), FieldError> {
    let Some(role) = role else {
        return Err(FieldError::new(
            "group",
            "you are not a member of this group (you may have been removed, or the group deleted)",
        ));
    };
    if act == Act::Leave && role == Role::Owner {
        return Err(FieldError::new(
            "group",
            "the owner cannot leave: hand the group to a leader, or delete it",
        ));
    }
    if rank(role) < rank(act.least()) {
        let who = match act.least() {
            Role::Owner => "only the group's owner",
            _ => "only the group's leaders",
        };
        return Err(FieldError::new(
            "group",
            format!("{who} may {}", act.words()),
        ));
    }
    Ok(())
}

/// Whether someone of `role` may remove, or change the role of, someone of
/// `target`: a leader acts on members, the owner on anyone but themselves.
pub fn may_act_on(role: Option<Role>, act: Act, target: Role) -> Result<(), FieldError> {
    may(role, act)?;
    let role = role.expect("may() refuses no role");
    if target == Role::Owner || (role == Role::Leader && target.leads()) {
        return Err(FieldError::new(
            "member",
            match target {
                Role::Owner => "the owner cannot be removed or made a member",
                _ => "only the owner may remove a leader or change a leader's role",
            },
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Act; 14] = [
        Act::Read,
        Act::Post,
        Act::Pray,
        Act::Report,
        Act::Reflect,
        Act::Leave,
        Act::ReadLeadersOnly,
        Act::Moderate,
        Act::Invite,
        Act::Remove,
        Act::Appoint,
        Act::Edit,
        Act::HandOver,
        Act::Delete,
    ];

    #[test]
    fn a_stranger_may_do_nothing_and_is_told_why() {
        for act in ALL {
            let refused = may(None, act).expect_err("refused");
            assert!(
                refused.message.contains("not a member"),
                "{act:?}: {refused}"
            );
        }
    }

    #[test]
    fn each_role_may_do_what_the_one_below_it_may() {
        for act in ALL {
            if act == Act::Leave {
                continue;
            }
            if may(Some(Role::Member), act).is_ok() {
                assert!(may(Some(Role::Leader), act).is_ok(), "{act:?}");
            }
            if may(Some(Role::Leader), act).is_ok() {
                assert!(may(Some(Role::Owner), act).is_ok(), "{act:?}");
            }
        }
    }

    #[test]
    fn members_post_and_pray_leaders_moderate_and_only_the_owner_deletes() {
        assert!(may(Some(Role::Member), Act::Post).is_ok());
        assert!(may(Some(Role::Member), Act::Pray).is_ok());
        let refused = may(Some(Role::Member), Act::Moderate).expect_err("refused");
        assert_eq!(
            refused.message,
            "only the group's leaders may hide or delete others' posts"
        );
        assert!(may(Some(Role::Member), Act::ReadLeadersOnly).is_err());
        assert!(may(Some(Role::Leader), Act::Moderate).is_ok());
        assert!(may(Some(Role::Leader), Act::Invite).is_ok());
        let refused = may(Some(Role::Leader), Act::Delete).expect_err("refused");
        assert_eq!(
            refused.message,
            "only the group's owner may delete the group"
        );
        assert!(may(Some(Role::Owner), Act::Delete).is_ok());
    }

    #[test]
    fn the_owner_hands_over_before_leaving() {
        assert!(may(Some(Role::Member), Act::Leave).is_ok());
        assert!(may(Some(Role::Leader), Act::Leave).is_ok());
        assert!(
            may(Some(Role::Owner), Act::Leave)
                .expect_err("refused")
                .message
                .contains("hand the group")
        );
    }

    #[test]
    fn leaders_remove_members_and_only_the_owner_removes_leaders() {
        assert!(may_act_on(Some(Role::Leader), Act::Remove, Role::Member).is_ok());
        assert!(may_act_on(Some(Role::Leader), Act::Remove, Role::Leader).is_err());
        assert!(may_act_on(Some(Role::Owner), Act::Remove, Role::Leader).is_ok());
        assert!(may_act_on(Some(Role::Owner), Act::Appoint, Role::Owner).is_err());
        assert!(may_act_on(Some(Role::Member), Act::Remove, Role::Member).is_err());
        assert!(may_act_on(None, Act::Remove, Role::Member).is_err());
    }
}
