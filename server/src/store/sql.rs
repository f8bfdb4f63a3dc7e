//! One way to speak SQL to either engine, so each query of the store is
//! written once: statements with `?1`-style parameters (sent to PostgreSQL as
//! `$1`), values that both drivers carry, rows read by position, and
//! transactions begun and ended by the store. Where the two dialects differ,
//! a statement picks its text with [`Sql::pick`].

pub use super::pg_conn::PgConn;
use crate::store::StoreError;

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

/// A value kept to be sent later (see [`Sql::execute_later`]).
pub type Owned = Box<dyn Param + Send>;

fn pg_params<'p>(params: &'p [&'p dyn Param]) -> Vec<super::pg_conn::Value<'p>> {
    params
        .iter()
        .map(|p| *p as super::pg_conn::Value<'p>)
        .collect()
}

fn lite_params<'p>(params: &'p [&'p dyn Param]) -> impl rusqlite::Params + 'p {
    rusqlite::params_from_iter(params.iter().map(|p| *p as &dyn rusqlite::ToSql))
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
            Sql::Pg(c) => c.execute(sql, &pg_params(params)),
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
                for r in c.query(sql, &pg_params(params))? {
                    match f(&Row::Pg(&r))? {
                        Some(item) => out.push(item),
                        None => break,
                    }
                }
            }
        }
        Ok(out)
    }

    /// Every row of each query, read by `f` with the query's place: on
    /// PostgreSQL sent together, one round trip (each runs once the one
    /// before it has ended, as on SQLite).
    pub fn query_each<T>(
        &mut self,
        queries: &[(&str, &[&dyn Param])],
        mut f: impl FnMut(usize, &Row<'_, '_>) -> Result<T, StoreError>,
    ) -> Result<Vec<Vec<T>>, StoreError> {
        if let Sql::Pg(c) = self {
            let values: Vec<_> = queries.iter().map(|(_, p)| pg_params(p)).collect();
            let sent: Vec<_> = queries
                .iter()
                .zip(&values)
                .map(|((sql, _), v)| (*sql, v.as_slice()))
                .collect();
            return c
                .query_each(&sent)?
                .iter()
                .enumerate()
                .map(|(i, rows)| rows.iter().map(|r| f(i, &Row::Pg(r))).collect())
                .collect();
        }
        let mut answers = Vec::with_capacity(queries.len());
        for (i, (sql, params)) in queries.iter().enumerate() {
            answers.push(self.query(sql, params, |r| f(i, r))?);
        }
        Ok(answers)
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
            Sql::Pg(c) => c
                .query(sql, &pg_params(params))?
                .first()
                .map(|r| f(&Row::Pg(r)))
                .transpose(),
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
            Sql::Pg(c) => c.batch(sql),
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
        pg_begin: &'static str,
        f: impl FnOnce(&mut Sql<'_>) -> Result<T, StoreError>,
        keep: impl FnOnce(&T) -> bool,
    ) -> Result<T, StoreError> {
        match self {
            Sql::Lite(c) => c.execute_batch(sqlite_begin)?,
            // Sent with the transaction's first statement.
            Sql::Pg(c) => c.begin(pg_begin),
        }
        let result = f(self);
        let commit = matches!(&result, Ok(value) if keep(value));
        let ended = match self {
            Sql::Lite(c) => c
                .execute_batch(if commit { "COMMIT" } else { "ROLLBACK" })
                .map_err(StoreError::from),
            Sql::Pg(c) => c.end(commit),
        };
        match (result, ended) {
            (Ok(value), Ok(())) => Ok(value),
            (Err(e), _) | (Ok(_), Err(e)) => Err(e),
        }
    }

    /// Runs a write whose answer nobody reads (how many rows it changed):
    /// on PostgreSQL it is sent with the transaction's next statement or its
    /// `COMMIT`, one round trip for both, and its error is theirs.
    pub fn execute_later(&mut self, sql: &str, params: Vec<Owned>) -> Result<(), StoreError> {
        match self {
            Sql::Lite(_) => {
                let borrowed: Vec<&dyn Param> = params.iter().map(|p| &**p as &dyn Param).collect();
                self.execute(sql, &borrowed).map(drop)
            }
            Sql::Pg(c) => c.execute_later(
                sql,
                params
                    .into_iter()
                    .map(|p| p as super::pg_conn::Owned)
                    .collect(),
            ),
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
