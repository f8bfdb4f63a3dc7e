//! Outgoing email. Without an SMTP server configured, each message is written
//! as a JSON file to `DATA_DIR/outbox/`, which development builds list at
//! `/dev/outbox` so people and tests can read their codes.

use crate::error::AppError;
use crate::identity::{now_ms, random_hex};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Serialize, Deserialize)]
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

/// Writes `email` to the outbox folder.
pub async fn send(data_dir: &Path, to: &str, subject: &str, text: &str) -> Result<(), AppError> {
    let email = Email {
        to: to.to_string(),
        subject: subject.to_string(),
        text: text.to_string(),
        sent_at: now_ms(),
    };
    let dir = outbox_dir(data_dir);
    let name = format!("{}-{}.json", email.sent_at, random_hex(4)?);
    let body = serde_json::to_vec_pretty(&email).map_err(|e| AppError::Internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), body)
    })
    .await
    .map_err(|e| AppError::Internal(format!("mail task: {e}")))?
    .map_err(|e| AppError::Internal(format!("writing to the outbox: {e}")))?;
    tracing::info!(%to, %subject, "email written to the outbox");
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
