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

    let res = s
        .client
        .get(format!("{}/api/health", s.base))
        .send()
        .await
        .expect("request");
    let h = res.headers();
    let csp = h
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    let scripts = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap_or_default();
    assert!(!scripts.contains("unsafe-inline"), "{csp}");
    assert_eq!(h["x-content-type-options"], "nosniff");
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
    assert_eq!(mode(&dir.join("manna.sqlite3")), 0o600);
    assert_eq!(mode(&dir.join("manna.sqlite3-wal")), 0o600);
    assert_eq!(mode(&dir.join("entitlement-ed25519.key")), 0o600);
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

    // Another writer holds the write lock for a while, as a long push does.
    let db = s.data_dir().join("manna.sqlite3");
    let (locked, is_locked) = tokio::sync::oneshot::channel();
    let writer = tokio::task::spawn_blocking(move || {
        let conn = rusqlite::Connection::open(db).expect("open");
        conn.execute_batch("BEGIN IMMEDIATE; UPDATE meta SET value = value WHERE key = 'epoch';")
            .expect("lock");
        let _ = locked.send(());
        // The length of the long write: the requests below arrive during it.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        conn.execute_batch("UPDATE users SET version = version; COMMIT;")
            .expect("commit");
    });
    is_locked.await.expect("the writer holds the lock");
    let [a, b, c] = &devices;
    let answers = tokio::join!(
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
    );
    for (status, body) in [answers.0, answers.1, answers.2] {
        assert!(status == 200 || status == 201, "{status} {body}");
    }
    writer.await.expect("writer");
}

#[tokio::test]
async fn kept_old_values_are_forgotten_after_the_retention_window() {
    let day_ms = 24 * 60 * 60 * 1000;
    let s = TestServer::start_pinned(1_780_000_000_000, |_| {}).await;
    let d = s.register("user-1700000000000-history").await;
    let (status, created) = s
        .call_as(
            &d,
            Method::POST,
            "/api/prayer-reminders",
            Some(
                json!({"title": "Evening", "reminderTime": "21:00", "isActive": 1,
                "days": ["sunday"], "prayerType": "evening"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let path = format!("/api/prayer-reminders/{id}");
    assert_eq!(s.call_as(&d, Method::DELETE, &path, None).await.0, 204);
    let kept = |st: &manna_server::AppState| {
        let (db, user, id) = (st.db.clone(), d.user.clone(), id.clone());
        async move {
            db.call(move |conn| {
                manna_server::sync::revisions_of(
                    conn,
                    &user,
                    manna_sync_protocol::Table::PrayerReminders,
                    &id,
                )
            })
            .await
            .expect("revisions")
            .len()
        }
    };
    // The deleted reminder's fields are kept, for a while.
    assert_eq!(kept(&s.state).await, 1);
    s.clock.advance(89 * day_ms);
    s.state.tidy().await.expect("tidy");
    assert_eq!(kept(&s.state).await, 1);
    s.clock.advance(2 * day_ms);
    s.state.tidy().await.expect("tidy");
    assert_eq!(kept(&s.state).await, 0);
}

#[test]
fn each_user_keeps_at_most_its_newest_revisions() {
    let data = tempfile::tempdir().expect("dir");
    let mut conn = rusqlite::Connection::open(data.path().join("db")).expect("open");
    manna_server::db::migrations()
        .to_latest(&mut conn)
        .expect("migrate");
    let cap = manna_server::sync::REVISIONS_PER_USER;
    let tx = conn.transaction().expect("tx");
    for (user, n) in [("user-1-loop", cap + 5), ("user-1-calm", 3)] {
        tx.execute("INSERT INTO users (id, created_at) VALUES (?1, 1)", [user])
            .expect("user");
        for i in 0..n {
            tx.execute(
                "INSERT INTO revisions (user_id, tbl, id, field, value, device, reason, created_at)
                 VALUES (?1, 'prayerJournal', 'journal-a', 'content', ?2, 'dev-a', 'concurrentEdit', 1)",
                rusqlite::params![user, format!("\"edit {i}\"")],
            )
            .expect("insert");
        }
    }
    tx.commit().expect("commit");
    let purged = manna_server::sync::purge_revisions(&mut conn, 0).expect("purge");
    assert_eq!(purged, 5);
    let count = |user: &str| -> i64 {
        conn.query_row(
            "SELECT count(*) FROM revisions WHERE user_id = ?1",
            [user],
            |r| r.get(0),
        )
        .expect("count")
    };
    assert_eq!((count("user-1-loop"), count("user-1-calm")), (cap, 3));
    // The newest stay.
    let oldest: String = conn
        .query_row(
            "SELECT value FROM revisions WHERE user_id = 'user-1-loop' ORDER BY rowid LIMIT 1",
            [],
            |r| r.get(0),
        )
        .expect("oldest");
    assert_eq!(oldest, "\"edit 5\"");
}

/// Sets a user's storage totals, as a long history would have made them.
async fn stored_so_far(s: &TestServer, user: &str, records: i64, bytes: i64) {
    let user = user.to_string();
    s.state
        .db
        .call(move |conn| {
            conn.execute(
                "UPDATE users SET record_count = ?2, stored_bytes = ?3 WHERE id = ?1",
                rusqlite::params![user, records, bytes],
            )?;
            Ok(())
        })
        .await
        .expect("totals");
}

fn journal_put(seq: u64, id: &str, content: &str) -> serde_json::Value {
    json!({"seq": seq, "table": "prayerJournal", "id": id, "op": "put",
           "fields": {"date": "2026-11-22", "title": "Psalm 121", "content": content, "category": "gratitude"}})
}

#[tokio::test]
async fn a_user_at_a_storage_quota_is_told_and_loses_nothing() {
    use manna_server::sync::records::{MAX_BYTES_PER_USER, MAX_RECORDS_PER_USER};
    let s = TestServer::start().await;
    let d = s.register("user-1700000000000-quota").await;
    let push = |mutations: serde_json::Value| {
        s.call_as(
            &d,
            Method::POST,
            "/api/sync/push",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "mutations": mutations})),
        )
    };
    let (status, first) = push(json!([journal_put(1, "journal-a", "Kept safe")])).await;
    assert_eq!((status, &first["rejected"]), (200, &json!([])));

    // One record short of the count quota: one more fits, the next is refused.
    stored_so_far(&s, &d.user, MAX_RECORDS_PER_USER - 1, 1000).await;
    let (_, answer) = push(json!([
        journal_put(2, "journal-b", "Fits"),
        journal_put(3, "journal-c", "Too many"),
    ]))
    .await;
    assert_eq!(answer["ackedSeq"], 3);
    let rejected = answer["rejected"].as_array().expect("rejected");
    assert_eq!(rejected.len(), 1, "{answer}");
    assert_eq!(rejected[0]["seq"], 3);
    assert!(
        rejected[0]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("records"),
        "{answer}"
    );

    // At the byte quota: a record may still shrink, not grow; REST says so too.
    stored_so_far(&s, &d.user, 10, MAX_BYTES_PER_USER - 10).await;
    let (_, answer) = push(json!([journal_put(4, "journal-a", &"x".repeat(500))])).await;
    assert_eq!(
        answer["rejected"].as_array().map(Vec::len),
        Some(1),
        "{answer}"
    );
    let (_, answer) = push(json!([journal_put(5, "journal-a", "K")])).await;
    assert_eq!(answer["rejected"], json!([]), "{answer}");
    let (status, body) = s
        .call_as(
            &d,
            Method::POST,
            "/api/prayer-reminders",
            Some(
                json!({"title": "Noon", "reminderTime": "12:00", "isActive": 1,
                "days": ["friday"], "prayerType": "mealtime"}),
            ),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("MB"));

    // What was stored before is all there.
    let (_, pulled) = s
        .call_as(
            &d,
            Method::POST,
            "/api/sync/pull",
            Some(json!({"protocolVersion": 1, "deviceId": d.id, "cursor": null, "limit": 100})),
        )
        .await;
    let ids: Vec<&str> = pulled["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["id"].as_str())
        .collect();
    assert_eq!(ids.len(), 2, "{pulled}");
    assert!(ids.contains(&"journal-a") && ids.contains(&"journal-b"));
}
