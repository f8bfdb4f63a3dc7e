//! A group's notifications as its members' phones receive them: a new
//! request to each member as they chose (each one, a daily digest, off,
//! muted), never to its writer, leaders-only requests to leaders only,
//! nothing in a person's quiet hours (it comes, gathered, when they end),
//! and "people prayed for your request" at most once an hour a request.

use super::{Phone, at, push_service, ring_at, subscribe};
use crate::common::{Device, TestServer};
use reqwest::Method;
use serde_json::{Value, json};

/// A member's phone: its device, its queue's numbering and its push
/// subscription.
struct Member {
    device: Device,
    seq: u64,
    phone: Phone,
    /// How many notifications it has read so far.
    read: usize,
}

impl Member {
    async fn new(s: &TestServer, base: &str, name: &str) -> Self {
        let device = s.register(&format!("user-1763790000000-note{name}")).await;
        let phone = Phone::new(base, name);
        subscribe(s, &device, &phone, "Europe/London").await;
        Self {
            device,
            seq: 0,
            phone,
            read: 0,
        }
    }

    /// Pushes one record; answers the push's answer.
    async fn push(&mut self, s: &TestServer, table: &str, id: &str, fields: Value) -> Value {
        self.seq += 1;
        let change = json!({"table": table, "id": id, "op": "put", "fields": fields});
        s.push_one(&self.device, self.seq, change).await
    }

    /// Pushes one record; it must be taken.
    async fn put(&mut self, s: &TestServer, table: &str, id: &str, fields: Value) {
        let body = self.push(s, table, id, fields).await;
        assert_eq!(body["rejected"], json!([]), "{body}");
    }

    /// The notifications that arrived since the last look, as read.
    fn new_notes(&mut self, service: &super::Service) -> Vec<Value> {
        let got = service.to(&self.phone.path);
        let fresh = got[self.read..]
            .iter()
            .map(|r| self.phone.read(r))
            .collect();
        self.read = got.len();
        fresh
    }

    /// Waits (30 s at most) for notifications that come without a look of
    /// the minute: the server looks within seconds of a post.
    async fn soon(&mut self, service: &super::Service) -> Vec<Value> {
        for _ in 0..300 {
            let fresh = self.new_notes(service);
            if !fresh.is_empty() {
                return fresh;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        Vec::new()
    }

    async fn choose(&self, s: &TestServer, group: &str, choice: Value) -> (u16, Value) {
        s.call_as(
            &self.device,
            Method::PATCH,
            &format!("/api/groups/{group}/notices"),
            Some(choice),
        )
        .await
    }
}

fn request(group: &str, title: &str, extra: Value) -> Value {
    let mut r = json!({"groupId": group, "title": title, "renewedOn": "2026-12-07", "createdAt": "2026-12-07T09:00:00Z"});
    r.as_object_mut()
        .expect("object")
        .extend(extra.as_object().cloned().unwrap_or_default());
    r
}

fn titles(notes: &[Value]) -> Vec<(String, String)> {
    notes
        .iter()
        .map(|n| {
            (
                n["title"].as_str().unwrap_or_default().to_string(),
                n["body"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// Moves the clock on by `minutes` and rings what is due.
async fn ring_after(s: &TestServer, minutes: i64) {
    let to = s.clock.now_ms() + minutes * 60_000;
    let utc = chrono::DateTime::from_timestamp_millis(to)
        .expect("time")
        .to_rfc3339();
    ring_at(s, &utc).await;
}

#[tokio::test]
async fn members_hear_of_new_requests_and_prayers_as_they_chose() {
    // Monday 7 December 2026, 09:00 in London (UTC in winter).
    let s = TestServer::start_pinned(at("2026-12-07T09:00:00Z"), |_| {}).await;
    let (service, base) = push_service().await;
    let mut ann = Member::new(&s, &base, "ann").await;
    let mut ben = Member::new(&s, &base, "ben").await;
    let mut cal = Member::new(&s, &base, "cal").await;
    let (status, group) = s
        .call_as(
            &ann.device,
            Method::POST,
            "/api/groups",
            Some(json!({"name": "The Lees", "kind": "family", "displayName": "Ann"})),
        )
        .await;
    assert_eq!(status, 201, "{group}");
    assert_eq!(
        group["notices"],
        json!({"newRequests": "each", "digestAt": "08:00", "muted": false}),
        "a family hears of each request by default"
    );
    let gid = group["id"].as_str().expect("id").to_string();
    let (_, made) = s
        .call_as(
            &ann.device,
            Method::POST,
            &format!("/api/groups/{gid}/invitations"),
            Some(json!({})),
        )
        .await;
    let code = made["code"].as_str().expect("code").to_string();
    for (m, name) in [(&ben, "Ben"), (&cal, "Cal")] {
        let (status, joined) = s
            .call_as(
                &m.device,
                Method::POST,
                &format!("/api/invitations/{code}/join"),
                Some(json!({ "displayName": name })),
            )
            .await;
        assert_eq!(status, 200, "{joined}");
    }

    // Each one: Ben and Cal hear of Ann's request within seconds, Ann does not.
    let r1 = format!("request:{gid}:first");
    ann.put(
        &s,
        "groupRequests",
        &r1,
        request(&gid, "Grandma's surgery", json!({})),
    )
    .await;
    for m in [&mut ben, &mut cal] {
        assert_eq!(
            titles(&m.soon(&service).await),
            vec![(
                "New prayer request in The Lees".to_string(),
                "Grandma's surgery".to_string()
            )]
        );
    }
    ring_after(&s, 1).await;
    assert!(
        ann.new_notes(&service).is_empty(),
        "not told of her own request"
    );
    assert!(ben.new_notes(&service).is_empty(), "told once");
    let note = &service.to(&ben.phone.path)[0];
    assert_eq!(ben.phone.read(note)["url"], format!("/groups/{gid}"));

    // A request for leaders only reaches the leaders (Ann, the owner).
    let r2 = format!("request:{gid}:private");
    ben.put(
        &s,
        "groupRequests",
        &r2,
        request(&gid, "A hard week", json!({"audience": "leaders"})),
    )
    .await;
    ring_after(&s, 1).await;
    assert_eq!(
        titles(&ann.new_notes(&service)),
        vec![(
            "New prayer request in The Lees".to_string(),
            "A hard week (for leaders)".to_string()
        )]
    );
    assert!(cal.new_notes(&service).is_empty(), "not a leader");

    // Cal chooses a digest at 18:00, Ben mutes the group.
    let (status, chosen) = cal
        .choose(
            &s,
            &gid,
            json!({"newRequests": "digest", "digestAt": "18:00"}),
        )
        .await;
    assert_eq!(status, 200, "{chosen}");
    assert_eq!(
        chosen,
        json!({"newRequests": "digest", "digestAt": "18:00", "muted": false})
    );
    let (status, chosen) = ben.choose(&s, &gid, json!({"muted": true})).await;
    assert_eq!(status, 200, "{chosen}");
    assert_eq!(chosen["newRequests"], "each", "what was left out stays");
    let (_, seen) = s
        .call_as(
            &cal.device,
            Method::GET,
            &format!("/api/groups/{gid}"),
            None,
        )
        .await;
    assert_eq!(
        seen["notices"]["newRequests"], "digest",
        "the group's page shows the choice"
    );

    for (i, title) in ["Work interview", "Safe travels"].into_iter().enumerate() {
        let id = format!("request:{gid}:day{i}");
        ann.put(&s, "groupRequests", &id, request(&gid, title, json!({})))
            .await;
    }
    ring_after(&s, 1).await;
    assert!(
        cal.new_notes(&service).is_empty(),
        "the digest waits for 18:00"
    );
    assert!(ben.new_notes(&service).is_empty(), "muted");
    ring_at(&s, "2026-12-07T18:00:30Z").await;
    assert_eq!(
        titles(&cal.new_notes(&service)),
        vec![(
            "2 new prayer requests in The Lees".to_string(),
            "Work interview · Safe travels".to_string()
        )],
        "one digest gathers the day's requests"
    );
    assert!(ben.new_notes(&service).is_empty(), "still muted");

    // Quiet hours: Ben unmutes and keeps 21:00 to 07:00 quiet.
    let (status, _) = ben.choose(&s, &gid, json!({"muted": false})).await;
    assert_eq!(status, 200);
    ben.put(
        &s,
        "userSettings",
        "settings-preferences",
        json!({"quietFrom": "21:00", "quietTo": "07:00"}),
    )
    .await;
    ring_at(&s, "2026-12-07T22:00:00Z").await;
    let late = format!("request:{gid}:late");
    ann.put(
        &s,
        "groupRequests",
        &late,
        request(&gid, "Night shift", json!({})),
    )
    .await;
    ring_after(&s, 1).await;
    assert!(ben.new_notes(&service).is_empty(), "nothing in quiet hours");
    ring_at(&s, "2026-12-08T06:59:00Z").await;
    assert!(ben.new_notes(&service).is_empty(), "still quiet at 06:59");
    ring_at(&s, "2026-12-08T07:00:30Z").await;
    assert_eq!(
        titles(&ben.new_notes(&service)),
        vec![(
            "New prayer request in The Lees".to_string(),
            "Night shift".to_string()
        )],
        "it comes when the quiet hours end"
    );

    // Prayers: to the request's writer, the first within seconds, then at
    // most one notice an hour for the request.
    let prayer = json!({"groupId": gid, "requestId": r1, "prayedOn": "2026-12-08"});
    ben.put(
        &s,
        "groupPrayers",
        &format!("prayed:{gid}:b1"),
        prayer.clone(),
    )
    .await;
    assert_eq!(
        titles(&ann.soon(&service).await),
        vec![(
            "Someone prayed for your request".to_string(),
            "Grandma's surgery".to_string()
        )]
    );
    cal.put(
        &s,
        "groupPrayers",
        &format!("prayed:{gid}:c1"),
        prayer.clone(),
    )
    .await;
    ben.put(
        &s,
        "groupPrayers",
        &format!("prayed:{gid}:b2"),
        prayer.clone(),
    )
    .await;
    ann.put(
        &s,
        "groupPrayers",
        &format!("prayed:{gid}:a1"),
        prayer.clone(),
    )
    .await;
    ring_after(&s, 10).await;
    assert!(
        ann.new_notes(&service).is_empty(),
        "no second notice within the hour"
    );
    ring_after(&s, 55).await;
    assert_eq!(
        titles(&ann.new_notes(&service)),
        vec![(
            "2 people prayed for your request".to_string(),
            "Grandma's surgery".to_string()
        )],
        "an hour on, the prayers since are gathered (her own is not counted)"
    );
    assert!(
        ben.new_notes(&service).is_empty() && cal.new_notes(&service).is_empty(),
        "only the writer hears that people prayed"
    );

    // A muted group says nothing of prayers either.
    let (status, _) = ann.choose(&s, &gid, json!({"muted": true})).await;
    assert_eq!(status, 200);
    ben.put(&s, "groupPrayers", &format!("prayed:{gid}:b3"), prayer)
        .await;
    ring_after(&s, 61).await;
    assert!(ann.new_notes(&service).is_empty(), "muted");
}

#[tokio::test]
async fn a_notice_choice_is_checked_and_only_a_member_makes_it() {
    let s = TestServer::start_pinned(at("2026-12-07T09:00:00Z"), |_| {}).await;
    let (_service, base) = push_service().await;
    let ann = Member::new(&s, &base, "cann").await;
    let stranger = Member::new(&s, &base, "cstranger").await;
    let (_, group) = s
        .call_as(
            &ann.device,
            Method::POST,
            "/api/groups",
            Some(json!({"name": "St Mark's", "kind": "church", "displayName": "Ann"})),
        )
        .await;
    assert_eq!(
        group["notices"]["newRequests"], "digest",
        "a church's many requests come once a day by default"
    );
    let gid = group["id"].as_str().expect("id").to_string();
    for (body, field) in [
        (json!({"digestAt": "25:00"}), "digestAt"),
        (json!({"digestAt": "8:00"}), "digestAt"),
        (json!({"newRequests": "hourly"}), "newRequests"),
        (json!({"muted": "yes"}), "muted"),
    ] {
        let (status, answer) = ann.choose(&s, &gid, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(
            answer.to_string().contains(field),
            "{body}: the answer names {field}: {answer}"
        );
    }
    let (status, answer) = stranger.choose(&s, &gid, json!({"muted": true})).await;
    assert_eq!(status, 403, "{answer}");
    let (status, _) = ann.choose(&s, "nosuchgroup", json!({"muted": true})).await;
    assert_eq!(status, 404);
    // Bad quiet hours are refused with the preference's name.
    let mut ann = ann;
    let body = ann
        .push(
            &s,
            "userSettings",
            "settings-preferences",
            json!({"quietFrom": "22:00"}),
        )
        .await;
    assert_eq!(body["rejected"][0]["field"], "quietTo", "{body}");
}
