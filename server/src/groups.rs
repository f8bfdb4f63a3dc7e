//! Groups: made, joined, led and left. Every change is judged by the rules
//! of `manna_sync_protocol::groups` (who may do what, the limits and their
//! words) inside the one transaction that makes it, so two leaders acting at
//! once, or a member removed while they join again, never leave a group
//! without an owner or over its room.

use crate::error::AppError;
pub use crate::store::{GroupRow, InvitationRow, MemberRow};
use crate::store::{GroupTx, Store, StoreError};
use crate::sync::{Open, Writer};
use crate::tokens::{hash_token, random_hex};
use manna_sync_protocol::FieldError;
use manna_sync_protocol::groups::permissions::{Act, may, may_act_on};
use manna_sync_protocol::groups::{
    GroupKind, Role, check_display_name, check_group, check_groups_of_person, check_room, heir,
    invites,
};
use manna_sync_protocol::{Mutation, Op};
use std::sync::Arc;

/// What a new group is made of (its maker's name in it too).
#[derive(Debug, Clone)]
pub struct NewGroup {
    pub name: String,
    pub description: String,
    pub kind: GroupKind,
    pub display_name: String,
}

/// The changes a leader makes to a group (what is left out stays).
#[derive(Debug, Clone, Default)]
pub struct GroupEdit {
    pub name: Option<String>,
    pub description: Option<String>,
    pub kind: Option<GroupKind>,
    pub reflections: Option<bool>,
}

/// A group as one of its members sees it.
#[derive(Debug, Clone)]
pub struct GroupSeen {
    pub group: GroupRow,
    pub you: MemberRow,
    pub members: Vec<MemberRow>,
}

/// What a link's invitation shows before joining.
#[derive(Debug, Clone)]
pub struct InvitationSeen {
    pub group: GroupRow,
    pub members: usize,
    pub invitation: InvitationRow,
    /// Whether the asker already belongs to the group.
    pub joined: bool,
}

/// Why a group change did not happen: a rule refused it (its words), or the
/// thing it names is not there.
enum No {
    Denied(FieldError),
    Invalid(FieldError),
    NotFound(&'static str),
}

impl From<No> for AppError {
    fn from(no: No) -> Self {
        match no {
            No::Denied(e) => AppError::Denied(e),
            No::Invalid(e) => AppError::Invalid(e),
            No::NotFound(what) => AppError::NotFound(what.into()),
        }
    }
}

type Judged<T> = Result<Result<T, No>, StoreError>;

const NO_GROUP: &str = "there is no such group (it may have been deleted)";
const NO_MEMBER: &str = "there is no such member in this group (they may have left)";
const NO_INVITATION: &str =
    "no invitation has this code: check its letters, or ask the group's leaders for a new link";

/// The group and the caller's place in it, when they may take `act`.
fn standing(
    tx: &mut GroupTx<'_, '_>,
    group: &str,
    user: &str,
    act: Act,
) -> Judged<(GroupRow, MemberRow)> {
    let Some(g) = tx.group(group)? else {
        return Ok(Err(No::NotFound(NO_GROUP)));
    };
    let me = tx.member(group, user)?;
    if let Err(e) = may(me.as_ref().map(|m| m.role), act) {
        return Ok(Err(No::Denied(e)));
    }
    Ok(Ok((g, me.expect("may() refuses a stranger"))))
}

/// A new random id (hex).
fn new_id() -> Result<String, AppError> {
    random_hex(12)
}

/// The name of the server's key that member ids are made with.
const MEMBER_KEY: &str = "group-members";

/// The member id of `user` in `group`: the same each time they join (so what
/// they posted before leaving is theirs again when they come back), and
/// never showing their user id (a keyed hash).
fn member_id(key: &str, group: &str, user: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(format!("{key}:{group}:{user}").as_bytes())[..12])
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

/// The groups as the routes use them (cheap to clone: it shares the store).
#[derive(Debug, Clone)]
pub struct Groups {
    store: Store,
}

impl Groups {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// The key member ids are made with (made once, kept in the store so
    /// every replica makes the same ids).
    async fn member_key(&self, now_ms: i64) -> Result<String, AppError> {
        Ok(self
            .store
            .shared_secret(MEMBER_KEY, random_hex(32)?, now_ms)
            .await?)
    }

    async fn judge<T, F>(&self, user: &str, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut GroupTx<'_, '_>) -> Judged<T> + Send + 'static,
        T: Send + 'static,
    {
        Ok(self.store.group_write(user, f).await??)
    }

    /// Makes a group with `user` as its owner.
    pub async fn create(
        &self,
        user: &str,
        new: NewGroup,
        now_ms: i64,
    ) -> Result<GroupSeen, AppError> {
        let name = new.name.trim().to_string();
        let description = new.description.trim().to_string();
        let display_name = new.display_name.trim().to_string();
        check_group(&name, &description).map_err(AppError::Invalid)?;
        check_display_name(&display_name).map_err(AppError::Invalid)?;
        let group = GroupRow {
            id: new_id()?,
            name,
            description,
            kind: new.kind,
            reflections: false,
            created_at: now_ms,
        };
        let you = MemberRow {
            group_id: group.id.clone(),
            user_id: user.to_string(),
            member_id: member_id(&self.member_key(now_ms).await?, &group.id, user),
            display_name,
            role: Role::Owner,
            joined_at: now_ms,
        };
        self.judge(user, move |tx| {
            if let Err(e) = check_groups_of_person(tx.count_groups_of(&you.user_id)?) {
                return Ok(Err(No::Denied(e)));
            }
            tx.insert_group(&group)?;
            tx.insert_member(&you)?;
            Ok(Ok(GroupSeen {
                members: vec![you.clone()],
                group,
                you,
            }))
        })
        .await
    }

    /// The groups `user` belongs to, with their place and each group's size.
    pub async fn mine(&self, user: &str) -> Result<Vec<(GroupRow, MemberRow, usize)>, AppError> {
        let user = user.to_string();
        Ok(self
            .store
            .group_read(move |tx| {
                let mut out = Vec::new();
                for (g, m) in tx.memberships(&user)? {
                    let n = tx.count_members(&g.id)?;
                    out.push((g, m, n));
                }
                Ok(out)
            })
            .await?)
    }

    /// A group, its members and the caller's place, for a member.
    pub async fn view(&self, user: &str, group: &str) -> Result<GroupSeen, AppError> {
        let (user, group) = (user.to_string(), group.to_string());
        let seen = self
            .store
            .group_read(move |tx| {
                Ok(match standing(tx, &group, &user, Act::Read)? {
                    Ok((g, you)) => Ok(GroupSeen {
                        members: tx.members(&g.id)?,
                        group: g,
                        you,
                    }),
                    Err(no) => Err(no),
                })
            })
            .await?;
        Ok(seen?)
    }

    /// A leader's changes to the group's name, description, kind and
    /// whether reflections are on.
    pub async fn edit(
        &self,
        user: &str,
        group: &str,
        edit: GroupEdit,
    ) -> Result<GroupSeen, AppError> {
        let (user, group) = (user.to_string(), group.to_string());
        self.judge(&user.clone(), move |tx| {
            let (mut g, you) = match standing(tx, &group, &user, Act::Edit)? {
                Ok(found) => found,
                Err(no) => return Ok(Err(no)),
            };
            if let Some(name) = edit.name {
                g.name = name.trim().to_string();
            }
            if let Some(description) = edit.description {
                g.description = description.trim().to_string();
            }
            if let Some(kind) = edit.kind {
                g.kind = kind;
            }
            if let Some(on) = edit.reflections {
                g.reflections = on;
            }
            if let Err(e) = check_group(&g.name, &g.description) {
                return Ok(Err(No::Invalid(e)));
            }
            tx.update_group(&g)?;
            Ok(Ok(GroupSeen {
                members: tx.members(&g.id)?,
                group: g,
                you,
            }))
        })
        .await
    }

    /// Deletes a group and everything in it (its owner only).
    pub async fn delete(&self, user: &str, group: &str) -> Result<(), AppError> {
        let (user, group) = (user.to_string(), group.to_string());
        self.judge(&user.clone(), move |tx| {
            if let Err(no) = standing(tx, &group, &user, Act::Delete)? {
                return Ok(Err(no));
            }
            tx.delete_group(&group)?;
            Ok(Ok(()))
        })
        .await
    }

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
                return Ok(Ok(GroupSeen {
                    members: tx.members(&group.id)?,
                    group,
                    you,
                }));
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
            Ok(Ok(GroupSeen {
                members: tx.members(&group.id)?,
                group,
                you,
            }))
        })
        .await
    }

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
            Ok(Ok(GroupSeen {
                members: tx.members(&group)?,
                group: g,
                you,
            }))
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
    let Some(_) = tx.group(group)? else {
        return Ok(Err(No::NotFound(NO_GROUP)));
    };
    let me = tx.member(group, user)?;
    if let Err(e) = may(me.as_ref().map(|m| m.role), act) {
        return Ok(Err(No::Denied(e)));
    }
    let Some(target) = tx.member_by_id(group, member)? else {
        return Ok(Err(No::NotFound(NO_MEMBER)));
    };
    if let Err(e) = may_act_on(me.map(|m| m.role), act, target.role) {
        return Ok(Err(No::Denied(e)));
    }
    Ok(Ok(target))
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
