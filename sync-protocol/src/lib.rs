//! # manna-sync-protocol
//!
//! The messages spoken between the PWA and the server's sync endpoints. No I/O,
//! no clock: it builds for wasm32 and is tested natively.
//!
//! # Layout
//! - `ProtocolVersion` and the reasons a peer is refused.

use serde::{Deserialize, Serialize};

/// Bumped whenever the wire format changes incompatibly.
pub const PROTOCOL_VERSION: u32 = 1;

/// Why a peer's message cannot be processed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Incompatibility {
    ClientTooOld,
    ServerTooOld,
}

/// Compares a client's protocol version with this build's.
pub fn check_version(client: u32) -> Result<(), Incompatibility> {
    match client.cmp(&PROTOCOL_VERSION) {
        std::cmp::Ordering::Less => Err(Incompatibility::ClientTooOld),
        std::cmp::Ordering::Greater => Err(Incompatibility::ServerTooOld),
        std::cmp::Ordering::Equal => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_other_than_ours_are_refused_with_a_reason() {
        assert_eq!(check_version(PROTOCOL_VERSION), Ok(()));
        assert_eq!(check_version(0), Err(Incompatibility::ClientTooOld));
        assert_eq!(
            check_version(PROTOCOL_VERSION + 1),
            Err(Incompatibility::ServerTooOld)
        );
        assert_eq!(
            serde_json::to_string(&Incompatibility::ClientTooOld)
                .ok()
                .as_deref(),
            Some("\"clientTooOld\"")
        );
    }
}
