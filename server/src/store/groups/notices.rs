//! What a group's notifications need kept: how each member chose to hear of
//! the group, how far they have been told, the requests and prayers there
//! are to tell of, and when each request's writer was last told that people
//! prayed. When to tell, and what, is decided above the store
//! (`crate::push::group_notices`).

use super::{GroupTx, unknown};
use crate::store::sql::{Row, Sql};
use crate::store::sync::group_bucket;
use crate::store::sync::records::decode_record;
use crate::store::{PushTx, StoreError};
use manna_sync_protocol::Table;
use manna_sync_protocol::groups::notices::{DEFAULT_DIGEST_AT, NewRequests, NoticeChoice};
use manna_sync_protocol::groups::{GroupKind, Role};
use serde_json::{Map, Value};

/// A member with requests posted since they were last told.
#[derive(Debug, Clone)]
pub struct Pending {
    pub group_id: String,
    pub group_name: String,
    pub user_id: String,
    pub member_id: String,
    pub role: Role,
    pub choice: NoticeChoice,
    /// Told of every request through this one (its `seq`).
    pub told_through: i64,
    /// The group's latest request (its `seq`).
    pub last_request: i64,
}

/// A request posted, as noted for the notifications.
#[derive(Debug, Clone)]
pub struct Noted {
    pub seq: i64,
    pub request: String,
    /// Its writer's member id.
    pub member: String,
    /// When it was posted (ms).
    pub at: i64,
}

/// A request people prayed for since its writer was last told.
#[derive(Debug, Clone)]
pub struct Prayed {
    pub group_id: String,
    pub request_id: String,
    /// When its writer was last told (none: never).
    pub told_at: Option<i64>,
    /// Who prayed since (their member id, and the prayer's `seq`).
    pub prayers: Vec<(String, i64)>,
}

/// A member's choice as kept: what they have not chosen follows the
/// group's kind.
fn choice(
    kind: GroupKind,
    new_requests: Option<String>,
    digest_at: Option<String>,
    muted: bool,
) -> Result<NoticeChoice, StoreError> {
    let default = NoticeChoice::default_for(kind);
    Ok(NoticeChoice {
        new_requests: match new_requests {
            Some(w) => NewRequests::from_wire(&w).ok_or_else(|| unknown("notice choice", &w))?,
            None => default.new_requests,
        },
        digest_at: digest_at.unwrap_or_else(|| DEFAULT_DIGEST_AT.into()),
        muted,
    })
}

fn kind_of(word: &str) -> Result<GroupKind, StoreError> {
    GroupKind::from_wire(word).ok_or_else(|| unknown("kind", word))
}

impl GroupTx<'_, '_> {
    /// How `user` hears of `group` (none: not a member).
    pub fn notice_choice(
        &mut self,
        group: &str,
        user: &str,
    ) -> Result<Option<NoticeChoice>, StoreError> {
        let row = self.0.query_opt(
            "SELECT g.kind, m.new_requests, m.digest_at, m.muted
             FROM group_members m JOIN prayer_groups g ON g.id = m.group_id
             WHERE m.group_id = ?1 AND m.user_id = ?2",
            &[&group, &user],
            |r| Ok((r.get::<String>(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
        row.map(|(kind, n, d, m)| choice(kind_of(&kind)?, n, d, m))
            .transpose()
    }

    /// Keeps how `user` hears of `group`.
    pub fn set_notice_choice(
        &mut self,
        group: &str,
        user: &str,
        c: &NoticeChoice,
    ) -> Result<(), StoreError> {
        self.0.execute(
            "UPDATE group_members SET new_requests = ?3, digest_at = ?4, muted = ?5
             WHERE group_id = ?1 AND user_id = ?2",
            &[
                &group,
                &user,
                &c.new_requests.wire(),
                &c.digest_at,
                &c.muted,
            ],
        )?;
        Ok(())
    }
}

fn pending(r: &Row<'_, '_>) -> Result<Pending, StoreError> {
    let kind: String = r.get(2)?;
    let role: String = r.get(5)?;
    Ok(Pending {
        group_id: r.get(0)?,
        group_name: r.get(1)?,
        user_id: r.get(3)?,
        member_id: r.get(4)?,
        role: Role::from_wire(&role).ok_or_else(|| unknown("role", &role))?,
        choice: choice(kind_of(&kind)?, r.get(6)?, r.get(7)?, r.get(8)?)?,
        told_through: r.get(9)?,
        last_request: r.get(10)?,
    })
}

/// Notes a request posted, or a prayer said for one (`kind` 'request' or
/// 'prayed'), for the notifications to come.
pub(in crate::store) fn note(
    c: &mut Sql<'_>,
    group: &str,
    kind: &str,
    request: &str,
    member: &str,
    at: i64,
) -> Result<(), StoreError> {
    let seq: i64 = c.query_one(
        "INSERT INTO group_notices (group_id, kind, request_id, member_id, at)
         VALUES (?1, ?2, ?3, ?4, ?5) RETURNING seq",
        &[&group, &kind, &request, &member, &at],
        |r| r.get(0),
    )?;
    if kind == "request" {
        c.execute(
            "UPDATE prayer_groups SET last_request = ?2 WHERE id = ?1 AND last_request < ?2",
            &[&group, &seq],
        )?;
    }
    Ok(())
}

impl PushTx<'_, '_> {
    /// The members of groups with requests posted since they were last
    /// told, who have a device to tell, each user's together.
    pub fn pending_members(&mut self) -> Result<Vec<Pending>, StoreError> {
        self.0.query(
            "SELECT m.group_id, g.name, g.kind, m.user_id, m.member_id, m.role,
                    m.new_requests, m.digest_at, m.muted, m.told_through, g.last_request
             FROM group_members m JOIN prayer_groups g ON g.id = m.group_id
             WHERE g.last_request > m.told_through
               AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = m.user_id)
             ORDER BY m.user_id, m.group_id",
            &[],
            pending,
        )
    }

    /// The requests posted in `group` after `after_ms`, in order: their
    /// `seq`, ids, their writers' member ids and when (ms).
    pub fn requests_noted(&mut self, group: &str, after_ms: i64) -> Result<Vec<Noted>, StoreError> {
        self.0.query(
            "SELECT seq, request_id, member_id, at FROM group_notices
             WHERE group_id = ?1 AND kind = 'request' AND at > ?2 ORDER BY seq",
            &[&group, &after_ms],
            |r| {
                Ok(Noted {
                    seq: r.get(0)?,
                    request: r.get(1)?,
                    member: r.get(2)?,
                    at: r.get(3)?,
                })
            },
        )
    }

    /// Marks `user` told of `group`'s requests through `seq`.
    pub fn told_through(&mut self, group: &str, user: &str, seq: i64) -> Result<(), StoreError> {
        self.0.execute(
            "UPDATE group_members SET told_through = ?3
             WHERE group_id = ?1 AND user_id = ?2 AND told_through < ?3",
            &[&group, &user, &seq],
        )?;
        Ok(())
    }

    /// The requests prayed for after `after_ms` since their writers were
    /// last told.
    pub fn prayed_pending(&mut self, after_ms: i64) -> Result<Vec<Prayed>, StoreError> {
        let rows: Vec<(String, String, Option<i64>, String, i64)> = self.0.query(
            "SELECT n.group_id, n.request_id, p.told_at, n.member_id, n.seq
             FROM group_notices n
             LEFT JOIN group_prayed_notices p ON p.request_id = n.request_id
             WHERE n.kind = 'prayed' AND n.at > ?1 AND n.seq > COALESCE(p.told_through, 0)
             ORDER BY n.request_id, n.seq",
            &[&after_ms],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )?;
        let mut out: Vec<Prayed> = Vec::new();
        for (group_id, request_id, told_at, member, at) in rows {
            match out.last_mut() {
                Some(p) if p.request_id == request_id => p.prayers.push((member, at)),
                _ => out.push(Prayed {
                    group_id,
                    request_id,
                    told_at,
                    prayers: vec![(member, at)],
                }),
            }
        }
        Ok(out)
    }

    /// Marks a request's writer told of its prayers through the one whose
    /// `seq` is `through`, told last at `told_at` (none: this was not a
    /// notification).
    pub fn prayed_told(
        &mut self,
        group: &str,
        request: &str,
        told_at: Option<i64>,
        through: i64,
    ) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO group_prayed_notices (request_id, group_id, told_at, told_through)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (request_id) DO UPDATE SET
               told_at = COALESCE(excluded.told_at, group_prayed_notices.told_at),
               told_through = excluded.told_through",
            &[&request, &group, &told_at, &through],
        )?;
        Ok(())
    }

    /// A live request of `group`, as its fields.
    pub fn live_request(
        &mut self,
        group: &str,
        request: &str,
    ) -> Result<Option<Map<String, Value>>, StoreError> {
        let body: Option<String> = self.0.query_opt(
            "SELECT body FROM records WHERE user_id = ?1 AND tbl = ?2 AND id = ?3 AND deleted = FALSE",
            &[&group_bucket(group), &Table::GroupRequests.name(), &request],
            |r| r.get(0),
        )?;
        body.map(|b| decode_record(&b).map(|r| r.fields))
            .transpose()
    }

    /// The user behind `member` in `group`, and whether they muted it.
    pub fn member_user(
        &mut self,
        group: &str,
        member: &str,
    ) -> Result<Option<(String, bool)>, StoreError> {
        self.0.query_opt(
            "SELECT user_id, muted FROM group_members WHERE group_id = ?1 AND member_id = ?2",
            &[&group, &member],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    /// The subscriptions of `user`.
    pub fn subscriptions_of(
        &mut self,
        user: &str,
    ) -> Result<Vec<crate::store::PushSubscription>, StoreError> {
        crate::store::push::subscriptions_of(self.0, user)
    }

    /// Forgets what was noted before `before_ms`: it is too old to tell.
    pub fn forget_notes(&mut self, before_ms: i64) -> Result<(), StoreError> {
        self.0
            .execute("DELETE FROM group_notices WHERE at < ?1", &[&before_ms])?;
        self.0.execute(
            // A request's mark counted only prayers forgotten now, and its
            // last notice is long past: without it, nothing changes.
            "DELETE FROM group_prayed_notices
             WHERE (told_at IS NULL OR told_at < ?1)
               AND told_through < COALESCE((SELECT MIN(seq) FROM group_notices), ?2)",
            &[&before_ms, &i64::MAX],
        )?;
        Ok(())
    }
}
