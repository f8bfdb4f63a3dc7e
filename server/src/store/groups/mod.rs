//! Groups in storage terms: the groups, their members and the invitations
//! (`invitations`), read and written inside one transaction (`GroupTx`).
//! Who may do what, and what a refusal says, is decided above the store
//! (`crate::groups`).

mod invitations;
mod notices;

pub use invitations::InvitationRow;
pub(super) use notices::note;
pub use notices::{Noted, Pending, Prayed};

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;
use manna_sync_protocol::groups::{GroupKind, Role};

/// A group as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupRow {
    pub id: String,
    pub name: String,
    pub description: String,
    pub kind: GroupKind,
    pub reflections: bool,
    pub created_at: i64,
}

/// A person's place in a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    pub group_id: String,
    pub user_id: String,
    pub member_id: String,
    pub display_name: String,
    pub role: Role,
    pub joined_at: i64,
}

const GROUP_COLUMNS: &str = "id, name, description, kind, reflections, created_at";
const MEMBER_COLUMNS: &str = "group_id, user_id, member_id, display_name, role, joined_at";

fn unknown(what: &str, word: &str) -> StoreError {
    StoreError::Engine(format!("a stored group {what} is not known: {word}"))
}

fn group_row(r: &super::sql::Row<'_, '_>) -> Result<GroupRow, StoreError> {
    let kind: String = r.get(3)?;
    Ok(GroupRow {
        id: r.get(0)?,
        name: r.get(1)?,
        description: r.get(2)?,
        kind: GroupKind::from_wire(&kind).ok_or_else(|| unknown("kind", &kind))?,
        reflections: r.get(4)?,
        created_at: r.get(5)?,
    })
}

fn member_row(r: &super::sql::Row<'_, '_>) -> Result<MemberRow, StoreError> {
    let role: String = r.get(4)?;
    Ok(MemberRow {
        group_id: r.get(0)?,
        user_id: r.get(1)?,
        member_id: r.get(2)?,
        display_name: r.get(3)?,
        role: Role::from_wire(&role).ok_or_else(|| unknown("role", &role))?,
        joined_at: r.get(5)?,
    })
}

/// The store inside one transaction of group changes.
#[derive(Debug)]
pub struct GroupTx<'a, 'c>(&'a mut Sql<'c>);

impl GroupTx<'_, '_> {
    /// Holds the group's row until the transaction ends, so its membership
    /// changes (the room left, the owner) happen one at a time on
    /// PostgreSQL; SQLite has one writer already.
    pub fn lock_group(&mut self, group: &str) -> Result<(), StoreError> {
        if let Sql::Pg(_) = self.0 {
            self.0.query_opt(
                "SELECT 1 FROM prayer_groups WHERE id = ?1 FOR UPDATE",
                &[&group],
                |_| Ok(()),
            )?;
        }
        Ok(())
    }

    pub fn group(&mut self, group: &str) -> Result<Option<GroupRow>, StoreError> {
        group_by_id(self.0, group)
    }

    /// `user`'s place in `group`, if they are a member.
    pub fn member(&mut self, group: &str, user: &str) -> Result<Option<MemberRow>, StoreError> {
        member_of(self.0, group, user)
    }

    /// The member whose member id is `member`, in `group`.
    pub fn member_by_id(
        &mut self,
        group: &str,
        member: &str,
    ) -> Result<Option<MemberRow>, StoreError> {
        self.0.query_opt(
            &format!(
                "SELECT {MEMBER_COLUMNS} FROM group_members WHERE group_id = ?1 AND member_id = ?2"
            ),
            &[&group, &member],
            member_row,
        )
    }

    pub fn members(&mut self, group: &str) -> Result<Vec<MemberRow>, StoreError> {
        members_of(self.0, group)
    }

    pub fn count_members(&mut self, group: &str) -> Result<usize, StoreError> {
        let n: i64 = self.0.query_one(
            "SELECT COUNT(*) FROM group_members WHERE group_id = ?1",
            &[&group],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// How many groups `user` belongs to.
    pub fn count_groups_of(&mut self, user: &str) -> Result<usize, StoreError> {
        let n: i64 = self.0.query_one(
            "SELECT COUNT(*) FROM group_members WHERE user_id = ?1",
            &[&user],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Stores a new group, and the row its shared records are kept under.
    pub fn insert_group(&mut self, g: &GroupRow) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO users (id, created_at) VALUES (?1, ?2)",
            &[&super::sync::group_bucket(&g.id), &g.created_at],
        )?;
        self.0.execute(
            &format!("INSERT INTO prayer_groups ({GROUP_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
            &[
                &g.id,
                &g.name,
                &g.description,
                &g.kind.wire(),
                &g.reflections,
                &g.created_at,
            ],
        )?;
        Ok(())
    }

    pub fn update_group(&mut self, g: &GroupRow) -> Result<(), StoreError> {
        self.0.execute(
            "UPDATE prayer_groups SET name = ?2, description = ?3, kind = ?4, reflections = ?5
             WHERE id = ?1",
            &[
                &g.id,
                &g.name,
                &g.description,
                &g.kind.wire(),
                &g.reflections,
            ],
        )?;
        Ok(())
    }

    pub fn insert_member(&mut self, m: &MemberRow) -> Result<(), StoreError> {
        self.0.execute(
            // Told of nothing posted before they joined.
            &format!(
                "INSERT INTO group_members ({MEMBER_COLUMNS}, told_through)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT COALESCE(MAX(seq), 0) FROM group_notices))"
            ),
            &[
                &m.group_id,
                &m.user_id,
                &m.member_id,
                &m.display_name,
                &m.role.wire(),
                &m.joined_at,
            ],
        )?;
        Ok(())
    }

    pub fn set_role(&mut self, group: &str, member: &str, role: Role) -> Result<(), StoreError> {
        self.0.execute(
            "UPDATE group_members SET role = ?3 WHERE group_id = ?1 AND member_id = ?2",
            &[&group, &member, &role.wire()],
        )?;
        Ok(())
    }

    pub fn remove_member(&mut self, group: &str, member: &str) -> Result<(), StoreError> {
        self.0.execute(
            "DELETE FROM group_members WHERE group_id = ?1 AND member_id = ?2",
            &[&group, &member],
        )?;
        Ok(())
    }

    /// Deletes the group with its members, invitations and everything it
    /// shared.
    pub fn delete_group(&mut self, group: &str) -> Result<(), StoreError> {
        let bucket = super::sync::group_bucket(group);
        for sql in [
            "DELETE FROM revisions WHERE user_id = ?1",
            "DELETE FROM records WHERE user_id = ?1",
            "DELETE FROM users WHERE id = ?1",
        ] {
            self.0.execute(sql, &[&bucket])?;
        }
        for sql in [
            "DELETE FROM group_notices WHERE group_id = ?1",
            "DELETE FROM group_prayed_notices WHERE group_id = ?1",
            "DELETE FROM group_posts WHERE group_id = ?1",
            "DELETE FROM group_invitations WHERE group_id = ?1",
            "DELETE FROM group_members WHERE group_id = ?1",
            "DELETE FROM prayer_groups WHERE id = ?1",
        ] {
            self.0.execute(sql, &[&group])?;
        }
        Ok(())
    }

    /// The ids of the live records of `group` that `member` wrote (their
    /// requests, updates, prayers, reflections and reports).
    pub fn posts_by(
        &mut self,
        group: &str,
        member: &str,
    ) -> Result<Vec<(manna_sync_protocol::Table, String)>, StoreError> {
        use manna_sync_protocol::groups::shared::author_field;
        let rows: Vec<(String, String, String)> = self.0.query(
            "SELECT tbl, id, body FROM records WHERE user_id = ?1 AND deleted = FALSE",
            &[&super::sync::group_bucket(group)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        let mut out = Vec::new();
        for (tbl, id, body) in rows {
            let Some(table) = manna_sync_protocol::Table::from_name(&tbl) else {
                continue;
            };
            let record = super::sync::records::decode_record(&body)?;
            let by = author_field(table).and_then(|f| record.fields.get(f));
            if by.and_then(|v| v.as_str()) == Some(member) {
                out.push((table, id));
            }
        }
        Ok(out)
    }

    /// The groups `user` belongs to, with their place in each.
    pub fn memberships(&mut self, user: &str) -> Result<Vec<(GroupRow, MemberRow)>, StoreError> {
        memberships_of(self.0, user)
    }
}

fn group_by_id(c: &mut Sql<'_>, group: &str) -> Result<Option<GroupRow>, StoreError> {
    c.query_opt(
        &format!("SELECT {GROUP_COLUMNS} FROM prayer_groups WHERE id = ?1"),
        &[&group],
        group_row,
    )
}

fn member_of(c: &mut Sql<'_>, group: &str, user: &str) -> Result<Option<MemberRow>, StoreError> {
    c.query_opt(
        &format!("SELECT {MEMBER_COLUMNS} FROM group_members WHERE group_id = ?1 AND user_id = ?2"),
        &[&group, &user],
        member_row,
    )
}

fn members_of(c: &mut Sql<'_>, group: &str) -> Result<Vec<MemberRow>, StoreError> {
    c.query(
        &format!(
            "SELECT {MEMBER_COLUMNS} FROM group_members WHERE group_id = ?1
             ORDER BY joined_at, member_id"
        ),
        &[&group],
        member_row,
    )
}

fn memberships_of(c: &mut Sql<'_>, user: &str) -> Result<Vec<(GroupRow, MemberRow)>, StoreError> {
    let mine: Vec<MemberRow> = c.query(
        &format!(
            "SELECT {MEMBER_COLUMNS} FROM group_members WHERE user_id = ?1 ORDER BY joined_at"
        ),
        &[&user],
        member_row,
    )?;
    let mut out = Vec::with_capacity(mine.len());
    for m in mine {
        if let Some(g) = group_by_id(c, &m.group_id)? {
            out.push((g, m));
        }
    }
    Ok(out)
}

/// Moves `from`'s memberships to `into` at login (inside the claim's
/// transaction): a group both belong to keeps the account's membership, in
/// the higher of the two roles.
pub(super) fn move_memberships(tx: &mut Sql<'_>, from: &str, into: &str) -> Result<(), StoreError> {
    for m in memberships_of(tx, from)?.into_iter().map(|(_, m)| m) {
        match member_of(tx, &m.group_id, into)? {
            Some(kept) => {
                if m.role < kept.role {
                    // Roles are declared highest first: Owner < Leader < Member.
                    tx.execute(
                        "UPDATE group_members SET role = ?3 WHERE group_id = ?1 AND user_id = ?2",
                        &[&m.group_id, &into, &m.role.wire()],
                    )?;
                }
                tx.execute(
                    "DELETE FROM group_members WHERE group_id = ?1 AND user_id = ?2",
                    &[&m.group_id, &from],
                )?;
            }
            None => {
                tx.execute(
                    "UPDATE group_members SET user_id = ?3 WHERE group_id = ?1 AND user_id = ?2",
                    &[&m.group_id, &from, &into],
                )?;
            }
        }
    }
    Ok(())
}

impl Store {
    /// Runs `f` in one transaction of group changes, holding `user`'s row
    /// first (as every write of theirs does): kept when it answers `Ok(Ok)`,
    /// rolled back on a refusal or an error.
    pub async fn group_write<T, R, F>(&self, user: &str, f: F) -> Result<Result<T, R>, StoreError>
    where
        F: FnOnce(&mut GroupTx<'_, '_>) -> Result<Result<T, R>, StoreError> + Send + 'static,
        T: Send + 'static,
        R: Send + 'static,
    {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.write_or_refuse(|tx| {
                    tx.lock_user(&user)?;
                    f(&mut GroupTx(tx))
                })
            })
            .await
    }

    /// Runs `f` on one snapshot, reading only.
    pub async fn group_read<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(&mut GroupTx<'_, '_>) -> Result<T, StoreError> + Send + 'static,
        T: Send + 'static,
    {
        self.db
            .call(move |c| c.read(|tx| f(&mut GroupTx(tx))))
            .await
    }
}
