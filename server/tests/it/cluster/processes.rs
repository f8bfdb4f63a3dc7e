//! The cluster's processes: Manna replicas (the server binary) on one
//! PostgreSQL database, and Debian's nginx in front of them, each on a free
//! port of 127.0.0.1 with its log in the run's folder.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A free port below the range the system hands out for outgoing
/// connections (32768 and up on Linux), so a replica stopped for a moment
/// finds its port still free when it starts again.
fn lasting_port() -> u16 {
    let mut rng = crate::simulation::model::Rng(u64::from(std::process::id()) ^ free_port() as u64);
    for _ in 0..1000 {
        let port = 20_000 + rng.below(12_000) as u16;
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port between 20000 and 32000");
}

/// Whether something answers `GET {base}/api/health` with 200 within a second.
async fn healthy(base: &str) -> bool {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(1))
        .build()
        .expect("client");
    match client.get(format!("{base}/api/health")).send().await {
        Ok(r) => r.status().is_success(),
        Err(_) => false,
    }
}

/// Waits until `base` is healthy; fails at once, with the log's end, if
/// `child` exits first.
async fn wait_healthy(base: &str, child: &mut Child, log: &Path) {
    let last_words = || {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    };
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if healthy(base).await {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!(
                "{base} exited ({status}) before it served: {}",
                last_words()
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{base} did not start within a minute: {}", last_words());
}

/// A `manna-server` process on the database `url`, in development mode
/// (devices name their user in `X-User-ID`), behind trusted proxies on
/// 127.0.0.1. Killing it is SIGKILL: nothing is flushed or closed.
pub struct Replica {
    child: Option<Child>,
    pub port: u16,
    url: String,
    data: PathBuf,
    log: PathBuf,
}

impl Replica {
    pub async fn start(url: &str, folder: &Path, name: &str) -> Self {
        let data = folder.join(name);
        std::fs::create_dir_all(&data).expect("replica folder");
        let mut replica = Self {
            child: None,
            port: lasting_port(),
            url: url.into(),
            log: folder.join(format!("{name}.log")),
            data,
        };
        replica.spawn().await;
        replica
    }

    async fn spawn(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("replica log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_manna-server"))
            .env("MANNA_ENV", "development")
            .env("MANNA_HOST", "127.0.0.1")
            .env("MANNA_PORT", self.port.to_string())
            .env("MANNA_DATA_DIR", &self.data)
            .env("MANNA_DATABASE_URL", &self.url)
            .env("MANNA_DATABASE_POOL", "4")
            .env("MANNA_CONTENT_DIR", crate::common::content_dir())
            .env("MANNA_STATIC_DIR", "/nonexistent")
            .env("MANNA_TRUSTED_PROXIES", "127.0.0.1")
            // Warnings, and each push's applied sequence numbers.
            .env("RUST_LOG", "warn,manna_server::sync::apply=debug")
            .env("NO_COLOR", "1")
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("the server binary starts");
        let base = format!("http://127.0.0.1:{}", self.port);
        wait_healthy(&base, &mut child, &self.log).await;
        self.child = Some(child);
    }

    /// Every push its log says it committed (across its restarts): the
    /// device and the first and last sequence numbers applied.
    pub fn applied(&self) -> Vec<(String, u64, u64)> {
        let log = std::fs::read_to_string(&self.log).expect("replica log");
        log.lines()
            .filter(|line| line.contains("mutations applied"))
            .map(plain)
            .map(|line| {
                let field = |name: &str| {
                    let start = line.find(&format!(" {name}=")).expect("field") + name.len() + 2;
                    line[start..]
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_string()
                };
                let number = |name: &str| field(name).parse::<u64>().expect("a number");
                (field("device"), number("from"), number("through"))
            })
            .collect()
    }

    /// SIGKILL, as a machine losing power or the kernel's OOM killer would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port and database.
    pub async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A log line without its terminal colours (should NO_COLOR be ignored).
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|c| *c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

/// Where Debian's nginx is (`make test` installs it).
fn nginx_bin() -> PathBuf {
    let bin = PathBuf::from("/usr/sbin/nginx");
    assert!(
        bin.exists(),
        "the cluster tests need nginx at /usr/sbin/nginx (`make test` installs it: make setup-nginx)"
    );
    bin
}

/// nginx balancing 127.0.0.1:`port` over the replicas on `ports`, with the
/// configuration `make cluster` uses (server/cluster/nginx-conf.sh).
pub struct Nginx {
    child: Child,
    pub port: u16,
}

impl Nginx {
    pub async fn start(folder: &Path, ports: &[u16]) -> Self {
        let run = folder.join("nginx");
        std::fs::create_dir_all(&run).expect("nginx folder");
        // Run as root, nginx's worker is `nobody`: it must reach its files.
        for open in [folder, &run] {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(open, std::fs::Permissions::from_mode(0o755))
                .expect("nginx folder opened");
        }
        let port = free_port();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/cluster/nginx-conf.sh");
        let conf = Command::new("sh")
            .arg(script)
            .arg(&run)
            .arg(port.to_string())
            .args(ports.iter().map(u16::to_string))
            .output()
            .expect("nginx-conf.sh runs");
        assert!(conf.status.success(), "nginx-conf.sh failed");
        let conf_file = run.join("nginx.conf");
        std::fs::write(&conf_file, conf.stdout).expect("nginx.conf");
        let error_log = run.join("nginx-error.log");
        let mut child = Command::new(nginx_bin())
            .arg("-e")
            .arg(&error_log)
            .arg("-p")
            .arg(&run)
            .arg("-c")
            .arg(&conf_file)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts");
        wait_healthy(&format!("http://127.0.0.1:{port}"), &mut child, &error_log).await;
        Self { child, port }
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn addr(&self) -> std::net::SocketAddr {
        ([127, 0, 0, 1], self.port).into()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its worker too (SIGKILL would leave the
        // worker behind).
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}
