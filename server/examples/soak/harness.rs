//! What the soak drives: the release server as a child process on a fresh
//! data folder, simulated devices behind their own forwarded addresses, and
//! the sync calls they make.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// A small deterministic generator: the same seed, the same run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The server binary on a free port over `data`, in development mode, with
/// every simulated user behind its own forwarded address.
pub struct Server {
    child: Child,
    pub base: String,
    data: PathBuf,
    port: u16,
}

pub fn free_port() -> Result<u16, Error> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

pub fn server_bin() -> String {
    std::env::var("MANNA_SERVER_BIN").unwrap_or_else(|_| "target/release/manna-server".into())
}

/// Runs `manna-server <command> <file>` on the data folder `data`.
pub fn maintenance(data: &Path, command: &str, file: &Path) -> Result<(), Error> {
    let status = Command::new(server_bin())
        .env("MANNA_DATA_DIR", data)
        .env("RUST_LOG", "warn")
        .arg(command)
        .arg(file)
        .stdout(Stdio::null())
        .status()?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("manna-server {command} failed").into())
    }
}

impl Server {
    pub async fn start(data: &Path, port: u16) -> Result<Self, Error> {
        let child = Command::new(server_bin())
            .env("MANNA_ENV", "development")
            .env("MANNA_PORT", port.to_string())
            .env("MANNA_DATA_DIR", data)
            .env(
                "MANNA_CONTENT_DIR",
                concat!(env!("CARGO_MANIFEST_DIR"), "/content"),
            )
            .env("MANNA_STATIC_DIR", "/nonexistent")
            .env("MANNA_TRUSTED_PROXIES", "127.0.0.1")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        let server = Self {
            child,
            base: format!("http://127.0.0.1:{port}"),
            data: data.to_path_buf(),
            port,
        };
        let client = reqwest::Client::new();
        for _ in 0..500 {
            if client
                .get(format!("{}/api/health", server.base))
                .send()
                .await
                .is_ok()
            {
                return Ok(server);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Err("the server did not start".into())
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill(); // SIGKILL
        let _ = self.child.wait();
    }

    pub async fn restart(&mut self) -> Result<(), Error> {
        self.kill();
        *self = Self::start(&self.data.clone(), self.port).await?;
        Ok(())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A simulated user's device.
#[derive(Clone)]
pub struct Device {
    pub user: String,
    pub id: String,
    pub token: String,
    pub address: String,
}

pub async fn register(client: &reqwest::Client, base: &str, n: usize) -> Result<Device, Error> {
    let user = format!("user-1763790000000-soak{n}");
    let address = format!("10.{}.{}.{}", n / 65536 % 256, n / 256 % 256, n % 256);
    let body: Value = client
        .post(format!("{base}/api/devices"))
        .header("X-User-ID", &user)
        .header("x-forwarded-for", &address)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    Ok(Device {
        user,
        id: body["deviceId"].as_str().unwrap_or_default().into(),
        token: body["deviceToken"].as_str().unwrap_or_default().into(),
        address,
    })
}

pub fn call(
    client: &reqwest::Client,
    base: &str,
    d: &Device,
    method: reqwest::Method,
    path: &str,
) -> reqwest::RequestBuilder {
    client
        .request(method, format!("{base}{path}"))
        .header("X-User-ID", &d.user)
        .header("x-forwarded-for", &d.address)
        .bearer_auth(&d.token)
}

pub fn journal(seq: u64, id: &str) -> Value {
    json!({"seq": seq, "table": "prayerJournal", "id": id, "op": "put",
           "fields": {"date": "2026-11-22", "title": id, "content": "Soak", "category": "gratitude"}})
}

pub async fn push(
    client: &reqwest::Client,
    base: &str,
    d: &Device,
    m: Vec<Value>,
) -> Result<Value, Error> {
    Ok(
        call(client, base, d, reqwest::Method::POST, "/api/sync/push")
            .json(&json!({"protocolVersion": 1, "deviceId": d.id, "mutations": m}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?,
    )
}

/// Record id → version of everything the server holds for `d`.
pub async fn snapshot(
    client: &reqwest::Client,
    base: &str,
    d: &Device,
) -> Result<BTreeMap<String, u64>, Error> {
    let mut out = BTreeMap::new();
    let mut cursor = Value::Null;
    loop {
        let page: Value = call(client, base, d, reqwest::Method::POST, "/api/sync/pull")
            .json(&json!({"protocolVersion": 1, "deviceId": d.id, "cursor": cursor, "limit": 1000}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        for c in page["changes"].as_array().into_iter().flatten() {
            if c["op"] == "put" {
                let id = c["id"].as_str().unwrap_or_default().to_string();
                if out
                    .insert(id.clone(), c["version"].as_u64().unwrap_or(0))
                    .is_some()
                {
                    return Err(format!("{id} came twice in one snapshot").into());
                }
            }
        }
        if page["hasMore"] != true {
            return Ok(out);
        }
        cursor = page["cursor"].clone();
    }
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}
