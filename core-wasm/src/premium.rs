//! Entitlements: the server's signed statement that a user is premium, and the
//! rules by which a device trusts its cached copy while offline.
//!
//! The token is a JWS in compact form (RFC 7515) signed with Ed25519 (`EdDSA`,
//! RFC 8037): `base64url(header) . base64url(claims) . base64url(signature)`.
//! The server signs it; a device checks it with the server's public key set.
//! Nothing here reads a clock: the time is always an argument.

use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};

/// The longest an entitlement may be trusted after it was issued (spec: the
/// 7-day premium cache).
pub const MAX_LIFETIME_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// How far a device's clock may run behind the server's before a fresh token
/// looks issued in the future.
pub const CLOCK_SKEW_MS: i64 = 5 * 60 * 1000;

/// What the server states about a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user id the entitlement was issued to.
    pub sub: String,
    /// `monthly` or `annual`.
    pub plan: String,
    /// Issued at, in milliseconds since the Unix epoch.
    pub iat: i64,
    /// Expires at, in milliseconds since the Unix epoch.
    pub exp: i64,
    /// The user is one of the configured owners (admin mode).
    #[serde(default)]
    pub owner: bool,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Serialize)]
struct Header {
    alg: String,
    kid: String,
    typ: Option<String>,
}

/// One public key of the server's key set (a JWK of RFC 8037).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublicKey {
    pub kid: String,
    pub kty: String,
    pub crv: String,
    pub alg: String,
    /// The 32-byte public key, base64url without padding.
    pub x: String,
}

impl PublicKey {
    #[cfg(not(target_arch = "wasm32"))]
    pub fn ed25519(kid: &str, bytes: &[u8; 32]) -> Self {
        use base64::Engine;
        use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
        Self {
            kid: kid.to_string(),
            kty: "OKP".into(),
            crv: "Ed25519".into(),
            alg: "EdDSA".into(),
            x: B64.encode(bytes),
        }
    }
}

/// Why a token is not trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Malformed,
    UnknownKey,
    BadSignature,
    OtherUser,
    NotYetValid,
    Expired,
    TooLong,
}

impl Refusal {
    pub fn code(self) -> &'static str {
        match self {
            Self::Malformed => "malformed",
            Self::UnknownKey => "unknownKey",
            Self::BadSignature => "badSignature",
            Self::OtherUser => "otherUser",
            Self::NotYetValid => "notYetValid",
            Self::Expired => "expired",
            Self::TooLong => "tooLong",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::Malformed => "the entitlement is not a signed token",
            Self::UnknownKey => "the entitlement was signed with a key the server does not list",
            Self::BadSignature => "the entitlement's signature does not match its contents",
            Self::OtherUser => "the entitlement was issued to another user",
            Self::NotYetValid => "the entitlement is dated in the future",
            Self::Expired => "the entitlement has expired",
            Self::TooLong => "the entitlement claims a lifetime longer than 7 days",
        }
    }
}

/// The signing input of a token: `base64url(header).base64url(claims)`.
#[cfg(not(target_arch = "wasm32"))]
pub fn signing_input(kid: &str, claims: &Claims) -> String {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
    let header = Header {
        alg: "EdDSA".into(),
        kid: kid.into(),
        typ: Some("JWT".into()),
    };
    // Serialising these plain structs cannot fail.
    let h = serde_json::to_vec(&header).unwrap_or_default();
    let c = serde_json::to_vec(claims).unwrap_or_default();
    format!("{}.{}", B64.encode(h), B64.encode(c))
}

/// Joins a signing input and its 64-byte signature into a token.
#[cfg(not(target_arch = "wasm32"))]
pub fn assemble(signing_input: &str, signature: &[u8; 64]) -> String {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
    format!("{signing_input}.{}", B64.encode(signature))
}

/// Checks a token against the key set, the expected user and the time. Answers
/// the claims only when every rule holds.
pub fn verify(
    token: &str,
    keys: &[PublicKey],
    expected_sub: &str,
    now_ms: i64,
) -> Result<Claims, Refusal> {
    let mut parts = token.split('.');
    let (Some(h), Some(c), Some(s), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refusal::Malformed);
    };
    let header = decode_part(h)?;
    if header.get_str("alg") != Some("EdDSA") {
        return Err(Refusal::Malformed);
    }
    let kid = header.get_str("kid").ok_or(Refusal::Malformed)?;
    let key = keys
        .iter()
        .find(|k| k.kid == kid && k.crv == "Ed25519")
        .ok_or(Refusal::UnknownKey)?;
    let key_bytes: [u8; 32] = base64url_decode(&key.x)
        .and_then(|b| b.try_into().ok())
        .ok_or(Refusal::UnknownKey)?;
    let key = VerifyingKey::from_bytes(&key_bytes).map_err(|_| Refusal::UnknownKey)?;
    let sig_bytes: [u8; 64] = base64url_decode(s)
        .and_then(|b| b.try_into().ok())
        .ok_or(Refusal::Malformed)?;
    let input_len = h.len() + 1 + c.len();
    key.verify(
        &token.as_bytes()[..input_len],
        &Signature::from_bytes(&sig_bytes),
    )
    .map_err(|_| Refusal::BadSignature)?;
    let fields = decode_part(c)?;
    let claims = Claims {
        sub: fields.get_str("sub").ok_or(Refusal::Malformed)?.to_owned(),
        plan: fields.get_str("plan").ok_or(Refusal::Malformed)?.to_owned(),
        iat: fields.get_int("iat").ok_or(Refusal::Malformed)?,
        exp: fields.get_int("exp").ok_or(Refusal::Malformed)?,
        owner: fields.get_bool("owner").unwrap_or(false),
    };
    if claims.sub != expected_sub {
        return Err(Refusal::OtherUser);
    }
    if claims.exp - claims.iat > MAX_LIFETIME_MS || claims.exp < claims.iat {
        return Err(Refusal::TooLong);
    }
    if claims.iat > now_ms + CLOCK_SKEW_MS {
        return Err(Refusal::NotYetValid);
    }
    if now_ms >= claims.exp {
        return Err(Refusal::Expired);
    }
    Ok(claims)
}

/// Decodes unpadded base64url (RFC 4648 section 5), refusing any other alphabet,
/// padding or non-zero trailing bits.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    fn sextet(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        } as u32)
    }
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut acc = 0u32;
        for &c in chunk {
            acc = (acc << 6) | sextet(c)?;
        }
        let bits = chunk.len() * 6;
        let keep = bits / 8;
        let spare = bits - keep * 8;
        if acc & ((1 << spare) - 1) != 0 {
            return None;
        }
        let acc = acc >> spare;
        for i in (0..keep).rev() {
            out.push((acc >> (8 * i)) as u8);
        }
    }
    Some(out)
}

fn decode_part(part: &str) -> Result<crate::flatjson::Object, Refusal> {
    let bytes = base64url_decode(part).ok_or(Refusal::Malformed)?;
    let text = core::str::from_utf8(&bytes).map_err(|_| Refusal::Malformed)?;
    crate::flatjson::parse(text).ok_or(Refusal::Malformed)
}

/// What an online check of the subscription answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    /// The server issued a fresh token.
    Granted(String),
    /// The server says the user is not premium (cancelled, lapsed, never paid).
    Revoked,
    /// The server could not be reached or failed.
    Unreachable,
}

/// The premium-cache rule for the token a device keeps after a check: a fresh
/// token replaces the old one, a "not premium" answer clears it, and when the
/// server cannot be reached the cached token stays (it is still only trusted
/// until it expires, by [`verify`]).
pub fn token_after_check(cached: Option<&str>, outcome: &CheckOutcome) -> Option<String> {
    match outcome {
        CheckOutcome::Granted(token) => Some(token.clone()),
        CheckOutcome::Revoked => None,
        CheckOutcome::Unreachable => cached.map(str::to_owned),
    }
}

/// Whether a device should ask the server again: always when online and the
/// last check is older than `recheck_ms`, or when the token expires within a day.
pub fn needs_recheck(
    claims: Option<&Claims>,
    last_check_ms: i64,
    now_ms: i64,
    recheck_ms: i64,
) -> bool {
    const DAY_MS: i64 = 24 * 60 * 60 * 1000;
    now_ms - last_check_ms >= recheck_ms
        || now_ms < last_check_ms
        || claims.is_none_or(|c| c.exp - now_ms < DAY_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seed: u8) -> (ed25519_dalek::SigningKey, PublicKey) {
        let sk = ed25519_dalek::SigningKey::from_bytes(&[seed; 32]);
        let pk = PublicKey::ed25519(&format!("k{seed}"), sk.verifying_key().as_bytes());
        (sk, pk)
    }

    fn token(sk: &ed25519_dalek::SigningKey, kid: &str, claims: &Claims) -> String {
        use ed25519_dalek::Signer;
        let input = signing_input(kid, claims);
        assemble(&input, &sk.sign(input.as_bytes()).to_bytes())
    }

    fn claims(iat: i64, exp: i64) -> Claims {
        Claims {
            sub: "user-1-a".into(),
            plan: "monthly".into(),
            iat,
            exp,
            owner: false,
        }
    }

    const DAY: i64 = 86_400_000;

    proptest::proptest! {
        #[test]
        fn base64url_decoding_inverts_the_standard_encoder(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..100)) {
            use base64::Engine;
            let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
            proptest::prop_assert_eq!(base64url_decode(&text), Some(bytes));
        }
    }

    #[test]
    fn base64url_refuses_other_alphabets_and_padding() {
        for bad in ["a", "ab==", "a+b/", "ab c", "AB"] {
            assert_eq!(base64url_decode(bad), None, "{bad}");
        }
        assert_eq!(base64url_decode("AA"), Some(vec![0]));
    }

    #[test]
    fn a_token_is_trusted_until_it_expires_and_not_after() {
        let (sk, pk) = key(1);
        let t = token(&sk, "k1", &claims(0, 7 * DAY));
        assert_eq!(
            verify(&t, std::slice::from_ref(&pk), "user-1-a", 6 * DAY).map(|c| c.plan),
            Ok("monthly".into())
        );
        assert_eq!(
            verify(&t, &[pk], "user-1-a", 7 * DAY),
            Err(Refusal::Expired)
        );
    }

    #[test]
    fn forged_or_foreign_tokens_are_refused() {
        let (sk, pk) = key(1);
        let (other_sk, other_pk) = key(2);
        let good = token(&sk, "k1", &claims(0, DAY));
        // Signed by a key the server does not list.
        assert_eq!(
            verify(
                &token(&other_sk, "k2", &claims(0, DAY)),
                std::slice::from_ref(&pk),
                "user-1-a",
                1
            ),
            Err(Refusal::UnknownKey)
        );
        // Signed by another key under the listed key's id.
        assert_eq!(
            verify(
                &token(&other_sk, "k1", &claims(0, DAY)),
                std::slice::from_ref(&pk),
                "user-1-a",
                1
            ),
            Err(Refusal::BadSignature)
        );
        // Claims edited after signing (a longer expiry).
        let mut parts: Vec<String> = good.split('.').map(str::to_owned).collect();
        parts[1] = base64::Engine::encode(
            &base64::engine::general_purpose::URL_SAFE_NO_PAD,
            serde_json::to_vec(&claims(0, 2 * DAY)).unwrap_or_default(),
        );
        assert_eq!(
            verify(&parts.join("."), std::slice::from_ref(&pk), "user-1-a", 1),
            Err(Refusal::BadSignature)
        );
        // Someone else's token.
        assert_eq!(
            verify(&good, &[pk.clone(), other_pk], "user-2-b", 1),
            Err(Refusal::OtherUser)
        );
        // Not a token at all.
        for junk in ["", "a.b", "a.b.c.d", "true", "x.y.z"] {
            assert_eq!(
                verify(junk, std::slice::from_ref(&pk), "user-1-a", 1),
                Err(Refusal::Malformed),
                "{junk}"
            );
        }
    }

    #[test]
    fn lifetimes_beyond_seven_days_and_future_tokens_are_refused() {
        let (sk, pk) = key(3);
        let long = token(&sk, "k3", &claims(0, 8 * DAY));
        assert_eq!(
            verify(&long, std::slice::from_ref(&pk), "user-1-a", 1),
            Err(Refusal::TooLong)
        );
        let future = token(&sk, "k3", &claims(DAY, 2 * DAY));
        assert_eq!(
            verify(&future, &[pk], "user-1-a", 0),
            Err(Refusal::NotYetValid)
        );
    }

    #[test]
    fn the_cache_keeps_a_token_offline_and_drops_it_when_revoked() {
        assert_eq!(
            token_after_check(Some("t"), &CheckOutcome::Unreachable),
            Some("t".into())
        );
        assert_eq!(token_after_check(Some("t"), &CheckOutcome::Revoked), None);
        assert_eq!(
            token_after_check(None, &CheckOutcome::Granted("n".into())),
            Some("n".into())
        );
        assert_eq!(token_after_check(None, &CheckOutcome::Unreachable), None);
    }

    #[test]
    fn recheck_when_stale_or_close_to_expiry() {
        let c = claims(0, 7 * DAY);
        let hour = 3_600_000;
        assert!(!needs_recheck(Some(&c), 0, hour / 2, hour));
        assert!(needs_recheck(Some(&c), 0, hour, hour));
        assert!(needs_recheck(
            Some(&c),
            6 * DAY + hour,
            6 * DAY + hour + 1,
            hour
        ));
        assert!(needs_recheck(None, 0, 1, hour));
        // A clock set back is treated as stale.
        assert!(needs_recheck(Some(&c), 10 * hour, 0, hour));
    }
}
