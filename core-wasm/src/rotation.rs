//! Which content item a given date shows.
//!
//! Within any run of `count` consecutive days every item is shown exactly once,
//! so nothing repeats before the whole list has been seen. Each content type has
//! its own `salt`, so the types do not march through their lists in lock-step.

use crate::calendar::Date;

/// FNV-1a: a small, stable string hash (the answer must never change between
/// builds or between the server and the browser).
pub(crate) fn stable_hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Index in `0..count` of the item shown on `date`; `None` when there are no items.
pub fn rotation_index(date: Date, count: usize, salt: &str) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let n = count as u64;
    let h = stable_hash(salt);
    let offset = h % n;
    // A stride coprime with n makes day -> index a bijection over each n-day window.
    let mut stride = 1 + (h >> 32) % n;
    while gcd(stride, n) != 1 {
        stride = stride % n + 1;
    }
    let position = date.to_days().rem_euclid(n as i64) as u64;
    Some(((position * stride + offset) % n) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_list_has_no_item() {
        let date: Date = "2026-11-22".parse().expect("valid");
        assert_eq!(rotation_index(date, 0, "x"), None);
        assert_eq!(rotation_index(date, 1, "x"), Some(0));
    }

    #[test]
    fn is_stable_across_builds() {
        // These values are part of the contract with the browser build.
        let date: Date = "2026-11-22".parse().expect("valid");
        assert_eq!(stable_hash(""), 0xcbf2_9ce4_8422_2325);
        let a = rotation_index(date, 31, "bible-readings");
        let b = rotation_index(date.add_days(1), 31, "bible-readings");
        assert_ne!(a, b);
    }
}
