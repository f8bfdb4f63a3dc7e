//! One PostgreSQL connection of the pool, driven on its own thread: its
//! prepared statements, and requests sent together where nothing waits
//! between them (pipelined). A transaction's `BEGIN` goes out with its first
//! statement, writes whose answer nobody reads go out with the next
//! statement or the `COMMIT`, and reads that follow each other go out
//! together: a push of one change is two round trips to the database (its
//! rate limits, the user's row and the records it changes; its writes and
//! the `COMMIT`), where each statement alone would be seven.

use crate::store::StoreError;
use futures_util::future::{join, maybe_done};
use std::collections::HashMap;
use std::future::Future;
use std::pin::pin;
use std::task::Poll;
use tokio_postgres::tls::NoTlsStream;
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, Socket, Statement};

/// A value kept to be sent later, with a write that waits for nothing.
pub type Owned = Box<dyn ToSql + Sync + Send>;

/// A value as a statement borrows it.
pub type Value<'a> = &'a (dyn ToSql + Sync);

/// A PostgreSQL connection with its prepared statements.
pub struct PgConn {
    runtime: tokio::runtime::Runtime,
    client: tokio_postgres::Client,
    connection: tokio_postgres::Connection<Socket, NoTlsStream>,
    statements: HashMap<String, Statement>,
    /// A notification arrived since [`PgConn::take_noticed`] last asked.
    noticed: bool,
    /// The `BEGIN` of the open transaction, until its first statement.
    begin: Option<&'static str>,
    /// Writes not sent yet, in order (see [`PgConn::execute_later`]).
    later: Vec<(Statement, Vec<Owned>)>,
    /// Whether a transaction is open (a call that panicked leaves one).
    pub in_transaction: bool,
}

impl std::fmt::Debug for PgConn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PgConn({} statements)", self.statements.len())
    }
}

fn owned_params(params: &[Owned]) -> Vec<&(dyn ToSql + Sync)> {
    params.iter().map(|p| &**p as &(dyn ToSql + Sync)).collect()
}

/// Runs `requests` together, answering each one's output in order. Each is
/// polled in its turn every time, so each sends what it asks on its first
/// poll before the one after it does: they reach the database in this order.
async fn in_order<F: Future>(requests: impl IntoIterator<Item = F>) -> Vec<F::Output> {
    let mut all: Vec<_> = requests
        .into_iter()
        .map(|r| Box::pin(maybe_done(r)))
        .collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for r in &mut all {
            pending |= r.as_mut().poll(cx).is_pending();
        }
        match pending {
            true => Poll::Pending,
            false => Poll::Ready(
                all.iter_mut()
                    .filter_map(|r| r.as_mut().take_output())
                    .collect(),
            ),
        }
    })
    .await
}

/// Answers why `values` cannot be sent as `statement`'s parameters, as the
/// sending would (their count, or a value its parameter's type does not
/// take). A write kept for later is checked as it is kept: failing only as
/// it is sent, nothing of it would reach the database, and the `COMMIT`
/// sent with it would commit the rest of the transaction.
fn sendable(statement: &Statement, values: &[Owned]) -> Result<(), StoreError> {
    let types = statement.params();
    if types.len() != values.len() {
        return Err(StoreError::Engine(format!(
            "a statement of {} parameters was given {}",
            types.len(),
            values.len()
        )));
    }
    let mut scratch = bytes::BytesMut::new();
    for (n, (value, ty)) in values.iter().zip(types).enumerate() {
        scratch.clear();
        value.to_sql_checked(ty, &mut scratch).map_err(|e| {
            StoreError::Engine(format!("parameter {} ({ty}) cannot be sent: {e}", n + 1))
        })?;
    }
    Ok(())
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

impl PgConn {
    /// Connects to `url` (a connection string or URL).
    pub fn connect(url: &str) -> Result<Self, StoreError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| StoreError::Engine(format!("starting a database runtime: {e}")))?;
        let (client, connection) =
            runtime.block_on(tokio_postgres::connect(url, tokio_postgres::NoTls))?;
        Ok(Self {
            runtime,
            client,
            connection,
            statements: HashMap::new(),
            noticed: false,
            begin: None,
            later: Vec::new(),
            in_transaction: false,
        })
    }

    /// Whether the connection to the database is lost.
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// Runs `request` to its answer, reading the connection meanwhile (its
    /// notifications are remembered).
    fn run<T>(
        runtime: &tokio::runtime::Runtime,
        connection: &mut tokio_postgres::Connection<Socket, NoTlsStream>,
        noticed: &mut bool,
        request: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let mut request = pin!(request);
        runtime.block_on(std::future::poll_fn(|cx| {
            let closed = loop {
                match connection.poll_message(cx) {
                    Poll::Ready(Some(Ok(AsyncMessage::Notification(_)))) => *noticed = true,
                    Poll::Ready(Some(Ok(_))) => {}
                    Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e.into())),
                    Poll::Ready(None) => break true,
                    Poll::Pending => break false,
                }
            };
            match request.as_mut().poll(cx) {
                Poll::Pending if closed => Poll::Ready(Err(StoreError::Engine(
                    "the connection to PostgreSQL closed".into(),
                ))),
                answer => answer,
            }
        }))
    }

    /// Reads what already arrived on the connection, waiting for nothing;
    /// answers whether a notification came since last asked.
    pub fn take_noticed(&mut self) -> bool {
        let _ = Self::run(
            &self.runtime,
            &mut self.connection,
            &mut self.noticed,
            std::future::ready(Ok(())),
        );
        std::mem::take(&mut self.noticed)
    }

    /// The statement `sql` (with `$n` parameters), prepared once.
    fn statement(&mut self, sql: &str) -> Result<Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let client = &self.client;
        let prepared = Self::run(
            &self.runtime,
            &mut self.connection,
            &mut self.noticed,
            async { Ok(client.prepare(&dollar_params(sql)).await?) },
        )?;
        if self.statements.len() >= 256 {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), prepared.clone());
        Ok(prepared)
    }

    /// Sends what waits to be sent (the transaction's `BEGIN`, the writes
    /// kept for later) and then `request`, in one round trip; answers the
    /// first error among them, else `request`'s answer.
    fn send<T>(
        &mut self,
        request: impl AsyncFnOnce(&tokio_postgres::Client) -> Result<T, tokio_postgres::Error>,
    ) -> Result<T, StoreError> {
        let begin = self.begin.take();
        let later = std::mem::take(&mut self.later);
        let client = &self.client;
        let before = async {
            let begun = async {
                match begin {
                    Some(b) => client.batch_execute(b).await,
                    None => Ok(()),
                }
            };
            let writes = in_order(
                later
                    .iter()
                    .map(|(s, p)| async move { client.execute(s, &owned_params(p)).await }),
            );
            let (begun, writes) = join(begun, writes).await;
            begun?;
            writes.into_iter().try_for_each(|w| w.map(drop))
        };
        // Polled in order: each request is written before any answer is
        // awaited.
        let both = async {
            let (before, answer) = join(before, request(client)).await;
            before?;
            answer
        };
        Self::run(
            &self.runtime,
            &mut self.connection,
            &mut self.noticed,
            async { Ok(both.await?) },
        )
    }

    /// Runs a statement; answers how many rows it changed.
    pub fn execute(&mut self, sql: &str, values: &[Value<'_>]) -> Result<usize, StoreError> {
        let statement = self.statement(sql)?;
        self.send(async |c| c.execute(&statement, values).await)
            .map(|n| n as usize)
    }

    /// Every row a statement answers.
    pub fn query(
        &mut self,
        sql: &str,
        values: &[Value<'_>],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        let statement = self.statement(sql)?;
        self.send(async |c| c.query(&statement, values).await)
    }

    /// Every row of each statement, sent together: each runs once the one
    /// before it has ended (so it reads what that one waited for).
    pub fn query_each(
        &mut self,
        queries: &[(&str, &[Value<'_>])],
    ) -> Result<Vec<Vec<tokio_postgres::Row>>, StoreError> {
        let statements = queries
            .iter()
            .map(|(sql, _)| self.statement(sql))
            .collect::<Result<Vec<_>, _>>()?;
        self.send(async |c| {
            in_order(
                statements
                    .iter()
                    .zip(queries)
                    .map(|(s, (_, v))| c.query(s, v)),
            )
            .await
            .into_iter()
            .collect()
        })
    }

    /// Statements without parameters, separated by `;`.
    pub fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        self.send(async |c| c.batch_execute(sql).await)
    }

    /// Keeps a write whose answer nobody reads, to be sent with the next
    /// statement or the `COMMIT`. Its error, if any, is that statement's.
    /// Outside a transaction it is sent at once.
    pub fn execute_later(&mut self, sql: &str, values: Vec<Owned>) -> Result<(), StoreError> {
        let statement = self.statement(sql)?;
        if !self.in_transaction {
            let values = owned_params(&values);
            return self.send(async |c| c.execute(&statement, &values).await.map(drop));
        }
        sendable(&statement, &values)?;
        self.later.push((statement, values));
        Ok(())
    }

    /// Opens a transaction with `begin`, sent with its first statement.
    pub fn begin(&mut self, begin: &'static str) {
        self.begin = Some(begin);
        self.later.clear();
        self.in_transaction = true;
    }

    /// Ends the open transaction: `COMMIT` with the writes kept for it, or
    /// `ROLLBACK` forgetting them. A transaction that sent nothing ends
    /// without a word.
    pub fn end(&mut self, commit: bool) -> Result<(), StoreError> {
        self.in_transaction = false;
        let unsent = self.begin.take();
        if !commit {
            self.later.clear();
        }
        match (unsent, self.later.is_empty()) {
            (Some(_), true) => Ok(()),
            (Some(begin), false) => {
                // Writes kept before any statement: they still need their
                // transaction.
                self.begin = Some(begin);
                self.batch("COMMIT")
            }
            (None, _) => self.batch(if commit { "COMMIT" } else { "ROLLBACK" }),
        }
    }

    /// Rolls back what a call that panicked left open.
    pub fn settle(&mut self) {
        self.begin = None;
        self.later.clear();
        if self.in_transaction {
            let _ = self.batch("ROLLBACK");
            self.in_transaction = false;
        }
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
