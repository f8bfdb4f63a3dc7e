//! Groups over REST as people use them: made, joined by a link's code, led,
//! left; every call judged by the caller's place in the group (owner,
//! leader, member, removed, stranger), with the refusal naming the field.

use crate::common;

use common::{Device, TestServer, form};
use reqwest::Method;
use serde_json::{Value, json};

const DAY_MS: i64 = 86_400_000;

async fn call(
    s: &TestServer,
    d: &Device,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    s.call_as(d, method, path, body).await
}

/// Makes a group as `owner`; answers its id.
async fn make_group(s: &TestServer, owner: &Device, name: &str) -> String {
    let (status, group) = call(
        s,
        owner,
        Method::POST,
        "/api/groups",
        Some(json!({"name": name, "description": "Wednesday evenings", "kind": "small_group", "displayName": "Ruth"})),
    )
    .await;
    assert_eq!(status, 201, "{group}");
    group["id"].as_str().expect("id").to_string()
}

/// A new invitation's code.
async fn invite(s: &TestServer, leader: &Device, group: &str, terms: Value) -> String {
    let (status, made) = call(
        s,
        leader,
        Method::POST,
        &format!("/api/groups/{group}/invitations"),
        Some(terms),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    made["code"].as_str().expect("code").to_string()
}

/// Joins with `code` as `name`; answers the member id.
async fn join(s: &TestServer, d: &Device, code: &str, name: &str) -> String {
    let (status, group) = call(
        s,
        d,
        Method::POST,
        &format!("/api/invitations/{code}/join"),
        Some(json!({"displayName": name})),
    )
    .await;
    assert_eq!(status, 200, "{group}");
    group["you"]["memberId"]
        .as_str()
        .expect("member id")
        .to_string()
}

/// The answer was refused with `want`, naming `field`, in words that say `words`.
fn refused_with(status: u16, answer: &Value, want: u16, field: &str, words: &str) {
    assert_eq!(
        (status, answer["field"].as_str()),
        (want, Some(field)),
        "{answer}"
    );
    let message = answer["message"].as_str().unwrap_or_default();
    assert!(message.contains(words), "{message}");
}

fn names(group: &Value) -> Vec<(String, String)> {
    group["members"]
        .as_array()
        .expect("members")
        .iter()
        .map(|m| {
            (
                m["displayName"].as_str().unwrap_or_default().to_string(),
                m["role"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_group_is_made_joined_by_its_link_and_led() {
    let s = TestServer::start().await;
    let ruth = s.register("user-1763790000000-gruth").await;
    let naomi = s.register("user-1763790000000-gnaomi").await;
    let boaz = s.register("user-1763790000000-gboaz").await;

    let (status, none) = call(&s, &ruth, Method::GET, "/api/groups", None).await;
    assert_eq!((status, none), (200, json!({"groups": []})));
    let group = make_group(&s, &ruth, "Bethlehem small group").await;

    // The link: the code and the join page's address, given once.
    let (status, made) = call(
        &s,
        &ruth,
        Method::POST,
        &format!("/api/groups/{group}/invitations"),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let code = made["code"].as_str().expect("code").to_string();
    assert_eq!(code.len(), 10);
    assert!(
        made["url"]
            .as_str()
            .expect("url")
            .ends_with(&format!("/join/{code}"))
    );
    assert!(made["maxUses"].is_null());

    // Before joining, the link shows the group; the code is read in either case.
    let (status, preview) = call(
        &s,
        &naomi,
        Method::GET,
        &format!("/api/invitations/{}", code.to_lowercase()),
        None,
    )
    .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(
        (
            preview["name"].clone(),
            preview["memberCount"].clone(),
            preview["joined"].clone()
        ),
        (json!("Bethlehem small group"), json!(1), json!(false))
    );
    let naomi_id = join(&s, &naomi, &code, "Naomi").await;
    // Joining twice keeps the one place.
    assert_eq!(join(&s, &naomi, &code, "Naomi again").await, naomi_id);
    let (_, listed) = call(&s, &naomi, Method::GET, "/api/groups", None).await;
    assert_eq!(listed["groups"][0]["role"], "member");
    assert_eq!(listed["groups"][0]["memberCount"], 2);

    // A member may not invite; the owner makes them a leader, and then they may.
    let (status, refused) = call(
        &s,
        &naomi,
        Method::POST,
        &format!("/api/groups/{group}/invitations"),
        Some(json!({})),
    )
    .await;
    refused_with(status, &refused, 403, "group", "only the group's leaders");
    let (status, appointed) = call(
        &s,
        &ruth,
        Method::PATCH,
        &format!("/api/groups/{group}/members/{naomi_id}"),
        Some(json!({"role": "leader"})),
    )
    .await;
    assert_eq!(
        (status, appointed["role"].clone()),
        (200, json!("leader")),
        "{appointed}"
    );
    let once = invite(&s, &naomi, &group, json!({"days": 2, "maxUses": 1})).await;
    join(&s, &boaz, &once, "Boaz").await;
    let (_, seen) = call(
        &s,
        &boaz,
        Method::GET,
        &format!("/api/groups/{group}"),
        None,
    )
    .await;
    assert_eq!(
        names(&seen),
        vec![
            ("Ruth".into(), "owner".into()),
            ("Naomi".into(), "leader".into()),
            ("Boaz".into(), "member".into())
        ]
    );
    // No user id is ever shown to the others.
    assert!(!seen.to_string().contains("user-1763790000000"), "{seen}");

    // A used-up link admits no one else, and says why.
    let other = s.register("user-1763790000000-gorpah").await;
    let (status, refused) = call(
        &s,
        &other,
        Method::POST,
        &format!("/api/invitations/{once}/join"),
        Some(json!({"displayName": "Orpah"})),
    )
    .await;
    refused_with(status, &refused, 403, "code", "used as many times");

    // Leaders see the open invitations (without their codes) and withdraw them.
    let (_, open) = call(
        &s,
        &naomi,
        Method::GET,
        &format!("/api/groups/{group}/invitations"),
        None,
    )
    .await;
    let open = open["invitations"].as_array().expect("list").clone();
    assert_eq!(open.len(), 1, "the used-up one is not open: {open:?}");
    assert!(open[0].get("code").is_none());
    let id = open[0]["id"].as_str().expect("id");
    let (status, _) = call(
        &s,
        &naomi,
        Method::DELETE,
        &format!("/api/groups/{group}/invitations/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (status, refused) = call(
        &s,
        &other,
        Method::GET,
        &format!("/api/invitations/{code}"),
        None,
    )
    .await;
    assert_eq!(status, 403, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("withdrawn")
    );

    // The owner renames the group and switches reflections on.
    let (status, edited) = call(
        &s,
        &ruth,
        Method::PATCH,
        &format!("/api/groups/{group}"),
        Some(json!({"name": "  Bethlehem prayer  ", "reflections": true})),
    )
    .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(
        (
            edited["name"].clone(),
            edited["reflections"].clone(),
            edited["description"].clone()
        ),
        (
            json!("Bethlehem prayer"),
            json!(true),
            json!("Wednesday evenings")
        )
    );

    // Boaz leaves; Ruth hands the group to Naomi, stays a leader, and Naomi deletes it.
    let (status, _) = call(
        &s,
        &boaz,
        Method::POST,
        &format!("/api/groups/{group}/leave"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (status, after) = call(
        &s,
        &boaz,
        Method::GET,
        &format!("/api/groups/{group}"),
        None,
    )
    .await;
    assert_eq!((status, after["field"].clone()), (403, json!("group")));
    let (status, handed) = call(
        &s,
        &ruth,
        Method::POST,
        &format!("/api/groups/{group}/owner"),
        Some(json!({"memberId": naomi_id})),
    )
    .await;
    assert_eq!(status, 200, "{handed}");
    assert_eq!(handed["you"]["role"], "leader");
    assert_eq!(
        names(&handed),
        vec![
            ("Ruth".into(), "leader".into()),
            ("Naomi".into(), "owner".into())
        ]
    );
    let (status, _) = call(
        &s,
        &ruth,
        Method::DELETE,
        &format!("/api/groups/{group}"),
        None,
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = call(
        &s,
        &naomi,
        Method::DELETE,
        &format!("/api/groups/{group}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    for d in [&ruth, &naomi] {
        let (status, gone) = call(&s, d, Method::GET, &format!("/api/groups/{group}"), None).await;
        assert_eq!(status, 404, "{gone}");
        let (_, listed) = call(&s, d, Method::GET, "/api/groups", None).await;
        assert_eq!(listed, json!({"groups": []}));
    }
}

/// Every call a group has, as each place in it sees it: the status each
/// answers (a refusal 403 naming the field).
#[tokio::test]
async fn each_place_in_a_group_may_do_only_what_it_may() {
    let s = TestServer::start().await;
    let owner = s.register("user-1763790000000-powner").await;
    let group = make_group(&s, &owner, "Permissions").await;
    let code = invite(&s, &owner, &group, json!({})).await;
    let (_, seen) = call(
        &s,
        &owner,
        Method::GET,
        &format!("/api/groups/{group}"),
        None,
    )
    .await;
    let owner_id = seen["you"]["memberId"].as_str().expect("id").to_string();
    let mut people = vec![("owner", owner.clone(), owner_id)];
    for who in [
        "leader", "member", "leader2", "member2", "removed", "stranger",
    ] {
        let d = s.register(&format!("user-1763790000000-p{who}")).await;
        let id = if who == "stranger" {
            String::new()
        } else {
            join(&s, &d, &code, who).await
        };
        people.push((who, d, id));
    }
    let id_of = |who: &str| {
        people
            .iter()
            .find(|p| p.0 == who)
            .expect("someone")
            .2
            .clone()
    };
    let device = |who: &str| {
        people
            .iter()
            .find(|p| p.0 == who)
            .expect("someone")
            .1
            .clone()
    };
    for leader in ["leader", "leader2"] {
        let (status, _) = call(
            &s,
            &owner,
            Method::PATCH,
            &format!("/api/groups/{group}/members/{}", id_of(leader)),
            Some(json!({"role": "leader"})),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, _) = call(
        &s,
        &device("leader"),
        Method::DELETE,
        &format!("/api/groups/{group}/members/{}", id_of("removed")),
        None,
    )
    .await;
    assert_eq!(status, 204, "a leader removes a member");

    let g = format!("/api/groups/{group}");
    // (who, method, path, body, expected status)
    let member2 = id_of("member2");
    let leader2 = id_of("leader2");
    let cases: Vec<(&str, Method, String, Option<Value>, u16)> = vec![
        ("member", Method::GET, g.clone(), None, 200),
        ("removed", Method::GET, g.clone(), None, 403),
        ("stranger", Method::GET, g.clone(), None, 403),
        (
            "member",
            Method::PATCH,
            g.clone(),
            Some(json!({"name": "Mine"})),
            403,
        ),
        (
            "leader",
            Method::PATCH,
            g.clone(),
            Some(json!({"description": "Led"})),
            200,
        ),
        (
            "stranger",
            Method::PATCH,
            g.clone(),
            Some(json!({"name": "Mine"})),
            403,
        ),
        ("member", Method::GET, format!("{g}/invitations"), None, 403),
        ("leader", Method::GET, format!("{g}/invitations"), None, 200),
        (
            "removed",
            Method::POST,
            format!("{g}/invitations"),
            Some(json!({})),
            403,
        ),
        (
            "member",
            Method::PATCH,
            format!("{g}/members/{member2}"),
            Some(json!({"role": "leader"})),
            403,
        ),
        (
            "leader",
            Method::PATCH,
            format!("{g}/members/{leader2}"),
            Some(json!({"role": "member"})),
            403,
        ),
        (
            "member",
            Method::DELETE,
            format!("{g}/members/{member2}"),
            None,
            403,
        ),
        (
            "leader",
            Method::DELETE,
            format!("{g}/members/{leader2}"),
            None,
            403,
        ),
        (
            "stranger",
            Method::DELETE,
            format!("{g}/members/{member2}"),
            None,
            403,
        ),
        (
            "leader",
            Method::POST,
            format!("{g}/owner"),
            Some(json!({"memberId": leader2})),
            403,
        ),
        (
            "owner",
            Method::POST,
            format!("{g}/owner"),
            Some(json!({"memberId": member2})),
            400,
        ),
        ("owner", Method::POST, format!("{g}/leave"), None, 403),
        ("stranger", Method::POST, format!("{g}/leave"), None, 403),
        ("leader", Method::DELETE, g.clone(), None, 403),
        ("member", Method::DELETE, g.clone(), None, 403),
        (
            "owner",
            Method::DELETE,
            format!("{g}/members/{}", id_of("owner")),
            None,
            403,
        ),
        (
            "owner",
            Method::PATCH,
            format!("{g}/members/{member2}"),
            Some(json!({"role": "owner"})),
            400,
        ),
        // The owner acts on leaders.
        (
            "owner",
            Method::PATCH,
            format!("{g}/members/{leader2}"),
            Some(json!({"role": "member"})),
            200,
        ),
        (
            "owner",
            Method::DELETE,
            format!("{g}/members/{leader2}"),
            None,
            204,
        ),
        ("member2", Method::POST, format!("{g}/leave"), None, 204),
    ];
    for (who, method, path, body, want) in cases {
        let (status, answer) = call(&s, &device(who), method.clone(), &path, body).await;
        assert_eq!(status, want, "{who} {method} {path}: {answer}");
        if status == 403 {
            assert!(
                matches!(answer["field"].as_str(), Some("group" | "member")),
                "{who} {method} {path}: {answer}"
            );
            assert!(!answer["message"].as_str().unwrap_or_default().is_empty());
        }
    }
    // The removed member's invitation no longer brings them back unasked:
    // they may join again only with a link (this one is still open).
    let (status, seen) = call(&s, &device("owner"), Method::GET, &g, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        names(&seen).into_iter().map(|(n, _)| n).collect::<Vec<_>>(),
        vec!["Ruth", "leader", "member"]
    );
}

#[tokio::test]
async fn bad_input_is_refused_naming_the_field() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-gbad").await;
    let long = "x".repeat(81);
    for (body, field) in [
        (
            json!({"name": "  ", "kind": "family", "displayName": "Ann"}),
            "name",
        ),
        (
            json!({"name": long, "kind": "family", "displayName": "Ann"}),
            "name",
        ),
        (
            json!({"name": "Ok", "description": "d".repeat(501), "kind": "family", "displayName": "Ann"}),
            "description",
        ),
        (
            json!({"name": "Ok", "kind": "family", "displayName": ""}),
            "displayName",
        ),
        (
            json!({"name": "Ok", "kind": "family", "displayName": "n".repeat(61)}),
            "displayName",
        ),
    ] {
        let (status, refused) = call(&s, &d, Method::POST, "/api/groups", Some(body.clone())).await;
        assert_eq!(
            (status, refused["field"].as_str()),
            (400, Some(field)),
            "{body}: {refused}"
        );
    }
    let (status, refused) = call(
        &s,
        &d,
        Method::POST,
        "/api/groups",
        Some(json!({"name": "Ok", "kind": "club", "displayName": "Ann"})),
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("kind"),
        "{refused}"
    );

    let group = make_group(&s, &d, "Checked").await;
    for (terms, field) in [
        (json!({"days": 0}), "days"),
        (json!({"days": 31}), "days"),
        (json!({"maxUses": 0}), "maxUses"),
        (json!({"maxUses": 1001}), "maxUses"),
    ] {
        let (status, refused) = call(
            &s,
            &d,
            Method::POST,
            &format!("/api/groups/{group}/invitations"),
            Some(terms.clone()),
        )
        .await;
        assert_eq!(
            (status, refused["field"].as_str()),
            (400, Some(field)),
            "{terms}: {refused}"
        );
    }
    for code in ["short", "0OIL1ABCDE", "ABCDEFGHJKM"] {
        let (status, refused) = call(
            &s,
            &d,
            Method::GET,
            &format!("/api/invitations/{code}"),
            None,
        )
        .await;
        assert_eq!(
            (status, refused["field"].as_str()),
            (400, Some("code")),
            "{code}: {refused}"
        );
    }
    let (status, refused) = call(&s, &d, Method::GET, "/api/invitations/ABCDEFGHJK", None).await;
    assert_eq!(status, 404, "{refused}");
    let (status, refused) = call(&s, &d, Method::GET, "/api/groups/no-such-group", None).await;
    assert_eq!(status, 404, "{refused}");
}

#[tokio::test]
async fn an_invitation_expires_after_its_days() {
    let start = 1_796_000_000_000;
    let s = TestServer::start_pinned(start, |_| {}).await;
    let owner = s.register("user-1796000000000-eowner").await;
    let late = s.register("user-1796000000000-elate").await;
    let group = make_group(&s, &owner, "Expiring").await;
    let week = invite(&s, &owner, &group, json!({})).await;
    let (_, made) = call(
        &s,
        &owner,
        Method::GET,
        &format!("/api/groups/{group}/invitations"),
        None,
    )
    .await;
    assert_eq!(
        made["invitations"][0]["expiresAt"],
        manna_sync_protocol::date::iso_time(start + 7 * DAY_MS)
    );
    s.clock.advance(7 * DAY_MS - 1);
    let (status, _) = call(
        &s,
        &late,
        Method::GET,
        &format!("/api/invitations/{week}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    s.clock.advance(1);
    let (status, refused) = call(
        &s,
        &late,
        Method::POST,
        &format!("/api/invitations/{week}/join"),
        Some(json!({"displayName": "Late"})),
    )
    .await;
    assert_eq!((status, refused["field"].clone()), (403, json!("code")));
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("expired"),
        "{refused}"
    );
}

#[tokio::test]
async fn a_person_belongs_to_twenty_groups_at_most() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-gmany").await;
    for n in 0..manna_sync_protocol::groups::GROUPS_PER_PERSON {
        make_group(&s, &d, &format!("Group {n}")).await;
    }
    let (status, refused) = call(
        &s,
        &d,
        Method::POST,
        "/api/groups",
        Some(json!({"name": "One more", "kind": "church", "displayName": "Ann"})),
    )
    .await;
    refused_with(status, &refused, 403, "group", "20 groups");
}

#[tokio::test]
async fn the_last_use_of_an_invitation_admits_one_of_two_joining_at_once() {
    let s = TestServer::start().await;
    let owner = s.register("user-1763790000000-rowner").await;
    let group = make_group(&s, &owner, "One seat").await;
    let code = invite(&s, &owner, &group, json!({"maxUses": 1})).await;
    let a = s.register("user-1763790000000-racea").await;
    let b = s.register("user-1763790000000-raceb").await;
    let path = format!("/api/invitations/{code}/join");
    let (ra, rb) = tokio::join!(
        call(
            &s,
            &a,
            Method::POST,
            &path,
            Some(json!({"displayName": "A"}))
        ),
        call(
            &s,
            &b,
            Method::POST,
            &path,
            Some(json!({"displayName": "B"}))
        ),
    );
    let mut statuses = [ra.0, rb.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 403], "{ra:?} {rb:?}");
    let (_, seen) = call(
        &s,
        &owner,
        Method::GET,
        &format!("/api/groups/{group}"),
        None,
    )
    .await;
    assert_eq!(seen["members"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn groups_joined_before_signing_in_become_the_accounts_and_go_with_it() {
    let s = TestServer::start().await;
    // An account on one phone, owning a group of its own.
    let phone = s.register("user-1763790000000-gacct").await;
    let (status, body, hannah_cookie) = s
        .register_account(
            &phone,
            form(
                "hannah@example.org",
                "manna password",
                "manna password",
                "Hannah",
            ),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let own = make_group(&s, &phone, "Hannah's family").await;

    // A second phone, not signed in yet, joins a friend's group.
    let friend = s.register("user-1763790000000-gfriend").await;
    let theirs = make_group(&s, &friend, "Shiloh").await;
    let code = invite(&s, &friend, &theirs, json!({})).await;
    let tablet = s.register("user-1763790000000-gtablet").await;
    join(&s, &tablet, &code, "Hannah").await;
    let (status, body, _) = s
        .call_with_cookie(
            &tablet,
            Method::POST,
            "/api/auth/login",
            Some(json!({"email": "hannah@example.org", "password": "manna password"})),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let tablet = Device {
        user: phone.user.clone(),
        ..tablet
    };
    let (_, listed) = call(&s, &tablet, Method::GET, "/api/groups", None).await;
    let mut ids: Vec<&str> = listed["groups"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|g| g["id"].as_str())
        .collect();
    ids.sort_unstable();
    let mut want = vec![own.as_str(), theirs.as_str()];
    want.sort_unstable();
    assert_eq!(ids, want, "{listed}");

    // The friend's group has a leader besides its owner; deleting the
    // owner's account hands it to that leader.
    let leader = s.register("user-1763790000000-gleader").await;
    let leader_id = join(&s, &leader, &code, "Eli").await;
    let (status, _) = call(
        &s,
        &friend,
        Method::PATCH,
        &format!("/api/groups/{theirs}/members/{leader_id}"),
        Some(json!({"role": "leader"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body, cookie) = s
        .register_account(
            &friend,
            form(
                "peninnah@example.org",
                "manna password",
                "manna password",
                "Peninnah",
            ),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    s.delete_account(&friend, cookie, "manna password").await;
    let (status, seen) = call(
        &s,
        &leader,
        Method::GET,
        &format!("/api/groups/{theirs}"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(
        names(&seen),
        vec![
            ("Hannah".into(), "member".into()),
            ("Eli".into(), "owner".into())
        ]
    );

    // Hannah's own group has no one else: it goes with her account.
    s.delete_account(&phone, hannah_cookie, "manna password")
        .await;
    let (_, seen) = call(
        &s,
        &leader,
        Method::GET,
        &format!("/api/groups/{theirs}"),
        None,
    )
    .await;
    assert_eq!(names(&seen), vec![("Eli".into(), "owner".into())]);
    let someone = s.register("user-1763790000000-gafter").await;
    let (status, _) = call(
        &s,
        &someone,
        Method::GET,
        &format!("/api/groups/{own}"),
        None,
    )
    .await;
    assert_eq!(
        status, 404,
        "the group with no one else went with its owner"
    );
}
