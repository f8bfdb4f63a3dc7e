//! Deleting an account: every row the server keeps of it, and of the
//! anonymous users merged into it, in one transaction. The records and their
//! revisions, devices (their tokens stop working at once), sessions, proven
//! emails and codes, the local copy of its subscriptions and checkouts,
//! claims, calendar address, known browsers and push subscriptions (with
//! their pending notifications) all go; then the user rows themselves. Then
//! the files forget them too: SQLite overwrites what it deletes
//! (`secure_delete`) and its write-ahead log, which still holds the pages as
//! they were, is checkpointed and truncated (or, when a reader holds it, at
//! the next hourly tidying); PostgreSQL vacuums the tables, apart from the
//! request.

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;

/// Every table holding a user's rows, by the column naming the user, in the
/// order they are deleted (rows pointing at others first).
const BY_USER: [(&str, &str); 14] = [
    ("push_subscriptions", "user_id"),
    ("group_members", "user_id"),
    ("calendar_feeds", "user_id"),
    ("known_logins", "account_id"),
    ("claims", "from_user"),
    ("claims", "into_user"),
    ("revisions", "user_id"),
    ("records", "user_id"),
    ("devices", "user_id"),
    ("sessions", "user_id"),
    ("verified_emails", "user_id"),
    ("email_codes", "user_id"),
    ("checkout_sessions", "user_id"),
    ("subscriptions", "user_id"),
];

/// The account and every user merged into it (a browser's anonymous user
/// claimed at login, and so on down).
fn people(c: &mut Sql<'_>, account: &str) -> Result<Vec<String>, StoreError> {
    c.query(
        "WITH RECURSIVE merged(id) AS (
             SELECT CAST(?1 AS TEXT)
             UNION SELECT u.id FROM users u JOIN merged m ON u.merged_into = m.id
         ) SELECT id FROM merged",
        &[&account],
        |r| r.get(0),
    )
}

impl Store {
    /// Deletes `account` and everything kept of it, with the local copies of
    /// the `subscriptions` it paid by email; answers how many rows went.
    pub async fn delete_account(
        &self,
        account: &str,
        subscriptions: Vec<String>,
    ) -> Result<usize, StoreError> {
        let account = account.to_owned();
        let gone = self
            .db
            .call(move |c| delete_account(c, &account, &subscriptions))
            .await?;
        self.scrub_files().await;
        Ok(gone)
    }

    /// After a write that deleted what must not stay readable (an account,
    /// a locked journal's open text): the database's files let go of it too.
    /// Deleted already: a file that keeps a trace a little longer (a reader
    /// holding SQLite's log; PostgreSQL's vacuum, which takes its time and
    /// runs apart) is not a failed deletion.
    pub(crate) async fn scrub_files(&self) {
        if self.is_shared() {
            let store = self.clone();
            tokio::spawn(async move {
                if let Err(e) = store.db.call(vacuum).await {
                    tracing::warn!(error = %e, "vacuuming deleted rows");
                }
            });
        } else if let Err(e) = self.clear_log().await {
            tracing::warn!(error = %e, "clearing deleted rows from the database's log");
        }
    }

    /// SQLite: copies its write-ahead log into the database and empties it,
    /// unless a reader holds it just now (the next tidying tries again).
    /// PostgreSQL keeps no such log of ours: nothing to do.
    pub async fn clear_log(&self) -> Result<(), StoreError> {
        if self.is_shared() {
            return Ok(());
        }
        self.db
            .call(|c| {
                // (busy, log frames, frames checkpointed): busy while a
                // reader still uses the log; its pages wait for next time.
                let _busy: i64 =
                    c.query_one("PRAGMA wal_checkpoint(TRUNCATE)", &[], |r| r.get(0))?;
                Ok(())
            })
            .await
    }
}

/// PostgreSQL: the deleted rows of a user's tables are vacuumed.
fn vacuum(c: &mut Sql<'_>) -> Result<(), StoreError> {
    let mut tables: Vec<&str> = BY_USER.iter().map(|(t, _)| *t).collect();
    tables.dedup();
    c.batch(&format!("VACUUM users, {}", tables.join(", ")))
}

fn delete_account(
    c: &mut Sql<'_>,
    account: &str,
    subscriptions: &[String],
) -> Result<usize, StoreError> {
    c.write(|tx| {
        let ids = people(tx, account)?;
        // No write of theirs lands midway (on PostgreSQL; SQLite has one writer).
        for id in &ids {
            tx.lock_user(id)?;
        }
        let mut gone = 0;
        for id in subscriptions {
            gone += tx.execute("DELETE FROM subscriptions WHERE id = ?1", &[id])?;
        }
        for id in &ids {
            for (table, column) in BY_USER {
                gone += tx.execute(&format!("DELETE FROM {table} WHERE {column} = ?1"), &[id])?;
            }
        }
        // The merged users point at the account: they go first.
        for id in ids.iter().rev() {
            gone += tx.execute("DELETE FROM users WHERE id = ?1", &[id])?;
        }
        Ok(gone)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table with a column that names a user is covered by the list
    /// (a new table keeping personal rows must be added to it).
    #[test]
    fn every_table_naming_a_user_is_emptied() {
        let dir = tempfile::tempdir().expect("dir");
        let db = super::super::sqlite::Sqlite::open(dir.path()).expect("db");
        let conn = db.connection().expect("connection");
        let mut stmt = conn
            .prepare(
                "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
                 WHERE m.type = 'table' AND p.name IN ('user_id', 'account_id', 'from_user', 'into_user')",
            )
            .expect("query");
        let found: Vec<(String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("read");
        for (table, column) in &found {
            assert!(
                BY_USER.contains(&(table.as_str(), column.as_str())),
                "{table}.{column} is not deleted with its account"
            );
        }
        assert_eq!(found.len(), BY_USER.len());
    }
}
