//! Device registration and the sync endpoints.

use crate::error::AppError;
use crate::extract::ApiJson;
use crate::guard::{self, ClientIp};
use crate::identity::{DeviceAuth, USER_HEADER};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use manna_sync_protocol::schema::{check_schema, hold_back, schema_of};
use manna_sync_protocol::{
    Incompatibility, Op, PullRequest, PullResponse, PushRequest, PushResponse, Table, check_version,
};

fn incompatible(i: Incompatibility) -> AppError {
    match i {
        Incompatibility::ClientTooOld => AppError::Incompatible {
            reason: "clientTooOld",
            message: "this version of the app is too old to sync; please update it".into(),
        },
        Incompatibility::ServerTooOld => AppError::Incompatible {
            reason: "serverTooOld",
            message: "the server does not speak this app's sync protocol yet".into(),
        },
    }
}

fn same_device(auth: &DeviceAuth, device_id: &str) -> Result<(), AppError> {
    if auth.device_id == device_id {
        Ok(())
    } else {
        Err(AppError::Unauthorized(
            "deviceId: does not match the device token".into(),
        ))
    }
}

pub async fn devices_create(
    State(state): State<AppState>,
    client: ClientIp,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<crate::identity::Registration>), AppError> {
    let user_id = headers
        .get(USER_HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| AppError::BadRequest("X-User-ID header is missing".into()))?
        .to_string();
    crate::identity::check_user_id(&user_id)?;
    state
        .limits
        .hit(guard::DEVICES, &client.key(), state.clock.now_ms())
        .await?;
    let origin = state.origins.of(client);
    Ok((
        StatusCode::CREATED,
        Json(state.devices.register(user_id, &origin).await?),
    ))
}

pub async fn sync_push(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(req): ApiJson<PushRequest>,
) -> Result<Json<PushResponse>, AppError> {
    check_version(req.protocol_version).map_err(incompatible)?;
    check_schema(schema_of(req.schema_version)).map_err(incompatible)?;
    same_device(&auth, &req.device_id)?;
    let writer = state.device_writer(&auth);
    // On replicas, taken by the push's write (first in its transaction).
    let charge = state.limits.charge_push(
        &auth.user_id,
        writer.now_ms,
        req.mutations.iter().map(|m| (m.id.as_str(), &m.fields)),
    )?;
    // A new request or prayer is told within seconds.
    let news = req
        .mutations
        .iter()
        .any(|m| matches!(m.table, Table::GroupRequests | Table::GroupPrayers) && m.op == Op::Put);
    let answer = state.sync.push(writer, req, charge).await?;
    if news {
        state.soon.ask();
    }
    Ok(Json(answer))
}

pub async fn sync_pull(
    State(state): State<AppState>,
    auth: DeviceAuth,
    ApiJson(req): ApiJson<PullRequest>,
) -> Result<Json<PullResponse>, AppError> {
    let schema = schema_of(req.schema_version);
    if let Err(i) = check_version(req.protocol_version).and(check_schema(schema)) {
        return Ok(Json(PullResponse::Reset { reset: i.into() }));
    }
    same_device(&auth, &req.device_id)?;
    let mut answer = state.sync.pull(&auth.user_id, &auth.device_id, req).await?;
    // An older app gets only the tables and fields it knows; the rest waits
    // for it on the server until it updates.
    if let PullResponse::Changes { changes, .. } = &mut answer {
        hold_back(schema, changes);
    }
    Ok(Json(answer))
}
