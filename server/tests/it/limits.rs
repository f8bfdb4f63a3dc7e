//! Rate limits as an attacker meets them: bursts, spoofed and rotated
//! addresses, guessing one account from many places, flooding one inbox,
//! filling the database with devices, and a login burst's memory.

use crate::common;

use common::{Device, TestServer};
use futures::StreamExt;
use futures::future::join_all;
use manna_server::guard::{DEVICES, LOGIN};
use serde_json::json;
use std::io::BufRead;

/// The device every login of a test is made from.
async fn device(s: &TestServer) -> Device {
    s.register("user-1700000000000-guesser").await
}

/// A wrong login for `email` from `d`, claiming to come from `forwarded` (when given).
async fn wrong_login(s: &TestServer, d: &Device, email: &str, forwarded: Option<&str>) -> u16 {
    let mut req = s
        .client
        .post(format!("{}/api/auth/login", s.base))
        .header("X-User-ID", &d.user)
        .bearer_auth(&d.token)
        .json(&json!({"email": email, "password": "not the password"}));
    if let Some(f) = forwarded {
        req = req.header("x-forwarded-for", f);
    }
    req.send().await.expect("login").status().as_u16()
}

fn behind_proxy(c: &mut manna_server::Config) {
    c.trusted_proxies = vec!["127.0.0.1".parse().expect("network")];
}

/// A different account for each attempt: what an address's limit sees alone
/// (one account's own delays start after its fifth wrong password).
fn account(i: usize) -> String {
    format!("someone{i}@example.org")
}

#[tokio::test]
async fn a_burst_of_wrong_logins_gets_429_past_the_limit() {
    let s = TestServer::start().await;
    let d = device(&s).await;
    let limit = LOGIN.max as usize;
    let emails: Vec<String> = (0..limit + 50).map(account).collect();
    // Eight at a time: more would meet the password checks' own bound (503).
    let answers: Vec<u16> = futures::stream::iter(emails.iter())
        .map(|e| wrong_login(&s, &d, e, None))
        .buffered(8)
        .collect()
        .await;
    let refused = answers.iter().filter(|&&a| a == 429).count();
    let checked = answers.iter().filter(|&&a| a == 401).count();
    assert_eq!(
        (checked, refused),
        (limit, 50),
        "only the limit's {limit} attempts are checked: {answers:?}"
    );
    // One account guessed in a burst: its five free attempts are checked,
    // the rest wait.
    let s = TestServer::start().await;
    let d = device(&s).await;
    let tries = (0..20).map(|_| wrong_login(&s, &d, "burst@example.org", None));
    let answers = join_all(tries).await;
    assert_eq!(
        answers.iter().filter(|&&a| a == 401).count(),
        5,
        "{answers:?}"
    );
}

#[tokio::test]
async fn forwarded_addresses_are_believed_only_from_a_trusted_proxy() {
    // Not behind a proxy: a made-up X-Forwarded-For changes nothing.
    let limit = LOGIN.max as usize;
    let s = TestServer::start().await;
    let d = device(&s).await;
    for i in 0..limit {
        let spoof = format!("198.51.100.{}", i % 250);
        assert_eq!(wrong_login(&s, &d, &account(i), Some(&spoof)).await, 401);
    }
    assert_eq!(
        wrong_login(&s, &d, &account(limit), Some("198.51.100.99")).await,
        429
    );

    // Behind a trusted proxy: every client has its own limit.
    let s = TestServer::start_with(behind_proxy).await;
    let d = device(&s).await;
    for i in 0..limit {
        assert_eq!(
            wrong_login(&s, &d, &account(i), Some("203.0.113.1")).await,
            401
        );
    }
    assert_eq!(
        wrong_login(&s, &d, &account(limit), Some("203.0.113.1")).await,
        429
    );
    assert_eq!(
        wrong_login(&s, &d, &account(limit + 1), Some("203.0.113.2")).await,
        401
    );
}

#[tokio::test]
async fn rotating_ipv6_addresses_inside_one_64_gains_nothing() {
    let s = TestServer::start_with(behind_proxy).await;
    let d = device(&s).await;
    let limit = LOGIN.max as usize;
    for i in 1..=limit {
        let addr = format!("2001:db8:7:7::{i:x}");
        assert_eq!(wrong_login(&s, &d, &account(i), Some(&addr)).await, 401);
    }
    assert_eq!(
        wrong_login(&s, &d, &account(limit + 1), Some("2001:db8:7:7:abcd::1")).await,
        429
    );
    assert_eq!(
        wrong_login(&s, &d, &account(limit + 2), Some("2001:db8:7:8::1")).await,
        401,
        "the next /64 is someone else"
    );
}

#[tokio::test]
async fn new_users_are_limited_per_address_and_ids_have_a_bounded_size() {
    let s = TestServer::start().await;
    let register = |user: String| {
        s.client
            .post(format!("{}/api/devices", s.base))
            .header("X-User-ID", user)
            .send()
    };
    let huge = format!("user-{}-abc", "1".repeat(300_000));
    let res = register(huge).await.expect("register");
    assert_eq!(res.status(), 400);
    for i in 0..DEVICES.max {
        let res = register(format!("user-1700000000000-flood{i}"))
            .await
            .expect("register");
        assert_eq!(res.status(), 201);
    }
    let res = register("user-1700000000000-floodmore".into())
        .await
        .expect("register");
    assert_eq!(res.status(), 429);
    let wait: u64 = res
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok())
        .expect("Retry-After");
    assert!((1..=3600).contains(&wait), "{wait}");
    let body: serde_json::Value = res.json().await.expect("json");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Too many")
    );
}

/// Peak memory (VmHWM) of a process, in KiB.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .expect("status")
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("VmHWM")
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn a_login_burst_from_many_clients_keeps_memory_bounded() {
    let data = tempfile::tempdir().expect("dir");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_manna-server"))
        .env("MANNA_ENV", "development")
        .env("MANNA_PORT", "0")
        .env("MANNA_DATA_DIR", data.path())
        .env("MANNA_CONTENT_DIR", common::content_dir())
        .env("MANNA_TRUSTED_PROXIES", "127.0.0.1")
        .env("RUST_LOG", "manna_server=info")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("server starts");
    let mut child = KillOnDrop(child);
    let stdout = child.0.stdout.take().expect("stdout");
    let base = std::io::BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find_map(|line| {
            let at = line.find("serving http://")?;
            Some(line[at + "serving ".len()..].trim().to_string())
        })
        .expect("the server says where it serves");
    let client = reqwest::Client::new();
    let address = |i: usize| format!("10.9.{}.{}", i / 250, i % 250);
    let mut phones = Vec::new();
    for i in 0..200 {
        let user = format!("user-1700000000000-burst{i}");
        let reg: serde_json::Value = client
            .post(format!("{base}/api/devices"))
            .header("X-User-ID", &user)
            .header("x-forwarded-for", address(i))
            .send()
            .await
            .expect("register")
            .json()
            .await
            .expect("json");
        phones.push((
            user,
            reg["deviceToken"].as_str().expect("token").to_string(),
        ));
    }
    // 200 different phones at once, each on its own address: no limit
    // applies, so every one of them asks for a password check.
    let burst = phones.iter().enumerate().map(|(i, (user, token))| {
        client
            .post(format!("{base}/api/auth/login"))
            .header("x-forwarded-for", address(i))
            .header("X-User-ID", user)
            .bearer_auth(token)
            .json(&json!({"email": format!("u{i}@example.org"), "password": "wrong"}))
            .send()
    });
    let answers: Vec<u16> = join_all(burst)
        .await
        .into_iter()
        .map(|r| r.expect("answer").status().as_u16())
        .collect();
    assert!(
        answers.iter().all(|a| *a == 401 || *a == 503),
        "{answers:?}"
    );
    assert!(
        answers.contains(&503),
        "past the queue, requests are turned away"
    );
    let peak_mib = peak_kib(child.0.id()) / 1024;
    let health = client
        .get(format!("{base}/api/health"))
        .send()
        .await
        .expect("health");
    assert_eq!(health.status(), 200);
    // Two checks of 19 MiB run at a time; unbounded, 200 would need 3.7 GiB.
    assert!(peak_mib < 250, "peak memory {peak_mib} MiB");
}

/// A child process ended with the test, whether it passes or not.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
