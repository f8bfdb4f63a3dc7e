//! Meals as a plan day shows them, and the catalogue's meal plans: their days
//! name recipes, which are written out here (name, ingredient lines,
//! benefits), and swapped for an allowed recipe of the same meal when the
//! person's allergies, dislikes or restrictions rule one out.

use super::catalogue::{Catalogue, Flag, Meal, Recipe};
use super::diet::Exclusions;
use super::pick::Seeded;
use super::quantity::wording;
use manna_sync_protocol::records::shopping::ItemCategory;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A meal of a plan day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MealChoice {
    pub recipe_id: String,
    pub name: String,
    pub ingredients: Vec<String>,
    pub benefits: String,
    pub minutes: u32,
    /// How much to serve, when the goal changes it.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portion: Option<String>,
    /// The meal this one replaced for the person's preferences.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swapped_from: Option<String>,
}

/// A change of portion: the lines of one aisle or one flag scaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Portion {
    pub aisle: Option<ItemCategory>,
    pub flag: Option<Flag>,
    pub num: u64,
    pub den: u64,
    pub note: &'static str,
}

impl MealChoice {
    pub fn of(catalogue: &Catalogue, recipe: &Recipe, portion: Option<Portion>) -> MealChoice {
        let mut scaled = false;
        let ingredients = recipe
            .ingredients
            .iter()
            .map(|text| match (catalogue.line(text), portion) {
                (Ok(line), Some(p))
                    if p.aisle == Some(line.ingredient.aisle)
                        || p.flag.is_some_and(|f| line.ingredient.flags.contains(&f)) =>
                {
                    scaled = true;
                    let amount = line.amount.times(p.num, p.den);
                    let words = wording(
                        amount,
                        line.unit,
                        &line.ingredient.name,
                        line.ingredient.plural_name(),
                    );
                    match line.note {
                        Some(note) => format!("{words}, {note}"),
                        None => words,
                    }
                }
                _ => text.clone(),
            })
            .collect();
        MealChoice {
            recipe_id: recipe.id.clone(),
            name: recipe.name.clone(),
            ingredients,
            benefits: recipe.benefits.clone(),
            minutes: recipe.minutes,
            portion: portion.filter(|_| scaled).map(|p| p.note.to_string()),
            swapped_from: None,
        }
    }
}

/// A day of a catalogue meal plan as its content file writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MenuSource {
    pub day_number: u32,
    pub theme: String,
    pub breakfast: String,
    pub lunch: String,
    pub dinner: String,
    pub snacks: Vec<String>,
    pub beverages: Vec<String>,
    pub tips: String,
}

/// A day of a meal plan as the app shows it (spec: meal plan day).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MenuDay {
    pub day_number: u32,
    pub theme: String,
    pub breakfast: MealChoice,
    pub lunch: MealChoice,
    pub dinner: MealChoice,
    pub snacks: Vec<MealChoice>,
    pub beverages: Vec<String>,
    pub tips: String,
}

impl MenuSource {
    /// The day written out, or which recipe it names that does not exist.
    pub fn resolve(&self, catalogue: &Catalogue) -> Result<MenuDay, String> {
        let meal = |id: &str, want: Meal| match catalogue.recipe(id) {
            Some(r) if r.meal == want => Ok(MealChoice::of(catalogue, r, None)),
            Some(_) => Err(format!(
                "day {}: {id} is not a {} recipe",
                self.day_number,
                want.field()
            )),
            None => Err(format!("day {}: no recipe {id}", self.day_number)),
        };
        Ok(MenuDay {
            day_number: self.day_number,
            theme: self.theme.clone(),
            breakfast: meal(&self.breakfast, Meal::Breakfast)?,
            lunch: meal(&self.lunch, Meal::Lunch)?,
            dinner: meal(&self.dinner, Meal::Dinner)?,
            snacks: self
                .snacks
                .iter()
                .map(|id| meal(id, Meal::Snack))
                .collect::<Result<_, _>>()?,
            beverages: self.beverages.clone(),
            tips: self.tips.clone(),
        })
    }
}

/// The days with every meal the person cannot or will not eat replaced by an
/// allowed recipe of the same meal, those of the plan's `category` first,
/// chosen the same way for the same plan and preferences. A meal with no
/// allowed replacement is left out (a snack) or kept out of the day's meals
/// as `None`, never served against the rules.
pub fn personalise(
    days: &[MenuDay],
    catalogue: &Catalogue,
    exclusions: &Exclusions,
    category: &str,
) -> Vec<PersonalDay> {
    let allowed = |id: &str| {
        catalogue
            .recipe(id)
            .is_some_and(|r| exclusions.allows_recipe(catalogue, r))
    };
    let alternatives = |meal: Meal| {
        let mut list: Vec<&Recipe> = catalogue
            .recipes
            .iter()
            .filter(|r| r.meal == meal && exclusions.allows_recipe(catalogue, r))
            .collect();
        let mut rng = Seeded::new(category);
        rng.shuffle(&mut list);
        crate::order::sort_by_key(&mut list, |r| !r.tags.iter().any(|t| t == category));
        list
    };
    let swaps: Vec<Vec<&Recipe>> = Meal::ALL.iter().map(|m| alternatives(*m)).collect();
    let swap = |choice: &MealChoice, meal: Meal, day: u32| -> Option<MealChoice> {
        if allowed(&choice.recipe_id) {
            return Some(choice.clone());
        }
        let options = &swaps[meal as usize];
        let pick = options.get((day as usize - 1) % options.len().max(1))?;
        let mut out = MealChoice::of(catalogue, pick, None);
        out.swapped_from = Some(choice.name.clone());
        Some(out)
    };
    days.iter()
        .map(|d| PersonalDay {
            day_number: d.day_number,
            theme: d.theme.clone(),
            breakfast: swap(&d.breakfast, Meal::Breakfast, d.day_number),
            lunch: swap(&d.lunch, Meal::Lunch, d.day_number),
            dinner: swap(&d.dinner, Meal::Dinner, d.day_number),
            snacks: d
                .snacks
                .iter()
                .filter_map(|s| swap(s, Meal::Snack, d.day_number))
                .collect(),
            beverages: d.beverages.clone(),
            tips: d.tips.clone(),
        })
        .collect()
}

/// A meal plan day fitted to a person: a meal may be missing when nothing
/// allowed can take its place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PersonalDay {
    pub day_number: u32,
    pub theme: String,
    pub breakfast: Option<MealChoice>,
    pub lunch: Option<MealChoice>,
    pub dinner: Option<MealChoice>,
    pub snacks: Vec<MealChoice>,
    pub beverages: Vec<String>,
    pub tips: String,
}
