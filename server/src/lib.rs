//! # manna-server
//!
//! One axum application serving the PWA, the daily-content API, sync, accounts
//! and billing, over an embedded SQLite database or, with
//! `MANNA_DATABASE_URL`, a PostgreSQL database that any number of replicas
//! share.
//!
//! # Layout
//! - `config`: settings from `MANNA_*` variables and flags.
//! - `clock`: the only reading of the time (tests pin it).
//! - `error`: `AppError`, the JSON error answer of every handler.
//! - `api`: the typed JSON answers (the app's TypeScript types come from them).
//! - `store`: every query, in Manna's terms, written once for both engines
//!   (SQLite and PostgreSQL, each with its migrations): sync, accounts,
//!   billing, places, push; with SQLite's backups.
//! - `content`: content files, their stored copy and the item of each date.
//! - `renames`: content ids renamed, and the records that name an old one
//!   brought to the new.
//! - `bible`: the whole KJV and WEB for the reader.
//! - `identity`: anonymous users, device tokens and the `DeviceAuth` extractor.
//! - `tokens`: random secrets and their stored hashes.
//! - `admission`: the server's rules of a write (what a user may start).
//! - `resources`: the user-record resources of the REST API, one row each.
//! - `calendar`: the user's calendar feed (iCalendar).
//! - `places`: farms and trails from OpenStreetMap near a ZIP code.
//! - `planning`: personal plans and generated shopping lists saved for a REST call.
//! - `accounts`: email and password accounts, sessions, one-time codes, claiming.
//! - `entitlement`: who is premium, and the signed tokens devices cache.
//! - `billing`: Stripe calls, the local copy of subscriptions, the webhook.
//! - `guard`: the CSRF rule, the host check, rate limits, wrong-password
//!   delays, the database's queue guard and each user's share of calls.
//! - `headers`: the security headers of every answer.
//! - `mail`: outgoing email (SMTP, or the development outbox).
//! - `push`: Web Push notifications: reminders and the verse of the day.
//! - `extract`: request extractors with JSON refusals.
//! - `state`: what handlers share.
//! - `routes`: the route table and one file per resource.
//! - `first_screen`: Home's first page, with the day written in.
//! - `visitor_day`: the visitor's date, time of day and day's end, for the written pages.
//! - `cookies`: the cookies a request carries, read by name.
//! - `html`: text put into HTML the server writes itself.
//! - `encoded`: answers the same for everyone, compressed once, with an `ETag`.
//! - `static_files`: the built PWA with its SPA fallback and cache headers.

pub mod accounts;
pub mod admission;
pub mod api;
pub mod bible;
pub mod billing;
pub mod calendar;
pub mod clock;
pub mod config;
pub mod content;
mod cookies;
mod encoded;
pub mod entitlement;
pub mod error;
mod extract;
mod first_screen;
pub mod groups;
pub mod guard;
mod headers;
mod html;
pub mod identity;
pub mod jobs;
mod journal_screen;
pub mod mail;
mod memo;
mod page_shell;
pub mod periodic;
pub mod places;
pub mod planning;
pub mod push;
mod reader_screen;
mod reminders_screen;
pub mod renames;
pub mod resources;
pub mod retention;
pub mod routes;
pub mod state;
mod static_files;
pub mod store;
mod study_screen;
pub mod sync;
pub mod tokens;
mod visitor_day;

pub use clock::Clock;
pub use config::Config;
pub use routes::router;
pub use state::AppState;

use std::future::Future;
use tokio::net::TcpListener;

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// Opens the database, loads the content and serves until `shutdown` resolves.
///
/// Each core answers on a thread and runtime of its own, from a listener of
/// its own on the one address (`SO_REUSEPORT`: the kernel spreads the
/// connections), so a request is read, answered and written on one core with
/// no hand-over between threads. The periodic jobs and the database threads
/// are shared. `serve` is the one-listener form the tests use.
pub async fn run(
    config: Config,
    addr: std::net::SocketAddr,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Failure> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    // Bound here, so that an address in use stops the start at once. A plain
    // bind first: SO_REUSEPORT alone would let a second server of the same
    // user join an address already served, and take half its connections.
    // Port 0 asks for any free port: the one the probe was given is then
    // the one every core listens on.
    let addr = std::net::TcpListener::bind(addr)?.local_addr()?;
    let listeners = (0..cores)
        .map(|_| per_core_listener(addr))
        .collect::<std::io::Result<Vec<_>>>()?;
    let state = AppState::open(config, Clock::system()).await?;
    jobs::start(&state);
    let senders = state.senders.clone();
    tracing::info!("answering on {cores} cores");
    tracing::info!("Manna is serving http://{addr}");
    let app = router(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut threads = Vec::with_capacity(cores);
    for (core, listener) in listeners.into_iter().enumerate() {
        let app = app.clone();
        let mut stopped = stopped.clone();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        threads.push(
            std::thread::Builder::new()
                .name(format!("manna-http-{core}"))
                .spawn(move || {
                    runtime.block_on(async move {
                        let listener = TcpListener::from_std(listener)?;
                        axum::serve(listener, app)
                            .with_graceful_shutdown(async move {
                                let _ = stopped.wait_for(|stop| *stop).await;
                            })
                            .await
                    })
                })?,
        );
    }
    shutdown.await;
    let _ = stop.send(true);
    tokio::task::spawn_blocking(move || {
        for thread in threads {
            match thread.join() {
                Ok(Err(e)) => tracing::warn!(error = %e, "a core's server stopped with an error"),
                Err(_) => tracing::warn!("a core's server panicked"),
                Ok(Ok(())) => {}
            }
        }
    })
    .await?;
    finish_sends(&senders).await;
    Ok(())
}

/// How long a stopping server waits for the notifications it is sending.
const SENDS_FINISH: std::time::Duration = std::time::Duration::from_secs(10);

/// Waits a little for the notifications under way, so a restart does not
/// leave them to their leases.
async fn finish_sends(senders: &push::senders::Senders) {
    if tokio::time::timeout(SENDS_FINISH, senders.settled())
        .await
        .is_err()
    {
        tracing::warn!(
            queued = senders.queued(),
            "notifications still under way at the stop are sent after their lease"
        );
    }
}

/// A listener on `addr` that other listeners of this process share.
fn per_core_listener(addr: std::net::SocketAddr) -> std::io::Result<std::net::TcpListener> {
    let socket = if addr.is_ipv6() {
        tokio::net::TcpSocket::new_v6()?
    } else {
        tokio::net::TcpSocket::new_v4()?
    };
    socket.set_reuseaddr(true)?;
    #[cfg(unix)]
    socket.set_reuseport(true)?;
    socket.bind(addr)?;
    // Registered with the runtime it will run on, not this one.
    socket.listen(1024)?.into_std()
}

/// Serves an opened state (tests open it with a pinned clock).
pub async fn serve(
    state: AppState,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Failure> {
    jobs::start(&state);
    let senders = state.senders.clone();
    tracing::info!("Manna is serving http://{}", listener.local_addr()?);
    axum::serve(
        listener,
        router(state).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await?;
    finish_sends(&senders).await;
    Ok(())
}
