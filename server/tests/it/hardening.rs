//! Safe by default: the start-up checks of production, the host check, CSRF from
//! sibling sites, security headers, body limits, private files, and writes that
//! wait for each other instead of failing.

use crate::common;

use common::TestServer;
use common::pay::pay_checkout;
use reqwest::Method;
use serde_json::json;
use std::process::Command;

/// Runs the server binary with only `vars` set (besides PATH) and answers its
/// exit code and what it printed, for settings it must refuse at start.
fn start_binary(vars: &[(&str, &str)]) -> (Option<i32>, String) {
    let data = tempfile::tempdir().expect("temp dir");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_manna-server"));
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("MANNA_PORT", "0")
        .env("MANNA_DATA_DIR", data.path())
        .env("MANNA_CONTENT_DIR", common::content_dir());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("server binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

#[test]
fn production_is_the_default_and_will_not_start_without_its_secrets() {
    let full = [
        ("STRIPE_SECRET_KEY", "sk_live_example"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_example"),
        ("SMTP_URL", "smtp://127.0.0.1:2525"),
        ("MANNA_PUBLIC_URL", "https://manna.example"),
    ];
    for missing in [
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "SMTP_URL",
        "MANNA_PUBLIC_URL",
    ] {
        let vars: Vec<_> = full
            .iter()
            .copied()
            .filter(|(k, _)| *k != missing)
            .collect();
        let (code, text) = start_binary(&vars);
        assert_eq!(code, Some(2), "without {missing}: {text}");
        assert!(
            text.contains(missing),
            "the refusal names {missing}: {text}"
        );
    }
    // An empty webhook secret is no secret, in any environment.
    let (code, text) = start_binary(&[
        ("MANNA_ENV", "development"),
        ("STRIPE_SECRET_KEY", "sk_test_example"),
        ("STRIPE_WEBHOOK_SECRET", ""),
    ]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("STRIPE_WEBHOOK_SECRET"), "{text}");
    // Production never talks to the emulator (test mode).
    let mut vars = full.to_vec();
    vars.push(("STRIPE_API_BASE", "http://127.0.0.1:12111"));
    let (code, text) = start_binary(&vars);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("STRIPE_API_BASE"), "{text}");
}

#[tokio::test]
async fn a_production_server_has_no_outbox_and_sends_security_headers() {
    let s = TestServer::start_with(|c| {
        c.environment = manna_server::config::Environment::Production;
        c.stripe_secret_key = Some("sk_live_example".into());
        c.stripe_webhook_secret = Some("whsec_example".into());
        c.smtp_url = Some("smtp://127.0.0.1:2525".into());
        c.public_url_setting = Some("https://manna.example".into());
    })
    .await;
    let res = s
        .client
        .get(format!("{}/dev/outbox.json", s.base))
        .send()
        .await
        .expect("request");
    let body = res.text().await.unwrap_or_default();
    assert!(!body.contains("\"emails\""), "{body}");

    let policy = |res: &reqwest::Response| {
        res.headers()
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    // The app's page: its own scripts only, never framed.
    let res = s
        .client
        .get(format!("{}/privacy-policy", s.base))
        .send()
        .await
        .expect("request");
    let csp = policy(&res);
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    let scripts = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap_or_default();
    assert!(!scripts.contains("unsafe-inline"), "{csp}");
    // An API answer (JSON) allows nothing, and has the same other headers.
    let res = s
        .client
        .get(format!("{}/api/health", s.base))
        .send()
        .await
        .expect("request");
    assert_eq!(policy(&res), "default-src 'none'; frame-ancestors 'none'");
    let h = res.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert!(
        h.get("strict-transport-security").is_some(),
        "HSTS over https"
    );
}

#[tokio::test]
async fn development_answers_with_the_same_headers_but_no_hsts() {
    let s = TestServer::start().await;
    let res = s
        .client
        .get(format!("{}/", s.base))
        .send()
        .await
        .expect("request");
    assert!(res.headers().get("content-security-policy").is_some());
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert!(res.headers().get("strict-transport-security").is_none());
}

#[tokio::test]
async fn a_request_for_another_host_name_is_refused() {
    let s = TestServer::start().await;
    // DNS rebinding: a page of evil.example whose name now points here.
    let res = s
        .client
        .get(format!("{}/api/health", s.base))
        .header("host", "evil.example")
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = res.json().await.expect("json");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Host")
    );
    // The loopback names and the public address are this server's.
    for host in ["localhost:8080", "127.0.0.1", "[::1]:3000"] {
        let res = s
            .client
            .get(format!("{}/api/health", s.base))
            .header("host", host)
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), 200, "{host}");
    }
}

#[tokio::test]
async fn a_sibling_site_cannot_change_anything() {
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-sibling").await;
    let post = |fetch_site: &'static str, origin: &'static str| {
        s.client
            .post(format!("{}/api/prayer-reminders", s.base))
            .header("X-User-ID", &d.user)
            .bearer_auth(&d.token)
            .header("sec-fetch-site", fetch_site)
            .header("origin", origin)
            .json(
                &json!({"title": "Morning", "reminderTime": "07:30", "isActive": 1,
                "days": ["monday"], "prayerType": "morning"}),
            )
            .send()
    };
    // `same-site` includes any subdomain of the same registrable domain.
    let res = post("same-site", "http://evil.127.0.0.1")
        .await
        .expect("post");
    assert_eq!(res.status(), 403);
    // The app's own origin is fine, whatever the browser calls it.
    let res = post("same-site", "http://127.0.0.1").await.expect("post");
    assert_eq!(res.status(), 201);
    let res = post("same-origin", "http://127.0.0.1").await.expect("post");
    assert_eq!(res.status(), 201);
}

#[tokio::test]
async fn a_body_over_the_limit_answers_413() {
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-large").await;
    let huge = "x".repeat(3 * 1024 * 1024);
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/prayer-reminders",
            Some(json!({ "title": huge })),
        )
        .await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("larger")
    );
}

#[tokio::test]
async fn stripe_sends_users_back_to_the_public_address_only() {
    let (s, _emu) = TestServer::with_emulator().await;
    let d = s.register("user-1700000000000-return").await;
    let res = s
        .client
        .post(format!("{}/api/create-checkout-session", s.base))
        .header("X-User-ID", &d.user)
        .bearer_auth(&d.token)
        .header("sec-fetch-site", "same-origin")
        .header("origin", "https://evil.example")
        .json(&json!({"plan": "monthly"}))
        .send()
        .await
        .expect("checkout");
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.expect("json");
    let (status, location, _) = pay_checkout(
        body["url"].as_str().expect("url"),
        "back@example.org",
        "4242 4242 4242 4242",
    )
    .await;
    assert_eq!(status, 303);
    assert!(
        location.starts_with("http://127.0.0.1/subscription-success"),
        "{location}"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn the_database_and_outbox_are_private_files() {
    use std::os::unix::fs::PermissionsExt;
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-private").await;
    let (status, _) = s
        .call_as(
            &d,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({"email": "private@example.org"})),
        )
        .await;
    assert_eq!(status, 200);
    let mode = |p: &std::path::Path| {
        std::fs::metadata(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .permissions()
            .mode()
            & 0o777
    };
    let dir = s.data_dir();
    assert_eq!(mode(dir), 0o700);
    // On PostgreSQL the database and the signing keys are the database's.
    if !s.state.store.is_shared() {
        assert_eq!(mode(&dir.join("manna.sqlite3")), 0o600);
        assert_eq!(mode(&dir.join("manna.sqlite3-wal")), 0o600);
        assert_eq!(mode(&dir.join("entitlement-ed25519.key")), 0o600);
    }
    let outbox = dir.join("outbox");
    assert_eq!(mode(&outbox), 0o700);
    for email in std::fs::read_dir(&outbox).expect("outbox") {
        assert_eq!(mode(&email.expect("entry").path()), 0o600);
    }
}

#[tokio::test]
async fn registration_waits_for_a_long_write_instead_of_failing() {
    let s = TestServer::start().await;
    let devices = [
        s.register("user-1700000000000-wait1").await,
        s.register("user-1700000000000-wait2").await,
        s.register("user-1700000000000-wait3").await,
    ];
    let form = |i: usize, code: Option<&str>| {
        let mut f = json!({
            "email": format!("wait{i}@example.org"),
            "password": "long enough",
            "confirmPassword": "long enough",
            "firstName": "Ann",
        });
        if let Some(code) = code {
            f["code"] = json!(code);
        }
        Some(f)
    };
    // Two people have their codes; a third proved the address at Quick Access.
    let mut codes = Vec::new();
    for (i, d) in devices.iter().enumerate() {
        let path = if i == 2 {
            "/api/check-subscription-by-email"
        } else {
            "/api/auth/register"
        };
        let (status, body) = s.call_as(d, Method::POST, path, form(i, None)).await;
        assert!(status == 200 || status == 202, "{status} {body}");
        codes.push(common::pay::emailed_code(&s, &format!("wait{i}@example.org")).await);
    }
    let path = "/api/check-subscription-by-email";
    let proof = json!({"email": "wait2@example.org", "code": codes[2]});
    assert_eq!(
        s.call_as(&devices[2], Method::POST, path, Some(proof))
            .await
            .0,
        200
    );

    // Another writer holds the write lock, as a long push does, until the
    // requests below are known to be waiting for it.
    let db = s.data_dir().join("manna.sqlite3");
    let (locked, is_locked) = tokio::sync::oneshot::channel();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let writer = tokio::task::spawn_blocking(move || {
        let conn = rusqlite::Connection::open(db).expect("open");
        conn.execute_batch("BEGIN IMMEDIATE; UPDATE meta SET value = value WHERE key = 'epoch';")
            .expect("lock");
        let _ = locked.send(());
        released.recv().expect("told to commit");
        conn.execute_batch("UPDATE users SET version = version; COMMIT;")
            .expect("commit");
    });
    is_locked.await.expect("the writer holds the lock");
    let waits_before = s
        .state
        .store
        .lock_waits()
        .expect("SQLite counts lock waits");
    let [a, b, c] = &devices;
    let requests = async {
        tokio::join!(
            s.call_as(
                a,
                Method::POST,
                "/api/auth/register",
                form(0, Some(&codes[0]))
            ),
            s.call_as(
                b,
                Method::POST,
                "/api/auth/register",
                form(1, Some(&codes[1]))
            ),
            s.call_as(c, Method::POST, "/api/auth/set-password", form(2, None)),
        )
    };
    // The lock is let go once two of the requests (as many as the database
    // has threads at the least) are waiting for it, and not before.
    let let_go = async {
        let started = std::time::Instant::now();
        while s.state.store.lock_waits().unwrap_or_default() < waits_before + 2 {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(60),
                "the requests never waited for the lock"
            );
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        release.send(()).expect("the writer waits");
    };
    let (answers, ()) = tokio::join!(requests, let_go);
    for (status, body) in [answers.0, answers.1, answers.2] {
        assert!(status == 200 || status == 201, "{status} {body}");
    }
    writer.await.expect("writer");
}
