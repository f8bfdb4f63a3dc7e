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

/// Whether something answers `GET {base}/api/health` with 200.
async fn healthy(base: &str) -> bool {
    let client = reqwest::Client::new();
    match client.get(format!("{base}/api/health")).send().await {
        Ok(r) => r.status().is_success(),
        Err(_) => false,
    }
}

async fn wait_healthy(base: &str, what: &str, log: &Path) {
    for _ in 0..1500 {
        if healthy(base).await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{what} did not start (its log: {})", log.display());
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
    pub starts: usize,
}

impl Replica {
    pub async fn start(url: &str, folder: &Path, name: &str) -> Self {
        let data = folder.join(name);
        std::fs::create_dir_all(&data).expect("replica folder");
        let mut replica = Self {
            child: None,
            port: free_port(),
            url: url.into(),
            log: folder.join(format!("{name}.log")),
            data,
            starts: 0,
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
        let child = Command::new(env!("CARGO_BIN_EXE_manna-server"))
            .env("MANNA_ENV", "development")
            .env("MANNA_HOST", "127.0.0.1")
            .env("MANNA_PORT", self.port.to_string())
            .env("MANNA_DATA_DIR", &self.data)
            .env("MANNA_DATABASE_URL", &self.url)
            .env("MANNA_DATABASE_POOL", "4")
            .env("MANNA_CONTENT_DIR", crate::common::content_dir())
            .env("MANNA_STATIC_DIR", "/nonexistent")
            .env("MANNA_TRUSTED_PROXIES", "127.0.0.1")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the server binary starts");
        self.child = Some(child);
        self.starts += 1;
        wait_healthy(
            &format!("http://127.0.0.1:{}", self.port),
            "a replica",
            &self.log,
        )
        .await;
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
        let child = Command::new(nginx_bin())
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
        let nginx = Self { child, port };
        wait_healthy(&nginx.base(), "nginx", &error_log).await;
        nginx
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
