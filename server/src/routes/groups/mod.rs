//! Groups: a person's groups, a group's page, what its leaders change, how
//! a member hears of it, and (`invitations`) joining by an invitation's
//! code. Members are named by their member id and the name they chose,
//! never by their user id.

use crate::error::AppError;
use crate::extract::ApiJson;
use crate::groups::{GroupEdit, GroupSeen, MemberRow, NewGroup};
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use manna_sync_protocol::date::iso_time;
use manna_sync_protocol::groups::notices::{NewRequests, NoticeChoice};
use manna_sync_protocol::groups::{GroupKind, Role};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

mod invitations;

pub use invitations::{
    GroupInvitation, GroupInvitations, InvitationCreateBody, InvitationPreview, JoinBody,
    invitation_create, invitation_delete, invitation_get, invitation_join, invitations_list,
};

/// A member as the others see them.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupMember {
    pub member_id: String,
    pub display_name: String,
    pub role: Role,
    /// ISO time they joined.
    pub joined_at: String,
}

impl From<&MemberRow> for GroupMember {
    fn from(m: &MemberRow) -> Self {
        Self {
            member_id: m.member_id.clone(),
            display_name: m.display_name.clone(),
            role: m.role,
            joined_at: iso_time(m.joined_at),
        }
    }
}

/// One of a person's groups, as their list shows it.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupSummary {
    pub id: String,
    pub name: String,
    pub description: String,
    pub kind: GroupKind,
    /// The person's role in it.
    pub role: Role,
    /// The person's member id in it.
    pub member_id: String,
    pub member_count: u32,
    pub reflections: bool,
}

/// The groups a person belongs to.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct GroupList {
    pub groups: Vec<GroupSummary>,
}

/// A group as its members see it.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupDetail {
    pub id: String,
    pub name: String,
    pub description: String,
    pub kind: GroupKind,
    /// Whether members may add reflections to the day's reading.
    pub reflections: bool,
    /// ISO time it was made.
    pub created_at: String,
    /// The asker's own place in it.
    pub you: GroupMember,
    /// Everyone in it, the first to join first.
    pub members: Vec<GroupMember>,
    /// How the asker hears of it.
    pub notices: NoticeChoice,
}

impl From<GroupSeen> for GroupDetail {
    fn from(s: GroupSeen) -> Self {
        Self {
            id: s.group.id,
            name: s.group.name,
            description: s.group.description,
            kind: s.group.kind,
            reflections: s.group.reflections,
            created_at: iso_time(s.group.created_at),
            you: (&s.you).into(),
            members: s.members.iter().map(GroupMember::from).collect(),
            notices: s.notices,
        }
    }
}

/// A new group.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupCreateBody {
    /// 1 to 80 characters.
    pub name: String,
    /// At most 500 characters.
    #[serde(default)]
    pub description: String,
    pub kind: GroupKind,
    /// The maker's name in the group (1 to 60 characters).
    pub display_name: String,
}

/// A leader's changes (what is left out stays).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupEditBody {
    pub name: Option<String>,
    pub description: Option<String>,
    pub kind: Option<GroupKind>,
    pub reflections: Option<bool>,
}

/// How a member hears of a group (what is left out stays).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticesBody {
    /// New requests: `off`, `each` one as it is posted, or a daily `digest`.
    pub new_requests: Option<NewRequests>,
    /// The local time (`HH:MM`) the digest comes at.
    pub digest_at: Option<String>,
    /// Nothing of the group at all ("people prayed" included).
    pub muted: Option<bool>,
}

/// A member's new role: `leader` or `member`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RoleBody {
    pub role: Role,
}

/// The leader the owner hands the group to.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandOverBody {
    pub member_id: String,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `GET /api/groups`.
pub async fn groups_list(
    State(state): State<AppState>,
    auth: DeviceAuth,
) -> Result<Json<GroupList>, AppError> {
    let mine = state.groups.mine(&auth.user_id).await?;
    Ok(Json(GroupList {
        groups: mine
            .into_iter()
            .map(|(g, m, n)| GroupSummary {
                id: g.id,
                name: g.name,
                description: g.description,
                kind: g.kind,
                role: m.role,
                member_id: m.member_id,
                member_count: count(n),
                reflections: g.reflections,
            })
            .collect(),
    }))
}

/// `POST /api/groups`.
pub async fn group_create(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(body): ApiJson<GroupCreateBody>,
) -> Result<(StatusCode, Json<GroupDetail>), AppError> {
    let new = NewGroup {
        name: body.name,
        description: body.description,
        kind: body.kind,
        display_name: body.display_name,
    };
    let made = state
        .groups
        .create(&auth.user_id, new, state.clock.now_ms())
        .await?;
    Ok((StatusCode::CREATED, Json(made.into())))
}

/// `GET /api/groups/{groupId}`.
pub async fn group_get(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
) -> Result<Json<GroupDetail>, AppError> {
    Ok(Json(state.groups.view(&auth.user_id, &group).await?.into()))
}

/// `PATCH /api/groups/{groupId}/notices`.
pub async fn group_notices(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
    ApiJson(body): ApiJson<NoticesBody>,
) -> Result<Json<NoticeChoice>, AppError> {
    let chosen = state
        .groups
        .set_notices(&auth.user_id, &group, move |mut c| {
            if let Some(n) = body.new_requests {
                c.new_requests = n;
            }
            if let Some(at) = body.digest_at {
                c.digest_at = at;
            }
            if let Some(m) = body.muted {
                c.muted = m;
            }
            c
        })
        .await?;
    Ok(Json(chosen))
}

/// `PATCH /api/groups/{groupId}`.
pub async fn group_edit(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
    ApiJson(body): ApiJson<GroupEditBody>,
) -> Result<Json<GroupDetail>, AppError> {
    let edit = GroupEdit {
        name: body.name,
        description: body.description,
        kind: body.kind,
        reflections: body.reflections,
    };
    Ok(Json(
        state.groups.edit(&auth.user_id, &group, edit).await?.into(),
    ))
}

/// `DELETE /api/groups/{groupId}`.
pub async fn group_delete(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
) -> Result<StatusCode, AppError> {
    state.groups.delete(&auth.user_id, &group).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/groups/{groupId}/leave`.
pub async fn group_leave(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
) -> Result<StatusCode, AppError> {
    state.groups.leave(&auth.user_id, &group).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `PATCH /api/groups/{groupId}/members/{memberId}`.
pub async fn member_role(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path((group, member)): Path<(String, String)>,
    ApiJson(body): ApiJson<RoleBody>,
) -> Result<Json<GroupMember>, AppError> {
    let changed = state
        .groups
        .appoint(&auth.user_id, &group, &member, body.role)
        .await?;
    Ok(Json((&changed).into()))
}

/// `DELETE /api/groups/{groupId}/members/{memberId}`.
pub async fn member_remove(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path((group, member)): Path<(String, String)>,
) -> Result<StatusCode, AppError> {
    state.groups.remove(&auth.user_id, &group, &member).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/groups/{groupId}/owner`.
pub async fn group_hand_over(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
    ApiJson(body): ApiJson<HandOverBody>,
) -> Result<Json<GroupDetail>, AppError> {
    Ok(Json(
        state
            .groups
            .hand_over(&auth.user_id, &group, &body.member_id)
            .await?
            .into(),
    ))
}
