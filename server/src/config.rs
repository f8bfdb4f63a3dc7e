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
    /// `production` hides the development pages (the email outbox at /dev/outbox).
    #[arg(long, env = "MANNA_ENV", default_value = "development")]
    pub environment: String,
    /// Emails whose (proven) owners get admin mode and premium, comma separated.
    #[arg(
        long,
        env = "MANNA_OWNER_EMAILS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub owner_emails: Vec<String>,
    /// Stripe secret key; without it Manna runs in test mode against the emulator.
    #[arg(long, env = "STRIPE_SECRET_KEY")]
    pub stripe_secret_key: Option<Secret>,
    /// Secret of the webhook endpoint, to check Stripe's signatures.
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET")]
    pub stripe_webhook_secret: Option<Secret>,
    /// Price ids of the two plans; without them checkout sends the amounts inline.
    #[arg(long, env = "STRIPE_PRICE_MONTHLY")]
    pub stripe_price_monthly: Option<String>,
    #[arg(long, env = "STRIPE_PRICE_ANNUAL")]
    pub stripe_price_annual: Option<String>,
    /// Stripe's publishable key, for the embedded payment form.
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY")]
    pub stripe_publishable_key: Option<String>,
    /// Base address of the Stripe API (the emulator's address in test mode).
    #[arg(long, env = "STRIPE_API_BASE")]
    pub stripe_api_base: Option<String>,
    /// SMTP server for outgoing email (`smtps://user:password@host`, or
    /// `smtp://host:587?tls=required`); without it emails go to the outbox.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<Secret>,
    /// Sender of outgoing email.
    #[arg(long, env = "SMTP_FROM", default_value = "Manna <no-reply@localhost>")]
    pub smtp_from: String,
}

/// A configuration value that never shows in logs or `Debug` output.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl std::str::FromStr for Secret {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self(s.to_string()))
    }
}

impl From<&str> for Secret {
    fn from(s: &str) -> Self {
        Self(s.to_string())
    }
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
            environment: "development".into(),
            owner_emails: Vec::new(),
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_price_monthly: None,
            stripe_price_annual: None,
            stripe_publishable_key: None,
            stripe_api_base: None,
            smtp_url: None,
            smtp_from: "Manna <no-reply@localhost>".into(),
        }
    }

    pub fn is_production(&self) -> bool {
        self.environment == "production"
    }

    /// Whether `email` (already lower-cased) is one of the configured owners.
    pub fn is_owner(&self, email: &str) -> bool {
        self.owner_emails
            .iter()
            .any(|o| o.trim().eq_ignore_ascii_case(email))
    }

    /// Cookies get `Secure` when the app is served over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn secrets_do_not_show_in_debug_output() {
        let mut c = super::Config::for_tests("/tmp".into());
        c.stripe_secret_key = Some("sk_test_abc123".into());
        c.stripe_webhook_secret = Some("whsec_hunter2".into());
        let shown = format!("{c:?}");
        assert!(
            !shown.contains("sk_test_abc123") && !shown.contains("hunter2"),
            "{shown}"
        );
    }
}
