//! Groups: made, joined, led and left. Every change is judged by the rules
//! of `manna_sync_protocol::groups` (who may do what, the limits and their
//! words) inside the one transaction that makes it, so two leaders acting at
//! once, or a member removed while they join again, never leave a group
//! without an owner or over its room.
//!
//! - this file: making, seeing, changing and deleting a group;
//! - `invitations`: inviting, and joining with an invitation's code;
//! - `members`: leaving, removing, appointing, handing over, and what an
//!   account's deletion does to its groups.

mod invitations;
mod members;

pub use invitations::InvitationSeen;

use crate::error::AppError;
pub use crate::store::{GroupRow, InvitationRow, MemberRow};
use crate::store::{GroupTx, Store, StoreError};
use crate::tokens::random_hex;
use manna_sync_protocol::FieldError;
use manna_sync_protocol::groups::notices::NoticeChoice;
use manna_sync_protocol::groups::permissions::{Act, may};
use manna_sync_protocol::groups::{
    GroupKind, Role, check_display_name, check_group, check_groups_of_person,
};

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
    /// How the caller hears of the group.
    pub notices: NoticeChoice,
}

impl GroupSeen {
    /// The group as `you` see it now, inside the transaction that changed it.
    fn read(tx: &mut GroupTx<'_, '_>, group: GroupRow, you: MemberRow) -> Result<Self, StoreError> {
        let notices = tx
            .notice_choice(&group.id, &you.user_id)?
            .unwrap_or_else(|| NoticeChoice::default_for(group.kind));
        Ok(Self {
            members: tx.members(&group.id)?,
            notices,
            group,
            you,
        })
    }
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

/// The groups as the routes use them (cheap to clone: it shares the store).
#[derive(Debug, Clone)]
pub struct Groups {
    store: Store,
    /// The key member ids are made with, once read.
    key: std::sync::Arc<tokio::sync::OnceCell<String>>,
}

impl Groups {
    pub fn new(store: Store) -> Self {
        Self {
            store,
            key: Default::default(),
        }
    }

    /// The key member ids are made with (made once, kept in the store so
    /// every replica makes the same ids; read from it once).
    async fn member_key(&self, now_ms: i64) -> Result<String, AppError> {
        let key = self
            .key
            .get_or_try_init(|| async {
                let made = random_hex(32)?;
                Ok::<_, AppError>(self.store.shared_secret(MEMBER_KEY, made, now_ms).await?)
            })
            .await?;
        Ok(key.clone())
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
            Ok(Ok(GroupSeen::read(tx, group, you)?))
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
                    Ok((g, you)) => Ok(GroupSeen::read(tx, g, you)?),
                    Err(no) => Err(no),
                })
            })
            .await?;
        Ok(seen?)
    }

    /// Changes how `user` hears of `group` (any member chooses for
    /// themself): `change` is given what they heard before, and answers
    /// what they hear now.
    pub async fn set_notices(
        &self,
        user: &str,
        group: &str,
        change: impl FnOnce(NoticeChoice) -> NoticeChoice + Send + 'static,
    ) -> Result<NoticeChoice, AppError> {
        let (me, group) = (user.to_string(), group.to_string());
        self.judge(user, move |tx| {
            let (g, _) = match standing(tx, &group, &me, Act::Read)? {
                Ok(s) => s,
                Err(no) => return Ok(Err(no)),
            };
            let before = tx
                .notice_choice(&group, &me)?
                .unwrap_or_else(|| NoticeChoice::default_for(g.kind));
            let choice = change(before);
            if let Err(e) = choice.check() {
                return Ok(Err(No::Invalid(e)));
            }
            tx.set_notice_choice(&group, &me, &choice)?;
            Ok(Ok(choice))
        })
        .await
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
            Ok(Ok(GroupSeen::read(tx, g, you)?))
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
}
