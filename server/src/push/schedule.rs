//! What falls due: every active prayer reminder on its days at its minute,
//! the verse of the day for those who asked for it, and what groups tell
//! their members (`group_notices`), each in the time zone
//! of the device it rings on. Each sending is claimed in the database before
//! it is sent, so it is sent once however many server processes look.

use super::timing::{clock_time, due_between, zone};
use super::{PushMessage, TTL, group_notices};
use crate::content::{ContentSet, Kind, item_for};
use crate::error::AppError;
use crate::store::{Claimed, LiveRecord, PushSubscription, PushTx, Store, StoreError};
use manna_core::Date;
use manna_sync_protocol::Table;
use manna_sync_protocol::records::prayer::PrayerReminder;
use manna_sync_protocol::records::read::ReadFields;
use manna_sync_protocol::records::settings::{PREFERENCES_ID, VERSE_TIME};
use serde_json::Value;
use std::sync::Arc;

/// The scheduler's mark in `scheduler_marks`.
pub const JOB: &str = "push";

/// The longest stretch a restarted scheduler looks back over: what fell due
/// longer ago would reach the phone after its time to live anyway.
pub const CATCH_UP_MS: i64 = TTL.as_millis() as i64;

/// Notifications claimed for one subscription in one look: more would only
/// replace one another on the phone's screen, and a user with thousands of
/// reminders at one minute must not fill the senders' queue.
pub const MOST_PER_LOOK: usize = 20;

/// The tables what rings is read from.
const DUE_TABLES: &[Table] = &[Table::PrayerReminders, Table::UserSettings];

/// Claims every sending that fell due in the window since the last look (at
/// most [`CATCH_UP_MS`] back) through `now_ms`, and the retries whose time has
/// come; answers what this call claimed.
pub async fn claim_due(
    store: &Store,
    set: Arc<ContentSet>,
    now_ms: i64,
) -> Result<Vec<Claimed>, AppError> {
    store
        .push_write(move |tx| {
            let mark = tx.advance_mark(JOB, now_ms)?;
            // The first look covers the minute just past.
            let from = mark.unwrap_or(now_ms - 60_000).max(now_ms - CATCH_UP_MS);
            let lease_until = lease_until(now_ms);
            let mut claimed = tx.take_retries(now_ms, lease_until)?;
            if from >= now_ms {
                return Ok(claimed);
            }
            let subscriptions = tx.subscriptions()?;
            for of_user in subscriptions.chunk_by(|a, b| a.user_id == b.user_id) {
                let user = &of_user[0].user_id;
                let records = DUE_TABLES
                    .iter()
                    .map(|&t| Ok((t, tx.live_records(user, t)?)))
                    .collect::<Result<Vec<_>, StoreError>>()?;
                let due = Due::of_records(&records);
                for sub in of_user {
                    let mut ringing = due.between(&set, sub, from, now_ms);
                    ringing.sort_by_key(|(_, at, _)| *at);
                    ringing.truncate(MOST_PER_LOOK);
                    for (source, at, message) in ringing {
                        claimed.extend(claim(tx, sub, source, at, &message, lease_until)?);
                    }
                }
            }
            for (sub, source, message) in group_notices::due_now(tx, now_ms)? {
                claimed.extend(claim(tx, &sub, source, now_ms, &message, lease_until)?);
            }
            Ok::<_, AppError>(claimed)
        })
        .await
}

/// Until when a claim made now is leased to this process.
fn lease_until(now_ms: i64) -> i64 {
    now_ms + i64::try_from(super::senders::LEASE.as_millis()).unwrap_or(i64::MAX / 2)
}

/// Claims one notification to `sub` (none when it was claimed already).
fn claim(
    tx: &mut PushTx<'_, '_>,
    sub: &PushSubscription,
    source: String,
    at: i64,
    message: &PushMessage,
    lease_until: i64,
) -> Result<Option<Claimed>, AppError> {
    let payload = serde_json::to_string(message).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(tx.claim(sub, source, at, payload, lease_until)?)
}

/// Claims the group notifications due now (between the minute's looks: a new
/// request or prayer is told within seconds).
pub async fn claim_group_due(store: &Store, now_ms: i64) -> Result<Vec<Claimed>, AppError> {
    store
        .push_write(move |tx| {
            let mut claimed = Vec::new();
            for (sub, source, message) in group_notices::due_now(tx, now_ms)? {
                claimed.extend(claim(
                    tx,
                    &sub,
                    source,
                    now_ms,
                    &message,
                    lease_until(now_ms),
                )?);
            }
            Ok::<_, AppError>(claimed)
        })
        .await
}

/// What may ring for one user: their active reminders and their verse time.
struct Due {
    reminders: Vec<(String, PrayerReminder)>,
    verse_at: Option<String>,
}

impl Due {
    fn of_records(records: &[(Table, Vec<LiveRecord>)]) -> Self {
        let of = |table: Table| {
            records
                .iter()
                .filter(move |(t, _)| *t == table)
                .flat_map(|(_, r)| r.iter())
        };
        let reminders = of(Table::PrayerReminders)
            .filter_map(|(id, _, fields)| {
                Some((id.clone(), PrayerReminder::read_fields(fields).ok()?))
            })
            .filter(|(_, r)| r.is_active == 1)
            .collect();
        let verse_at = of(Table::UserSettings)
            .find(|(id, _, _)| id == PREFERENCES_ID)
            .and_then(|(_, _, fields)| {
                fields
                    .get(VERSE_TIME)
                    .and_then(Value::as_str)
                    .map(String::from)
            });
        Self {
            reminders,
            verse_at,
        }
    }

    /// Each notification due to `sub` in `(from, to]`: its source, instant and words.
    fn between(
        &self,
        set: &ContentSet,
        sub: &PushSubscription,
        from: i64,
        to: i64,
    ) -> Vec<(String, i64, PushMessage)> {
        let Some(tz) = zone(&sub.time_zone) else {
            return Vec::new();
        };
        let mut due = Vec::new();
        for (id, r) in &self.reminders {
            let Some(time) = clock_time(&r.reminder_time) else {
                continue;
            };
            let on = |w: u32| r.days.iter().any(|d| *d as u32 == w);
            for (_, at) in due_between(tz, time, on, from, to) {
                due.push((format!("reminder:{id}"), at, reminder_message(id, r)));
            }
        }
        if let Some(time) = self.verse_at.as_deref().and_then(clock_time) {
            for (day, at) in due_between(tz, time, |_| true, from, to) {
                if let Some(message) = verse_message(set, day) {
                    due.push(("verse".into(), at, message));
                }
            }
        }
        due
    }
}

/// A reminder as it rings: its title, and its note or a word to pray.
pub fn reminder_message(id: &str, r: &PrayerReminder) -> PushMessage {
    PushMessage {
        title: r.title.clone(),
        body: if r.description.trim().is_empty() {
            "Time to pray.".into()
        } else {
            r.description.clone()
        },
        url: "/prayer-reminders".into(),
        tag: format!("reminder-{id}"),
    }
}

/// Words of the verse shown in a notification before it is cut short.
const VERSE_WORDS: usize = 16;

/// The verse of `day`: its reference and first words, opening Home, where
/// the reading comes first.
pub fn verse_message(set: &ContentSet, day: Date) -> Option<PushMessage> {
    let reading = item_for(set, Kind::BibleReadings, day)?;
    let reference = reading.get("reference")?.as_str()?;
    let verse = reading.get("verse")?.as_str()?;
    let words: Vec<&str> = verse.split_whitespace().collect();
    let mut body = words[..words.len().min(VERSE_WORDS)].join(" ");
    if words.len() > VERSE_WORDS {
        body.push('…');
    }
    Some(PushMessage {
        title: format!("Today's verse: {reference}"),
        body,
        url: "/".into(),
        tag: format!("verse-{day}"),
    })
}
