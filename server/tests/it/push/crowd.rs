//! One user cannot hold up another's reminder: subscriptions are capped per
//! device and per user and stay their maker's; a push service that never
//! answers, with the most subscriptions and fifty reminders due in one
//! minute, delays only itself; a sending left by a stopped process is sent
//! after its lease.

use super::{Phone, at, push_service, ring_at, subscribe};
use crate::common::{Device, TestServer, second_device};
use manna_server::push::schedule::MOST_PER_LOOK;
use manna_server::push::senders::PER_USER_QUEUED;
use manna_server::push::{SUBSCRIPTIONS_PER_DEVICE, SUBSCRIPTIONS_PER_USER};
use reqwest::Method;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// A push service that takes connections and never answers; answers its
/// address.
async fn silent_service() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    base
}

/// Subscribes `phone` as `device`; answers the status and body.
async fn try_subscribe(s: &TestServer, device: &Device, phone: &Phone) -> (u16, Value) {
    s.call_as(
        device,
        Method::POST,
        "/api/push/subscriptions",
        Some(phone.subscription("Europe/London")),
    )
    .await
}

/// `count` reminders at `time` on Mondays, in one push of `device`.
async fn add_reminders(s: &TestServer, device: &Device, prefix: &str, time: &str, count: usize) {
    let mutations: Vec<Value> = (0..count)
        .map(|i| {
            json!({"seq": i + 1, "table": "prayerReminders", "id": format!("{prefix}-{i}"), "op": "put",
                "fields": {"title": format!("Prayer {i}"), "description": "", "reminderTime": time,
                "isActive": 1, "days": ["monday"], "prayerType": "morning"}})
        })
        .collect();
    let (status, body) = s
        .call_as(
            device,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": device.id, "mutations": mutations})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ackedSeq"], json!(count), "{body}");
}

/// The user's four devices with the most subscriptions between them, all at
/// `base`.
async fn fill_subscriptions(s: &TestServer, user: &str, base: &str) -> Vec<Device> {
    let first = s.register(user).await;
    let mut devices = vec![first.clone()];
    for n in 1..4 {
        devices.push(
            second_device(
                s,
                &first,
                &format!("dev-{user}-{n}"),
                &format!("token-{user}-{n}"),
            )
            .await,
        );
    }
    let mut made = 0;
    'devices: for device in &devices {
        for _ in 0..SUBSCRIPTIONS_PER_DEVICE {
            if made == SUBSCRIPTIONS_PER_USER {
                break 'devices;
            }
            let phone = Phone::new(base, &format!("{user}-{made}"));
            let (status, body) = try_subscribe(s, device, &phone).await;
            assert_eq!(status, 201, "{body}");
            made += 1;
        }
    }
    assert_eq!(made, SUBSCRIPTIONS_PER_USER);
    devices
}

#[tokio::test]
async fn subscriptions_are_capped_per_device_and_user_and_stay_their_makers() {
    let s = TestServer::start().await;
    let (service, base) = push_service().await;
    let devices = fill_subscriptions(&s, "user-1801310400010-many", &base).await;

    // The same endpoint again replaces it (a new zone); a new one is refused,
    // on a full device and on the full user's other device alike.
    let again = Phone::new(&base, "user-1801310400010-many-0");
    let (status, body) = try_subscribe(&s, &devices[0], &again).await;
    assert_eq!(status, 201, "{body}");
    let one_more = Phone::new(&base, "one-more");
    let (status, body) = try_subscribe(&s, &devices[0], &one_more).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().is_some_and(
            |m| m.contains("endpoint") && m.contains(&format!("{SUBSCRIPTIONS_PER_DEVICE}"))
        ),
        "{body}"
    );
    let (status, body) = try_subscribe(&s, &devices[3], &one_more).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains(&format!("{SUBSCRIPTIONS_PER_USER}"))),
        "{body}"
    );

    // Another user who knows an endpoint cannot take it over, nor end it.
    let mine = Phone::new(&base, "user-1801310400010-many-0");
    let stranger = s.register("user-1801310400011-stranger").await;
    let (status, body) = try_subscribe(&s, &stranger, &mine).await;
    assert_eq!(status, 409, "{body}");
    let forget = json!({"endpoint": mine.endpoint});
    let (status, _) = s
        .call_as(
            &stranger,
            Method::DELETE,
            "/api/push/subscriptions",
            Some(forget),
        )
        .await;
    assert_eq!(status, 404);
    // Still the maker's: its test notification reaches it.
    let (status, body) = s
        .call_as(&devices[0], Method::POST, "/api/push/test", None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(service.to(&mine.path).len(), 1);

    // A device that logs out rings no more, and its endpoint is free.
    let (status, _) = s
        .call_as(
            &devices[0],
            Method::POST,
            "/api/auth/logout",
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = try_subscribe(&s, &stranger, &mine).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn a_test_notification_reaches_every_subscription_side_by_side_under_one_deadline() {
    let s = TestServer::start().await;
    let silent = silent_service().await;
    let (service, base) = push_service().await;
    let me = s.register("user-1801310400012-test").await;
    for n in 0..SUBSCRIPTIONS_PER_DEVICE - 1 {
        let (status, body) =
            try_subscribe(&s, &me, &Phone::new(&silent, &format!("silent-{n}"))).await;
        assert_eq!(status, 201, "{body}");
    }
    let phone = Phone::new(&base, "answers");
    subscribe(&s, &me, &phone, "Europe/London").await;
    let started = Instant::now();
    let (status, body) = s.call_as(&me, Method::POST, "/api/push/test", None).await;
    let took = started.elapsed();
    assert_eq!((status, body["sent"].clone()), (200, json!(1)), "{body}");
    assert_eq!(service.to(&phone.path).len(), 1);
    // One send's timeout, not one a subscription in turn.
    assert!(
        took < Duration::from_secs(14),
        "the test took {took:?} for {SUBSCRIPTIONS_PER_DEVICE} subscriptions"
    );
}

/// Waits (on the machine's clock) until `phone` has received `count`
/// notifications; answers how long that took.
async fn received(service: &super::Service, phone: &Phone, count: usize) -> Duration {
    let started = Instant::now();
    while service.to(&phone.path).len() < count {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{} of {count} notifications after a minute",
            service.to(&phone.path).len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    started.elapsed()
}

#[tokio::test]
async fn a_dead_push_service_with_the_most_subscriptions_delays_no_one_else() {
    // Monday 23 November 2026, London (UTC in winter).
    let s = TestServer::start_pinned(at("2026-11-23T13:58:00Z"), |_| {}).await;
    let silent = silent_service().await;
    let (service, base) = push_service().await;
    let crowd = fill_subscriptions(&s, "user-1801310400013-crowd", &silent).await;
    add_reminders(&s, &crowd[0], "crowd", "14:00", 50).await;
    let me = s.register("user-1801310400014-quiet").await;
    let phone = Phone::new(&base, "quiet");
    subscribe(&s, &me, &phone, "Europe/London").await;
    add_reminders(&s, &me, "mine", "14:00", 1).await;
    let (status, body) = s
        .call_as(
            &me,
            Method::POST,
            "/api/sync/push",
            Some(
                json!({"protocolVersion": 1, "deviceId": me.id, "mutations": [
                {"seq": 2, "table": "prayerReminders", "id": "mine-next", "op": "put",
                 "fields": {"title": "Next minute", "description": "", "reminderTime": "14:01",
                 "isActive": 1, "days": ["monday"], "prayerType": "evening"}}]}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // 14:00: the crowd's fifty reminders on ten subscriptions to a service
    // that never answers, and one of mine.
    let rss_before = resident_kib();
    s.clock
        .advance(at("2026-11-23T14:00:00.200Z") - s.clock.now_ms());
    let started = Instant::now();
    manna_server::jobs::ring_due(&s.state).await.expect("rings");
    let first = received(&service, &phone, 1).await;
    let late = started.elapsed();
    eprintln!(
        "figure: the quiet user's 14:00 reminder arrived {} ms after the look (handing over took {} ms)",
        late.as_millis(),
        (late - first).as_millis()
    );
    assert!(late < Duration::from_secs(60), "{late:?} late");
    let queued = s.state.senders.queued();
    assert!(
        queued <= PER_USER_QUEUED + 1,
        "{queued} sends queued: the crowd's share is bounded"
    );

    // 14:01, with the crowd's sends still waiting on the silent service:
    // the next minute's look does not wait for them.
    s.clock
        .advance(at("2026-11-23T14:01:00.200Z") - s.clock.now_ms());
    let started = Instant::now();
    manna_server::jobs::ring_due(&s.state)
        .await
        .expect("rings the next minute");
    received(&service, &phone, 2).await;
    let late = started.elapsed();
    eprintln!(
        "figure: the next minute's reminder arrived {} ms after the look",
        late.as_millis()
    );
    assert!(late < Duration::from_secs(60), "{late:?} late");
    let read: Vec<String> = service
        .to(&phone.path)
        .iter()
        .map(|r| {
            phone.read(r)["title"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    assert_eq!(read, ["Prayer 0", "Next minute"]);

    // Everything handed over settles: the silent service's sends wait in the
    // database for their retries, and what is kept of them is bounded.
    s.state.senders.settled().await;
    assert_eq!(s.state.senders.queued(), 0);
    eprintln!(
        "figure: the test process grew {} KiB over two minutes of the crowd's sends (every test of the run shares it)",
        resident_kib().saturating_sub(rss_before)
    );
    let kept: i64 = sends_kept(&s).await;
    assert!(
        kept <= SUBSCRIPTIONS_PER_USER * MOST_PER_LOOK as i64 + 2,
        "{kept} sendings kept for one minute of the crowd's reminders"
    );
}

/// This process's resident memory (KiB), for the figure.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Sendings the database keeps (the claims of every minute looked at).
async fn sends_kept(s: &TestServer) -> i64 {
    s.state
        .store
        .numbers_for_tests("SELECT count(*) FROM push_sends")
        .await
        .expect("count")[0]
}

#[tokio::test]
async fn a_sending_left_by_a_stopped_process_is_sent_after_its_lease() {
    let s = TestServer::start_pinned(at("2026-11-23T13:59:00Z"), |_| {}).await;
    let (service, base) = push_service().await;
    let me = s.register("user-1801310400015-lease").await;
    let phone = Phone::new(&base, "lease");
    subscribe(&s, &me, &phone, "Europe/London").await;
    add_reminders(&s, &me, "lease", "14:00", 1).await;
    // A process claims the 14:00 sending and stops before sending it.
    s.clock
        .advance(at("2026-11-23T14:00:10Z") - s.clock.now_ms());
    let claimed = manna_server::push::schedule::claim_due(
        &s.state.store,
        s.state.content(),
        s.clock.now_ms(),
    )
    .await
    .expect("claims");
    assert_eq!(claimed.len(), 1);
    drop(claimed);
    ring_at(&s, "2026-11-23T14:05:00Z").await;
    assert!(service.to(&phone.path).is_empty(), "still within its lease");
    ring_at(&s, "2026-11-23T14:10:20Z").await;
    let got = service.to(&phone.path);
    assert_eq!(got.len(), 1, "sent once its lease ran out");
    assert_eq!(phone.read(&got[0])["title"], "Prayer 0");
    ring_at(&s, "2026-11-23T14:30:00Z").await;
    assert_eq!(service.to(&phone.path).len(), 1, "and only once");
}
