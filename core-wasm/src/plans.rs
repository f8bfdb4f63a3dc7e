//! The two premium plans and every figure the app shows of them (spec part 1
//! section 9): prices in cents, the annual plan's monthly equivalent, what twelve
//! monthly payments would cost and the saving. The server charges these amounts
//! and the app's plan cards show them (as generated constants).

use manna_sync_protocol::wire_enum;
use serde::Serialize;
use ts_rs::TS;

wire_enum! {
    pub enum Plan {
        Monthly = "monthly",
        Annual = "annual",
    }
}

impl Plan {
    /// Price in cents, per month or per year.
    pub const fn amount(self) -> u32 {
        match self {
            Plan::Monthly => 499,
            Plan::Annual => 3999,
        }
    }

    /// 'Monthly Plan' or 'Annual Plan'.
    pub const fn label(self) -> &'static str {
        match self {
            Plan::Monthly => "Monthly Plan",
            Plan::Annual => "Annual Plan",
        }
    }
}

/// Days of free trial on a new subscription.
pub const TRIAL_DAYS: u32 = 7;

/// `$4.99` from 499 cents.
pub fn dollars(cents: u32) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

/// What a plan card shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PlanFigures {
    pub plan: Plan,
    /// 'Monthly' or 'Annual'.
    pub name: &'static str,
    pub label: &'static str,
    /// Cents charged each period.
    pub amount: u32,
    /// `$4.99`.
    pub price: String,
    /// 'per month' or 'per year'.
    pub per: &'static str,
    /// The annual price spread over twelve months (`$3.33`).
    pub monthly_equivalent: String,
    /// Twelve monthly payments, struck through beside the annual price (`$59.88`).
    pub struck: Option<String>,
    /// Saving against twelve monthly payments, in whole percent and dollars.
    pub save_percent: u32,
    pub save_dollars: u32,
}

pub fn figures(plan: Plan) -> PlanFigures {
    let year_of_monthly = Plan::Monthly.amount() * 12;
    let (name, per, per_month, struck) = match plan {
        Plan::Monthly => ("Monthly", "per month", plan.amount(), None),
        Plan::Annual => (
            "Annual",
            "per year",
            (plan.amount() + 6) / 12,
            Some(year_of_monthly),
        ),
    };
    let saved = struck.map_or(0, |s| s - plan.amount());
    PlanFigures {
        plan,
        name,
        label: plan.label(),
        amount: plan.amount(),
        price: dollars(plan.amount()),
        per,
        monthly_equivalent: dollars(per_month),
        struck: struck.map(dollars),
        save_percent: struck.map_or(0, |s| (saved * 100 + s / 2) / s),
        save_dollars: (saved + 50) / 100,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plans_show_the_spec_figures() {
        let m = figures(Plan::Monthly);
        assert_eq!(
            (m.price.as_str(), m.per, m.amount),
            ("$4.99", "per month", 499)
        );
        let a = figures(Plan::Annual);
        assert_eq!(
            (a.price.as_str(), a.per, a.amount),
            ("$39.99", "per year", 3999)
        );
        assert_eq!(a.monthly_equivalent, "$3.33");
        assert_eq!(a.struck.as_deref(), Some("$59.88"));
        assert_eq!((a.save_percent, a.save_dollars), (33, 20));
    }
}
