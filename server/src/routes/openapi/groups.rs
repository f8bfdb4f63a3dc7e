//! The operations of the groups' calls: a person's groups, a group's page
//! and its leaders' tools, and joining by an invitation's code.

use super::super::groups::{
    GroupCreateBody, GroupDetail, GroupEditBody, GroupInvitation, GroupInvitations, GroupList,
    GroupMember, HandOverBody, InvitationCreateBody, InvitationPreview, JoinBody, NoticesBody,
    RoleBody,
};
use super::doc::{Doc, Op, Who, op};
use manna_sync_protocol::groups::notices::NoticeChoice;

const GROUP: &str = "The group's id";
const MEMBER: &str = "The member's id in the group";
const CODE: &str = "The invitation's code (10 letters and digits)";

/// `GET /api/groups`.
pub fn groups_list(doc: &mut Doc) -> Op {
    let list = doc.schema::<GroupList>();
    op(
        "The groups the user belongs to, with their role in each",
        Who::Device,
    )
    .ok(list)
}

/// `POST /api/groups`.
pub fn group_create(doc: &mut Doc) -> Op {
    let (body, group) = (doc.schema::<GroupCreateBody>(), doc.schema::<GroupDetail>());
    op("Makes a group, with the user as its owner", Who::Device)
        .body(body)
        .answers(201, Some(group), "The group")
}

/// `GET /api/groups/{groupId}`.
pub fn group_get(doc: &mut Doc) -> Op {
    let group = doc.schema::<GroupDetail>();
    op("A group and its members (members only)", Who::Device)
        .path("groupId", GROUP)
        .ok(group)
}

/// `PATCH /api/groups/{groupId}`.
pub fn group_edit(doc: &mut Doc) -> Op {
    let (body, group) = (doc.schema::<GroupEditBody>(), doc.schema::<GroupDetail>());
    op(
        "Renames a group, changes its description or kind, or turns reflections on or off (leaders)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .body(body)
    .ok(group)
}

/// `DELETE /api/groups/{groupId}`.
pub fn group_delete(_doc: &mut Doc) -> Op {
    op(
        "Deletes a group and everything in it (its owner)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .answers(204, None, "Deleted")
}

/// `POST /api/groups/{groupId}/invitations`.
pub fn invitation_create(doc: &mut Doc) -> Op {
    let (body, made) = (
        doc.schema::<InvitationCreateBody>(),
        doc.schema::<GroupInvitation>(),
    );
    op(
        "A new invitation: its code and link, given this once (leaders)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .body(body)
    .answers(201, Some(made), "The invitation")
}

/// `GET /api/groups/{groupId}/invitations`.
pub fn invitations_list(doc: &mut Doc) -> Op {
    let list = doc.schema::<GroupInvitations>();
    op(
        "The group's invitations that still admit someone (leaders)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .ok(list)
}

/// `DELETE /api/groups/{groupId}/invitations/{invitationId}`.
pub fn invitation_delete(_doc: &mut Doc) -> Op {
    op("Withdraws an invitation (leaders)", Who::Device)
        .path("groupId", GROUP)
        .path("invitationId", "The invitation's id")
        .answers(204, None, "Withdrawn")
}

/// `GET /api/invitations/{code}`.
pub fn invitation_get(doc: &mut Doc) -> Op {
    let preview = doc.schema::<InvitationPreview>();
    op(
        "The group an invitation's code lets the user join, if it still does",
        Who::Device,
    )
    .path("code", CODE)
    .ok(preview)
}

/// `POST /api/invitations/{code}/join`.
pub fn invitation_join(doc: &mut Doc) -> Op {
    let (body, group) = (doc.schema::<JoinBody>(), doc.schema::<GroupDetail>());
    op(
        "Joins the invitation's group under the name given (a member already keeps their place)",
        Who::Device,
    )
    .path("code", CODE)
    .body(body)
    .ok(group)
}

/// `POST /api/groups/{groupId}/leave`.
pub fn group_leave(_doc: &mut Doc) -> Op {
    op("Leaves a group (anyone but its owner)", Who::Device)
        .path("groupId", GROUP)
        .answers(204, None, "Left")
}

/// `PATCH /api/groups/{groupId}/notices`.
pub fn group_notices(doc: &mut Doc) -> Op {
    let (body, choice) = (doc.schema::<NoticesBody>(), doc.schema::<NoticeChoice>());
    op(
        "Chooses how the asker hears of a group: new requests off, each one or in a daily digest, and whether it is muted (members)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .body(body)
    .ok(choice)
}

/// `PATCH /api/groups/{groupId}/members/{memberId}`.
pub fn member_role(doc: &mut Doc) -> Op {
    let (body, member) = (doc.schema::<RoleBody>(), doc.schema::<GroupMember>());
    op(
        "Makes a member a leader, or a leader a member (leaders; leaders' roles: the owner)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .path("memberId", MEMBER)
    .body(body)
    .ok(member)
}

/// `DELETE /api/groups/{groupId}/members/{memberId}`.
pub fn member_remove(_doc: &mut Doc) -> Op {
    op(
        "Removes a member (leaders; a leader: the owner)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .path("memberId", MEMBER)
    .answers(204, None, "Removed")
}

/// `POST /api/groups/{groupId}/owner`.
pub fn group_hand_over(doc: &mut Doc) -> Op {
    let (body, group) = (doc.schema::<HandOverBody>(), doc.schema::<GroupDetail>());
    op(
        "Hands the group to one of its leaders (its owner, who stays a leader)",
        Who::Device,
    )
    .path("groupId", GROUP)
    .body(body)
    .ok(group)
}
