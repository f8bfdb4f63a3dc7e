//! A shopping list from a plan's days: every ingredient line of every meal
//! read against the catalogue, the same ingredient added up across meals and
//! units ("1 cup spinach" twice is "2 cups spinach"), bought as a shop sells
//! it (`buying`: "1 can", where the recipes use a third of one), grouped by
//! aisle in the spec's order and priced in cents from the catalogue's price
//! table.

use super::buying;
use super::catalogue::{Catalogue, Line};
use super::diet::Exclusions;
use super::quantity::{Measure, Unit, measure_words, wording};
use manna_sync_protocol::records::read::joined;
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
    /// What to buy: "2 cups", "1 1/4 lb", "3", "1 can".
    pub quantity: String,
    /// "Recipes use 1/3 can": the exact amount, when less is needed than
    /// `quantity` buys.
    pub quantity_note: Option<String>,
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
    crate::order::sort_by(&mut items, |a, b| {
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
    let (amount, unit) = buying::bought(t.measure);
    let bought = Measure::new(amount, unit);
    // What is bought is what is paid for.
    let price = bought
        .in_unit(ingredient.per)
        .map_or(0, |a| a.price(ingredient.cents));
    let quantity_note = (bought != t.measure).then(|| {
        let parts: Vec<String> = buying::needed(t.measure)
            .into_iter()
            .map(|(exact, unit)| match unit {
                Unit::Whole => wording(exact, unit, &ingredient.name, ingredient.plural_name()),
                unit => measure_words(exact, unit),
            })
            .collect();
        let words = joined(&parts, " + ");
        match from_meals {
            true => format!("Recipes use {words}"),
            false => format!("The pantry guide lists {words}"),
        }
    });
    let uses = t.meals.len();
    let notes = match t.meals.as_slice() {
        _ if !from_meals => joined(&t.meals, ", "),
        [one] => format!("For {one}"),
        [first, second] => format!("For {first} and {second}"),
        _ => format!("For {uses} meals"),
    };
    BuiltItem {
        // As a shopper writes them: "1 lemon", "6 eggs", "1 cup cherry tomatoes".
        item_name: match unit {
            Unit::Whole if !amount.more_than_one() => ingredient.name.clone(),
            _ => ingredient.plural_name().to_string(),
        },
        category: ingredient.aisle,
        quantity: measure_words(amount, unit),
        quantity_note,
        priority: (from_meals && uses >= PRIORITY_USES).then(|| "high".to_string()),
        notes,
        nutritional_focus: ingredient.focus.clone(),
        estimated_price: price,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meals::catalogue::Ingredient;
    use serde_json::json;

    fn catalogue() -> Catalogue {
        let food = |name: &str, plural: Option<&str>, per: Unit, cents: u32| Ingredient {
            name: name.into(),
            plural: plural.map(Into::into),
            aisle: ItemCategory::Produce,
            flags: vec![],
            per,
            cents,
            focus: "Fiber".into(),
        };
        Catalogue {
            ingredients: vec![
                food("apple", Some("apples"), Unit::Whole, 90),
                food("medjool date", Some("medjool dates"), Unit::Whole, 40),
                food("egg", Some("eggs"), Unit::Whole, 35),
                food("black beans", None, Unit::Can, 110),
                food("garlic", None, Unit::Clove, 10),
                food("rolled oats", None, Unit::Cup, 30),
            ],
            ..Catalogue::default()
        }
    }

    #[test]
    fn a_list_buys_what_a_shop_sells_and_says_what_the_recipes_use() {
        let day = json!({
            "breakfast": {"name": "Oats", "ingredients": ["1/3 cup rolled oats", "1/2 apple", "2/3 medjool date"]},
            "lunch": {"name": "Chili", "ingredients": ["1/3 can black beans", "6 cloves garlic", "2 eggs"]},
            "snack": {"name": "Dates", "ingredients": ["2/3 medjool date"]},
        });
        let list = build_list(&catalogue(), &[day], &Exclusions::default());
        let shown: Vec<(String, Option<&str>, u32)> = list
            .items
            .iter()
            .map(|i| {
                let text = format!("{} {}", i.quantity, i.item_name);
                (text, i.quantity_note.as_deref(), i.estimated_price)
            })
            .collect();
        fn expect<'a>(
            text: &str,
            note: Option<&'a str>,
            cents: u32,
        ) -> (String, Option<&'a str>, u32) {
            (text.to_string(), note, cents)
        }
        assert_eq!(
            shown,
            [
                expect("1 apple", Some("Recipes use 1/2 apple"), 90),
                expect("1 can black beans", Some("Recipes use 1/3 can"), 110),
                expect("2 eggs", None, 70),
                expect("1 head garlic", Some("Recipes use 6 cloves"), 100),
                expect(
                    "2 medjool dates",
                    Some("Recipes use 1 1/3 medjool dates"),
                    80
                ),
                expect("1/2 cup rolled oats", Some("Recipes use 1/3 cup"), 15),
            ]
        );
        assert_eq!(list.estimated_cost, 90 + 110 + 70 + 100 + 80 + 15);
    }

    #[test]
    fn a_pantry_line_bought_rounded_up_names_the_guide() {
        let c = catalogue();
        let list = build_from_lines(
            &c,
            [("Fruit", "1/2 apple"), ("Fruit", "3 medjool dates")].into_iter(),
            &Exclusions::default(),
        );
        let notes: Vec<Option<&str>> = list
            .items
            .iter()
            .map(|i| i.quantity_note.as_deref())
            .collect();
        assert_eq!(notes, [Some("The pantry guide lists 1/2 apple"), None]);
    }
}
