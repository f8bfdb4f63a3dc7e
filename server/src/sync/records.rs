//! Stored records and revisions of one user.

use crate::error::AppError;
use manna_sync_protocol::merge::Revision;
use manna_sync_protocol::{FieldError, StoredRecord, Table};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Map, Value};

pub(crate) fn decode_record(body: &str) -> Result<StoredRecord, AppError> {
    serde_json::from_str(body)
        .map_err(|e| AppError::Internal(format!("stored record is not readable: {e}")))
}

pub fn load(
    conn: &Connection,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Option<StoredRecord>, AppError> {
    let body: Option<String> = conn
        .query_row(
            "SELECT body FROM records WHERE user_id = ?1 AND tbl = ?2 AND id = ?3",
            params![user, table.name(), id],
            |r| r.get(0),
        )
        .optional()?;
    body.as_deref().map(decode_record).transpose()
}

/// Records one user may keep (deleted ones count until they are forgotten).
pub const MAX_RECORDS_PER_USER: i64 = 50_000;
/// Bytes of records one user may keep.
pub const MAX_BYTES_PER_USER: i64 = 50 * 1024 * 1024;

/// Stores `record`, unless that would take `user` past a quota: then answers
/// the refusal (nothing is written).
pub fn save(
    conn: &Connection,
    user: &str,
    table: Table,
    id: &str,
    record: &StoredRecord,
    now_ms: i64,
) -> Result<Result<(), FieldError>, AppError> {
    let body = serde_json::to_string(record).map_err(|e| AppError::Internal(e.to_string()))?;
    let old_len: Option<i64> = conn
        .query_row(
            "SELECT length(body) FROM records WHERE user_id = ?1 AND tbl = ?2 AND id = ?3",
            params![user, table.name(), id],
            |r| r.get(0),
        )
        .optional()?;
    let (count, bytes): (i64, i64) = conn
        .prepare_cached("SELECT record_count, stored_bytes FROM users WHERE id = ?1")?
        .query_row([user], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let added = i64::from(old_len.is_none());
    let grown = body.len() as i64 - old_len.unwrap_or(0);
    if added > 0 && count + added > MAX_RECORDS_PER_USER {
        return Ok(Err(FieldError::new(
            "id",
            format!(
                "this account already keeps {MAX_RECORDS_PER_USER} records, the most Manna stores for one person; delete some to add more"
            ),
        )));
    }
    if grown > 0 && bytes + grown > MAX_BYTES_PER_USER {
        return Ok(Err(FieldError::new(
            "id",
            format!(
                "this account's records already take {} MB, the most Manna stores for one person; delete some to add more",
                MAX_BYTES_PER_USER / (1024 * 1024)
            ),
        )));
    }
    conn.prepare_cached("UPDATE users SET record_count = record_count + ?2, stored_bytes = stored_bytes + ?3 WHERE id = ?1")?.execute(params![user, added, grown],
    )?;
    conn.prepare_cached(
        "INSERT INTO records (user_id, tbl, id, body, version, deleted, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT(user_id, tbl, id) DO UPDATE SET
           body = excluded.body, version = excluded.version,
           deleted = excluded.deleted, updated_at = excluded.updated_at",
    )?
    .execute(params![
        user,
        table.name(),
        id,
        body,
        record.version as i64,
        record.deleted,
        now_ms
    ])?;
    Ok(Ok(()))
}

pub fn save_revisions(
    conn: &Connection,
    user: &str,
    table: Table,
    id: &str,
    revisions: &[Revision],
    now_ms: i64,
) -> Result<(), AppError> {
    let mut insert = conn.prepare_cached(
        "INSERT INTO revisions (user_id, tbl, id, field, value, device, reason, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for rev in revisions {
        let reason = serde_json::to_value(rev.reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        insert.execute(params![
            user,
            table.name(),
            id,
            rev.field,
            rev.value.to_string(),
            rev.device,
            reason,
            now_ms
        ])?;
    }
    Ok(())
}

/// A kept older value, as tests and support tools read it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRevision {
    pub field: Option<String>,
    pub value: Value,
    pub device: String,
    pub reason: String,
}

pub fn revisions_of(
    conn: &Connection,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Vec<StoredRevision>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT field, value, device, reason FROM revisions WHERE user_id = ?1 AND tbl = ?2 AND id = ?3 ORDER BY rowid",
    )?;
    let rows = stmt.query_map(params![user, table.name(), id], |r| {
        Ok((
            r.get::<_, Option<String>>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
        ))
    })?;
    rows.map(|row| {
        let (field, value, device, reason) = row?;
        let value = serde_json::from_str(&value).map_err(|e| AppError::Internal(e.to_string()))?;
        Ok(StoredRevision {
            field,
            value,
            device,
            reason,
        })
    })
    .collect()
}

/// The fields of one live record, if it exists and is not deleted.
pub fn live_record(
    conn: &Connection,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Option<Map<String, Value>>, AppError> {
    Ok(load(conn, user, table, id)?
        .filter(|r| !r.deleted)
        .map(|r| r.fields))
}

/// A live record: its id, the version of its last change and its fields.
pub type LiveRecord = (String, u64, Map<String, Value>);

/// Every live record of one table for a user, oldest change first.
pub fn live_records(
    conn: &Connection,
    user: &str,
    table: Table,
) -> Result<Vec<LiveRecord>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, body FROM records WHERE user_id = ?1 AND tbl = ?2 AND deleted = 0 ORDER BY version",
    )?;
    let rows = stmt.query_map(params![user, table.name()], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    rows.map(|row| {
        let (id, body) = row?;
        let record = decode_record(&body)?;
        Ok((id, record.version, record.fields))
    })
    .collect()
}

pub fn user_version(conn: &Connection, user: &str) -> Result<(u64, u64), AppError> {
    Ok(conn
        .prepare_cached("SELECT version, purged_through FROM users WHERE id = ?1")?
        .query_row([user], |r| {
            Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64))
        })?)
}
