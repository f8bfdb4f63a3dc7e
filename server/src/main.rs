//! The `manna-server` binary: configuration, logging, then `manna_server::run`.

use clap::Parser;
use manna_server::{Config, run};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let config = Config::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "manna_server=info,tower_http=warn".into()),
        )
        .init();
    if let Err(problem) = config.check() {
        eprintln!("manna-server will not start: {problem}");
        std::process::exit(2);
    }
    let addr = std::net::SocketAddr::from((config.host, config.port));
    let listener = tokio::net::TcpListener::bind(addr).await?;
    run(config, listener, shutdown_signal()).await?;
    Ok(())
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
