//! What a group's notifications say, and when they go: new requests as each
//! member chose for the group (each one, or a daily digest at their time;
//! off; or the group muted), and "people prayed for your request" to its
//! writer, at most once an hour a request. Nothing goes in a person's quiet
//! hours: it waits, gathered, for their end. The rules are
//! `manna_sync_protocol::groups::notices`; this applies them in a look of
//! the scheduler, which claims each notification once.

use super::PushMessage;
use super::timing::{clock_time, due_between, local_clock, zone};
use crate::error::AppError;
use crate::store::{Noted, Pending, PushSubscription, PushTx};
use manna_sync_protocol::Table;
use manna_sync_protocol::groups::notices::{
    HOLD_MOST_MS, Tell, is_quiet, tell_new_requests, tell_prayed,
};
use manna_sync_protocol::records::settings::{PREFERENCES_ID, quiet_hours_of};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The looks' mark in `scheduler_marks` (taken to hold the looks apart).
const JOB: &str = "group-notices";

/// A person as a look needs them: their devices, and whether their quiet
/// hours hold now (in the zone of their first device).
struct Person {
    subs: Vec<PushSubscription>,
    quiet: bool,
}

fn person(tx: &mut PushTx<'_, '_>, user: &str, now_ms: i64) -> Result<Person, AppError> {
    let subs = tx.subscriptions_of(user)?;
    let prefs = tx
        .live_records(user, Table::UserSettings)?
        .into_iter()
        .find(|(id, _, _)| id == PREFERENCES_ID)
        .map(|(_, _, fields)| fields);
    let quiet = match (
        prefs.as_ref().and_then(quiet_hours_of),
        subs.first().and_then(|s| zone(&s.time_zone)),
    ) {
        (Some((from, to)), Some(tz)) => is_quiet(&local_clock(tz, now_ms), &from, &to),
        _ => false,
    };
    Ok(Person { subs, quiet })
}

/// A look's memory of what it read: people and requests are read once.
#[derive(Default)]
struct Seen {
    people: HashMap<String, Person>,
    requests: HashMap<(String, String), Option<Map<String, Value>>>,
}

impl Seen {
    fn person(
        &mut self,
        tx: &mut PushTx<'_, '_>,
        user: &str,
        now_ms: i64,
    ) -> Result<&Person, AppError> {
        if !self.people.contains_key(user) {
            let p = person(tx, user, now_ms)?;
            self.people.insert(user.to_owned(), p);
        }
        Ok(&self.people[user])
    }

    fn request(
        &mut self,
        tx: &mut PushTx<'_, '_>,
        group: &str,
        id: &str,
    ) -> Result<Option<&Map<String, Value>>, AppError> {
        let key = (group.to_owned(), id.to_owned());
        if !self.requests.contains_key(&key) {
            let r = tx.live_request(group, id)?;
            self.requests.insert(key.clone(), r);
        }
        Ok(self.requests[&key].as_ref())
    }
}

fn text<'a>(fields: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    fields.get(key).and_then(Value::as_str)
}

/// A notification due now to one device: where, its source (what it is
/// claimed as, once), and its words.
pub type Due = (PushSubscription, String, PushMessage);

/// Every group notification due now, each member and each request's writer
/// marked told as it is decided (in the look's transaction, with its claims).
pub fn due_now(tx: &mut PushTx<'_, '_>, now_ms: i64) -> Result<Vec<Due>, AppError> {
    // One look at a time (the minute's and one asked for between them):
    // the second waits here, then finds what the first told as told.
    tx.advance_mark(JOB, now_ms)?;
    let floor = now_ms - HOLD_MOST_MS;
    tx.forget_notes(floor)?;
    let mut seen = Seen::default();
    let mut due = new_requests(tx, &mut seen, floor, now_ms)?;
    due.extend(prayers(tx, &mut seen, floor, now_ms)?);
    Ok(due)
}

/// One notification for each device of a person.
fn to_each(subs: &[PushSubscription], source: &str, message: &PushMessage) -> Vec<Due> {
    subs.iter()
        .map(|sub| (sub.clone(), source.to_owned(), message.clone()))
        .collect()
}

/// New requests, to each member as they chose.
fn new_requests(
    tx: &mut PushTx<'_, '_>,
    seen: &mut Seen,
    floor: i64,
    now_ms: i64,
) -> Result<Vec<Due>, AppError> {
    let mut due = Vec::new();
    let mut noted: HashMap<String, Vec<Noted>> = HashMap::new();
    for p in tx.pending_members()? {
        if !noted.contains_key(&p.group_id) {
            let n = tx.requests_noted(&p.group_id, floor)?;
            noted.insert(p.group_id.clone(), n);
        }
        let mut titles = Vec::new();
        // When the first of what is to be told was posted.
        let mut first = None;
        for n in &noted[&p.group_id] {
            if n.seq <= p.told_through || n.member == p.member_id {
                continue;
            }
            let Some(r) = seen.request(tx, &p.group_id, &n.request)? else {
                continue;
            };
            let hidden = r.get("hidden").and_then(Value::as_bool) == Some(true);
            let leaders_only = text(r, "audience") == Some("leaders");
            if hidden || (leaders_only && !p.role.leads()) {
                continue;
            }
            titles.push((
                text(r, "title").unwrap_or_default().to_owned(),
                leaders_only,
            ));
            first.get_or_insert(n.at);
        }
        let person = seen.person(tx, &p.user_id, now_ms)?;
        let tell = match first {
            None => Tell::Drop,
            Some(first) => {
                let digest = digest_passed(&p, person, first, now_ms);
                tell_new_requests(&p.choice, person.quiet, digest)
            }
        };
        match tell {
            Tell::Hold => continue,
            Tell::Drop => {}
            Tell::Now => {
                let source = format!("group:{}:requests", p.group_id);
                due.extend(to_each(
                    &person.subs,
                    &source,
                    &requests_message(&p, &titles),
                ));
            }
        }
        tx.told_through(&p.group_id, &p.user_id, p.last_request)?;
    }
    Ok(due)
}

/// "People prayed for your request", to its writer at most once an hour.
fn prayers(
    tx: &mut PushTx<'_, '_>,
    seen: &mut Seen,
    floor: i64,
    now_ms: i64,
) -> Result<Vec<Due>, AppError> {
    let mut due = Vec::new();
    for prayed in tx.prayed_pending(floor)? {
        let (group, request) = (&prayed.group_id, &prayed.request_id);
        let through = prayed
            .prayers
            .iter()
            .map(|(_, seq)| *seq)
            .max()
            .unwrap_or(0);
        let writer = seen.request(tx, group, request)?.and_then(|r| {
            let title = text(r, "title").unwrap_or_default().to_owned();
            text(r, "authorId").map(|a| (a.to_owned(), title))
        });
        let mut told = None;
        if let Some((author, title)) = writer
            && let Some((user, muted)) = tx.member_user(group, &author)?
        {
            let mut prayers: Vec<&str> = prayed
                .prayers
                .iter()
                .map(|(m, _)| m.as_str())
                .filter(|m| *m != author)
                .collect();
            prayers.sort_unstable();
            prayers.dedup();
            let person = seen.person(tx, &user, now_ms)?;
            match tell_prayed(muted, person.quiet, prayed.told_at, now_ms) {
                _ if prayers.is_empty() => {}
                Tell::Hold => continue,
                Tell::Drop => {}
                Tell::Now => {
                    let source = format!("group:{group}:prayed:{request}");
                    let message = prayed_message(group, request, prayers.len(), &title);
                    due.extend(to_each(&person.subs, &source, &message));
                    told = Some(now_ms);
                }
            }
        }
        tx.prayed_told(group, request, told, through)?;
    }
    Ok(due)
}

/// Whether the member's digest time came since `since_ms`, when the first of
/// what they are to be told was posted (in the zone of their first device).
fn digest_passed(p: &Pending, person: &Person, since_ms: i64, now_ms: i64) -> bool {
    let Some(tz) = person.subs.first().and_then(|s| zone(&s.time_zone)) else {
        return false;
    };
    let Some(time) = clock_time(&p.choice.digest_at) else {
        return false;
    };
    !due_between(tz, time, |_| true, since_ms, now_ms).is_empty()
}

/// The titles shown in one notification of several requests before the
/// rest are counted.
const TITLES_SHOWN: usize = 3;

/// New requests in a group, gathered into one notification.
fn requests_message(p: &Pending, titles: &[(String, bool)]) -> PushMessage {
    let title = match titles.len() {
        1 => format!("New prayer request in {}", p.group_name),
        n => format!("{n} new prayer requests in {}", p.group_name),
    };
    let shown: Vec<String> = titles
        .iter()
        .take(TITLES_SHOWN)
        .map(|(t, leaders)| {
            if *leaders {
                format!("{t} (for leaders)")
            } else {
                t.clone()
            }
        })
        .collect();
    let mut body = shown.join(" · ");
    if titles.len() > TITLES_SHOWN {
        body.push_str(&format!(" and {} more", titles.len() - TITLES_SHOWN));
    }
    PushMessage {
        title,
        body,
        url: format!("/groups/{}", p.group_id),
        tag: format!("group-{}-requests", p.group_id),
    }
}

/// "People prayed for your request", with how many since the last notice.
fn prayed_message(group: &str, request: &str, people: usize, title: &str) -> PushMessage {
    PushMessage {
        title: match people {
            1 => "Someone prayed for your request".into(),
            n => format!("{n} people prayed for your request"),
        },
        body: title.to_owned(),
        url: format!("/groups/{group}"),
        tag: format!("prayed-{request}"),
    }
}
