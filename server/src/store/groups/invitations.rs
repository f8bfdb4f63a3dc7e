//! A group's invitations in storage terms: made, found by their code's
//! hash, counted as people join with them, withdrawn, and those still open.

use super::GroupTx;
use crate::store::StoreError;

/// An invitation as kept (its code only as a hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationRow {
    pub id: String,
    pub group_id: String,
    /// The member id of the leader who made it.
    pub made_by: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub max_uses: Option<u32>,
    pub uses: u32,
    pub revoked: bool,
}

const INVITATION_COLUMNS: &str =
    "id, group_id, made_by, created_at, expires_at, max_uses, uses, revoked";

fn invitation_row(r: &super::super::sql::Row<'_, '_>) -> Result<InvitationRow, StoreError> {
    let count = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
    Ok(InvitationRow {
        id: r.get(0)?,
        group_id: r.get(1)?,
        made_by: r.get(2)?,
        created_at: r.get(3)?,
        expires_at: r.get(4)?,
        max_uses: r.get::<Option<i64>>(5)?.map(count),
        uses: count(r.get(6)?),
        revoked: r.get(7)?,
    })
}

impl GroupTx<'_, '_> {
    pub fn insert_invitation(
        &mut self,
        i: &InvitationRow,
        code_hash: &str,
    ) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO group_invitations
                 (id, group_id, code_hash, made_by, created_at, expires_at, max_uses, uses, revoked)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, FALSE)",
            &[
                &i.id,
                &i.group_id,
                &code_hash,
                &i.made_by,
                &i.created_at,
                &i.expires_at,
                &i.max_uses.map(i64::from),
            ],
        )?;
        Ok(())
    }

    /// The invitation whose code hashes to `code_hash`.
    pub fn invitation_by_code(
        &mut self,
        code_hash: &str,
    ) -> Result<Option<InvitationRow>, StoreError> {
        self.0.query_opt(
            &format!("SELECT {INVITATION_COLUMNS} FROM group_invitations WHERE code_hash = ?1"),
            &[&code_hash],
            invitation_row,
        )
    }

    /// Counts one more person joined through the invitation.
    pub fn use_invitation(&mut self, id: &str) -> Result<(), StoreError> {
        self.0.execute(
            "UPDATE group_invitations SET uses = uses + 1 WHERE id = ?1",
            &[&id],
        )?;
        Ok(())
    }

    /// Withdraws an invitation of `group`; answers whether there was one.
    pub fn revoke_invitation(&mut self, group: &str, id: &str) -> Result<bool, StoreError> {
        Ok(self.0.execute(
            "UPDATE group_invitations SET revoked = TRUE WHERE group_id = ?1 AND id = ?2",
            &[&group, &id],
        )? > 0)
    }

    /// The invitations of `group` that still admit someone at `now_ms`
    /// (neither withdrawn, expired nor used up), newest first.
    pub fn open_invitations(
        &mut self,
        group: &str,
        now_ms: i64,
    ) -> Result<Vec<InvitationRow>, StoreError> {
        self.0.query(
            &format!(
                "SELECT {INVITATION_COLUMNS} FROM group_invitations
                 WHERE group_id = ?1 AND revoked = FALSE AND expires_at > ?2
                   AND (max_uses IS NULL OR uses < max_uses)
                 ORDER BY created_at DESC"
            ),
            &[&group, &now_ms],
            invitation_row,
        )
    }
}
