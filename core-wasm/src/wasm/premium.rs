//! The entitlement module: a cached entitlement's signature and dates, and
//! when to ask the server again. Only a device that keeps an entitlement loads
//! it, so the first screen of everyone else goes without its signature code.

use wasm_bindgen::prelude::*;

/// The outcome of checking a cached entitlement.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug)]
pub struct EntitlementCheck {
    /// `premium` or `refused`.
    pub status: String,
    pub plan: String,
    #[wasm_bindgen(js_name = expiresAt)]
    pub expires_at: f64,
    #[wasm_bindgen(js_name = issuedAt)]
    pub issued_at: f64,
    pub owner: bool,
    /// Why it was refused (`expired`, `badSignature`, …), empty when premium.
    pub reason: String,
    pub message: String,
}

/// Checks a cached entitlement token against the server's public keys (ids
/// and base64url keys, parallel lists), the device's user id and the time.
#[wasm_bindgen(js_name = verifyEntitlement)]
pub fn verify_entitlement(
    token: &str,
    kids: Vec<String>,
    keys: Vec<String>,
    user_id: &str,
    now_ms: f64,
) -> EntitlementCheck {
    let keys: Vec<crate::premium::PublicKey> = kids
        .into_iter()
        .zip(keys)
        .map(|(kid, x)| crate::premium::PublicKey {
            kid,
            kty: "OKP".into(),
            crv: "Ed25519".into(),
            alg: "EdDSA".into(),
            x,
        })
        .collect();
    match crate::premium::verify(token, &keys, user_id, now_ms as i64) {
        Ok(c) => EntitlementCheck {
            status: "premium".into(),
            plan: c.plan,
            expires_at: c.exp as f64,
            issued_at: c.iat as f64,
            owner: c.owner,
            reason: String::new(),
            message: String::new(),
        },
        Err(reason) => EntitlementCheck {
            status: "refused".into(),
            plan: String::new(),
            expires_at: 0.0,
            issued_at: 0.0,
            owner: false,
            reason: reason.code().into(),
            message: reason.message().into(),
        },
    }
}

/// The token to keep after an online check: `outcome` is `granted` (with
/// `fresh`), `revoked` or `unreachable`.
#[wasm_bindgen(js_name = tokenAfterCheck)]
pub fn token_after_check_js(
    cached: Option<String>,
    outcome: &str,
    fresh: Option<String>,
) -> Result<Option<String>, JsError> {
    use crate::premium::{CheckOutcome, token_after_check};
    let outcome = match (outcome, fresh) {
        ("granted", Some(t)) => CheckOutcome::Granted(t),
        ("revoked", _) => CheckOutcome::Revoked,
        ("unreachable", _) => CheckOutcome::Unreachable,
        (other, _) => return Err(JsError::new(&format!("unknown check outcome '{other}'"))),
    };
    Ok(token_after_check(cached.as_deref(), &outcome))
}

/// Whether the device should ask the server again now.
#[wasm_bindgen(js_name = needsRecheck)]
pub fn needs_recheck_js(
    expires_at: Option<f64>,
    last_check_ms: f64,
    now_ms: f64,
    recheck_ms: f64,
) -> bool {
    let claims = expires_at.map(|exp| crate::premium::Claims {
        sub: String::new(),
        plan: String::new(),
        iat: 0,
        exp: exp as i64,
        owner: false,
    });
    crate::premium::needs_recheck(
        claims.as_ref(),
        last_check_ms as i64,
        now_ms as i64,
        recheck_ms as i64,
    )
}
