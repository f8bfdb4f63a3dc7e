//! A real server on 127.0.0.1:0 over a temporary data folder, removed on drop,
//! with helpers to call it as a device would.
#![allow(dead_code)] // not every helper is used by every build of the tests

pub mod pay;
pub mod smtp;

use manna_server::{AppState, Clock, Config, serve};
use std::path::PathBuf;
use tempfile::TempDir;
use tokio::sync::oneshot;

/// The PostgreSQL the tests run on instead of SQLite, when `MANNA_TEST_POSTGRES`
/// names one (a connection string to its `postgres` database, as
/// `tests/postgres/start.sh` prints it).
pub fn test_postgres() -> Option<String> {
    std::env::var("MANNA_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
}

/// A new, empty database on the tests' PostgreSQL for one server, if the
/// tests run on PostgreSQL.
pub async fn fresh_postgres() -> Option<String> {
    let base = test_postgres()?;
    let made = tokio::task::spawn_blocking(move || fresh_postgres_blocking(&base));
    Some(made.await.expect("created"))
}

/// [`fresh_postgres`] from a thread outside the async runtime. Each database
/// is a copy of one this process migrated once, so a test server starts on a
/// database as a new deployment's first start leaves it.
pub fn fresh_postgres_blocking(base: &str) -> String {
    static MIGRATED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let template = MIGRATED.get_or_init(|| {
        let name = create_database(base, None);
        // The server's own migrations; the store's connections close as it drops.
        drop(
            manna_server::store::Store::open_postgres(&database_url(base, &name), 1)
                .expect("migrated"),
        );
        name
    });
    database_url(base, &create_database(base, Some(template)))
}

/// The connection string of database `name` on the server `base` reaches.
fn database_url(base: &str, name: &str) -> String {
    base.replace("dbname=postgres", &format!("dbname={name}"))
}

/// A new database, empty or a copy of `template`. (PostgreSQL waits a few
/// seconds for the template's last connections to close before it copies.)
fn create_database(base: &str, template: Option<&str>) -> String {
    let name = format!(
        "manna_test_{}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("time")
            .as_nanos()
    );
    let from = template
        .map(|t| format!(" TEMPLATE {t}"))
        .unwrap_or_default();
    let mut admin = postgres::Client::connect(base, postgres::NoTls).expect("test postgres");
    admin
        .batch_execute(&format!("CREATE DATABASE {name}{from}"))
        .expect("create database");
    name
}

/// The JSON of a body sent with `coding` ("br", "gzip" or none).
pub fn decoded(coding: &str, body: &[u8]) -> serde_json::Value {
    use std::io::Read;
    let mut out = Vec::new();
    match coding {
        "br" => brotli::Decompressor::new(body, 4096).read_to_end(&mut out),
        "gzip" => flate2::read::GzDecoder::new(body).read_to_end(&mut out),
        _ => {
            out.extend_from_slice(body);
            Ok(body.len())
        }
    }
    .expect("decodes");
    serde_json::from_slice(&out).expect("json")
}

/// The webhook secret the test emulator signs with.
pub const WEBHOOK_SECRET: &str = "whsec_test_secret";

/// A registered device: the user id it speaks for and its token.
#[derive(Debug, Clone)]
pub struct Device {
    pub user: String,
    pub id: String,
    pub token: String,
}

#[derive(Debug)]
pub struct TestServer {
    pub base: String,
    pub client: reqwest::Client,
    /// The server's clock: the machine's, or pinned by `start_pinned` and moved
    /// with `clock.advance`.
    pub clock: Clock,
    /// The state the server runs on (for calling its services directly).
    pub state: AppState,
    _data: TempDir,
    stop: Option<oneshot::Sender<()>>,
}

impl TestServer {
    pub async fn start() -> Self {
        Self::start_with(|_| {}).await
    }

    pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        Self::start_on(listener, Clock::system(), adjust).await
    }

    /// A server whose clock stands at `epoch_ms` until the test moves it.
    pub async fn start_pinned(epoch_ms: i64, adjust: impl FnOnce(&mut Config)) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        Self::start_on(listener, Clock::pinned(epoch_ms), adjust).await
    }

    /// A server and a Stripe emulator wired to each other: the server calls the
    /// emulator's API, the emulator sends its signed webhooks to the server.
    pub async fn with_emulator() -> (Self, String) {
        Self::with_emulator_using(Clock::system(), true).await
    }

    /// As [`Self::with_emulator`], with the server on `clock`; with `webhooks`
    /// false the emulator sends none (as when they are lost on the way).
    pub async fn with_emulator_using(clock: Clock, webhooks: bool) -> (Self, String) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let server_base = format!("http://{}", listener.local_addr().expect("addr"));
        let emu_listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let emu_base = format!("http://{}", emu_listener.local_addr().expect("addr"));
        let settings = manna_stripe_emulator::Settings {
            webhook_url: webhooks.then(|| format!("{server_base}/api/stripe/webhook")),
            webhook_secret: WEBHOOK_SECRET.into(),
            public_base: emu_base.clone(),
        };
        tokio::spawn(manna_stripe_emulator::serve(
            settings,
            emu_listener,
            std::future::pending(),
        ));
        let api = emu_base.clone();
        let server = Self::start_on(listener, clock, move |c| {
            c.stripe_api_base = Some(api);
            c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
            c.owner_emails = vec!["owner@manna.test".into()];
        })
        .await;
        (server, emu_base)
    }

    pub async fn start_on(
        listener: tokio::net::TcpListener,
        clock: Clock,
        adjust: impl FnOnce(&mut Config),
    ) -> Self {
        let data = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_tests(data.path().to_path_buf());
        if let Some(url) = fresh_postgres().await {
            config.database_url = Some(url.parse().expect("url"));
        }
        adjust(&mut config);
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let (stop, stopped) = oneshot::channel::<()>();
        let state = AppState::open(config, clock.clone())
            .await
            .expect("state opens");
        let serving = state.clone();
        tokio::spawn(async move {
            // The listener is already bound, so requests queue until the app is up.
            serve(serving, listener, async {
                let _ = stopped.await;
            })
            .await
            .expect("server runs");
        });
        Self {
            base,
            client: reqwest::Client::new(),
            clock,
            state,
            _data: data,
            stop: Some(stop),
        }
    }

    /// Another server on this one's database, on the same clock: a second
    /// replica (the database must be the tests' PostgreSQL).
    pub async fn replica(&self) -> Self {
        self.replica_with(|_| {}).await
    }

    /// [`Self::replica`], with settings of its own.
    pub async fn replica_with(&self, adjust: impl FnOnce(&mut Config)) -> Self {
        let url = self
            .state
            .config
            .database_url
            .clone()
            .expect("replicas share a PostgreSQL database (MANNA_TEST_POSTGRES)");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        Self::start_on(listener, self.clock.clone(), move |c| {
            adjust(c);
            c.database_url = Some(url);
        })
        .await
    }

    pub fn data_dir(&self) -> &std::path::Path {
        self._data.path()
    }

    pub async fn get(&self, path: &str) -> (u16, serde_json::Value) {
        self.request(reqwest::Method::GET, path).await
    }

    pub async fn post(&self, path: &str) -> (u16, serde_json::Value) {
        self.request(reqwest::Method::POST, path).await
    }

    /// Registers an anonymous user id and answers its device (201 expected).
    pub async fn register(&self, user: &str) -> Device {
        let res = self
            .client
            .post(format!("{}/api/devices", self.base))
            .header("X-User-ID", user)
            .send()
            .await
            .expect("register");
        assert_eq!(res.status(), 201);
        let body: serde_json::Value = res.json().await.expect("json");
        Device {
            user: user.into(),
            id: body["deviceId"].as_str().expect("device id").into(),
            token: body["deviceToken"].as_str().expect("token").into(),
        }
    }

    /// A request made as `device`: its X-User-ID and device token.
    pub async fn call_as(
        &self,
        device: &Device,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut req = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("X-User-ID", &device.user)
            .bearer_auth(&device.token);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// Pushes one change numbered `seq` as `device`, on the app's record
    /// schema; answers the push's answer (taken, with the change acked).
    pub async fn push_one(
        &self,
        device: &Device,
        seq: u64,
        change: serde_json::Value,
    ) -> serde_json::Value {
        let mut m = change;
        m["seq"] = seq.into();
        let body = serde_json::json!({
            "protocolVersion": 1,
            "schemaVersion": manna_sync_protocol::schema::SCHEMA_VERSION,
            "deviceId": device.id,
            "mutations": [m],
        });
        let (status, answer) = self
            .call_as(device, reqwest::Method::POST, "/api/sync/push", Some(body))
            .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["ackedSeq"], seq, "{answer}");
        answer
    }

    /// A request as `device` with a session cookie; answers the status, the body
    /// and the session cookie the server set, if any.
    pub async fn call_with_cookie(
        &self,
        device: &Device,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
        cookie: Option<&str>,
    ) -> (u16, serde_json::Value, Option<String>) {
        let mut req = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("X-User-ID", &device.user)
            .bearer_auth(&device.token);
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        let set = res
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        (
            status,
            res.json().await.unwrap_or(serde_json::Value::Null),
            set,
        )
    }

    /// Creates an account for `d` as a person does: the form, then the form
    /// with the code emailed to its address. Answers the last status, body and
    /// session cookie (the first step's, when it did not send a code).
    pub async fn register_account(
        &self,
        d: &Device,
        form: serde_json::Value,
    ) -> (u16, serde_json::Value, Option<String>) {
        let path = "/api/auth/register";
        let post = reqwest::Method::POST;
        let (status, body, cookie) = self
            .call_with_cookie(d, post.clone(), path, Some(form.clone()), None)
            .await;
        if status != 202 {
            return (status, body, cookie);
        }
        let email = form["email"]
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_lowercase();
        let code = pay::emailed_code(self, &email).await;
        let mut with_code = form;
        with_code["code"] = serde_json::json!(code);
        self.call_with_cookie(d, post, path, Some(with_code), None)
            .await
    }

    /// Deletes `d`'s account as a person does (the session `set_cookie` was
    /// given, and the password); the deletion must succeed.
    pub async fn delete_account(&self, d: &Device, set_cookie: Option<String>, password: &str) {
        let cookie = cookie_pair(&set_cookie.expect("a session"));
        let (status, body, _) = self
            .call_with_cookie(
                d,
                reqwest::Method::DELETE,
                "/api/account",
                Some(serde_json::json!({ "password": password })),
                Some(&cookie),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }

    /// The newest email the outbox holds for `to`.
    pub async fn last_email_to(&self, to: &str) -> serde_json::Value {
        let (status, body) = self.get("/dev/outbox.json").await;
        assert_eq!(status, 200);
        body["emails"]
            .as_array()
            .and_then(|list| list.iter().find(|e| e["to"] == to).cloned())
            .unwrap_or(serde_json::Value::Null)
    }

    async fn request(&self, method: reqwest::Method, path: &str) -> (u16, serde_json::Value) {
        let url = format!("{}{path}", self.base);
        let res = self
            .client
            .request(method, url)
            .send()
            .await
            .expect("request");
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(serde_json::Value::Null))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Sets a user's storage totals (live records, quota bytes), as a long
/// history would have made them.
pub async fn set_storage_totals(s: &TestServer, user: &str, records: i64, bytes: i64) {
    s.state
        .store
        .execute_for_tests(&format!(
            "UPDATE users SET record_count = {records}, stored_bytes = {bytes} WHERE id = '{user}'"
        ))
        .await
        .expect("totals");
}

/// The path of a calendar feed's address (its `/api/…` part).
pub fn feed_path(url: &str) -> String {
    url.split_once("/api/")
        .map(|(_, p)| format!("/api/{p}"))
        .expect("an /api/ address")
}

/// What a phone's calendar gets from a feed address: the status and the
/// feed's text (folded lines unfolded).
pub async fn calendar_feed(s: &TestServer, url: &str) -> (u16, String) {
    let path = feed_path(url);
    let res = s
        .client
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .expect("feed");
    let status = res.status().as_u16();
    (
        status,
        res.text().await.unwrap_or_default().replace("\r\n ", ""),
    )
}

/// The registration and set-password form.
pub fn form(email: &str, password: &str, confirm: &str, first: &str) -> serde_json::Value {
    serde_json::json!({ "email": email, "password": password, "confirmPassword": confirm,
                        "firstName": first, "lastName": "" })
}

/// The `name=value` part of a `Set-Cookie` header, to send back.
pub fn cookie_pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap_or_default().to_string()
}

#[allow(dead_code)]
pub fn content_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
}

/// A copy of the shipped content (files and the `bible` folder) a test may change.
pub fn content_copy() -> tempfile::TempDir {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        for entry in std::fs::read_dir(from).expect("content") {
            let entry = entry.expect("entry");
            let target = to.join(entry.file_name());
            if entry.file_type().expect("type").is_dir() {
                std::fs::create_dir(&target).expect("dir");
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).expect("copy");
            }
        }
    }
    let dir = tempfile::tempdir().expect("dir");
    copy(&content_dir(), dir.path());
    dir
}

/// A second device of the same user, made as signing in on another phone
/// makes one: a new phone's anonymous user, claimed into `of`'s.
pub async fn second_device(server: &TestServer, of: &Device, id: &str, token: &str) -> Device {
    let store = &server.state.store;
    let alone = format!("{}-{id}", of.user);
    let hash = manna_server::tokens::hash_token(token);
    store
        .register_device(&alone, id, &hash, "test", 0)
        .await
        .expect("a new phone");
    manna_server::sync::claim(store, &alone, &of.user, id, 0)
        .await
        .expect("signed in");
    Device {
        user: of.user.clone(),
        id: id.into(),
        token: token.into(),
    }
}

/// Every file under `dir` that holds `needle`, with how many times.
pub fn files_holding(dir: &std::path::Path, needle: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let bytes = std::fs::read(&path).unwrap_or_default();
            let n = bytes
                .windows(needle.len())
                .filter(|w| *w == needle.as_bytes())
                .count();
            if n > 0 {
                found.push((path.display().to_string(), n));
            }
        }
    }
    found
}
