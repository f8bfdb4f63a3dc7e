//! The content the server reads at start and on refresh: stored as one change
//! when the files' hash differs from the stored one, then read back.

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;

/// Content as stored: its hash, each item (its kind's slug and JSON body, in
/// each kind's order) and the meal catalogue (JSON).
#[derive(Debug, Clone, Default)]
pub struct StoredContent {
    pub hash: String,
    pub items: Vec<(String, String)>,
    pub catalogue: String,
}

/// Content files to store: their hash, the items (slug, id, JSON body) of
/// each kind in order, and the meal catalogue.
#[derive(Debug, Clone, Default)]
pub struct ContentRows {
    pub hash: String,
    pub items: Vec<(String, String, String)>,
    pub catalogue: String,
}

/// The lock held while content is stored.
const CONTENT_LOCK: i64 = 0x6d61_6e6e_615f_6374;

impl Store {
    /// Stores `rows` unless content of the same hash is stored already, and
    /// answers what is stored.
    pub async fn load_content(&self, rows: ContentRows) -> Result<StoredContent, StoreError> {
        self.db
            .call(move |c| {
                c.write(|tx| {
                    // Replicas starting together load the content once.
                    tx.lock_key(CONTENT_LOCK)?;
                    let stored: Option<String> = tx.query_opt(
                        "SELECT value FROM meta WHERE key = 'content_hash'",
                        &[],
                        |r| r.get(0),
                    )?;
                    if stored.as_deref() != Some(rows.hash.as_str()) {
                        store_rows(tx, &rows)?;
                    }
                    Ok(())
                })?;
                c.read(|tx| {
                    let meta = |tx: &mut Sql<'_>, key: &str| -> Result<String, StoreError> {
                        tx.query_one("SELECT value FROM meta WHERE key = ?1", &[&key], |r| {
                            r.get(0)
                        })
                    };
                    let items = tx.query(
                        "SELECT kind, body FROM content_items ORDER BY kind, position",
                        &[],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )?;
                    Ok(StoredContent {
                        hash: meta(tx, "content_hash")?,
                        items,
                        catalogue: meta(tx, "meal_catalogue")?,
                    })
                })
            })
            .await
    }
}

fn store_rows(tx: &mut Sql<'_>, rows: &ContentRows) -> Result<(), StoreError> {
    tx.execute("DELETE FROM content_items", &[])?;
    let mut position = 0i64;
    let mut last_kind = "";
    for (kind, id, body) in &rows.items {
        if kind != last_kind {
            (position, last_kind) = (0, kind.as_str());
        }
        tx.execute(
            "INSERT INTO content_items (kind, position, id, body) VALUES (?1, ?2, ?3, ?4)",
            &[kind, &position, id, body],
        )?;
        position += 1;
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('content_hash', ?1), ('meal_catalogue', ?2)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        &[&rows.hash, &rows.catalogue],
    )?;
    tracing::info!(hash = %rows.hash, "content files loaded into the database");
    Ok(())
}
