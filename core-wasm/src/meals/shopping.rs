//! A shopping list from a plan's days: every ingredient line of every meal
//! read against the catalogue, the same ingredient added up across meals and
//! units ("1 cup spinach" twice is "2 cups spinach"), grouped by aisle in the
//! spec's order and priced in cents from the catalogue's price table.

use super::catalogue::{Catalogue, Line};
use super::diet::Exclusions;
use super::quantity::{Measure, wording};
use manna_sync_protocol::records::shopping::ItemCategory;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// A meal used this many times or more in the list's days is a priority.
pub const PRIORITY_USES: usize = 3;

/// An item of a built list (the fields of a shopping list item).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BuiltItem {
    pub item_name: String,
    pub category: ItemCategory,
    /// "2 cups", "1 1/4 lb", "3".
    pub quantity: String,
    /// "high" for what most of the days need.
    pub priority: Option<String>,
    pub notes: String,
    pub nutritional_focus: String,
    /// Cents.
    pub estimated_price: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BuiltList {
    pub items: Vec<BuiltItem>,
    /// Cents: the sum of the items' prices.
    pub estimated_cost: u32,
    pub total_items: usize,
}

/// The meals of a plan day, whatever the plan: `breakfast`, `lunch`, `dinner`,
/// `snack` and the `snacks` list, each with a `name` and `ingredients`.
pub fn meals_of(day: &Value) -> Vec<(&str, Vec<&str>)> {
    fn one(v: &Value) -> Option<(&str, Vec<&str>)> {
        let lines = v.get("ingredients")?.as_array()?;
        Some((
            v.get("name").and_then(Value::as_str).unwrap_or_default(),
            lines.iter().filter_map(Value::as_str).collect(),
        ))
    }
    let mut meals: Vec<_> = ["breakfast", "lunch", "dinner", "snack"]
        .iter()
        .filter_map(|f| day.get(*f).and_then(one))
        .collect();
    if let Some(snacks) = day.get("snacks").and_then(Value::as_array) {
        meals.extend(snacks.iter().filter_map(one));
    }
    meals
}

struct Tally<'a> {
    line: Line<'a>,
    measure: Measure,
    meals: Vec<&'a str>,
}

/// The list for the meals of `days`, leaving out anything `exclusions` rules
/// out (the days should not hold any; this makes sure the list cannot).
pub fn build_list(catalogue: &Catalogue, days: &[Value], exclusions: &Exclusions) -> BuiltList {
    let meals: Vec<(&str, Vec<&str>)> = days.iter().flat_map(meals_of).collect();
    let lines = meals
        .iter()
        .flat_map(|(meal, lines)| lines.iter().map(move |l| (*meal, *l)));
    tally(catalogue, lines, exclusions, true)
}

/// The list for recipe-style lines that belong to no meal (the pantry guide):
/// each line comes with the group it is from, which becomes its note.
pub fn build_from_lines<'a>(
    catalogue: &'a Catalogue,
    lines: impl Iterator<Item = (&'a str, &'a str)>,
    exclusions: &Exclusions,
) -> BuiltList {
    tally(catalogue, lines, exclusions, false)
}

fn tally<'a>(
    catalogue: &'a Catalogue,
    lines: impl Iterator<Item = (&'a str, &'a str)>,
    exclusions: &Exclusions,
    from_meals: bool,
) -> BuiltList {
    let mut tallies: Vec<Tally<'a>> = Vec::new();
    for (meal, text) in lines {
        let Ok(line) = catalogue.line(text) else {
            continue;
        };
        if !exclusions.allows(line.ingredient) {
            continue;
        }
        let measure = line.measure();
        let same = tallies.iter_mut().find(|t| {
            t.line.ingredient.name == line.ingredient.name && t.measure.kind == measure.kind
        });
        match same {
            Some(t) => {
                t.measure = t.measure.plus(measure).unwrap_or(t.measure);
                if !t.meals.contains(&meal) {
                    t.meals.push(meal);
                }
            }
            None => tallies.push(Tally {
                line,
                measure,
                meals: vec![meal],
            }),
        }
    }
    let mut items: Vec<BuiltItem> = tallies.iter().map(|t| item(t, from_meals)).collect();
    items.sort_by(|a, b| {
        a.category
            .cmp(&b.category)
            .then_with(|| a.item_name.cmp(&b.item_name))
    });
    BuiltList {
        estimated_cost: items.iter().map(|i| i.estimated_price).sum(),
        total_items: items.len(),
        items,
    }
}

fn item(t: &Tally<'_>, from_meals: bool) -> BuiltItem {
    let ingredient = t.line.ingredient;
    let (amount, unit) = t.measure.for_shopping();
    let words = wording(amount, unit, "", "");
    let quantity = words.trim().to_string();
    let price = t
        .measure
        .in_unit(ingredient.per)
        .map_or(0, |a| a.price(ingredient.cents));
    let uses = t.meals.len();
    let notes = match t.meals.as_slice() {
        _ if !from_meals => t.meals.join(", "),
        [one] => format!("For {one}"),
        [first, second] => format!("For {first} and {second}"),
        _ => format!("For {uses} meals"),
    };
    BuiltItem {
        // As a shopper writes them: "1 lemon", "6 eggs", "1 cup cherry tomatoes".
        item_name: match unit {
            super::quantity::Unit::Whole if !amount.more_than_one() => ingredient.name.clone(),
            _ => ingredient.plural_name().to_string(),
        },
        category: ingredient.aisle,
        quantity,
        priority: (from_meals && uses >= PRIORITY_USES).then(|| "high".to_string()),
        notes,
        nutritional_focus: ingredient.focus.clone(),
        estimated_price: price,
    }
}
