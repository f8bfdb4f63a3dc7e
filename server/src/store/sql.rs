//! One way to speak SQL to either engine, so each query of the store is
//! written once: statements with `?1`-style parameters (sent to PostgreSQL as
//! `$1`), values that both drivers carry, rows read by position, and
//! transactions begun and ended by the store. Where the two dialects differ,
//! a statement picks its text with [`Sql::pick`].

use crate::store::StoreError;
use std::collections::HashMap;

/// A value both drivers send: text, 64-bit integers, doubles, booleans,
/// bytes and their options. (No `u32`: PostgreSQL would take it for an OID.)
pub trait Param: rusqlite::ToSql + postgres::types::ToSql + Sync {}
impl<T: rusqlite::ToSql + postgres::types::ToSql + Sync> Param for T {}

/// A value both drivers read.
pub trait Col: rusqlite::types::FromSql + for<'a> postgres::types::FromSql<'a> {}
impl<T> Col for T where T: rusqlite::types::FromSql + for<'a> postgres::types::FromSql<'a> {}

/// One row of an answer.
pub enum Row<'a, 'r> {
    Lite(&'a rusqlite::Row<'r>),
    Pg(&'a postgres::Row),
}

impl std::fmt::Debug for Row<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Row")
    }
}

impl std::fmt::Debug for Sql<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sql({:?})", self.dialect())
    }
}

impl Row<'_, '_> {
    /// The value of column `i`.
    pub fn get<T: Col>(&self, i: usize) -> Result<T, StoreError> {
        match self {
            Row::Lite(r) => Ok(r.get(i)?),
            Row::Pg(r) => Ok(r.try_get(i)?),
        }
    }

    /// Column `i`'s bytes, lent to `f` rather than copied.
    pub fn with_bytes<T>(&self, i: usize, f: impl FnOnce(&[u8]) -> T) -> Result<T, StoreError> {
        match self {
            Row::Lite(r) => {
                let bytes = r.get_ref(i)?.as_blob().map_err(|e| {
                    rusqlite::Error::FromSqlConversionFailure(
                        i,
                        rusqlite::types::Type::Blob,
                        Box::new(e),
                    )
                })?;
                Ok(f(bytes))
            }
            Row::Pg(r) => Ok(f(r.try_get::<_, &[u8]>(i)?)),
        }
    }
}

/// A PostgreSQL connection with its prepared statements.
pub struct PgConn {
    pub client: postgres::Client,
    statements: HashMap<String, postgres::Statement>,
    /// Whether a transaction is open (a call that panicked leaves one).
    pub in_transaction: bool,
}

impl std::fmt::Debug for PgConn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PgConn({} statements)", self.statements.len())
    }
}

impl PgConn {
    pub fn new(client: postgres::Client) -> Self {
        Self {
            client,
            statements: HashMap::new(),
            in_transaction: false,
        }
    }

    fn statement(&mut self, sql: &str) -> Result<postgres::Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let prepared = self.client.prepare(&dollar_params(sql))?;
        if self.statements.len() >= 256 {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), prepared.clone());
        Ok(prepared)
    }
}

/// `?1`, `?2`… as PostgreSQL's `$1`, `$2`… (outside quoted text).
pub fn dollar_params(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted && chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            _ => out.push(c),
        }
    }
    out
}

/// Which engine a connection speaks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// A connection of either engine, as the store's queries use it.
pub enum Sql<'a> {
    Lite(&'a mut rusqlite::Connection),
    Pg(&'a mut PgConn),
}

/// A SQLite statement, parsed once per connection. A `LIMIT` or `OFFSET`
/// must not be a bare parameter: SQLite plans by its value, and parses such
/// a statement again each time one is bound (`CAST(?n AS BIGINT)` is parsed
/// once).
fn lite_statement<'c>(
    c: &'c rusqlite::Connection,
    sql: &str,
) -> Result<rusqlite::CachedStatement<'c>, StoreError> {
    debug_assert!(
        !sql.contains("LIMIT ?") && !sql.contains("OFFSET ?"),
        "a bare parameter as a limit: {sql}"
    );
    Ok(c.prepare_cached(sql)?)
}

fn lite_params<'p>(params: &'p [&'p dyn Param]) -> impl rusqlite::Params + 'p {
    rusqlite::params_from_iter(params.iter().map(|p| *p as &dyn rusqlite::ToSql))
}

fn pg_params<'p>(params: &'p [&'p dyn Param]) -> Vec<&'p (dyn postgres::types::ToSql + Sync)> {
    params
        .iter()
        .map(|p| *p as &(dyn postgres::types::ToSql + Sync))
        .collect()
}

impl Sql<'_> {
    pub fn dialect(&self) -> Dialect {
        match self {
            Sql::Lite(_) => Dialect::Sqlite,
            Sql::Pg(_) => Dialect::Postgres,
        }
    }

    /// The text of a statement the two dialects write differently.
    pub fn pick(&self, sqlite: &'static str, postgres: &'static str) -> &'static str {
        match self {
            Sql::Lite(_) => sqlite,
            Sql::Pg(_) => postgres,
        }
    }

    /// Runs a statement; answers how many rows it changed.
    pub fn execute(&mut self, sql: &str, params: &[&dyn Param]) -> Result<usize, StoreError> {
        match self {
            Sql::Lite(c) => Ok(lite_statement(c, sql)?.execute(lite_params(params))?),
            Sql::Pg(c) => {
                let statement = c.statement(sql)?;
                Ok(c.client.execute(&statement, &pg_params(params))? as usize)
            }
        }
    }

    /// Every row of a query, each read by `f`.
    pub fn query<T>(
        &mut self,
        sql: &str,
        params: &[&dyn Param],
        mut f: impl FnMut(&Row<'_, '_>) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        self.query_while(sql, params, |r| f(r).map(Some))
    }

    /// The rows of a query, each read by `f`, until `f` answers `None` (that
    /// row is not taken, and SQLite reads no further).
    pub fn query_while<T>(
        &mut self,
        sql: &str,
        params: &[&dyn Param],
        mut f: impl FnMut(&Row<'_, '_>) -> Result<Option<T>, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        let mut out = Vec::new();
        match self {
            Sql::Lite(c) => {
                let mut stmt = lite_statement(c, sql)?;
                let mut rows = stmt.query(lite_params(params))?;
                while let Some(r) = rows.next()? {
                    match f(&Row::Lite(r))? {
                        Some(item) => out.push(item),
                        None => break,
                    }
                }
            }
            Sql::Pg(c) => {
                let statement = c.statement(sql)?;
                for r in c.client.query(&statement, &pg_params(params))? {
                    match f(&Row::Pg(&r))? {
                        Some(item) => out.push(item),
                        None => break,
                    }
                }
            }
        }
        Ok(out)
    }

    /// The first row of a query, if any, read by `f`.
    pub fn query_opt<T>(
        &mut self,
        sql: &str,
        params: &[&dyn Param],
        f: impl FnOnce(&Row<'_, '_>) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        match self {
            Sql::Lite(c) => {
                let mut stmt = lite_statement(c, sql)?;
                let mut rows = stmt.query(lite_params(params))?;
                rows.next()?.map(|r| f(&Row::Lite(r))).transpose()
            }
            Sql::Pg(c) => {
                let statement = c.statement(sql)?;
                c.client
                    .query_opt(&statement, &pg_params(params))?
                    .map(|r| f(&Row::Pg(&r)))
                    .transpose()
            }
        }
    }

    /// The one row a query must answer, read by `f`.
    pub fn query_one<T>(
        &mut self,
        sql: &str,
        params: &[&dyn Param],
        f: impl FnOnce(&Row<'_, '_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.query_opt(sql, params, f)?
            .ok_or_else(|| StoreError::Engine("a query that answers one row answered none".into()))
    }

    /// Whether a query answers any row.
    pub fn exists(&mut self, sql: &str, params: &[&dyn Param]) -> Result<bool, StoreError> {
        Ok(self.query_opt(sql, params, |_| Ok(()))?.is_some())
    }

    /// Statements without parameters, separated by `;`.
    pub fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        match self {
            Sql::Lite(c) => Ok(c.execute_batch(sql)?),
            Sql::Pg(c) => Ok(c.client.batch_execute(sql)?),
        }
    }

    /// Runs `f` in a transaction that writes: committed when `f` answers
    /// `Ok`, rolled back otherwise. SQLite takes the write lock at once
    /// (`BEGIN IMMEDIATE`); PostgreSQL reads committed data, and writers of
    /// one user take that user's row lock first (see `lock_user`).
    pub fn write<T>(
        &mut self,
        f: impl FnOnce(&mut Sql<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.transaction("BEGIN IMMEDIATE", "BEGIN", f, |_| true)
    }

    /// Like [`Sql::write`], but rolled back when `f` answers a refusal: a
    /// write of several changes that stores all of them or none.
    pub fn write_or_refuse<T, R>(
        &mut self,
        f: impl FnOnce(&mut Sql<'_>) -> Result<Result<T, R>, StoreError>,
    ) -> Result<Result<T, R>, StoreError> {
        self.transaction("BEGIN IMMEDIATE", "BEGIN", f, Result::is_ok)
    }

    /// Runs `f` in a transaction that only reads, on one snapshot.
    pub fn read<T>(
        &mut self,
        f: impl FnOnce(&mut Sql<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.transaction(
            "BEGIN DEFERRED",
            "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
            f,
            |_| true,
        )
    }

    fn transaction<T>(
        &mut self,
        sqlite_begin: &str,
        pg_begin: &str,
        f: impl FnOnce(&mut Sql<'_>) -> Result<T, StoreError>,
        keep: impl FnOnce(&T) -> bool,
    ) -> Result<T, StoreError> {
        let begin = match self {
            Sql::Lite(_) => sqlite_begin,
            Sql::Pg(_) => pg_begin,
        };
        self.batch(begin)?;
        if let Sql::Pg(c) = self {
            c.in_transaction = true;
        }
        let result = f(self);
        let end = match &result {
            Ok(value) if keep(value) => "COMMIT",
            _ => "ROLLBACK",
        };
        let ended = self.batch(end);
        if let Sql::Pg(c) = self {
            c.in_transaction = false;
        }
        match (result, ended) {
            (Ok(value), Ok(())) => Ok(value),
            (Err(e), _) | (Ok(_), Err(e)) => Err(e),
        }
    }

    /// Holds the lock `key` until the transaction ends, on PostgreSQL (work
    /// every replica may start at once, done by one at a time); SQLite has
    /// one writer already.
    pub fn lock_key(&mut self, key: i64) -> Result<(), StoreError> {
        if let Sql::Pg(_) = self {
            self.query_one("SELECT pg_advisory_xact_lock(?1)", &[&key], |_| Ok(()))?;
        }
        Ok(())
    }

    /// Holds `user`'s row until the transaction ends, so one user's writes
    /// (their version stamps, their quota) happen one at a time however many
    /// replicas take them. SQLite has one writer already.
    pub fn lock_user(&mut self, user: &str) -> Result<(), StoreError> {
        if let Sql::Pg(_) = self {
            self.query_opt(
                "SELECT 1 FROM users WHERE id = ?1 FOR UPDATE",
                &[&user],
                |_| Ok(()),
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbered_parameters_become_dollars_outside_quoted_text() {
        assert_eq!(
            super::dollar_params("SELECT '?1', x FROM t WHERE a = ?1 AND b = ?12 AND c = '$.x?'"),
            "SELECT '?1', x FROM t WHERE a = $1 AND b = $12 AND c = '$.x?'"
        );
    }
}
