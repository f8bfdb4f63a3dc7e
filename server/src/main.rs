//! The `manna-server` binary: configuration, logging, then `manna_server::run`;
//! or one of the maintenance commands (`backup`, `restore`, `import-places`).

use clap::{Parser, Subcommand};
use manna_server::error::AppError;
use manna_server::{Config, run};
use std::path::PathBuf;

/// Many small short-lived allocations per request (JSON, headers, rows), from
/// several threads at once: mimalloc serves them with less locking than the
/// system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(name = "manna-server", about = "Serves the Manna app and its API")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Writes a consistent copy of the database to FILE; the server may keep
    /// serving meanwhile.
    Backup { file: PathBuf },
    /// Replaces the database with the backup FILE (stop the server first).
    /// Every device then sends again what it holds, so nothing it synced after
    /// the backup is lost.
    Restore { file: PathBuf },
    /// Reads the farms and trails of an OpenStreetMap extract (FILE.osm.pbf,
    /// e.g. a US state from a public extract service) into the database.
    /// Importing the same file again changes nothing; a newer extract of the
    /// same name replaces what the older one brought.
    ImportPlaces { file: PathBuf },
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let Cli { command, config } = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(log_filter())
        .init();
    let done = match command {
        Some(Command::Backup { file }) => manna_server::store::backup(config.database(), &file)
            .map_err(AppError::from)
            .map(|()| format!("backup written to {}", file.display())),
        Some(Command::Restore { file }) => manna_server::tokens::random_hex(8)
            .and_then(|epoch| {
                manna_server::store::restore(config.database(), &file, epoch)
                    .map_err(AppError::from)
            })
            .map(|epoch| format!("restored {} (new epoch {epoch})", file.display())),
        Some(Command::ImportPlaces { file }) => {
            manna_server::places::import::import_command(&config, &file)
                .await
                .map(|report| report.to_string())
                .map_err(AppError::BadRequest)
        }
        None => {
            if let Err(problem) = config.check() {
                eprintln!("manna-server will not start: {problem}");
                std::process::exit(2);
            }
            let addr = std::net::SocketAddr::from((config.host, config.port));
            run(config, addr, shutdown_signal()).await?;
            return Ok(());
        }
    };
    match done {
        Ok(message) => {
            println!("{message}");
            Ok(())
        }
        Err(e) => {
            eprintln!("manna-server: {e}");
            std::process::exit(1);
        }
    }
}

/// What is logged: `RUST_LOG`, or Manna's own information and warnings. At
/// any level, the mail, HTTP and database clients say no more than warnings:
/// at debug they would write the SMTP conversation (addresses, the code in a
/// message), the addresses they connect to (a push endpoint names one
/// browser) and each statement's parameters (emails, hashes, secrets).
fn log_filter() -> tracing_subscriber::EnvFilter {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "manna_server=info,tower_http=warn".into());
    [
        "lettre=warn",
        "reqwest=warn",
        "hyper_util=warn",
        "web_push_native=warn",
        "tokio_postgres=warn",
        "postgres=warn",
    ]
    .into_iter()
    .filter_map(|d| d.parse().ok())
    .fold(filter, tracing_subscriber::EnvFilter::add_directive)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}
