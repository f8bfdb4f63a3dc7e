//! Server configuration: environment variables `MANNA_*`, overridable by flags.

use clap::Parser;
use std::net::IpAddr;
use std::path::PathBuf;

#[derive(Debug, Clone, Parser)]
#[command(name = "manna-server", about = "Serves the Manna app and its API")]
pub struct Config {
    /// Port to listen on.
    #[arg(long, env = "MANNA_PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, env = "MANNA_HOST", default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Folder holding the SQLite database (created when missing).
    #[arg(long, env = "MANNA_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// Folder of the built PWA served at `/`.
    #[arg(long, env = "MANNA_STATIC_DIR", default_value = "./pwa/dist")]
    pub static_dir: PathBuf,
    /// Folder of the daily content files.
    #[arg(long, env = "MANNA_CONTENT_DIR", default_value = "./server/content")]
    pub content_dir: PathBuf,
    /// The public address of the app, used in links it sends.
    #[arg(
        long,
        env = "MANNA_PUBLIC_URL",
        default_value = "http://127.0.0.1:8080"
    )]
    pub public_url: String,
    /// Give the database a new epoch at start (after restoring a backup).
    #[arg(long, env = "MANNA_ROTATE_EPOCH", default_value_t = false)]
    pub rotate_epoch: bool,
}

impl Config {
    /// A configuration for tests: a given data folder, no static files.
    pub fn for_tests(data_dir: PathBuf) -> Self {
        Self {
            port: 0,
            host: IpAddr::from([127, 0, 0, 1]),
            data_dir,
            static_dir: PathBuf::from("/nonexistent"),
            content_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/content")),
            public_url: "http://127.0.0.1".into(),
            rotate_epoch: false,
        }
    }
}
