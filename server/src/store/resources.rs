//! Lists of a user's live records for the REST API: filtered by fields,
//! sorted by one, cut into pages, with the children of each counted.

use super::Store;
use super::sql::{Dialect, Param, Sql};
use super::sync::records::decode_record;
use crate::store::StoreError;
use manna_sync_protocol::Table;
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
/// A sort value as each engine compares it with a field read from a stored
/// record: SQLite with `json_extract`'s result (a number, text or null),
/// PostgreSQL as `jsonb`.
fn key_param(dialect: Dialect, v: &Value) -> Box<dyn Param> {
    match (dialect, v) {
        (Dialect::Postgres, v) => Box::new(v.to_string()),
        (Dialect::Sqlite, Value::Null) => Box::new(None::<i64>),
        (Dialect::Sqlite, Value::Bool(b)) => Box::new(i64::from(*b)),
        (Dialect::Sqlite, Value::Number(n)) => match n.as_i64() {
            Some(i) => Box::new(i),
            None => Box::new(n.as_f64().unwrap_or(0.0)),
        },
        (Dialect::Sqlite, Value::String(s)) => Box::new(s.clone()),
        (Dialect::Sqlite, other) => Box::new(other.to_string()),
    }
}

/// A record's field `?N` (by name) as each engine reads it from the stored body.
fn field(dialect: Dialect, n: usize) -> String {
    match dialect {
        Dialect::Sqlite => format!("json_extract(body, '$.fields.' || ?{n})"),
        Dialect::Postgres => format!("(CAST(body AS jsonb) -> 'fields' -> CAST(?{n} AS TEXT))"),
    }
}

/// A record's field `?N` (by name) as text, for comparing with a filter.
fn field_text(dialect: Dialect, n: usize) -> String {
    match dialect {
        Dialect::Sqlite => field(dialect, n),
        Dialect::Postgres => format!("(CAST(body AS jsonb) -> 'fields' ->> CAST(?{n} AS TEXT))"),
    }
}

/// Sorted and cut by the database, so a long history is never loaded whole
/// for one page.
fn list(c: &mut Sql<'_>, user: &str, q: &RecordQuery) -> Result<Vec<Listed>, StoreError> {
    let dialect = c.dialect();
    let (cmp, dir) = if q.ascending {
        (">", "ASC")
    } else {
        ("<", "DESC")
    };
    let mut inner = format!(
        "SELECT id, body, {} AS k FROM records
         WHERE user_id = ?1 AND tbl = ?2 AND deleted = FALSE",
        field(dialect, 3)
    );
    let mut args: Vec<Box<dyn Param>> = vec![
        Box::new(user.to_string()),
        Box::new(q.table.name().to_string()),
        Box::new(q.order_by.to_string()),
    ];
    for (name, value) in &q.filters {
        args.push(Box::new(name.clone()));
        args.push(Box::new(value.clone()));
        inner += &format!(
            " AND {} = ?{}",
            field_text(dialect, args.len() - 1),
            args.len()
        );
    }
    // The sort key is named outside the query that reads it (PostgreSQL's
    // WHERE cannot name a column alias of its own SELECT).
    let mut sql = format!("SELECT id, body FROM ({inner}) AS listed");
    if let Some((key, id)) = &q.after {
        args.push(key_param(dialect, key));
        args.push(Box::new(id.clone()));
        let key = match dialect {
            Dialect::Sqlite => format!("?{}", args.len() - 1),
            // A text parameter read as JSON (a parameter typed jsonb would
            // not take the driver's text).
            Dialect::Postgres => format!("CAST(CAST(?{} AS TEXT) AS jsonb)", args.len() - 1),
        };
        sql += &format!(" WHERE (k, id) {cmp} ({key}, ?{})", args.len());
    }
    sql += &format!(" ORDER BY k {dir}, id {dir}");
    if let Some(limit) = q.limit {
        args.push(Box::new(i64::from(limit)));
        sql += &format!(" LIMIT CAST(?{} AS BIGINT)", args.len());
    }
    let params: Vec<&dyn Param> = args.iter().map(|a| &**a).collect();
    let rows: Vec<(String, String)> = c.query(&sql, &params, |r| Ok((r.get(0)?, r.get(1)?)))?;
    let mut listed = Vec::new();
    for (id, body) in rows {
        let fields = decode_record(&body)?.fields;
        let children = match q.children {
            Some(ch) => Some(count(c, user, ch, &id)?),
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
    c: &mut Sql<'_>,
    user: &str,
    ch: ChildCount,
    parent: &str,
) -> Result<(u64, u64), StoreError> {
    let dialect = c.dialect();
    let flagged = match dialect {
        Dialect::Sqlite => "json_extract(body, '$.fields.' || ?4) IS 1",
        Dialect::Postgres => {
            "(CAST(body AS jsonb) -> 'fields' -> CAST(?4 AS TEXT)) IN ('1'::jsonb, 'true'::jsonb)"
        }
    };
    let sql = format!(
        "SELECT count(*), CAST(coalesce(sum(CASE WHEN {flagged} THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM records WHERE user_id = ?1 AND tbl = ?2 AND deleted = FALSE AND {} = ?5",
        field_text(dialect, 3)
    );
    c.query_one(
        &sql,
        &[&user, &ch.table.name(), &ch.parent, &ch.flag, &parent],
        |r| Ok((r.get::<i64>(0)? as u64, r.get::<i64>(1)? as u64)),
    )
}

impl Store {
    /// The live records of `user` a list asks for (see [`RecordQuery`]).
    pub async fn list_records(
        &self,
        user: &str,
        q: RecordQuery,
    ) -> Result<Vec<Listed>, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| c.read(|tx| list(tx, &user, &q)))
            .await
    }

    /// The ids of the live records of `table` whose field `parent` names
    /// `parent_id`.
    pub async fn child_ids(
        &self,
        user: &str,
        table: Table,
        parent: &'static str,
        parent_id: &str,
    ) -> Result<Vec<String>, StoreError> {
        let (user, parent_id) = (user.to_owned(), parent_id.to_owned());
        self.db
            .call(move |c| {
                let sql = format!(
                    "SELECT id FROM records
                     WHERE user_id = ?1 AND tbl = ?2 AND deleted = FALSE AND {} = ?4",
                    field_text(c.dialect(), 3)
                );
                c.query(&sql, &[&user, &table.name(), &parent, &parent_id], |r| {
                    r.get(0)
                })
            })
            .await
    }
}
