//! Server configuration: environment variables `MANNA_*`, overridable by flags.

use clap::Parser;
use std::net::IpAddr;
use std::path::PathBuf;

#[derive(Debug, Clone, Parser)]
pub struct Config {
    /// Port to listen on.
    #[arg(long, env = "MANNA_PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, env = "MANNA_HOST", default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Folder holding the SQLite database (created when missing), the
    /// signing keys and the development outbox.
    #[arg(long, env = "MANNA_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// A PostgreSQL database (`postgres://user:password@host/name`) to keep
    /// everything in instead of the embedded SQLite file, shared by any
    /// number of replicas.
    #[arg(long, env = "MANNA_DATABASE_URL")]
    pub database_url: Option<Secret>,
    /// Connections each replica keeps to PostgreSQL.
    #[arg(long, env = "MANNA_DATABASE_POOL", default_value_t = 8)]
    pub database_pool: usize,
    /// Folder of the built PWA served at `/`.
    #[arg(long, env = "MANNA_STATIC_DIR", default_value = "./pwa/dist")]
    pub static_dir: PathBuf,
    /// Folder of the daily content files.
    #[arg(long, env = "MANNA_CONTENT_DIR", default_value = "./server/content")]
    pub content_dir: PathBuf,
    /// The public address of the app (`https://manna.example`): the links it
    /// sends, where Stripe returns users, and the only host name it answers to
    /// besides the loopback names. Default: `http://<host>:<port>`.
    #[arg(long = "public-url", env = "MANNA_PUBLIC_URL")]
    pub public_url_setting: Option<String>,
    /// Give the database a new epoch at start (after restoring a backup).
    #[arg(long, env = "MANNA_ROTATE_EPOCH", default_value_t = false)]
    pub rotate_epoch: bool,
    /// `production` (the default) needs real Stripe and SMTP settings;
    /// `development` allows test mode (the Stripe emulator) and the email outbox
    /// at /dev/outbox.
    #[arg(long, env = "MANNA_ENV", value_enum, default_value_t = Environment::Production)]
    pub environment: Environment,
    /// Proxies whose `X-Forwarded-For` tells the client's address (addresses or
    /// networks such as `10.0.0.0/8`, comma separated). Without them every
    /// client is the connection's peer.
    #[arg(long, env = "MANNA_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<IpNet>,
    /// Emails whose (proven) owners get admin mode and premium, comma separated.
    #[arg(
        long,
        env = "MANNA_OWNER_EMAILS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub owner_emails: Vec<String>,
    /// Where people write about their data (shown in the privacy policy).
    #[arg(long, env = "MANNA_CONTACT_EMAIL")]
    pub contact_email: Option<String>,
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
    /// The private VAPID key that signs push notifications (32 bytes, base64url).
    /// Without it the key made at first start in the data folder is used; give
    /// it to every replica so their notifications carry the same signature.
    #[arg(long, env = "MANNA_VAPID_PRIVATE_KEY")]
    pub vapid_private_key: Option<Secret>,
    /// Who push services may write to about this server's notifications
    /// (`mailto:` or `https:`). Default: the contact email, else the public address.
    #[arg(long, env = "MANNA_VAPID_SUBJECT")]
    pub vapid_subject: Option<String>,
    /// The Overpass API interpreter the finders ask live for an area with no
    /// fresh places (e.g. https://overpass-api.de/api/interpreter); none: only
    /// imported places are searched.
    #[arg(long, env = "MANNA_OVERPASS_URL")]
    pub overpass_url: Option<String>,
    /// How long a live Overpass query may take, in seconds.
    #[arg(long, env = "MANNA_OVERPASS_TIMEOUT", default_value_t = 25)]
    pub overpass_timeout_secs: u64,
    /// Calls that may wait for the database before new requests are turned
    /// away with 503 and Retry-After (its guard against a flood).
    #[arg(long, env = "MANNA_DB_QUEUE_MAX", default_value_t = 2_048)]
    pub db_queue_max: usize,
    /// The map tiles under the finders' results (`{z}`, `{x}`, `{y}`, and
    /// `{s}` for a subdomain); the page's security policy allows their host.
    #[arg(long, env = "MANNA_MAP_TILES", default_value = DEFAULT_TILES)]
    pub map_tiles: String,
    /// The credit the tiles' map shows.
    #[arg(long, env = "MANNA_MAP_ATTRIBUTION", default_value = DEFAULT_TILES_CREDIT)]
    pub map_attribution: String,
    /// The time zone whose date Home's first page shows to a browser that has
    /// not said its own (an IANA name such as `America/Chicago`).
    #[arg(long, env = "MANNA_TIME_ZONE", default_value = "UTC", value_parser = time_zone)]
    pub time_zone: chrono_tz::Tz,
}

fn time_zone(name: &str) -> Result<chrono_tz::Tz, String> {
    crate::clock::zone(name)
        .ok_or_else(|| format!("{name} is not a time zone name such as UTC or America/Chicago"))
}

/// OpenStreetMap's own tiles (its tile usage policy asks for the credit below).
pub const DEFAULT_TILES: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
pub const DEFAULT_TILES_CREDIT: &str = "© OpenStreetMap contributors";

/// Where the server runs. Production is the default, so a forgotten variable
/// can never open the development surfaces on a public server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Environment {
    Production,
    Development,
}

/// An address or a network (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    addr: IpAddr,
    prefix: u8,
}

impl IpNet {
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl std::str::FromStr for IpNet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let (addr, prefix) = s.split_once('/').map_or((s, None), |(a, p)| (a, Some(p)));
        let addr: IpAddr = addr
            .parse()
            .map_err(|_| format!("'{s}' is not an IP address or network"))?;
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("'{s}': the prefix must be 0 to {max}"))?,
        };
        Ok(Self { addr, prefix })
    }
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
            database_url: None,
            database_pool: 4,
            static_dir: PathBuf::from("/nonexistent"),
            content_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/content")),
            public_url_setting: Some("http://127.0.0.1".into()),
            rotate_epoch: false,
            environment: Environment::Development,
            owner_emails: Vec::new(),
            contact_email: None,
            trusted_proxies: Vec::new(),
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_price_monthly: None,
            stripe_price_annual: None,
            stripe_publishable_key: None,
            stripe_api_base: None,
            smtp_url: None,
            smtp_from: "Manna <no-reply@localhost>".into(),
            vapid_private_key: None,
            vapid_subject: None,
            overpass_url: None,
            overpass_timeout_secs: 25,
            db_queue_max: 2_048,
            map_tiles: DEFAULT_TILES.into(),
            map_attribution: DEFAULT_TILES_CREDIT.into(),
            time_zone: chrono_tz::UTC,
        }
    }

    /// The origin the map tiles come from, as the security policy names it
    /// (`https://*.tile.example.org` for a `{s}` subdomain); none when the
    /// address is not an http(s) URL.
    pub fn map_tiles_origin(&self) -> Option<String> {
        let sample = self.map_tiles.replace("{s}", "a").replace(['{', '}'], "");
        let url = url::Url::parse(&sample).ok()?;
        if !matches!(url.scheme(), "https" | "http") {
            return None;
        }
        let host = url.host_str()?;
        let host = if self.map_tiles.contains("{s}.") {
            host.strip_prefix("a.")
                .map_or(host.to_string(), |rest| format!("*.{rest}"))
        } else {
            host.to_string()
        };
        let port = url.port().map_or(String::new(), |p| format!(":{p}"));
        Some(format!("{}://{host}{port}", url.scheme()))
    }

    pub fn is_production(&self) -> bool {
        self.environment == Environment::Production
    }

    /// Refuses settings the server must not start with, naming the variable:
    /// in production, real Stripe and SMTP settings and the public address;
    /// anywhere, a Stripe key without a (non-empty) webhook secret.
    pub fn check(&self) -> Result<(), String> {
        let set = |v: &Option<Secret>| v.as_ref().is_some_and(|s| !s.expose().trim().is_empty());
        if self.stripe_webhook_secret.is_some() && !set(&self.stripe_webhook_secret) {
            return Err("STRIPE_WEBHOOK_SECRET is empty: no webhook could be trusted".into());
        }
        if set(&self.stripe_secret_key) && !set(&self.stripe_webhook_secret) {
            return Err(
                "STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: without it no webhook could be trusted".into(),
            );
        }
        let tile_parts = ["{z}", "{x}", "{y}"]
            .iter()
            .all(|p| self.map_tiles.contains(p));
        if self.map_tiles_origin().is_none() || !tile_parts {
            return Err(format!(
                "MANNA_MAP_TILES must be an http(s) address with {{z}}, {{x}} and {{y}}, such as {DEFAULT_TILES}"
            ));
        }
        if !self.is_production() {
            return Ok(());
        }
        let dev = "(or set MANNA_ENV=development for a local test server)";
        if !set(&self.stripe_secret_key) {
            return Err(format!(
                "STRIPE_SECRET_KEY is not set: production takes payments through Stripe {dev}"
            ));
        }
        if let Some(base) = &self.stripe_api_base
            && !base.starts_with("https://")
        {
            return Err(format!(
                "STRIPE_API_BASE '{base}' is not an https address: production speaks only to Stripe {dev}"
            ));
        }
        if !set(&self.smtp_url) {
            return Err(format!(
                "SMTP_URL is not set: production sends one-time codes by email {dev}"
            ));
        }
        if self.public_url_setting.is_none() {
            return Err(format!(
                "MANNA_PUBLIC_URL is not set: production needs the address users open {dev}"
            ));
        }
        Ok(())
    }

    /// Whether `ip` is one of the proxies whose `X-Forwarded-For` counts.
    pub fn trusts_proxy(&self, ip: IpAddr) -> bool {
        self.trusted_proxies.iter().any(|net| net.contains(ip))
    }

    /// Whether any owner is configured.
    pub fn has_owners(&self) -> bool {
        self.owner_emails.iter().any(|e| !e.trim().is_empty())
    }

    /// Whether `email` (already lower-cased) is one of the configured owners.
    pub fn is_owner(&self, email: &str) -> bool {
        self.owner_emails
            .iter()
            .any(|o| o.trim().eq_ignore_ascii_case(email))
    }

    /// The database this configuration names: PostgreSQL at
    /// `MANNA_DATABASE_URL` when it is set, else SQLite in the data folder.
    pub fn database(&self) -> crate::store::Database<'_> {
        match &self.database_url {
            Some(url) => crate::store::Database::Postgres {
                url: url.expose(),
                pool: self.database_pool,
            },
            None => crate::store::Database::Sqlite(&self.data_dir),
        }
    }

    /// The app's public address, without a trailing slash.
    pub fn public_url(&self) -> String {
        match &self.public_url_setting {
            Some(url) => url.trim_end_matches('/').to_string(),
            None if self.host.is_ipv6() => format!("http://[{}]:{}", self.host, self.port),
            None => format!("http://{}:{}", self.host, self.port),
        }
    }

    /// The address a link made for a browser starts with: the configured
    /// public address, else the host this browser reached (`Host`, which the
    /// host check has already accepted).
    pub fn link_base(&self, host: Option<&str>) -> String {
        match (&self.public_url_setting, host) {
            (None, Some(host)) => format!("http://{host}"),
            _ => self.public_url(),
        }
    }

    /// The `host[:port]` of the public address (what browsers send as `Host`).
    pub fn public_authority(&self) -> String {
        let url = self.public_url();
        let rest = url.split_once("://").map_or(url.as_str(), |(_, r)| r);
        rest.split('/').next().unwrap_or("").to_ascii_lowercase()
    }

    /// Cookies get `Secure` (and responses HSTS) when the app is served over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url().starts_with("https://")
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

    #[test]
    fn the_map_tiles_host_is_what_the_page_may_load_images_from() {
        let mut c = super::Config::for_tests("/tmp".into());
        assert_eq!(
            c.map_tiles_origin().as_deref(),
            Some("https://tile.openstreetmap.org")
        );
        c.map_tiles = "https://{s}.tiles.example.org/{z}/{x}/{y}.png".into();
        assert_eq!(
            c.map_tiles_origin().as_deref(),
            Some("https://*.tiles.example.org")
        );
        c.map_tiles = "http://127.0.0.1:9001/{z}/{x}/{y}.png".into();
        assert_eq!(
            c.map_tiles_origin().as_deref(),
            Some("http://127.0.0.1:9001")
        );
        c.map_tiles = "javascript:alert(1)".into();
        assert_eq!(c.map_tiles_origin(), None);
    }
}
