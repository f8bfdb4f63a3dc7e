//! The types of a date's content as the API sends it (the day payload).

use ts_rs::TS;

/// The date an item is shown on (added to every item a date shows).
#[derive(Debug, TS)]
pub struct Dated {
    pub date: manna_core::Date,
}

/// The eight items of one date, as `GET /api/daily-content` sends each day and
/// `GET /api/home` sends today (the keys are `Kind::field`). A premium-only
/// biohack keeps only its id, title, category and flag for non-members.
#[derive(Debug, TS)]
#[ts(rename_all = "camelCase")]
pub struct DayContent {
    pub date: manna_core::Date,
    /// Day of the year (1 January is 1).
    pub day_number: u32,
    #[ts(
        type = "(BibleReading & Dated & { dayNumber: number; place: string | null; passage: VerseRange | null }) | null"
    )]
    pub bible_reading: (),
    #[ts(type = "(HealthTip & Dated) | null")]
    pub health_tip: (),
    #[ts(type = "(FoodSpotlight & Dated) | null")]
    pub food_spotlight: (),
    #[ts(type = "(ExerciseSuggestion & Dated) | null")]
    pub exercise_suggestion: (),
    #[ts(type = "((Biohack | LockedBiohack) & Dated) | null")]
    pub daily_biohack: (),
    #[ts(type = "(HomeTip & Dated) | null")]
    pub healthy_home_tip: (),
    #[ts(type = "(BiblicalFood & Dated) | null")]
    pub biblical_food: (),
    #[ts(type = "(HealthySnack & Dated) | null")]
    pub healthy_snack: (),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Kind;

    #[test]
    fn the_day_type_names_every_daily_kind_and_no_other() {
        let decl = DayContent::decl(&ts_rs::Config::new());
        for kind in Kind::ALL {
            assert_eq!(
                decl.contains(&format!("{}: ", kind.field())),
                kind.is_daily(),
                "{}: {decl}",
                kind.field()
            );
        }
    }
}
