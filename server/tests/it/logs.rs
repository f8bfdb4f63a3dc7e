//! Secrets never reach the log. The production server, at its most talkative
//! level (`RUST_LOG=trace`), with an SMTP sink for its codes (and on
//! PostgreSQL when the tests have one), goes through
//! what carries secrets: registration with a code, a wrong and a right
//! password, an email proven by code, a new password, a push subscription
//! and its test, the calendar address; then the whole log is searched for
//! each secret and the email.

use crate::common::smtp::SmtpSink;
use crate::common::{content_dir, feed_path};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};
use std::process::{Command, Stdio};
use std::time::Duration;

const EMAIL: &str = "carol.logs@example.org";
const PASSWORD: &str = "Juniper-Lantern-47";
const NEW_PASSWORD: &str = "Cedar-Harbor-93";
const WRONG_PASSWORD: &str = "Wrong-Pasture-12";
const STRIPE_KEY: &str = "sk_test_51LogsNeverCarryThisKey";
const PUSH_SECRET: &str = "fGh7Tq2LogsEndpointPath9xZ";

/// The server binary in production mode on a free port; its log goes to
/// `log`.
struct Production {
    child: std::process::Child,
    base: String,
    client: reqwest::Client,
}

impl Drop for Production {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Production {
    async fn start(data: &std::path::Path, log: &std::path::Path, smtp: &str) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let out = std::fs::File::create(log).expect("log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_manna-server"));
        // On the tests' PostgreSQL when there is one (its client logs each
        // statement's parameters at debug).
        if let Some(url) = crate::common::fresh_postgres().await {
            command.env("MANNA_DATABASE_URL", url);
        }
        let child = command
            .env("MANNA_ENV", "production")
            .env("MANNA_HOST", "127.0.0.1")
            .env("MANNA_PORT", port.to_string())
            .env("MANNA_DATA_DIR", data)
            .env("MANNA_CONTENT_DIR", content_dir())
            .env("MANNA_STATIC_DIR", "/nonexistent")
            .env("MANNA_PUBLIC_URL", "https://manna.example.org")
            .env("SMTP_URL", smtp)
            .env("SMTP_FROM", "Manna <codes@manna.example.org>")
            .env("STRIPE_SECRET_KEY", STRIPE_KEY)
            .env("STRIPE_WEBHOOK_SECRET", "whsec_logs_test")
            .env("RUST_LOG", "trace")
            .env("NO_COLOR", "1")
            .stdout(out.try_clone().expect("log"))
            .stderr(out)
            .stdin(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        let mut server = Self {
            child,
            base,
            client,
        };
        let started = std::time::Instant::now();
        loop {
            let up = server
                .client
                .get(format!("{}/api/health", server.base))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if up {
                break;
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!(
                    "the server exited ({status}): {}",
                    std::fs::read_to_string(log).unwrap_or_default()
                );
            }
            assert!(started.elapsed() < Duration::from_secs(60), "no start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        server
    }

    /// A JSON call as `device` (user and token), with a session cookie.
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        device: Option<&(String, String)>,
        cookie: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value, Vec<(String, String)>) {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some((user, token)) = device {
            req = req.header("X-User-ID", user).bearer_auth(token);
        }
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        // The values of the cookies set (the session's and the browser's).
        let cookies = res
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next()?.split_once('='))
            .filter(|(_, value)| !value.is_empty())
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        let text = res.text().await.unwrap_or_default();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::Null),
            cookies,
        )
    }

    async fn device(&self, user: &str) -> (String, String) {
        let res = self
            .client
            .post(format!("{}/api/devices", self.base))
            .header("X-User-ID", user)
            .send()
            .await
            .expect("device");
        assert_eq!(res.status(), 201);
        let body: Value = res.json().await.expect("json");
        (
            user.to_string(),
            body["deviceToken"].as_str().expect("token").to_string(),
        )
    }
}

/// The six digits of the newest code the sink received for `to`.
async fn code_sent(sink: &SmtpSink, count: usize) -> String {
    let started = std::time::Instant::now();
    while sink.messages().len() < count {
        assert!(started.elapsed() < Duration::from_secs(30), "no email");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let message = sink.messages().last().cloned().expect("a message");
    assert!(message.to.iter().any(|t| t.contains(EMAIL)), "{message:?}");
    let body = message.data.split("\n\n").skip(1).collect::<String>();
    body.as_bytes()
        .windows(6)
        .position(|w| w.iter().all(u8::is_ascii_digit))
        .map(|at| body[at..at + 6].to_string())
        .expect("a code in the email")
}

#[tokio::test]
async fn no_code_password_token_endpoint_key_calendar_secret_or_email_reaches_the_log() {
    let sink = SmtpSink::default();
    let smtp = sink.start().await;
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("server.log");
    let s = Production::start(&dir.path().join("data"), &log, &smtp).await;
    let post = reqwest::Method::POST;
    let mut secrets: Vec<(String, &str)> = vec![
        (EMAIL.into(), "the email"),
        (PASSWORD.into(), "the password"),
        (NEW_PASSWORD.into(), "the new password"),
        (WRONG_PASSWORD.into(), "a wrong password"),
        (STRIPE_KEY.into(), "the Stripe key"),
        (PUSH_SECRET.into(), "the push endpoint"),
    ];

    // Registration: a code by email, then the account.
    let first = s.device("user-1801310400020-logs").await;
    secrets.push((first.1.clone(), "a device token"));
    let form = json!({"email": EMAIL, "password": PASSWORD, "confirmPassword": PASSWORD, "firstName": "Carol"});
    let (status, body, _) = s
        .call(
            post.clone(),
            "/api/auth/register",
            Some(&first),
            None,
            Some(form.clone()),
        )
        .await;
    assert_eq!(status, 202, "{body}");
    let code = code_sent(&sink, 1).await;
    secrets.push((code.clone(), "the registration code"));
    let mut with_code = form;
    with_code["code"] = json!(code);
    let (status, body, cookies) = s
        .call(
            post.clone(),
            "/api/auth/register",
            Some(&first),
            None,
            Some(with_code),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert!(!cookies.is_empty(), "a session cookie");
    secrets.extend(cookies.iter().map(|(_, c)| (c.clone(), "a session token")));

    // A wrong password, then the right one, on another phone.
    let second = s.device("user-1801310400021-logs").await;
    secrets.push((second.1.clone(), "a device token"));
    let (status, _, _) = s
        .call(
            post.clone(),
            "/api/auth/login",
            Some(&second),
            None,
            Some(json!({"email": EMAIL, "password": WRONG_PASSWORD})),
        )
        .await;
    assert_eq!(status, 401);
    let (status, body, cookies) = s
        .call(
            post.clone(),
            "/api/auth/login",
            Some(&second),
            None,
            Some(json!({"email": EMAIL, "password": PASSWORD})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(!cookies.is_empty(), "a session cookie");
    secrets.extend(cookies.iter().map(|(_, c)| (c.clone(), "a session token")));

    // The phone now speaks for the account.
    let second = (first.0.clone(), second.1.clone());
    let session = cookies
        .iter()
        .find(|(name, _)| name == "manna_session")
        .map(|(name, value)| format!("{name}={value}"))
        .expect("the session cookie");

    // The email proven with a code on a third phone (restoring premium).
    let third = s.device("user-1801310400022-logs").await;
    secrets.push((third.1.clone(), "a device token"));
    let (status, body, _) = s
        .call(
            post.clone(),
            "/api/check-subscription-by-email",
            Some(&third),
            None,
            Some(json!({"email": EMAIL})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let proof = code_sent(&sink, 2).await;
    secrets.push((proof.clone(), "the second code"));
    let (status, body, _) = s
        .call(
            post.clone(),
            "/api/check-subscription-by-email",
            Some(&third),
            None,
            Some(json!({"email": EMAIL, "code": proof})),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // A new password, signed in (the account's other phones are signed out).
    let (status, body, _) = s
        .call(
            post.clone(),
            "/api/auth/set-password",
            Some(&second),
            Some(&session),
            Some(json!({"email": EMAIL, "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD, "firstName": "Carol"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // A push subscription, and a test notification to it (its service
    // cannot be reached from here: the failure is logged).
    let (keys, auth) = ece::generate_keypair_and_auth_secret().expect("keys");
    let p256dh = URL_SAFE_NO_PAD.encode(keys.pub_as_raw().expect("raw"));
    let auth = URL_SAFE_NO_PAD.encode(auth);
    let endpoint = format!("https://push.example.net/send/{PUSH_SECRET}");
    secrets.push((p256dh.clone(), "the push key"));
    secrets.push((auth.clone(), "the push auth secret"));
    let (status, body, _) = s
        .call(
            post.clone(),
            "/api/push/subscriptions",
            Some(&second),
            None,
            Some(json!({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}, "timeZone": "America/Denver"})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body, _) = s
        .call(post.clone(), "/api/push/test", Some(&second), None, None)
        .await;
    assert_eq!(status, 503, "{body}");

    // A group's invitation: its code looked up and joined with.
    let (status, group, _) = s
        .call(
            post.clone(),
            "/api/groups",
            Some(&second),
            None,
            Some(json!({"name": "Logs", "kind": "family", "displayName": "Carol"})),
        )
        .await;
    assert_eq!(status, 201, "{group}");
    let invitations = format!(
        "/api/groups/{}/invitations",
        group["id"].as_str().expect("id")
    );
    let (status, made, _) = s
        .call(
            post.clone(),
            &invitations,
            Some(&second),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let code = made["code"].as_str().expect("code").to_string();
    secrets.push((code.clone(), "an invitation code"));
    let (status, body, _) = s
        .call(
            post.clone(),
            &format!("/api/invitations/{code}/join"),
            Some(&third),
            None,
            Some(json!({"displayName": "Dora"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // The calendar address, read as a calendar app would, and a wrong one.
    let (status, body, _) = s
        .call(
            post.clone(),
            "/api/calendar-feed",
            Some(&second),
            None,
            None,
        )
        .await;
    assert!(status == 200 || status == 201, "{body}");
    let url = body["url"].as_str().expect("the address").to_string();
    let path = feed_path(&url);
    let secret = path
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .trim_end_matches(".ics")
        .to_string();
    assert!(secret.len() >= 16, "{path}");
    secrets.push((secret, "the calendar secret"));
    let res = s
        .client
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .expect("feed");
    assert_eq!(res.status(), 200);
    let res = s
        .client
        .get(format!("{}/api/calendar/{}.ics", s.base, "0".repeat(40)))
        .send()
        .await
        .expect("feed");
    assert_eq!(res.status(), 404);
    drop(s);

    let text = std::fs::read_to_string(&log).expect("the log");
    // The log did speak of all this (so a secret in it would be found).
    for said in ["email sent", "Manna is serving"] {
        assert!(text.contains(said), "the log says '{said}'");
    }
    let lines = text.lines().count();
    let found: Vec<String> = secrets
        .iter()
        .filter(|(secret, _)| !secret.is_empty())
        .flat_map(|(secret, what)| {
            text.lines()
                .filter(|line| line.contains(secret.as_str()))
                .map(move |line| format!("{what}: {}", line.chars().take(300).collect::<String>()))
        })
        .collect();
    eprintln!(
        "figure: {lines} log lines searched for {} secrets: {} hits",
        secrets.len(),
        found.len()
    );
    assert!(
        found.is_empty(),
        "secrets in the log:\n{}",
        found.join("\n")
    );
}
