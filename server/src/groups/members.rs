//! A group's members: leaving, removing, making leaders and members,
//! handing the group over, and what an account's deletion does to the groups
//! it belongs to.

use super::{GroupSeen, Groups, Judged, NO_MEMBER, No, standing};
use crate::error::AppError;
use crate::store::{GroupTx, MemberRow};
use crate::sync::{Open, Writer};
use manna_sync_protocol::FieldError;
use manna_sync_protocol::groups::permissions::{Act, may_act_on};
use manna_sync_protocol::groups::{Role, heir};
use manna_sync_protocol::{Mutation, Op};
use std::sync::Arc;

impl Groups {
    /// Leaves a group (anyone but its owner).
    pub async fn leave(&self, user: &str, group: &str) -> Result<(), AppError> {
        let (user, group) = (user.to_string(), group.to_string());
        self.judge(&user.clone(), move |tx| {
            let (_, you) = match standing(tx, &group, &user, Act::Leave)? {
                Ok(found) => found,
                Err(no) => return Ok(Err(no)),
            };
            tx.remove_member(&group, &you.member_id)?;
            Ok(Ok(()))
        })
        .await
    }

    /// Removes a member (a leader removes members, the owner anyone else).
    pub async fn remove(&self, user: &str, group: &str, member: &str) -> Result<(), AppError> {
        let (user, group, member) = (user.to_string(), group.to_string(), member.to_string());
        self.judge(&user.clone(), move |tx| {
            let target = match acting_on(tx, &group, &user, &member, Act::Remove)? {
                Ok(target) => target,
                Err(no) => return Ok(Err(no)),
            };
            tx.remove_member(&group, &target.member_id)?;
            Ok(Ok(()))
        })
        .await
    }

    /// Makes a member a leader, or a leader a member again.
    pub async fn appoint(
        &self,
        user: &str,
        group: &str,
        member: &str,
        role: Role,
    ) -> Result<MemberRow, AppError> {
        if role == Role::Owner {
            return Err(AppError::Invalid(FieldError::new(
                "role",
                "a group has one owner: hand the group over instead",
            )));
        }
        let (user, group, member) = (user.to_string(), group.to_string(), member.to_string());
        self.judge(&user.clone(), move |tx| {
            let mut target = match acting_on(tx, &group, &user, &member, Act::Appoint)? {
                Ok(target) => target,
                Err(no) => return Ok(Err(no)),
            };
            tx.set_role(&group, &target.member_id, role)?;
            target.role = role;
            Ok(Ok(target))
        })
        .await
    }

    /// Hands the group to one of its leaders; the owner stays a leader.
    pub async fn hand_over(
        &self,
        user: &str,
        group: &str,
        member: &str,
    ) -> Result<GroupSeen, AppError> {
        let (user, group, member) = (user.to_string(), group.to_string(), member.to_string());
        self.judge(&user.clone(), move |tx| {
            tx.lock_group(&group)?;
            let (g, mut you) = match standing(tx, &group, &user, Act::HandOver)? {
                Ok(found) => found,
                Err(no) => return Ok(Err(no)),
            };
            let Some(heir) = tx.member_by_id(&group, &member)? else {
                return Ok(Err(No::NotFound(NO_MEMBER)));
            };
            if heir.role != Role::Leader {
                return Ok(Err(No::Invalid(FieldError::new(
                    "memberId",
                    "the group can be handed only to one of its leaders: make them a leader first",
                ))));
            }
            tx.set_role(&group, &heir.member_id, Role::Owner)?;
            tx.set_role(&group, &you.member_id, Role::Leader)?;
            you.role = Role::Leader;
            Ok(Ok(GroupSeen::read(tx, g, you)?))
        })
        .await
    }

    /// Before an account is deleted: what it posted in its groups is
    /// deleted (every member's phone is told), then each group it owns
    /// passes to its first leader, else its first member; a group with no
    /// one else goes with it.
    pub async fn before_account_deleted(&self, user: &str, now_ms: i64) -> Result<(), AppError> {
        let owner = user.to_string();
        let posts = self
            .store
            .group_read(move |tx| {
                let mut posts = Vec::new();
                for (g, m) in tx.memberships(&owner)? {
                    posts.extend(tx.posts_by(&g.id, &m.member_id)?);
                }
                Ok(posts)
            })
            .await?;
        for (table, id) in posts {
            let delete = Mutation {
                seq: 0,
                table,
                id,
                op: Op::Delete,
                fields: Default::default(),
                base_version: None,
            };
            let writer = Writer {
                user: user.to_string(),
                device: "account-deletion".into(),
                now_ms,
                gate: Arc::new(Open),
            };
            // Deleting one's own post is never refused by the group's rules;
            // one gone meanwhile is simply gone.
            if let Err(refusal) = crate::sync::apply_direct(&self.store, writer, delete).await? {
                tracing::warn!(%refusal, "a post of a deleted account was kept");
            }
        }
        let owner = user.to_string();
        self.store
            .group_write(user, move |tx| {
                for (g, m) in tx.memberships(&owner)? {
                    if m.role != Role::Owner {
                        continue;
                    }
                    tx.lock_group(&g.id)?;
                    let others = tx.members(&g.id)?;
                    let next = heir(
                        others
                            .iter()
                            .filter(|o| o.user_id != owner)
                            .map(|o| (o.role, o.joined_at, o.member_id.as_str())),
                    )
                    .map(str::to_string);
                    match next {
                        Some(next) => tx.set_role(&g.id, &next, Role::Owner)?,
                        None => tx.delete_group(&g.id)?,
                    }
                }
                Ok(Ok::<(), ()>(()))
            })
            .await?
            .ok();
        Ok(())
    }
}

/// The member `member` of `group`, when the caller may take `act` on them.
fn acting_on(
    tx: &mut GroupTx<'_, '_>,
    group: &str,
    user: &str,
    member: &str,
    act: Act,
) -> Judged<MemberRow> {
    let (_, me) = match standing(tx, group, user, act)? {
        Ok(found) => found,
        Err(no) => return Ok(Err(no)),
    };
    let Some(target) = tx.member_by_id(group, member)? else {
        return Ok(Err(No::NotFound(NO_MEMBER)));
    };
    if let Err(e) = may_act_on(Some(me.role), act, target.role) {
        return Ok(Err(No::Denied(e)));
    }
    Ok(Ok(target))
}
