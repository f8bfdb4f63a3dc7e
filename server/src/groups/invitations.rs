//! Invitations: a leader makes one (its code shown once, kept as a hash),
//! sees the open ones and withdraws one; anyone with the code sees the group
//! it admits to, and joins it under the name they give.

use super::{GroupSeen, Groups, NO_GROUP, No, member_id, new_id, standing};
use crate::error::AppError;
use crate::store::{GroupRow, InvitationRow, MemberRow};
use crate::tokens::{hash_token, random_hex};
use manna_sync_protocol::FieldError;
use manna_sync_protocol::groups::permissions::Act;
use manna_sync_protocol::groups::{
    Role, check_display_name, check_groups_of_person, check_room, invites,
};

const NO_INVITATION: &str =
    "no invitation has this code: check its letters, or ask the group's leaders for a new link";

/// What a link's invitation shows before joining.
#[derive(Debug, Clone)]
pub struct InvitationSeen {
    pub group: GroupRow,
    pub members: usize,
    pub invitation: InvitationRow,
    /// Whether the asker already belongs to the group.
    pub joined: bool,
}

/// A new invitation code.
fn new_code() -> Result<String, AppError> {
    loop {
        let bytes = hex::decode(random_hex(32)?).map_err(|e| AppError::Internal(e.to_string()))?;
        if let Some(code) = invites::code_from(&bytes) {
            return Ok(code);
        }
    }
}

impl Groups {
    /// A new invitation: its row and its code (shown this once).
    pub async fn invite(
        &self,
        user: &str,
        group: &str,
        days: u32,
        max_uses: Option<u32>,
        now_ms: i64,
    ) -> Result<(InvitationRow, String), AppError> {
        invites::check_terms(days, max_uses).map_err(AppError::Invalid)?;
        let (user, group) = (user.to_string(), group.to_string());
        let (id, code) = (new_id()?, new_code()?);
        let hash = hash_token(&code);
        self.judge(&user.clone(), move |tx| {
            let (g, you) = match standing(tx, &group, &user, Act::Invite)? {
                Ok(found) => found,
                Err(no) => return Ok(Err(no)),
            };
            let invitation = InvitationRow {
                id,
                group_id: g.id,
                made_by: you.member_id,
                created_at: now_ms,
                expires_at: invites::expires_ms(now_ms, days),
                max_uses,
                uses: 0,
                revoked: false,
            };
            tx.insert_invitation(&invitation, &hash)?;
            Ok(Ok((invitation, code)))
        })
        .await
    }

    /// The invitations of a group that still admit someone (for leaders).
    pub async fn invitations(
        &self,
        user: &str,
        group: &str,
        now_ms: i64,
    ) -> Result<Vec<InvitationRow>, AppError> {
        let (user, group) = (user.to_string(), group.to_string());
        let found = self
            .store
            .group_read(move |tx| {
                Ok(match standing(tx, &group, &user, Act::Invite)? {
                    Ok(_) => Ok(tx.open_invitations(&group, now_ms)?),
                    Err(no) => Err(no),
                })
            })
            .await?;
        Ok(found?)
    }

    /// Withdraws an invitation (a leader).
    pub async fn revoke(&self, user: &str, group: &str, invitation: &str) -> Result<(), AppError> {
        let (user, group, invitation) =
            (user.to_string(), group.to_string(), invitation.to_string());
        self.judge(&user.clone(), move |tx| {
            if let Err(no) = standing(tx, &group, &user, Act::Invite)? {
                return Ok(Err(no));
            }
            if !tx.revoke_invitation(&group, &invitation)? {
                return Ok(Err(No::NotFound(
                    "there is no such invitation in this group",
                )));
            }
            Ok(Ok(()))
        })
        .await
    }

    /// What the invitation with `code` shows before joining: the group's
    /// name and size, and whether it still admits someone.
    pub async fn preview(
        &self,
        user: &str,
        code: &str,
        now_ms: i64,
    ) -> Result<InvitationSeen, AppError> {
        let hash = code_hash(code)?;
        let user = user.to_string();
        let seen = self
            .store
            .group_read(move |tx| {
                let Some(invitation) = tx.invitation_by_code(&hash)? else {
                    return Ok(Err(No::NotFound(NO_INVITATION)));
                };
                let Some(group) = tx.group(&invitation.group_id)? else {
                    return Ok(Err(No::NotFound(NO_GROUP)));
                };
                let joined = tx.member(&group.id, &user)?.is_some();
                if !joined && let Err(e) = invites::admits(terms(&invitation), now_ms) {
                    return Ok(Err(No::Denied(e)));
                }
                Ok(Ok(InvitationSeen {
                    members: tx.count_members(&group.id)?,
                    group,
                    invitation,
                    joined,
                }))
            })
            .await?;
        Ok(seen?)
    }

    /// Joins the group of the invitation with `code`, shown to the others as
    /// `display_name`. Someone already in the group keeps their place.
    pub async fn join(
        &self,
        user: &str,
        code: &str,
        display_name: &str,
        now_ms: i64,
    ) -> Result<GroupSeen, AppError> {
        let hash = code_hash(code)?;
        let display_name = display_name.trim().to_string();
        check_display_name(&display_name).map_err(AppError::Invalid)?;
        let user = user.to_string();
        let key = self.member_key(now_ms).await?;
        self.judge(&user.clone(), move |tx| {
            let Some(invitation) = tx.invitation_by_code(&hash)? else {
                return Ok(Err(No::NotFound(NO_INVITATION)));
            };
            // Joins of one group happen one at a time; the invitation is
            // read again under the lock (its uses may have moved on).
            tx.lock_group(&invitation.group_id)?;
            let Some(invitation) = tx.invitation_by_code(&hash)? else {
                return Ok(Err(No::NotFound(NO_INVITATION)));
            };
            let Some(group) = tx.group(&invitation.group_id)? else {
                return Ok(Err(No::NotFound(NO_GROUP)));
            };
            if let Some(you) = tx.member(&group.id, &user)? {
                return Ok(Ok(GroupSeen::read(tx, group, you)?));
            }
            let checks = invites::admits(terms(&invitation), now_ms)
                .and_then(|()| check_room(tx.count_members(&group.id).unwrap_or(usize::MAX)))
                .and_then(|()| {
                    check_groups_of_person(tx.count_groups_of(&user).unwrap_or(usize::MAX))
                });
            if let Err(e) = checks {
                return Ok(Err(No::Denied(e)));
            }
            let you = MemberRow {
                member_id: member_id(&key, &group.id, &user),
                group_id: group.id.clone(),
                user_id: user.clone(),
                display_name,
                role: Role::Member,
                joined_at: now_ms,
            };
            tx.insert_member(&you)?;
            tx.use_invitation(&invitation.id)?;
            Ok(Ok(GroupSeen::read(tx, group, you)?))
        })
        .await
    }
}

fn terms(i: &InvitationRow) -> invites::Invitation {
    invites::Invitation {
        expires_ms: i.expires_at,
        uses: i.uses,
        max_uses: i.max_uses,
        revoked: i.revoked,
    }
}

/// The stored hash of a code as typed (either case), after its shape check.
fn code_hash(code: &str) -> Result<String, AppError> {
    if !invites::is_code(code) {
        return Err(AppError::Invalid(FieldError::new(
            "code",
            format!(
                "an invitation code is {} letters and digits, as the link has it",
                invites::CODE_LENGTH
            ),
        )));
    }
    Ok(hash_token(&invites::normalized(code)))
}
