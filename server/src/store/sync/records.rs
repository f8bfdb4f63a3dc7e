//! Stored records and revisions of one user.

use super::super::sql::{Dialect, Param, Row, Sql};
use super::usage::Usage;
use crate::store::StoreError;
use manna_sync_protocol::merge::Revision;
use manna_sync_protocol::{StoredRecord, Table};
use serde_json::{Map, Value};

pub(crate) fn decode_record(body: &str) -> Result<StoredRecord, StoreError> {
    serde_json::from_str(body)
        .map_err(|e| StoreError::Engine(format!("stored record is not readable: {e}")))
}

/// A stored record as a pull sends it: its fields, version and whether it
/// is deleted. The merge's stamps of each field are skipped unread (a pull
/// never sends them; reading them was most of the work of each record).
pub(crate) fn decode_sent(body: &str) -> Result<StoredRecord, StoreError> {
    #[derive(serde::Deserialize)]
    struct Sent {
        fields: Map<String, Value>,
        version: u64,
        deleted: bool,
    }
    let sent: Sent = serde_json::from_str(body)
        .map_err(|e| StoreError::Engine(format!("stored record is not readable: {e}")))?;
    Ok(StoredRecord {
        fields: sent.fields,
        version: sent.version,
        deleted: sent.deleted,
        ..StoredRecord::default()
    })
}

pub fn load(
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Option<StoredRecord>, StoreError> {
    Ok(load_with_usage(c, user, table, id)?.map(|(record, _)| record))
}

/// A stored record, with what its row takes of the user's allowances now.
pub fn load_with_usage(
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Option<(StoredRecord, Usage)>, StoreError> {
    let body: Option<String> = c.query_opt(
        "SELECT body FROM records WHERE user_id = ?1 AND tbl = ?2 AND id = ?3",
        &[&user, &table.name(), &id],
        |r| r.get(0),
    )?;
    body.as_deref().map(read_row).transpose()
}

/// A stored row's record, with what the row takes of the user's allowances.
fn read_row(body: &str) -> Result<(StoredRecord, Usage), StoreError> {
    let record = decode_record(body)?;
    let usage = Usage::of_record(record.deleted, body.len() as i64);
    Ok((record, usage))
}

/// The table a stored row names.
pub(crate) fn stored_table(tbl: &str) -> Result<Table, StoreError> {
    Table::from_name(tbl).ok_or_else(|| StoreError::Engine(format!("unknown table {tbl}")))
}

/// A stored record named by its bucket, table and id.
pub type RecordKey = (String, Table, String);

/// A stored record as read, with what its row takes (`None`: no row).
pub type Read = Option<(StoredRecord, Usage)>;

/// Records read ahead of a write, each with its key.
pub type ReadAhead = Vec<(RecordKey, Read)>;

/// The stored records named by `keys` (each once), read in one statement on
/// PostgreSQL, with what each row takes now; a key with no row is answered
/// `None`.
pub fn load_many(c: &mut Sql<'_>, keys: &[RecordKey]) -> Result<ReadAhead, StoreError> {
    let named = Many::named(keys)?;
    let found = c.query(Many::SQL, &[&named], Many::row)?;
    Ok(Many::answers(keys, found))
}

/// The statement of [`load_many`], in parts for a caller that sends it with
/// another.
pub(super) struct Many;

impl Many {
    /// Each key looked up by itself: a join PostgreSQL may plan while the
    /// table is small (a hash of every row) stays cached as it grows.
    pub(super) const SQL: &str = "SELECT r.user_id, r.tbl, r.id, r.body
         FROM jsonb_array_elements(CAST(?1 AS text)::jsonb) AS k(value)
         CROSS JOIN LATERAL (
           SELECT user_id, tbl, id, body FROM records
           WHERE user_id = k.value ->> 0 AND tbl = k.value ->> 1 AND id = k.value ->> 2
           LIMIT 1) AS r";

    /// The statement's one parameter: the keys, as JSON.
    pub(super) fn named(keys: &[RecordKey]) -> Result<String, StoreError> {
        let named: Vec<[&str; 3]> = keys
            .iter()
            .map(|(bucket, table, id)| [bucket.as_str(), table.name(), id.as_str()])
            .collect();
        serde_json::to_string(&named)
            .map_err(|e| StoreError::Engine(format!("naming records: {e}")))
    }

    /// One row the statement answers.
    pub(super) fn row(r: &Row<'_, '_>) -> Result<(RecordKey, (StoredRecord, Usage)), StoreError> {
        let table = stored_table(&r.get::<String>(1)?)?;
        let read = read_row(&r.get::<String>(3)?)?;
        Ok(((r.get(0)?, table, r.get(2)?), read))
    }

    /// Each key with its row, if it had one.
    pub(super) fn answers(
        keys: &[RecordKey],
        found: Vec<(RecordKey, (StoredRecord, Usage))>,
    ) -> ReadAhead {
        let mut found: std::collections::HashMap<_, _> = found.into_iter().collect();
        keys.iter()
            .map(|key| (key.clone(), found.remove(key)))
            .collect()
    }
}

/// The stored reason of a revision that keeps a deleted record's fields.
pub(super) const DELETED_REASON: &str = "deleted";

fn reason_word(rev: &Revision) -> String {
    serde_json::to_value(rev.reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A record encoded for storage.
pub fn encode_record(record: &StoredRecord) -> Result<String, StoreError> {
    serde_json::to_string(record).map_err(|e| StoreError::Engine(e.to_string()))
}

/// Forgets at least `excess` bytes of a user's history: the oldest deleted
/// values first, then the last fields of the oldest tombstones (the tombstone
/// itself stays, so devices still learn of the delete).
pub fn forget_oldest_history(c: &mut Sql<'_>, user: &str, excess: i64) -> Result<(), StoreError> {
    let mut freed = 0;
    let oldest: Vec<(i64, i64)> = c.query(
        "SELECT rowid, CAST(octet_length(value) AS BIGINT) FROM revisions WHERE user_id = ?1 AND reason = ?2 ORDER BY rowid",
        &[&user, &DELETED_REASON],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    for (rowid, len) in oldest {
        if freed >= excess {
            break;
        }
        c.execute("DELETE FROM revisions WHERE rowid = ?1", &[&rowid])?;
        freed += len;
    }
    if freed < excess {
        let with_fields = c.pick(
            "SELECT tbl, id, body FROM records WHERE user_id = ?1 AND deleted = 1
             AND json_extract(body, '$.fields') != '{}' ORDER BY updated_at",
            "SELECT tbl, id, body FROM records WHERE user_id = ?1 AND deleted = TRUE
             AND CAST(body AS jsonb) -> 'fields' <> '{}'::jsonb ORDER BY updated_at",
        );
        let tombstones: Vec<(String, String, String)> = c.query(with_fields, &[&user], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
        for (tbl, id, body) in tombstones {
            if freed >= excess {
                break;
            }
            freed += bare_tombstone(c, user, &tbl, &id, &body)?;
        }
    }
    c.execute(
        "UPDATE users SET history_bytes = history_bytes - ?2 WHERE id = ?1",
        &[&user, &freed],
    )?;
    Ok(())
}

/// Forgets the journal text the server may still hold in the open once a
/// journal is locked: the kept older values of the entry `id`, and its last
/// fields if it is deleted (of every entry when none). Answers what the
/// forgotten rows took of the user's allowances.
pub fn forget_open_journal(
    c: &mut Sql<'_>,
    user: &str,
    id: Option<&str>,
) -> Result<Usage, StoreError> {
    let table = Table::PrayerJournal.name();
    let row = |r: &super::super::sql::Row<'_, '_>| Ok((r.get(0)?, r.get(1)?, r.get(2)?));
    let kept: Vec<(i64, String, i64)> = match id {
        Some(id) => c.query(
            "SELECT rowid, reason, CAST(octet_length(value) AS BIGINT) FROM revisions
             WHERE user_id = ?1 AND tbl = ?2 AND id = ?3",
            &[&user, &table, &id],
            row,
        )?,
        None => c.query(
            "SELECT rowid, reason, CAST(octet_length(value) AS BIGINT) FROM revisions
             WHERE user_id = ?1 AND tbl = ?2",
            &[&user, &table],
            row,
        )?,
    };
    let mut freed = Usage::default();
    for (rowid, reason, len) in kept {
        c.execute("DELETE FROM revisions WHERE rowid = ?1", &[&rowid])?;
        freed = freed.plus(Usage::of_revision(reason == DELETED_REASON, len));
    }
    let with_fields = c.pick(
        "SELECT id, body FROM records WHERE user_id = ?1 AND tbl = ?2 AND deleted = 1
         AND json_extract(body, '$.fields') != '{}'",
        "SELECT id, body FROM records WHERE user_id = ?1 AND tbl = ?2 AND deleted = TRUE
         AND CAST(body AS jsonb) -> 'fields' <> '{}'::jsonb",
    );
    let tombstones: Vec<(String, String)> = c.query(with_fields, &[&user, &table], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    let tombstones = tombstones
        .into_iter()
        .filter(|(of, _)| id.is_none_or(|id| id == of));
    for (id, body) in tombstones {
        let gone = bare_tombstone(c, user, table, &id, &body)?;
        freed = freed.plus(Usage::of_revision(true, gone));
    }
    Ok(freed)
}

/// Forgets the last fields a tombstone (stored as `body`) kept; answers the
/// bytes that freed. The tombstone stays, so devices still learn of the delete.
fn bare_tombstone(
    c: &mut Sql<'_>,
    user: &str,
    table: &str,
    id: &str,
    body: &str,
) -> Result<i64, StoreError> {
    let mut record = decode_record(body)?;
    record.fields.clear();
    let bare = encode_record(&record)?;
    c.execute(
        "UPDATE records SET body = ?4 WHERE user_id = ?1 AND tbl = ?2 AND id = ?3",
        &[&user, &table, &id, &bare],
    )?;
    Ok((body.len() - bare.len()) as i64)
}

/// Stores an encoded record (its usage already charged).
pub fn save(
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
    id: &str,
    record: &StoredRecord,
    body: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    const SAVE: &str = "INSERT INTO records (user_id, tbl, id, body, version, deleted, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT(user_id, tbl, id) DO UPDATE SET
           body = excluded.body, version = excluded.version,
           deleted = excluded.deleted, updated_at = excluded.updated_at";
    let version = record.version as i64;
    if c.dialect() == Dialect::Postgres {
        // Sent with the write's next statement or its commit.
        return c.execute_later(
            SAVE,
            vec![
                Box::new(user.to_owned()),
                Box::new(table.name()),
                Box::new(id.to_owned()),
                Box::new(body.to_owned()),
                Box::new(version),
                Box::new(record.deleted),
                Box::new(now_ms),
            ],
        );
    }
    let params: [&dyn Param; 7] = [
        &user,
        &table.name(),
        &id,
        &body,
        &version,
        &record.deleted,
        &now_ms,
    ];
    c.execute(SAVE, &params).map(drop)
}

/// Stores kept values (their usage already charged).
pub fn save_revisions(
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
    id: &str,
    revisions: &[Revision],
    now_ms: i64,
) -> Result<(), StoreError> {
    for rev in revisions {
        c.execute(
            "INSERT INTO revisions (user_id, tbl, id, field, value, device, reason, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            &[
                &user,
                &table.name(),
                &id,
                &rev.field,
                &rev.value.to_string(),
                &rev.device,
                &reason_word(rev),
                &now_ms,
            ],
        )?;
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
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Vec<StoredRevision>, StoreError> {
    c.query(
        "SELECT field, value, device, reason FROM revisions WHERE user_id = ?1 AND tbl = ?2 AND id = ?3 ORDER BY rowid",
        &[&user, &table.name(), &id],
        |r| {
            let value: String = r.get(1)?;
            Ok(StoredRevision {
                field: r.get(0)?,
                value: serde_json::from_str(&value)
                    .map_err(|e| StoreError::Engine(e.to_string()))?,
                device: r.get(2)?,
                reason: r.get(3)?,
            })
        },
    )
}

/// The fields of one live record, if it exists and is not deleted.
pub fn live_record(
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
    id: &str,
) -> Result<Option<Map<String, Value>>, StoreError> {
    Ok(load(c, user, table, id)?
        .filter(|r| !r.deleted)
        .map(|r| r.fields))
}

/// Every live record of `table`, of any user, whose `field` holds `value`:
/// its user, its id and the version of its last change.
pub fn naming(
    c: &mut Sql<'_>,
    table: Table,
    field: &str,
    value: &str,
) -> Result<Vec<(String, String, u64)>, StoreError> {
    let wanted = Value::String(value.to_owned());
    // The body holds the value as JSON text; the fields are then checked.
    let pattern = format!("%{wanted}%");
    let found = c.query(
        "SELECT user_id, id, body FROM records WHERE tbl = ?1 AND deleted = FALSE AND body LIKE ?2",
        &[&table.name(), &pattern],
        |r| {
            let (user, id, body): (String, String, String) = (r.get(0)?, r.get(1)?, r.get(2)?);
            let record = decode_record(&body)?;
            Ok((
                user,
                id,
                record.version,
                record.fields.get(field) == Some(&wanted),
            ))
        },
    )?;
    Ok(found
        .into_iter()
        .filter(|(.., names)| *names)
        .map(|(user, id, version, _)| (user, id, version))
        .collect())
}

/// A live record: its id, the version of its last change and its fields.
pub type LiveRecord = (String, u64, Map<String, Value>);

/// Every live record of one table for a user, oldest change first.
pub fn live_records(
    c: &mut Sql<'_>,
    user: &str,
    table: Table,
) -> Result<Vec<LiveRecord>, StoreError> {
    c.query(
        "SELECT id, body FROM records WHERE user_id = ?1 AND tbl = ?2 AND deleted = FALSE ORDER BY version",
        &[&user, &table.name()],
        |r| {
            let (id, body): (String, String) = (r.get(0)?, r.get(1)?);
            let record = decode_record(&body)?;
            Ok((id, record.version, record.fields))
        },
    )
}
