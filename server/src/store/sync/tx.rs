//! One write of synced records, as the sync service sees it: the reads and
//! writes a push, a REST call or a claim makes inside one transaction, in
//! storage terms only. Which changes are kept, and why others are refused,
//! is decided above the store (`crate::sync`).

use super::super::Store;
use super::super::sql::{Dialect, Sql};
use super::claim;
use super::records::{self, RecordKey};
use super::usage::Usage;
use super::user_row::{self, UserRow};
use crate::store::{Charge, Standing, StoreError, Unflushed};
use manna_sync_protocol::merge::Revision;
use manna_sync_protocol::{StoredRecord, Table};
use std::collections::HashMap;

/// Whether a group has reflections on, and a person's place in it (member
/// id, name shown, role), if they belong to it.
pub type GroupPlace = (bool, Option<(String, String, String)>);

/// The store inside one write transaction, with the rows of the user it was
/// opened for held until it ends; and whether the write forgot text that
/// must leave the database's files too once it is committed.
#[derive(Debug)]
pub struct SyncTx<'a, 'c> {
    c: &'a mut Sql<'c>,
    forgot: bool,
    /// The writer's row, read with its lock as the write began.
    row: Option<UserRow>,
    /// Records read ahead, as stored now (`None`: no row), until written.
    ahead: HashMap<RecordKey, records::Read>,
}

impl SyncTx<'_, '_> {
    /// The last sequence number of `device` (of `user`) applied.
    pub fn acked_seq(&mut self, user: &str, device: &str) -> Result<u64, StoreError> {
        if let Some(d) = self.row.as_mut().and_then(|r| r.device(user, device)) {
            return Ok(d.acked);
        }
        self.c.query_one(
            "SELECT acked_seq FROM devices WHERE id = ?1 AND user_id = ?2",
            &[&device, &user],
            |r| Ok(r.get::<i64>(0)? as u64),
        )
    }

    /// Records that `device` has had everything through `seq` applied (the
    /// writing device's with the writer's totals, or as the write ends).
    pub fn set_acked_seq(&mut self, device: &str, seq: u64) -> Result<(), StoreError> {
        if let Some(d) = self
            .row
            .as_mut()
            .and_then(|r| r.device.as_mut())
            .filter(|d| d.id == device)
        {
            d.acked = seq;
            d.unsaved = true;
            return Ok(());
        }
        user_row::store_acked_seq(self.c, device, seq)
    }

    /// The writer's row, when `user` is the writer.
    fn row_of(&mut self, user: &str) -> Option<&mut UserRow> {
        self.row.as_mut().filter(|r| r.user == user)
    }

    /// The user's change counter.
    pub fn version(&mut self, user: &str) -> Result<u64, StoreError> {
        if let Some(row) = self.row_of(user) {
            return Ok(row.version);
        }
        Ok(user_row::user_version(self.c, user)?.0)
    }

    /// Stores the user's change counter (the writer's with its totals, or
    /// as the write ends).
    pub fn set_version(&mut self, user: &str, version: u64) -> Result<(), StoreError> {
        if let Some(row) = self.row_of(user) {
            row.version = version;
            row.unsaved_version = true;
            return Ok(());
        }
        user_row::store_version(self.c, user, version)
    }

    /// Stores what the write left unstored of the writer's row and device.
    fn finish(&mut self) -> Result<(), StoreError> {
        let Some(row) = self.row.as_mut() else {
            return Ok(());
        };
        if row.unsaved_version {
            row.unsaved_version = false;
            user_row::store_version(self.c, &row.user, row.version)?;
        }
        if let Some((device, seq)) = row.unsaved_acked() {
            user_row::store_acked_seq(self.c, device, seq)?;
        }
        Ok(())
    }

    /// Reads the records `named` names in one statement on PostgreSQL, so
    /// that the write's loads of them ask the database nothing more (each is
    /// read again once written).
    pub fn read_ahead(&mut self, named: impl FnOnce() -> Vec<RecordKey>) -> Result<(), StoreError> {
        // Worth it where each statement is a round trip to another process.
        // On SQLite a read is a call within this one: naming the keys and
        // keeping what was read costs more than it saves (a step of 420 new
        // records pushed 15% slower).
        if self.c.dialect() != Dialect::Postgres {
            return Ok(());
        }
        // Each record once (a write may change one record twice).
        let mut keys = named();
        keys.sort();
        keys.dedup();
        keys.retain(|k| !self.ahead.contains_key(k));
        if keys.len() > 1 {
            self.ahead.extend(records::load_many(self.c, &keys)?);
        }
        Ok(())
    }

    /// What was read ahead of a record, if it was: taken when `take` (the
    /// write is about to change it), else copied.
    fn ahead_of(
        &mut self,
        user: &str,
        table: Table,
        id: &str,
        take: bool,
    ) -> Option<records::Read> {
        if self.ahead.is_empty() {
            return None;
        }
        let key = (user.to_owned(), table, id.to_owned());
        match take {
            true => self.ahead.remove(&key),
            false => self.ahead.get(&key).cloned(),
        }
    }

    /// A stored record (live or a tombstone), with what its row takes now.
    pub fn load_with_usage(
        &mut self,
        user: &str,
        table: Table,
        id: &str,
    ) -> Result<Option<(StoredRecord, Usage)>, StoreError> {
        match self.ahead_of(user, table, id, true) {
            Some(read) => Ok(read),
            None => records::load_with_usage(self.c, user, table, id),
        }
    }

    /// A stored record (live or a tombstone).
    pub fn load(
        &mut self,
        user: &str,
        table: Table,
        id: &str,
    ) -> Result<Option<StoredRecord>, StoreError> {
        match self.ahead_of(user, table, id, false) {
            Some(read) => Ok(read.map(|(record, _)| record)),
            None => records::load(self.c, user, table, id),
        }
    }

    /// Stores `record` (encoded as `body`) and the values it set aside.
    #[allow(clippy::too_many_arguments)]
    pub fn save(
        &mut self,
        user: &str,
        table: Table,
        id: &str,
        record: Option<(&StoredRecord, &str)>,
        revisions: &[Revision],
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.ahead_of(user, table, id, true);
        if let Some((record, body)) = record {
            records::save(self.c, user, table, id, record, body, now_ms)?;
        }
        records::save_revisions(self.c, user, table, id, revisions, now_ms)
    }

    /// The user's totals (live records, bytes) and the origin whose
    /// allowance they still count in, if made after `origin_since_ms`.
    pub fn totals(
        &mut self,
        user: &str,
        origin_since_ms: i64,
    ) -> Result<(i64, i64, Option<String>), StoreError> {
        if let Some(row) = self.row_of(user) {
            let counts_in_origin = row.anonymous && row.created_at > origin_since_ms;
            let origin = row.origin.clone().filter(|_| counts_in_origin);
            return Ok((row.records, row.bytes, origin));
        }
        user_row::totals(self.c, user, origin_since_ms)
    }

    /// Adds `change` to the user's totals (with the writer's change counter,
    /// set in the write); answers the history bytes kept.
    pub fn add_to_totals(&mut self, user: &str, change: Usage) -> Result<i64, StoreError> {
        let Some(row) = self.row.as_mut().filter(|r| r.user == user) else {
            return user_row::add_to_totals(self.c, user, change);
        };
        row.records += change.records;
        row.bytes += change.bytes;
        row.unsaved_version = false;
        let version = row.version;
        let history = row.history.map(|h| h + change.history);
        row.history = history;
        let acked = row.unsaved_acked();
        user_row::store_writer_totals(self.c, user, change, version, acked)?;
        match history {
            Some(history) => Ok(history),
            None => user_row::history_bytes(self.c, user),
        }
    }

    /// Forgets the open text of a locked journal: the kept older values of
    /// the entry `id` (of every entry when none) and deleted entries' last
    /// fields. Answers what they took of the user's allowances.
    pub fn forget_open_journal(
        &mut self,
        user: &str,
        id: Option<&str>,
    ) -> Result<Usage, StoreError> {
        // What was read ahead may be among what this rewrites.
        self.ahead.clear();
        let freed = records::forget_open_journal(self.c, user, id)?;
        // The files are scrubbed after the write only if it forgot anything.
        self.forgot |= freed != Usage::default();
        Ok(freed)
    }

    /// Forgets at least `excess` bytes of the user's history, oldest first.
    pub fn forget_history(&mut self, user: &str, excess: i64) -> Result<(), StoreError> {
        self.ahead.clear();
        if let Some(row) = self.row_of(user) {
            // Counted by the database from here on.
            row.history = None;
        }
        records::forget_oldest_history(self.c, user, excess)
    }

    /// What `origin`'s anonymous users keep past their own allowances.
    pub fn origin_totals(&mut self, origin: &str) -> Result<(i64, i64), StoreError> {
        user_row::origin_totals(self.c, origin)
    }

    /// Adds `(records, bytes)` to what `origin`'s users keep.
    pub fn add_to_origin(&mut self, origin: &str, change: (i64, i64)) -> Result<(), StoreError> {
        user_row::add_to_origin(self.c, origin, change)
    }

    /// What the premium rule needs of `user`.
    pub fn standing(&mut self, user: &str, with_emails: bool) -> Result<Standing, StoreError> {
        crate::store::billing::standing(self.c, user, with_emails)
    }

    /// Holds the row of a bucket of records other than the writer's own (a
    /// group's) until the transaction ends, as `sync_write` holds the
    /// writer's. Callers take several in one order (sorted), so two writes
    /// never wait on each other.
    pub fn lock_bucket(&mut self, bucket: &str) -> Result<(), StoreError> {
        self.c.lock_user(bucket)
    }

    /// Whether `group` has reflections on, and `user`'s place in it (member
    /// id, name shown, role), if they belong to it; `None` when there is no
    /// such group.
    pub fn group_place(
        &mut self,
        group: &str,
        user: &str,
    ) -> Result<Option<GroupPlace>, StoreError> {
        let Some(reflections) = self.c.query_opt(
            "SELECT reflections FROM prayer_groups WHERE id = ?1",
            &[&group],
            |r| r.get::<bool>(0),
        )?
        else {
            return Ok(None);
        };
        let place = self.c.query_opt(
            "SELECT member_id, display_name, role FROM group_members
             WHERE group_id = ?1 AND user_id = ?2",
            &[&group, &user],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        Ok(Some((reflections, place)))
    }

    /// How many requests `member` has posted in `group` on `day`.
    pub fn posts_on(&mut self, group: &str, member: &str, day: &str) -> Result<usize, StoreError> {
        let n: Option<i64> = self.c.query_opt(
            "SELECT posts FROM group_posts WHERE group_id = ?1 AND member_id = ?2 AND day = ?3",
            &[&group, &member, &day],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n.unwrap_or(0)).unwrap_or(usize::MAX))
    }

    /// Counts one more request posted by `member` in `group` on `day`.
    pub fn count_post(&mut self, group: &str, member: &str, day: &str) -> Result<(), StoreError> {
        self.c.execute(
            "INSERT INTO group_posts (group_id, member_id, day, posts) VALUES (?1, ?2, ?3, 1)
             ON CONFLICT(group_id, member_id, day) DO UPDATE SET posts = group_posts.posts + 1",
            &[&group, &member, &day],
        )?;
        Ok(())
    }

    /// Notes a request posted or a prayer said (`kind` 'request' or
    /// 'prayed') for the group's notifications.
    pub fn note_for_notices(
        &mut self,
        group: &str,
        kind: &str,
        request: &str,
        member: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        crate::store::groups::note(self.c, group, kind, request, member, at)
    }

    /// The live records of `tables` in `bucket` whose `field` holds `value`
    /// (an update's or a prayer's request), with their ids.
    pub fn live_naming(
        &mut self,
        bucket: &str,
        tables: &[Table],
        field: &str,
        value: &str,
    ) -> Result<super::pull::Rows, StoreError> {
        let mut out = Vec::new();
        for table in tables {
            let rows: Vec<(String, String)> = self.c.query(
                "SELECT id, body FROM records WHERE user_id = ?1 AND tbl = ?2 AND deleted = FALSE",
                &[&bucket, &table.name()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            for (id, body) in rows {
                let record = records::decode_record(&body)?;
                if record.fields.get(field).and_then(|v| v.as_str()) == Some(value) {
                    out.push((*table, id, record));
                }
            }
        }
        Ok(out)
    }

    /// Whether `from` is an anonymous user not yet merged into an account.
    pub fn still_anonymous(&mut self, from: &str) -> Result<bool, StoreError> {
        claim::still_anonymous(self.c, from)
    }

    /// The next `limit` live records of `from` not yet claimed into `into`,
    /// and the version the last of them reached (none when none are left).
    pub fn unclaimed(
        &mut self,
        from: &str,
        into: &str,
        limit: i64,
    ) -> Result<Option<claim::Unclaimed>, StoreError> {
        self.ahead.clear();
        claim::unclaimed(self.c, from, into, limit)
    }

    /// Records that `from`'s records through `version` were claimed.
    pub fn claimed_through(
        &mut self,
        from: &str,
        into: &str,
        version: i64,
    ) -> Result<(), StoreError> {
        self.ahead.clear();
        claim::claimed_through(self.c, from, into, version)
    }
}

impl Store {
    /// Whether a write's records are worth reading ahead, in one statement
    /// (on PostgreSQL, where each statement is a round trip to another
    /// process; on SQLite a read is a call within this one).
    pub fn reads_ahead(&self) -> bool {
        self.is_shared()
    }

    /// Runs `write` in one transaction, `user`'s rows held until it ends:
    /// kept when it answers `Ok`, rolled back when it answers an error (of
    /// the store, or of the rules of the caller). The user's own records
    /// among `ahead` are read with their row, where the store reads ahead
    /// ([`Store::reads_ahead`]); others (a group's) only once their bucket
    /// is held ([`SyncTx::read_ahead`]).
    pub async fn sync_write<R, E, F>(
        &self,
        user: &str,
        ahead: Vec<RecordKey>,
        write: F,
    ) -> Result<R, E>
    where
        F: FnOnce(&mut SyncTx<'_, '_>) -> Result<R, E> + Send + 'static,
        E: From<StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let (written, unflushed) = self
            .sync_write_unflushed(user, None, ahead, None, write)
            .await?;
        self.flushed(unflushed).await?;
        written
    }

    /// [`Store::sync_write`] that answers as soon as it is committed, with
    /// the flush to wait for before anyone hears of it (a push's steps wait
    /// once, for their last). By one of the user's devices when `device` is
    /// given (a push): its last sequence number applied is read with the
    /// user's row, and the new one stored with the new totals. A `charge`
    /// (a push's rate limits, on replicas) is taken first: refused, the
    /// write is not run, and answers [`StoreError::Limited`] (the counts
    /// kept, so the window's end is when to come back); a write that fails
    /// takes it still.
    pub async fn sync_write_unflushed<R, E, F>(
        &self,
        user: &str,
        device: Option<&str>,
        ahead: Vec<RecordKey>,
        charge: Option<Charge>,
        write: F,
    ) -> Result<(Result<R, E>, Unflushed), StoreError>
    where
        F: FnOnce(&mut SyncTx<'_, '_>) -> Result<R, E> + Send + 'static,
        E: From<StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let user = user.to_owned();
        let device = device.map(str::to_owned);
        let mut ahead = ahead;
        ahead.retain(|(bucket, _, _)| *bucket == user);
        ahead.sort();
        ahead.dedup();
        let ((written, forgot), unflushed) = self
            .db
            .call_unflushed(move |c| {
                let mut forgot = false;
                let outcome = c.write_or_refuse(|tx| {
                    let opened =
                        user_row::open(tx, &user, device.as_deref(), &ahead, charge.as_ref())?;
                    if let Some(wait_ms) = opened.limited {
                        // Committed: only the counts were written.
                        return Ok(Ok(Err(E::from(StoreError::Limited { wait_ms }))));
                    }
                    let mut sync = SyncTx {
                        c: tx,
                        forgot: false,
                        row: opened.row,
                        ahead: opened.read.into_iter().collect(),
                    };
                    let mut written = write(&mut sync);
                    if written.is_ok()
                        && let Err(e) = sync.finish()
                    {
                        written = Err(e.into());
                    }
                    forgot = sync.forgot;
                    // Rolled back when the write answers an error.
                    Ok(written.map(Ok))
                });
                if let (Err(_) | Ok(Err(_)), Some(charge)) = (&outcome, &charge) {
                    // Rolled back, the counts with it: taken alone, so a
                    // push that fails counts as on SQLite (taken before it
                    // runs), and one sent again and again is still limited.
                    if let Err(e) = c.write(|c| charge.take(c).map(drop)) {
                        tracing::warn!(error = %e, "counting a push that failed");
                    }
                }
                let written = outcome?.and_then(|committed| committed);
                let forgot = forgot && written.is_ok();
                Ok::<_, StoreError>((written, forgot))
            })
            .await?;
        if forgot {
            self.scrub_files().await;
        }
        Ok((written, unflushed))
    }
}
