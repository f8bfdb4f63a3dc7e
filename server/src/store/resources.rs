//! Lists of a user's live records for the REST API: filtered by fields,
//! sorted by one, cut into pages, with the children of each counted.

use super::Store;
use super::sync::records::decode_record;
use crate::error::AppError;
use manna_sync_protocol::Table;
use rusqlite::Connection;
use serde_json::{Map, Value};

/// Records of another table that belong to each listed record (a list's
/// items): the child's field naming its parent, and a true/false field of the
/// child counted separately.
#[derive(Debug, Clone, Copy)]
pub struct ChildCount {
    pub table: Table,
    pub parent: &'static str,
    pub flag: &'static str,
}

/// What a list asks for.
#[derive(Debug, Clone)]
pub struct RecordQuery {
    pub table: Table,
    /// The field the list is sorted by, up or down (ties by id).
    pub order_by: &'static str,
    pub ascending: bool,
    /// Fields that must hold these texts.
    pub filters: Vec<(String, String)>,
    /// Records after this sort value and id only.
    pub after: Option<(Value, String)>,
    pub limit: Option<u32>,
    pub children: Option<ChildCount>,
}

/// A listed record: its id, fields and, when asked, how many live children it
/// has and how many of them are flagged.
#[derive(Debug, Clone)]
pub struct Listed {
    pub id: String,
    pub fields: Map<String, Value>,
    pub children: Option<(u64, u64)>,
}

/// A sort value as SQLite compares it with `json_extract`'s result.
fn sql_value(v: &Value) -> rusqlite::types::Value {
    use rusqlite::types::Value as Sql;
    match v {
        Value::Null => Sql::Null,
        Value::Bool(b) => Sql::Integer(i64::from(*b)),
        Value::Number(n) => n
            .as_i64()
            .map_or_else(|| Sql::Real(n.as_f64().unwrap_or(0.0)), Sql::Integer),
        Value::String(s) => Sql::Text(s.clone()),
        other => Sql::Text(other.to_string()),
    }
}

/// Sorted and cut by the database, so a long history is never loaded whole
/// for one page.
fn list(conn: &Connection, user: &str, q: &RecordQuery) -> Result<Vec<Listed>, AppError> {
    use rusqlite::types::Value as Sql;
    let (cmp, dir) = if q.ascending {
        (">", "ASC")
    } else {
        ("<", "DESC")
    };
    let mut sql = String::from(
        "SELECT id, body, json_extract(body, ?3) AS k FROM records
         WHERE user_id = ?1 AND tbl = ?2 AND deleted = 0",
    );
    let mut args: Vec<Sql> = vec![
        Sql::Text(user.to_string()),
        Sql::Text(q.table.name().to_string()),
        Sql::Text(format!("$.fields.{}", q.order_by)),
    ];
    for (name, value) in &q.filters {
        args.push(Sql::Text(format!("$.fields.{name}")));
        args.push(Sql::Text(value.clone()));
        sql += &format!(
            " AND json_extract(body, ?{}) = ?{}",
            args.len() - 1,
            args.len()
        );
    }
    if let Some((key, id)) = &q.after {
        args.push(sql_value(key));
        args.push(Sql::Text(id.clone()));
        sql += &format!(" AND (k, id) {cmp} (?{}, ?{})", args.len() - 1, args.len());
    }
    sql += &format!(" ORDER BY k {dir}, id {dir}");
    if let Some(limit) = q.limit {
        args.push(Sql::Integer(i64::from(limit)));
        sql += &format!(" LIMIT ?{}", args.len());
    }
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(rusqlite::params_from_iter(args), |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    let mut listed = Vec::new();
    for row in rows {
        let (id, body) = row?;
        let fields = decode_record(&body)?.fields;
        let children = match q.children {
            Some(c) => Some(count(conn, user, c, &id)?),
            None => None,
        };
        listed.push(Listed {
            id,
            fields,
            children,
        });
    }
    Ok(listed)
}

/// How many live children `parent` has, and how many of them are flagged.
fn count(
    conn: &Connection,
    user: &str,
    c: ChildCount,
    parent: &str,
) -> Result<(u64, u64), AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT count(*), coalesce(sum(json_extract(body, ?4) IS 1), 0) FROM records
         WHERE user_id = ?1 AND tbl = ?2 AND deleted = 0 AND json_extract(body, ?3) = ?5",
    )?;
    Ok(stmt.query_row(
        rusqlite::params![
            user,
            c.table.name(),
            format!("$.fields.{}", c.parent),
            format!("$.fields.{}", c.flag),
            parent
        ],
        |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
    )?)
}

impl Store {
    /// The live records of `user` a list asks for (see [`RecordQuery`]).
    pub async fn list_records(&self, user: &str, q: RecordQuery) -> Result<Vec<Listed>, AppError> {
        let user = user.to_owned();
        self.db.call(move |conn| list(conn, &user, &q)).await
    }

    /// The ids of the live records of `table` whose field `parent` names
    /// `parent_id`.
    pub async fn child_ids(
        &self,
        user: &str,
        table: Table,
        parent: &'static str,
        parent_id: &str,
    ) -> Result<Vec<String>, AppError> {
        let (user, parent_id) = (user.to_owned(), parent_id.to_owned());
        self.db
            .call(move |conn| {
                let mut stmt = conn.prepare_cached(
                    "SELECT id FROM records
                     WHERE user_id = ?1 AND tbl = ?2 AND deleted = 0 AND json_extract(body, ?3) = ?4",
                )?;
                let rows = stmt.query_map(
                    rusqlite::params![user, table.name(), format!("$.fields.{parent}"), parent_id],
                    |r| r.get::<_, String>(0),
                )?;
                Ok(rows.collect::<Result<_, _>>()?)
            })
            .await
    }
}
