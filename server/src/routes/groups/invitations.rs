//! Invitations: made and withdrawn by a group's leaders, seen through their
//! link before joining, and joined with.

use super::{GroupDetail, count};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::groups::InvitationRow;
use crate::identity::DeviceAuth;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use manna_sync_protocol::date::iso_time;
use manna_sync_protocol::groups::GroupKind;
use manna_sync_protocol::groups::invites::DEFAULT_DAYS;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An invitation's terms.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationCreateBody {
    /// Days until it expires: 1 to 30, 7 when left out.
    pub days: Option<u32>,
    /// At most how many may join with it (1 to 1000; none: no limit).
    pub max_uses: Option<u32>,
}

/// An invitation. Its code and link are given once, when it is made.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupInvitation {
    pub id: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The link to share (it opens the join page).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub created_at: String,
    pub expires_at: String,
    pub max_uses: Option<u32>,
    pub uses: u32,
}

fn invitation(i: &InvitationRow, code: Option<(String, String)>) -> GroupInvitation {
    let (code, url) = code.unzip();
    GroupInvitation {
        id: i.id.clone(),
        code,
        url,
        created_at: iso_time(i.created_at),
        expires_at: iso_time(i.expires_at),
        max_uses: i.max_uses,
        uses: i.uses,
    }
}

/// A group's open invitations (for its leaders).
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
pub struct GroupInvitations {
    pub invitations: Vec<GroupInvitation>,
}

/// What an invitation's link shows before joining.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationPreview {
    pub group_id: String,
    pub name: String,
    pub description: String,
    pub kind: GroupKind,
    pub member_count: u32,
    pub expires_at: String,
    /// Whether the asker already belongs to the group.
    pub joined: bool,
}

/// Joining: the name to show in the group.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinBody {
    /// 1 to 60 characters.
    pub display_name: String,
}

/// `POST /api/groups/{groupId}/invitations`.
pub async fn invitation_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    auth: DeviceAuth,
    Path(group): Path<String>,
    ApiJson(body): ApiJson<InvitationCreateBody>,
) -> Result<(StatusCode, Json<GroupInvitation>), AppError> {
    let days = body.days.unwrap_or(DEFAULT_DAYS);
    let (made, code) = state
        .groups
        .invite(
            &auth.user_id,
            &group,
            days,
            body.max_uses,
            state.clock.now_ms(),
        )
        .await?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let base = state.config.link_base(host);
    let url = format!("{base}/join/{code}");
    Ok((
        StatusCode::CREATED,
        Json(invitation(&made, Some((code, url)))),
    ))
}

/// `GET /api/groups/{groupId}/invitations`.
pub async fn invitations_list(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(group): Path<String>,
) -> Result<Json<GroupInvitations>, AppError> {
    let open = state
        .groups
        .invitations(&auth.user_id, &group, state.clock.now_ms())
        .await?;
    Ok(Json(GroupInvitations {
        invitations: open.iter().map(|i| invitation(i, None)).collect(),
    }))
}

/// `DELETE /api/groups/{groupId}/invitations/{invitationId}`.
pub async fn invitation_delete(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path((group, id)): Path<(String, String)>,
) -> Result<StatusCode, AppError> {
    state.groups.revoke(&auth.user_id, &group, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/invitations/{code}`.
pub async fn invitation_get(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(code): Path<String>,
) -> Result<Json<InvitationPreview>, AppError> {
    let seen = state
        .groups
        .preview(&auth.user_id, &code, state.clock.now_ms())
        .await?;
    Ok(Json(InvitationPreview {
        group_id: seen.group.id,
        name: seen.group.name,
        description: seen.group.description,
        kind: seen.group.kind,
        member_count: count(seen.members),
        expires_at: iso_time(seen.invitation.expires_at),
        joined: seen.joined,
    }))
}

/// `POST /api/invitations/{code}/join`.
pub async fn invitation_join(
    State(state): State<AppState>,
    auth: DeviceAuth,
    Path(code): Path<String>,
    ApiJson(body): ApiJson<JoinBody>,
) -> Result<Json<GroupDetail>, AppError> {
    let joined = state
        .groups
        .join(
            &auth.user_id,
            &code,
            &body.display_name,
            state.clock.now_ms(),
        )
        .await?;
    Ok(Json(joined.into()))
}
