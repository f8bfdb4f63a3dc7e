//! The server's VAPID key (RFC 8292): push services check that every
//! notification to a subscription is signed by the key the browser subscribed
//! with, so the key must outlive restarts and be the same on every replica.

use crate::config::Config;
use crate::error::AppError;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::header::HeaderValue;
use web_push_native::jwt_simple::algorithms::{
    ECDSAP256KeyPairLike as _, ECDSAP256PublicKeyLike as _, ES256KeyPair,
};
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::jwt_simple::prelude::Duration as JwtDuration;

/// Where the key made at first start is kept, in the data folder.
const KEY_FILE: &str = "vapid-private-key";

pub struct VapidKeys {
    pair: ES256KeyPair,
    /// The public key as browsers take it (`applicationServerKey`): the
    /// uncompressed point, base64url without padding.
    public: String,
    /// Who push services may write to about these notifications.
    pub subject: String,
}

impl std::fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VapidKeys")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

impl VapidKeys {
    /// A new private key, encoded as `MANNA_VAPID_PRIVATE_KEY` takes it.
    pub fn new_encoded() -> String {
        URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes())
    }

    /// The configured key, else the data folder's, made there (0600) when missing.
    pub fn load_or_create(config: &Config) -> Result<Self, AppError> {
        let raw = match &config.vapid_private_key {
            Some(secret) => {
                decode(secret.expose()).ok_or_else(|| bad("MANNA_VAPID_PRIVATE_KEY".into()))?
            }
            None => {
                let path = config.data_dir.join(KEY_FILE);
                match std::fs::read_to_string(&path) {
                    Ok(text) => decode(&text).ok_or_else(|| bad(path.display().to_string()))?,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        let made = ES256KeyPair::generate().to_bytes();
                        crate::tokens::write_private(&path, &URL_SAFE_NO_PAD.encode(&made))?;
                        made
                    }
                    Err(e) => {
                        return Err(AppError::Internal(format!(
                            "reading {}: {e}",
                            path.display()
                        )));
                    }
                }
            }
        };
        let pair = ES256KeyPair::from_bytes(&raw).map_err(|_| bad("the VAPID key".into()))?;
        let public = URL_SAFE_NO_PAD.encode(pair.public_key().public_key().to_bytes_uncompressed());
        let subject = config
            .vapid_subject
            .clone()
            .unwrap_or_else(|| match &config.contact_email {
                Some(email) => format!("mailto:{email}"),
                None => config.public_url(),
            });
        Ok(Self {
            pair,
            public,
            subject,
        })
    }

    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` of a request to `endpoint` (RFC 8292): a token
    /// for the push service's origin (its port included when not the
    /// default), valid as long as the notification lives, and the public key.
    pub fn authorization(&self, endpoint: &url::Url) -> Result<HeaderValue, String> {
        let lifetime = JwtDuration::from_secs(super::TTL.as_secs());
        let claims = Claims::create(lifetime)
            .with_audience(endpoint.origin().ascii_serialization())
            .with_subject(&self.subject);
        let token = self
            .pair
            .sign(claims)
            .map_err(|e| format!("signing the notification: {e}"))?;
        HeaderValue::try_from(format!("vapid t={token}, k={}", self.public))
            .map_err(|e| e.to_string())
    }
}

/// A 32-byte key written in base64url (padded or not).
fn decode(text: &str) -> Option<Vec<u8>> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text.trim().trim_end_matches('='))
        .ok()?;
    (bytes.len() == 32).then_some(bytes)
}

fn bad(what: String) -> AppError {
    AppError::Internal(format!(
        "{what} is not a P-256 private key of 32 bytes in base64url"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_read_back() {
        let dir = tempfile::tempdir().expect("dir");
        let config = Config::for_tests(dir.path().to_path_buf());
        let first = VapidKeys::load_or_create(&config).expect("made");
        let again = VapidKeys::load_or_create(&config).expect("read");
        assert_eq!(first.public_key(), again.public_key());
        // 65 bytes uncompressed (0x04, x, y) in 87 base64url characters.
        assert_eq!(first.public_key().len(), 87);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(KEY_FILE))
                .expect("file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_configured_key_wins_and_a_bad_one_is_refused() {
        let dir = tempfile::tempdir().expect("dir");
        let mut config = Config::for_tests(dir.path().to_path_buf());
        let pair = ES256KeyPair::generate();
        config.vapid_private_key = Some(URL_SAFE_NO_PAD.encode(pair.to_bytes()).as_str().into());
        let keys = VapidKeys::load_or_create(&config).expect("configured");
        assert_eq!(
            keys.public_key(),
            URL_SAFE_NO_PAD.encode(pair.public_key().public_key().to_bytes_uncompressed())
        );
        assert!(!dir.path().join(KEY_FILE).exists());
        config.vapid_private_key = Some("not-a-key".into());
        let err = VapidKeys::load_or_create(&config).expect_err("refused");
        assert!(err.to_string().contains("MANNA_VAPID_PRIVATE_KEY"), "{err}");
    }
}
