//! Invitations: a random code, shared as a link or its QR code, that lets
//! people join a group until it expires, is used up or is revoked.

use crate::date::DAY_MS;
use crate::field_error::FieldError;

/// The code's letters: no 0/O or 1/I/L to misread from a screen across a room.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Ten letters of 31: about 50 bits, beyond guessing at the rate the server
/// allows join attempts.
pub const CODE_LENGTH: usize = 10;
pub const DEFAULT_DAYS: u32 = 7;
pub const MOST_DAYS: u32 = 30;
pub const MOST_USES: u32 = 1000;

/// Whether `code` has an invitation code's shape (letters as typed from a
/// printed sheet count in either case).
pub fn is_code(code: &str) -> bool {
    code.len() == CODE_LENGTH
        && code
            .bytes()
            .all(|b| CODE_ALPHABET.contains(&b.to_ascii_uppercase()))
}

/// A code from random bytes, each letter from one byte below the largest
/// multiple of the alphabet's size (so every letter is as likely); `None`
/// when the bytes run out first (the caller draws more).
pub fn code_from(random: &[u8]) -> Option<String> {
    let n = CODE_ALPHABET.len();
    let fair = 256 - 256 % n;
    let code: String = random
        .iter()
        .map(|&b| usize::from(b))
        .filter(|&b| b < fair)
        .take(CODE_LENGTH)
        .map(|b| char::from(CODE_ALPHABET[b % n]))
        .collect();
    (code.len() == CODE_LENGTH).then_some(code)
}

/// The code as kept and compared: letters typed in lower case count.
pub fn normalized(code: &str) -> String {
    code.to_ascii_uppercase()
}

/// The terms a leader chooses: days until it expires (1 to `MOST_DAYS`),
/// and at most how many may join with it (none: no limit).
pub fn check_terms(days: u32, max_uses: Option<u32>) -> Result<(), FieldError> {
    if !(1..=MOST_DAYS).contains(&days) {
        return Err(FieldError::new(
            "days",
            format!("an invitation lasts 1 to {MOST_DAYS} days"),
        ));
    }
    if max_uses.is_some_and(|n| !(1..=MOST_USES).contains(&n)) {
        return Err(FieldError::new(
            "maxUses",
            format!("an invitation admits 1 to {MOST_USES} people, or any number"),
        ));
    }
    Ok(())
}

/// When an invitation made at `created_ms` for `days` expires.
pub fn expires_ms(created_ms: i64, days: u32) -> i64 {
    created_ms + i64::from(days) * DAY_MS
}

/// An invitation as the server keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Invitation {
    pub expires_ms: i64,
    pub uses: u32,
    pub max_uses: Option<u32>,
    pub revoked: bool,
}

/// Whether the invitation still lets someone join at `now_ms`, and if not,
/// why, in words for the person holding the link.
pub fn admits(invitation: Invitation, now_ms: i64) -> Result<(), FieldError> {
    let why = if invitation.revoked {
        "this invitation was withdrawn by the group's leaders: ask them for a new one"
    } else if now_ms >= invitation.expires_ms {
        "this invitation has expired: ask the group's leaders for a new one"
    } else if invitation
        .max_uses
        .is_some_and(|most| invitation.uses >= most)
    {
        "this invitation has been used as many times as it allows: ask the group's leaders for a new one"
    } else {
        return Ok(());
    };
    Err(FieldError::new("code", why))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_796_000_000_000;

    #[test]
    fn codes_come_from_fair_bytes_and_have_the_shape() {
        let bytes: Vec<u8> = (0..=255).collect();
        let code = code_from(&bytes).expect("enough bytes");
        assert_eq!(code, "23456789AB");
        assert!(is_code(&code));
        assert!(is_code(&code.to_ascii_lowercase()));
        assert_eq!(normalized("abcdefgh23"), "ABCDEFGH23");
        // Bytes past the largest multiple of 31 (248..=255) are skipped.
        let high = [255u8, 250, 248, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        assert_eq!(code_from(&high).as_deref(), Some("23456789AB"));
        assert_eq!(code_from(&[0u8; 9]), None);
        assert!(!is_code("0OIL1ABCDE"));
        assert!(!is_code("ABC"));
    }

    fn open() -> Invitation {
        Invitation {
            expires_ms: expires_ms(NOW, DEFAULT_DAYS),
            uses: 0,
            max_uses: None,
            revoked: false,
        }
    }

    #[test]
    fn a_code_is_ten_unambiguous_letters() {
        assert!(is_code("K7M2QX9RTA"));
        assert!(is_code("k7m2qx9rta"), "typed in lower case");
        assert!(!is_code("K7M2QX9RT0"), "0 is not used");
        assert!(!is_code("K7M2QX9RT"));
        assert!(!is_code("K7M2QX9RTÄ"));
    }

    #[test]
    fn an_invitation_lasts_seven_days_by_default_and_admits_until_then() {
        assert!(admits(open(), NOW).is_ok());
        assert!(admits(open(), NOW + 7 * DAY_MS - 1).is_ok());
        let expired = admits(open(), NOW + 7 * DAY_MS).expect_err("refused");
        assert!(expired.message.contains("expired"), "{expired}");
    }

    #[test]
    fn a_used_up_or_revoked_invitation_admits_no_one_and_says_why() {
        let limited = Invitation {
            uses: 2,
            max_uses: Some(3),
            ..open()
        };
        assert!(admits(limited, NOW).is_ok());
        let used = admits(Invitation { uses: 3, ..limited }, NOW).expect_err("refused");
        assert!(used.message.contains("as many times"), "{used}");
        let revoked = admits(
            Invitation {
                revoked: true,
                ..open()
            },
            NOW,
        )
        .expect_err("refused");
        assert!(revoked.message.contains("withdrawn"), "{revoked}");
    }

    #[test]
    fn terms_are_checked_with_their_field() {
        assert!(check_terms(DEFAULT_DAYS, None).is_ok());
        assert!(check_terms(MOST_DAYS, Some(MOST_USES)).is_ok());
        assert_eq!(check_terms(0, None).expect_err("refused").field, "days");
        assert_eq!(
            check_terms(MOST_DAYS + 1, None).expect_err("refused").field,
            "days"
        );
        assert_eq!(
            check_terms(7, Some(0)).expect_err("refused").field,
            "maxUses"
        );
    }
}
