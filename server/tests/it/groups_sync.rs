//! A group's shared records through sync, as each member's phone sees them:
//! every write judged by the writer's place in the group when it arrives,
//! and every pull filtered for the one who pulls (leaders-only requests,
//! hidden posts, names left out); a phone that leaves a group, or whose role
//! changes, is told to forget what it held of it.

use crate::common;

use common::{Device, TestServer};
use reqwest::Method;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// A phone as the app is: its queue's numbering, its cursor and what it
/// holds.
struct Phone {
    device: Device,
    seq: u64,
    cursor: Value,
    held: BTreeMap<(String, String), Map<String, Value>>,
    forgotten: Vec<String>,
}

impl Phone {
    async fn new(s: &TestServer, user: &str) -> Self {
        Self {
            device: s.register(user).await,
            seq: 0,
            cursor: Value::Null,
            held: BTreeMap::new(),
            forgotten: Vec::new(),
        }
    }

    /// Pushes one change; answers the rejection's field and message, if
    /// refused.
    async fn write(
        &mut self,
        s: &TestServer,
        table: &str,
        id: &str,
        op: &str,
        fields: Value,
    ) -> Option<(String, String)> {
        self.seq += 1;
        let change = json!({"table": table, "id": id, "op": op, "fields": fields});
        let body = s.push_one(&self.device, self.seq, change).await;
        body["rejected"]
            .as_array()
            .and_then(|r| r.first())
            .map(|r| {
                (
                    r["field"].as_str().unwrap_or_default().to_string(),
                    r["message"].as_str().unwrap_or_default().to_string(),
                )
            })
    }

    /// Pulls until nothing more is waiting, as the app does.
    async fn pull(&mut self, s: &TestServer) {
        loop {
            let (status, body) = s
                .call_as(
                    &self.device,
                    Method::POST,
                    "/api/sync/pull",
                    Some(json!({"protocolVersion": 1, "schemaVersion": 5, "deviceId": self.device.id, "cursor": self.cursor, "limit": 3})),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            for group in body["forgetGroups"].as_array().into_iter().flatten() {
                let group = group.as_str().expect("a group id").to_string();
                self.held.retain(|_, fields| {
                    fields.get("groupId").and_then(Value::as_str) != Some(group.as_str())
                });
                self.forgotten.push(group);
            }
            for c in body["changes"].as_array().expect("changes") {
                let key = (
                    c["table"].as_str().expect("table").to_string(),
                    c["id"].as_str().expect("id").to_string(),
                );
                match c["op"].as_str() {
                    Some("put") => {
                        self.held
                            .insert(key, c["fields"].as_object().cloned().unwrap_or_default());
                    }
                    _ => {
                        self.held.remove(&key);
                    }
                }
            }
            self.cursor = body["cursor"].clone();
            if body["hasMore"] != json!(true) {
                return;
            }
        }
    }

    fn has(&self, table: &str, id: &str) -> Option<&Map<String, Value>> {
        self.held.get(&(table.to_string(), id.to_string()))
    }

    /// Everything the phone holds of `group`.
    fn of_group(&self, group: &str) -> Vec<String> {
        self.held
            .iter()
            .filter(|(_, f)| f.get("groupId").and_then(Value::as_str) == Some(group))
            .map(|((_, id), _)| id.clone())
            .collect()
    }
}

/// `by` makes `member` of `group` a leader or a member again.
async fn set_role(s: &TestServer, by: &Phone, group: &str, member: &str, role: &str) {
    let (status, body) = s
        .call_as(
            &by.device,
            Method::PATCH,
            &format!("/api/groups/{group}/members/{member}"),
            Some(json!({ "role": role })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

fn request(group: &str, title: &str, extra: Value) -> Value {
    let mut r = json!({"groupId": group, "title": title, "details": "Please pray", "renewedOn": "2026-12-01"});
    r.as_object_mut()
        .expect("object")
        .extend(extra.as_object().cloned().unwrap_or_default());
    r
}

/// A group of an owner, a leader and two members (and a stranger beside
/// it): their phones, its id and the members' ids.
async fn congregation(s: &TestServer) -> (Vec<Phone>, String, BTreeMap<&'static str, String>) {
    let mut phones = Vec::new();
    for who in ["owner", "leader", "ann", "ben", "stranger"] {
        phones.push(Phone::new(s, &format!("user-1763790000000-sync{who}")).await);
    }
    let (status, group) = s
        .call_as(
            &phones[0].device,
            Method::POST,
            "/api/groups",
            Some(json!({"name": "Chain", "kind": "church", "displayName": "Pastor Eli"})),
        )
        .await;
    assert_eq!(status, 201, "{group}");
    let gid = group["id"].as_str().expect("id").to_string();
    let (_, made) = s
        .call_as(
            &phones[0].device,
            Method::POST,
            &format!("/api/groups/{gid}/invitations"),
            Some(json!({})),
        )
        .await;
    let code = made["code"].as_str().expect("code").to_string();
    let mut ids = BTreeMap::new();
    ids.insert(
        "owner",
        group["you"]["memberId"].as_str().expect("id").to_string(),
    );
    for (i, (who, name)) in [("leader", "Hannah"), ("ann", "Ann"), ("ben", "Ben")]
        .into_iter()
        .enumerate()
    {
        let (status, joined) = s
            .call_as(
                &phones[i + 1].device,
                Method::POST,
                &format!("/api/invitations/{code}/join"),
                Some(json!({"displayName": name})),
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        ids.insert(
            who,
            joined["you"]["memberId"].as_str().expect("id").to_string(),
        );
    }
    set_role(s, &phones[0], &gid, &ids["leader"], "leader").await;
    (phones, gid, ids)
}

#[tokio::test]
async fn each_member_is_sent_what_their_place_lets_them_see() {
    let s = TestServer::start().await;
    let (mut p, gid, ids) = congregation(&s).await;
    let open = format!("request:{gid}:open1");
    let quiet = format!("request:{gid}:quiet1");
    let private = format!("request:{gid}:leaders1");
    // Ann posts three requests: for everyone, without her name, for leaders.
    for (id, extra) in [
        (&open, json!({})),
        (&quiet, json!({"anonymous": true})),
        (&private, json!({"audience": "leaders"})),
    ] {
        // Whatever the phone says of who wrote it, the server says it was Ann.
        let mut fields = request(&gid, "For my mother", extra);
        fields["authorId"] = json!(ids["ben"]);
        fields["authorName"] = json!("Someone else");
        assert_eq!(
            p[2].write(&s, "groupRequests", id, "put", fields).await,
            None
        );
    }
    for phone in p.iter_mut() {
        phone.pull(&s).await;
    }
    let [owner, leader, ann, ben, stranger] = &p[..] else {
        unreachable!()
    };
    let shown = ben
        .has("groupRequests", &open)
        .expect("Ben sees the open request");
    assert_eq!(
        (shown["authorId"].clone(), shown["authorName"].clone()),
        (json!(ids["ann"]), json!("Ann"))
    );
    let hidden_name = ben
        .has("groupRequests", &quiet)
        .expect("and the one without a name");
    assert_eq!(
        (
            hidden_name["authorId"].clone(),
            hidden_name["authorName"].clone()
        ),
        (Value::Null, Value::Null)
    );
    assert!(
        ben.has("groupRequests", &private).is_none(),
        "a leaders-only request never reaches a member"
    );
    for lead in [owner, leader] {
        assert_eq!(
            lead.has("groupRequests", &quiet).expect("leaders see it")["authorName"],
            "Ann"
        );
        assert!(lead.has("groupRequests", &private).is_some());
    }
    assert_eq!(
        ann.has("groupRequests", &quiet).expect("her own")["authorName"],
        "Ann"
    );
    assert!(
        ann.has("groupRequests", &private).is_some(),
        "the writer sees her own"
    );
    assert!(
        stranger.held.is_empty(),
        "a stranger is sent nothing: {:?}",
        stranger.held
    );

    // Ben prays, showing his name; Ann sees the name, not who it was by id.
    let prayer = format!("prayed:{gid}:ben1");
    let fields = json!({"groupId": gid, "requestId": open, "prayedOn": "2026-12-01", "name": "B", "memberId": ids["ann"]});
    assert_eq!(
        p[3].write(&s, "groupPrayers", &prayer, "put", fields).await,
        None
    );
    // Nor may anyone pray for a request they cannot see.
    let sneaky = json!({"groupId": gid, "requestId": private, "prayedOn": "2026-12-01"});
    let (field, _) = p[3]
        .write(
            &s,
            "groupPrayers",
            &format!("prayed:{gid}:ben2"),
            "put",
            sneaky,
        )
        .await
        .expect("refused");
    assert_eq!(field, "requestId");
    p[2].pull(&s).await;
    p[3].pull(&s).await;
    let seen = p[2]
        .has("groupPrayers", &prayer)
        .expect("Ann sees the prayer");
    assert_eq!(
        (seen["name"].clone(), seen["memberId"].clone()),
        (json!("Ben"), Value::Null)
    );
    assert_eq!(
        p[3].has("groupPrayers", &prayer).expect("his own")["memberId"],
        json!(ids["ben"])
    );

    // Ben may neither rewrite nor hide Ann's request; a leader hides it.
    let (field, message) = p[3]
        .write(
            &s,
            "groupRequests",
            &open,
            "patch",
            json!({"title": "Mine now"}),
        )
        .await
        .expect("refused");
    assert_eq!(
        (field.as_str(), message.as_str()),
        ("id", "id: only its writer may change a post")
    );
    let (field, _) = p[3]
        .write(&s, "groupRequests", &open, "patch", json!({"hidden": true}))
        .await
        .expect("refused");
    assert_eq!(field, "hidden");
    assert_eq!(
        p[1].write(&s, "groupRequests", &open, "patch", json!({"hidden": true}))
            .await,
        None
    );
    for phone in p.iter_mut() {
        phone.pull(&s).await;
    }
    assert!(
        p[3].has("groupRequests", &open).is_none(),
        "hidden from members"
    );
    assert!(
        p[3].has("groupPrayers", &prayer).is_none(),
        "and its prayers with it"
    );
    assert!(
        p[2].has("groupRequests", &open)
            .expect("the writer still sees it")["hidden"]
            == json!(true)
    );
    // Shown again: its prayers come back too.
    assert_eq!(
        p[1].write(
            &s,
            "groupRequests",
            &open,
            "patch",
            json!({"hidden": false})
        )
        .await,
        None
    );
    p[3].pull(&s).await;
    assert!(p[3].has("groupRequests", &open).is_some());
    assert!(
        p[3].has("groupPrayers", &prayer).is_some(),
        "the prayer follows its request back"
    );
}

#[tokio::test]
async fn a_phone_forgets_a_group_it_leaves_and_starts_again_in_a_new_role() {
    let s = TestServer::start().await;
    let (mut p, gid, ids) = congregation(&s).await;
    let private = format!("request:{gid}:leaders2");
    assert_eq!(
        p[2].write(
            &s,
            "groupRequests",
            &format!("request:{gid}:a"),
            "put",
            request(&gid, "Work", json!({}))
        )
        .await,
        None
    );
    assert_eq!(
        p[2].write(
            &s,
            "groupRequests",
            &private,
            "put",
            request(&gid, "Hard news", json!({"audience": "leaders"}))
        )
        .await,
        None
    );
    for phone in p.iter_mut() {
        phone.pull(&s).await;
    }
    assert_eq!(p[3].of_group(&gid).len(), 1);
    assert_eq!(p[1].of_group(&gid).len(), 2);

    // Ben is made a leader: his phone starts the group again and gets what
    // leaders see.
    set_role(&s, &p[0], &gid, &ids["ben"], "leader").await;
    p[3].pull(&s).await;
    assert!(p[3].forgotten.contains(&gid));
    assert!(p[3].has("groupRequests", &private).is_some());
    // And back: a member again, the leaders-only request is gone from his phone.
    set_role(&s, &p[0], &gid, &ids["ben"], "member").await;
    p[3].pull(&s).await;
    assert!(p[3].has("groupRequests", &private).is_none());
    assert_eq!(p[3].of_group(&gid).len(), 1);

    // Removed, Ben's phone keeps nothing of the group; a post he made
    // offline before he knew is refused when it arrives.
    let (status, _) = s
        .call_as(
            &p[1].device,
            Method::DELETE,
            &format!("/api/groups/{gid}/members/{}", ids["ben"]),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let (field, message) = p[3]
        .write(
            &s,
            "groupRequests",
            &format!("request:{gid}:late"),
            "put",
            request(&gid, "Written offline", json!({})),
        )
        .await
        .expect("refused");
    assert_eq!(field, "group");
    assert!(message.contains("not a member"), "{message}");
    p[3].pull(&s).await;
    assert!(p[3].of_group(&gid).is_empty(), "{:?}", p[3].held);
    assert!(
        p[3].cursor["groups"]
            .as_array()
            .is_none_or(|g| g.is_empty()),
        "{}",
        p[3].cursor
    );

    // The group deleted: every phone forgets it, and a late write says why.
    let (status, _) = s
        .call_as(
            &p[0].device,
            Method::DELETE,
            &format!("/api/groups/{gid}"),
            None,
        )
        .await;
    assert_eq!(status, 204);
    for phone in p.iter_mut() {
        phone.pull(&s).await;
        assert!(phone.of_group(&gid).is_empty());
    }
    let (field, message) = p[2]
        .write(
            &s,
            "groupRequests",
            &format!("request:{gid}:after"),
            "put",
            request(&gid, "Too late", json!({})),
        )
        .await
        .expect("refused");
    assert_eq!(
        (field.as_str(), message.contains("deleted")),
        ("group", true),
        "{message}"
    );
}

#[tokio::test]
async fn strangers_limits_reflections_and_older_apps() {
    let s = TestServer::start().await;
    let (mut p, gid, _) = congregation(&s).await;
    // A stranger cannot write into a group, nor name a record outside one.
    let (field, _) = p[4]
        .write(
            &s,
            "groupRequests",
            &format!("request:{gid}:x"),
            "put",
            request(&gid, "Spam", json!({})),
        )
        .await
        .expect("refused");
    assert_eq!(field, "group");
    let (field, _) = p[2]
        .write(
            &s,
            "groupRequests",
            "request-nogroup",
            "put",
            request(&gid, "Lost", json!({})),
        )
        .await
        .expect("refused");
    assert_eq!(field, "id");
    let (field, _) = p[2]
        .write(
            &s,
            "groupRequests",
            &format!("request:{gid}:y"),
            "put",
            request("another", "Moved", json!({})),
        )
        .await
        .expect("refused");
    assert_eq!(field, "groupId");

    // Ten requests a day, then the eleventh says why.
    for n in 0..10 {
        assert_eq!(
            p[2].write(
                &s,
                "groupRequests",
                &format!("request:{gid}:day{n}"),
                "put",
                request(&gid, "Today", json!({}))
            )
            .await,
            None
        );
    }
    let (field, message) = p[2]
        .write(
            &s,
            "groupRequests",
            &format!("request:{gid}:day10"),
            "put",
            request(&gid, "One more", json!({})),
        )
        .await
        .expect("refused");
    assert_eq!(field, "group");
    assert!(message.contains("10 requests"), "{message}");
    // Editing one already posted is not a new post.
    assert_eq!(
        p[2].write(
            &s,
            "groupRequests",
            &format!("request:{gid}:day0"),
            "patch",
            json!({"details": "Better"})
        )
        .await,
        None
    );
    // News is the asker's.
    let news = json!({"groupId": gid, "requestId": format!("request:{gid}:day0"), "text": "Home from hospital"});
    let (field, _) = p[3]
        .write(
            &s,
            "groupUpdates",
            &format!("update:{gid}:b"),
            "put",
            news.clone(),
        )
        .await
        .expect("refused");
    assert_eq!(field, "requestId");
    assert_eq!(
        p[2].write(&s, "groupUpdates", &format!("update:{gid}:a"), "put", news)
            .await,
        None
    );

    // Reflections wait for a leader to turn them on.
    let reflection =
        json!({"groupId": gid, "date": "2026-12-01", "text": "Mercy new every morning"});
    let (field, _) = p[3]
        .write(
            &s,
            "groupReflections",
            &format!("reflection:{gid}:r"),
            "put",
            reflection.clone(),
        )
        .await
        .expect("refused");
    assert_eq!(field, "group");
    let (status, _) = s
        .call_as(
            &p[1].device,
            Method::PATCH,
            &format!("/api/groups/{gid}"),
            Some(json!({"reflections": true})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        p[3].write(
            &s,
            "groupReflections",
            &format!("reflection:{gid}:r"),
            "put",
            reflection
        )
        .await,
        None
    );
    // A report reaches the leaders only.
    let report =
        json!({"groupId": gid, "postId": format!("reflection:{gid}:r"), "reason": "Off topic"});
    assert_eq!(
        p[2].write(
            &s,
            "groupReports",
            &format!("report:{gid}:1"),
            "put",
            report
        )
        .await,
        None
    );
    for phone in p.iter_mut() {
        phone.pull(&s).await;
    }
    assert!(
        p[1].has("groupReports", &format!("report:{gid}:1"))
            .is_some()
    );
    assert!(
        p[3].has("groupReports", &format!("report:{gid}:1"))
            .is_none()
    );
    assert!(
        p[3].has("groupReflections", &format!("reflection:{gid}:r"))
            .is_some()
    );

    // An app older than groups is sent none of their records.
    let (status, body) = s
        .call_as(
            &p[3].device,
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "schemaVersion": 4, "deviceId": p[3].device.id})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["changes"]
            .as_array()
            .expect("changes")
            .iter()
            .all(|c| !c["table"].as_str().unwrap_or_default().starts_with("group")),
        "{body}"
    );
}

#[tokio::test]
async fn a_deleted_account_takes_its_posts_from_every_members_phone() {
    let s = TestServer::start().await;
    let (mut p, gid, _) = congregation(&s).await;
    let (status, body, cookie) = s
        .register_account(
            &p[2].device,
            common::form("ann@example.org", "manna password", "manna password", "Ann"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let mine = format!("request:{gid}:ann1");
    let theirs = format!("request:{gid}:ben1");
    assert_eq!(
        p[2].write(
            &s,
            "groupRequests",
            &mine,
            "put",
            request(&gid, "Mine", json!({}))
        )
        .await,
        None
    );
    assert_eq!(
        p[3].write(
            &s,
            "groupRequests",
            &theirs,
            "put",
            request(&gid, "Ben's", json!({}))
        )
        .await,
        None
    );
    let prayer =
        json!({"groupId": gid, "requestId": theirs, "prayedOn": "2026-12-01", "name": null});
    assert_eq!(
        p[2].write(
            &s,
            "groupPrayers",
            &format!("prayed:{gid}:ann2"),
            "put",
            prayer
        )
        .await,
        None
    );
    p[3].pull(&s).await;
    assert_eq!(p[3].of_group(&gid).len(), 3);

    s.delete_account(&p[2].device, cookie, "manna password")
        .await;
    p[3].pull(&s).await;
    assert_eq!(
        p[3].of_group(&gid),
        vec![theirs],
        "only Ben's own request is left"
    );
    let (status, group) = s
        .call_as(
            &p[0].device,
            Method::GET,
            &format!("/api/groups/{gid}"),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert!(!group.to_string().contains("\"Ann\""), "{group}");
}

#[tokio::test]
async fn someone_who_leaves_and_comes_back_finds_their_requests_still_theirs() {
    let s = TestServer::start().await;
    let (mut p, gid, ids) = congregation(&s).await;
    let mine = format!("request:{gid}:before");
    assert_eq!(
        p[2].write(
            &s,
            "groupRequests",
            &mine,
            "put",
            request(&gid, "Before I left", json!({}))
        )
        .await,
        None
    );
    let (status, _) = s
        .call_as(
            &p[2].device,
            Method::POST,
            &format!("/api/groups/{gid}/leave"),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let (_, made) = s
        .call_as(
            &p[0].device,
            Method::POST,
            &format!("/api/groups/{gid}/invitations"),
            Some(json!({})),
        )
        .await;
    let code = made["code"].as_str().expect("code");
    let (status, back) = s
        .call_as(
            &p[2].device,
            Method::POST,
            &format!("/api/invitations/{code}/join"),
            Some(json!({"displayName": "Ann"})),
        )
        .await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(
        back["you"]["memberId"],
        json!(ids["ann"]),
        "the same member as before"
    );
    assert_eq!(
        p[2].write(
            &s,
            "groupRequests",
            &mine,
            "patch",
            json!({"details": "Back again"})
        )
        .await,
        None
    );
    p[2].pull(&s).await;
    assert_eq!(
        p[2].has("groupRequests", &mine).expect("hers")["authorName"],
        "Ann"
    );
}
