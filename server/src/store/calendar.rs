//! Calendar addresses: the secret (kept as a hash) that reads a user's feed,
//! and what the feed is made of.

use super::Store;
use super::billing::{Standing, standing};
use super::sync::{LiveRecord, live_records};
use crate::store::StoreError;
use manna_sync_protocol::Table;

/// What a calendar feed shows of its owner: who they are, their standing
/// (a premium plan's days show only to members) and their live records of
/// the tables asked for.
#[derive(Debug, Clone)]
pub struct FeedSource {
    pub user: String,
    pub standing: Standing,
    pub records: Vec<(Table, Vec<LiveRecord>)>,
}

impl Store {
    /// Gives `user` a new feed secret (by its hash): the old one stops working.
    pub async fn set_calendar_secret(
        &self,
        user: &str,
        token_hash: String,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.execute(
                    "INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?1, ?2, ?3)
                     ON CONFLICT(user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at",
                    &[&user, &token_hash, &now_ms],
                )?;
                Ok(())
            })
            .await
    }

    /// Turns the user's feed off; answers whether there was one.
    pub async fn revoke_calendar(&self, user: &str) -> Result<bool, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                Ok(c.execute("DELETE FROM calendar_feeds WHERE user_id = ?1", &[&user])? > 0)
            })
            .await
    }

    /// When the user's feed was made (ms), if they have one.
    pub async fn calendar_made_at(&self, user: &str) -> Result<Option<i64>, StoreError> {
        let user = user.to_owned();
        self.db
            .call(move |c| {
                c.query_opt(
                    "SELECT created_at FROM calendar_feeds WHERE user_id = ?1",
                    &[&user],
                    |r| r.get(0),
                )
            })
            .await
    }

    /// What the feed whose secret hashes to `token_hash` shows, read at once.
    pub async fn calendar_source(
        &self,
        token_hash: &str,
        tables: &'static [Table],
        with_emails: bool,
    ) -> Result<Option<FeedSource>, StoreError> {
        let hash = token_hash.to_owned();
        self.db
            .call(move |c| {
                c.read(|tx| {
                    let user: Option<String> = tx.query_opt(
                        "SELECT user_id FROM calendar_feeds WHERE token_hash = ?1",
                        &[&hash],
                        |r| r.get(0),
                    )?;
                    let Some(user) = user else {
                        return Ok(None);
                    };
                    let records = tables
                        .iter()
                        .map(|&t| Ok((t, live_records(tx, &user, t)?)))
                        .collect::<Result<_, StoreError>>()?;
                    Ok(Some(FeedSource {
                        standing: standing(tx, &user, with_emails)?,
                        user,
                        records,
                    }))
                })
            })
            .await
    }
}
