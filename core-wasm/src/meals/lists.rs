//! The shopping lists a person can generate: a week of a meal plan (the
//! anti-inflammatory or digestive-comfort plan they follow, or a week of
//! high-protein meals), the pantry staples, and the shopping calendar's four
//! weekly lists of one plan. Each is named here, so the server and the app
//! call a list the same.

use super::catalogue::Catalogue;
use super::diet::Exclusions;
use super::generate::tagged_days;
use super::shopping::{BuiltList, build_list};
use super::{CALENDAR_WEEKS, calendar_week_days, pantry_list};
use manna_sync_protocol::wire_enum;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

wire_enum! {
    /// The four generate buttons of the shopping lists page.
    pub enum ListKind {
        AntiInflammatory = "anti_inflammatory",
        DigestiveHealing = "digestive_healing",
        ProteinPower = "protein_power",
        PantryStaples = "pantry_staples",
    }
}

impl ListKind {
    /// The meal plan category whose plan a week's list comes from.
    pub fn category(self) -> Option<&'static str> {
        match self {
            ListKind::AntiInflammatory => Some("anti-inflammatory"),
            ListKind::DigestiveHealing => Some("digestive-comfort"),
            _ => None,
        }
    }

    /// The plan used when the person follows none of the category.
    pub fn default_plan(self) -> Option<&'static str> {
        match self {
            ListKind::AntiInflammatory => Some("anti-inflammatory-7day"),
            ListKind::DigestiveHealing => Some("digestive-comfort-7day"),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ListKind::AntiInflammatory => "Anti-Inflammatory",
            ListKind::DigestiveHealing => "Digestive Comfort",
            ListKind::ProteinPower => "Protein Power",
            ListKind::PantryStaples => "Pantry Staples",
        }
    }

    /// Whether the list is for one week (all but the pantry staples).
    pub fn weekly(self) -> bool {
        self != ListKind::PantryStaples
    }
}

/// A list ready to save: its title, week and items.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NamedList {
    pub title: String,
    pub week_number: Option<u32>,
    #[serde(flatten)]
    pub list: BuiltList,
}

/// The list of `kind` for week `week` (1 to 4). `days` are the plan's days
/// (fitted to the person) for the plan kinds; protein power builds its own
/// week from the catalogue with `seed`.
pub fn week_list(
    catalogue: &Catalogue,
    kind: ListKind,
    week: u32,
    days: &[Value],
    exclusions: &Exclusions,
    seed: &str,
) -> NamedList {
    let list = match kind {
        ListKind::PantryStaples => pantry_list(catalogue, exclusions),
        ListKind::ProteinPower => {
            let week_days: Vec<Value> = tagged_days(catalogue, exclusions, "high_protein", 7, seed)
                .iter()
                .map(super::value_of)
                .collect();
            build_list(catalogue, &week_days, exclusions)
        }
        _ => {
            let chosen: Vec<Value> = calendar_week_days(days.len(), week)
                .into_iter()
                .filter_map(|i| days.get(i).cloned())
                .collect();
            build_list(catalogue, &chosen, exclusions)
        }
    };
    NamedList {
        title: match kind.weekly() {
            true => format!("{} Week {week}", kind.name()),
            false => kind.name().to_string(),
        },
        week_number: kind.weekly().then_some(week),
        list,
    }
}

/// The shopping calendar's four weekly lists of a plan called `title`.
pub fn calendar_lists(
    catalogue: &Catalogue,
    title: &str,
    days: &[Value],
    exclusions: &Exclusions,
) -> Vec<NamedList> {
    (1..=CALENDAR_WEEKS)
        .map(|week| {
            let chosen: Vec<Value> = calendar_week_days(days.len(), week)
                .into_iter()
                .filter_map(|i| days.get(i).cloned())
                .collect();
            NamedList {
                title: format!("Week {week}: {title}"),
                week_number: Some(week),
                list: build_list(catalogue, &chosen, exclusions),
            }
        })
        .collect()
}
