//! Records made once a day get an id from their date, so two devices logging
//! the same day's weight or score merge into one record instead of two.

/// `daily_id("weight", "2026-11-22")` is `weight:2026-11-22`.
pub fn daily_id(kind: &str, date: &str) -> String {
    format!("{kind}:{date}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_day_same_id() {
        assert_eq!(super::daily_id("weight", "2026-11-22"), "weight:2026-11-22");
        assert_ne!(
            super::daily_id("score", "2026-11-22"),
            super::daily_id("weight", "2026-11-22")
        );
    }
}
