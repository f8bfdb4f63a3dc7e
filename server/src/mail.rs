//! Outgoing email: through SMTP (lettre) when `SMTP_URL` is set; otherwise
//! each message is written as a JSON file to `DATA_DIR/outbox/`, which
//! development builds list at `/dev/outbox` so people and tests can read their
//! codes.

use crate::clock::Clock;
use crate::config::Config;
use crate::error::AppError;
use crate::tokens::{log_tag, random_hex};
use lettre::message::{Mailbox, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where emails go.
#[derive(Clone)]
pub enum Mailer {
    Outbox {
        dir: PathBuf,
        clock: Clock,
    },
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Outbox { dir, .. } => write!(f, "Mailer::Outbox({})", dir.display()),
            Self::Smtp { from, .. } => write!(f, "Mailer::Smtp(from {from})"),
        }
    }
}

impl Mailer {
    /// SMTP when `SMTP_URL` is set (`smtps://user:pass@host`, or
    /// `smtp://host:port?tls=required` for STARTTLS), else the outbox.
    pub fn from_config(config: &Config, clock: &Clock) -> Result<Self, AppError> {
        let Some(url) = &config.smtp_url else {
            if config.is_production() {
                tracing::warn!(
                    "SMTP_URL is not set: emails (one-time codes) are only written to DATA_DIR/outbox"
                );
            }
            return Ok(Self::Outbox {
                dir: outbox_dir(&config.data_dir),
                clock: clock.clone(),
            });
        };
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose())
            .map_err(|e| AppError::Internal(format!("SMTP_URL is not a usable SMTP address: {e}")))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        let from = config.smtp_from.parse().map_err(|e| {
            AppError::Internal(format!(
                "SMTP_FROM '{}' is not an email address: {e}",
                config.smtp_from
            ))
        })?;
        Ok(Self::Smtp { transport, from })
    }

    /// Sends a plain-text email. A failure answers 502 with a message a person
    /// can act on; the details go to the log.
    pub async fn send(&self, to: &str, subject: &str, text: &str) -> Result<(), AppError> {
        match self {
            Self::Outbox { dir, clock } => {
                write_to_outbox(dir, to, subject, text, clock.now_ms()).await
            }
            Self::Smtp { transport, from } => {
                // The log names the address by a hash, and the mail
                // server's answer only by its kind: its words may quote the
                // address.
                let to_tag = log_tag(to);
                let unsendable = |why: &str| {
                    tracing::error!(to = %to_tag, %why, "sending an email failed");
                    AppError::Mail(
                        "We could not send the email just now. Please try again in a few minutes."
                            .into(),
                    )
                };
                let to_box: Mailbox = to
                    .parse()
                    .map_err(|_| AppError::BadRequest(format!("'{to}' is not an email address")))?;
                let message = Message::builder()
                    .from(from.clone())
                    .to(to_box)
                    .subject(subject)
                    .header(ContentType::TEXT_PLAIN)
                    .body(text.to_string())
                    .map_err(|_| unsendable("the message could not be built"))?;
                transport
                    .send(message)
                    .await
                    .map_err(|e| unsendable(&smtp_problem(&e)))?;
                tracing::info!(to = %to_tag, "email sent");
                Ok(())
            }
        }
    }
}

/// What kind of failure an SMTP error is, without the server's words.
fn smtp_problem(e: &lettre::transport::smtp::Error) -> String {
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_permanent() {
        "refused for good"
    } else if e.is_transient() {
        "refused for now"
    } else if e.is_tls() {
        "TLS failed"
    } else if e.is_client() {
        "not sendable"
    } else {
        "could not be reached"
    };
    match e.status() {
        Some(code) => format!("{kind} ({code})"),
        None => kind.to_string(),
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub sent_at: i64,
}

pub fn outbox_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("outbox")
}

/// Numbers the outbox files of this process, so emails written in the same
/// millisecond (a pinned test clock) still list newest first.
static WRITTEN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Writes an email to the outbox folder.
async fn write_to_outbox(
    dir: &Path,
    to: &str,
    subject: &str,
    text: &str,
    sent_at: i64,
) -> Result<(), AppError> {
    let email = Email {
        to: to.to_string(),
        subject: subject.to_string(),
        text: text.to_string(),
        sent_at,
    };
    let dir = dir.to_path_buf();
    let n = WRITTEN.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let name = format!("{sent_at:013}-{n:08}-{}.json", random_hex(4)?);
    let body = serde_json::to_vec_pretty(&email).map_err(|e| AppError::Internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&dir)
            .map_err(|e| AppError::Internal(format!("creating the outbox: {e}")))?;
        crate::store::private::make_private(&dir, 0o700)?;
        let path = dir.join(name);
        std::fs::write(&path, body)
            .map_err(|e| AppError::Internal(format!("writing to the outbox: {e}")))?;
        crate::store::private::make_private(&path, 0o600)?;
        Ok::<_, AppError>(())
    })
    .await
    .map_err(|e| AppError::Internal(format!("mail task: {e}")))??;
    tracing::info!(to = %log_tag(to), "email written to the outbox");
    Ok(())
}

/// Every message in the outbox, newest first.
pub async fn list(data_dir: &Path) -> Result<Vec<Email>, AppError> {
    let dir = outbox_dir(data_dir);
    tokio::task::spawn_blocking(move || {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
            Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(_) => Vec::new(),
        };
        files.sort();
        files.reverse();
        Ok(files
            .iter()
            .filter_map(|p| std::fs::read(p).ok())
            .filter_map(|b| serde_json::from_slice(&b).ok())
            .collect())
    })
    .await
    .map_err(|e| AppError::Internal(format!("mail task: {e}")))?
}
