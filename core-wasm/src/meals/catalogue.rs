//! The catalogue plans are built from: ingredients (aisle, price, what they
//! contain), recipes (whose ingredient lines name catalogue ingredients), the
//! movements of workouts, the verses of each day's spiritual focus, day themes
//! and tips. The server loads it from its content file; the browser gets the
//! same file, so both build the same plan from the same answers.

use super::quantity::{Amount, Measure, Unit};
use manna_sync_protocol::records::read::joined;
use manna_sync_protocol::records::shopping::ItemCategory;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What an ingredient contains that a diet or an allergy may exclude.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flag {
    Gluten,
    Dairy,
    /// Tree nuts and peanuts.
    Nut,
    Egg,
    Shellfish,
    Fish,
    Soy,
    /// Any meat or poultry.
    Meat,
    /// Beef, lamb, pork.
    RedMeat,
    /// Butter, cream, cheese, coconut oil: mostly saturated fat.
    SatFat,
    AddedSugar,
    /// Grains, potatoes, bread, legumes, sweet fruit: what low-carb eating limits.
    Starch,
    /// White flour, white rice, pasta.
    Refined,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ingredient {
    /// As recipe lines name it, singular: "spinach", "egg".
    pub name: String,
    /// "eggs"; the name itself when absent.
    pub plural: Option<String>,
    pub aisle: ItemCategory,
    pub flags: Vec<Flag>,
    /// The unit its price is for; recipe lines use a unit of the same kind.
    pub per: Unit,
    /// Cents for one `per`.
    pub cents: u32,
    /// What it brings, shown on the shopping list.
    pub focus: String,
}

impl Ingredient {
    pub fn plural_name(&self) -> &str {
        self.plural.as_deref().unwrap_or(&self.name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Meal {
    Breakfast,
    Lunch,
    Dinner,
    Snack,
}

impl Meal {
    pub const ALL: [Meal; 4] = [Meal::Breakfast, Meal::Lunch, Meal::Dinner, Meal::Snack];

    /// The field of a plan day that holds this meal.
    pub fn field(self) -> &'static str {
        match self {
            Meal::Breakfast => "breakfast",
            Meal::Lunch => "lunch",
            Meal::Dinner => "dinner",
            Meal::Snack => "snack",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    pub id: String,
    /// Ids the recipe had before (a plan or a saved day may still name it so).
    pub former_ids: Vec<String>,
    pub name: String,
    pub meal: Meal,
    pub minutes: u32,
    /// "1 cup spinach", "2 cloves garlic, minced": amount, unit, catalogue
    /// ingredient, and after a comma how to prepare it.
    pub ingredients: Vec<String>,
    pub benefits: String,
    /// Plan categories, goals and cooking styles it suits ("anti-inflammatory",
    /// "high_protein", "quick_prep").
    pub tags: Vec<String>,
}

/// A recipe line read: which ingredient, how much, how it is prepared.
#[derive(Debug, Clone, PartialEq)]
pub struct Line<'a> {
    pub ingredient: &'a Ingredient,
    pub amount: Amount,
    pub unit: Unit,
    pub note: Option<&'a str>,
}

impl Line<'_> {
    pub fn measure(&self) -> Measure {
        Measure::new(self.amount, self.unit)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Strength,
    Core,
    Cardio,
    Mobility,
    Walk,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measured {
    Reps,
    Seconds,
    Minutes,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    pub name: String,
    pub kind: MoveKind,
    pub measured: Measured,
    /// Reps, seconds or minutes for a beginner, an intermediate and an advanced person.
    pub amounts: [u32; 3],
    /// How to do it well, in a few words.
    pub cue: String,
}

/// A verse for a day's spiritual focus (King James Version, quoted verbatim).
#[derive(Debug, Clone, PartialEq)]
pub struct Verse {
    pub reference: String,
    pub text: String,
    /// The day's focus in a few words ("Strength for today").
    pub focus: String,
}

/// Names for a plan's days: one per week and one per day of the week.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Themes {
    pub weeks: Vec<String>,
    pub meal_days: [String; 7],
    pub fitness_days: [String; 7],
}

/// The fixed parts of every workout.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Routine {
    /// What to do in the warm-up and the cool-down (their length is the plan's).
    pub warm_up: String,
    pub cool_down: String,
    /// The seventh day's rest: gentle steps and prayer.
    pub sabbath: Vec<String>,
}

/// Tips keyed by a goal, a health concern or a dietary restriction word.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tips(pub Vec<(String, Vec<String>)>);

impl Tips {
    /// The tips of `key`, if the catalogue has any.
    pub fn get(&self, key: &str) -> Option<&Vec<String>> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, tips)| tips)
    }
}

/// A group of the pantry guide.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PantryGroup {
    pub title: String,
    pub why: String,
    /// What a stocked pantry holds, in lines written as recipes write them.
    pub items: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalogue {
    pub ingredients: Vec<Ingredient>,
    pub recipes: Vec<Recipe>,
    pub moves: Vec<Move>,
    pub verses: Vec<Verse>,
    pub themes: Themes,
    pub routine: Routine,
    pub tips: Tips,
    pub pantry: Vec<PantryGroup>,
}

impl Catalogue {
    /// The catalogue in its content file's text, read and checked.
    pub fn from_json(text: &str) -> Result<Catalogue, String> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Catalogue::from_value(&value)
    }

    /// The catalogue as parsed JSON (field by field, `super::read`), checked.
    pub fn from_value(value: &serde_json::Value) -> Result<Catalogue, String> {
        let catalogue: Catalogue = manna_sync_protocol::records::read::nested(value)?;
        catalogue.check()?;
        Ok(catalogue)
    }

    pub fn ingredient(&self, name: &str) -> Option<&Ingredient> {
        self.ingredients
            .iter()
            .find(|i| i.name == name || i.plural.as_deref() == Some(name))
    }

    /// The recipe with `id`, or whose former id it is.
    pub fn recipe(&self, id: &str) -> Option<&Recipe> {
        self.recipes.iter().find(|r| r.id == id).or_else(|| {
            self.recipes
                .iter()
                .find(|r| r.former_ids.iter().any(|f| f == id))
        })
    }

    /// Reads a recipe line: "1 1/2 cups rolled oats, soaked".
    pub fn line<'a>(&'a self, text: &'a str) -> Result<Line<'a>, String> {
        let (main, note) = match text.split_once(',') {
            Some((main, note)) => (main, Some(note.trim())),
            None => (text, None),
        };
        let words: Vec<&str> = main.split_whitespace().collect();
        // The amount is one or two words ("1 1/2").
        let (amount, rest) = match words.as_slice() {
            [w, f, rest @ ..]
                if f.contains('/') && Amount::parse(&format!("{w} {f}")).is_some() =>
            {
                (Amount::parse(&format!("{w} {f}")), rest)
            }
            [w, rest @ ..] => (Amount::parse(w), rest),
            [] => (None, &[][..]),
        };
        let amount = amount.ok_or_else(|| format!("\"{text}\" does not start with an amount"))?;
        let (unit, name) = match rest.split_first() {
            Some((w, name)) if Unit::parse(w).is_some() => (Unit::parse(w), name),
            _ => (Some(Unit::Whole), rest),
        };
        let unit = unit.unwrap_or(Unit::Whole);
        let name = joined(name, " ");
        let ingredient = self
            .ingredient(&name)
            .ok_or_else(|| format!("\"{text}\": no ingredient \"{name}\" in the catalogue"))?;
        if ingredient.per.kind() != unit.kind() {
            return Err(format!(
                "\"{text}\": {} is measured like {:?}, not {unit:?}",
                ingredient.name, ingredient.per
            ));
        }
        Ok(Line {
            ingredient,
            amount,
            unit,
            note,
        })
    }

    /// The recipe's lines, read. Checked when the catalogue is loaded, so a
    /// line that does not read is skipped here, never a reason to fail.
    pub fn lines<'a>(&'a self, recipe: &'a Recipe) -> impl Iterator<Item = Line<'a>> + 'a {
        recipe.ingredients.iter().filter_map(|l| self.line(l).ok())
    }

    /// Every line of every recipe and pantry group reads, ids are unique, and
    /// each table the generator draws from has something in it.
    fn check(&self) -> Result<(), String> {
        for (i, recipe) in self.recipes.iter().enumerate() {
            if self.recipes[..i].iter().any(|r| r.id == recipe.id) {
                return Err(format!("recipe id {} is used twice", recipe.id));
            }
            if recipe.ingredients.is_empty() {
                return Err(format!("recipe {} has no ingredients", recipe.id));
            }
            for line in &recipe.ingredients {
                self.line(line)
                    .map_err(|e| format!("recipe {}: {e}", recipe.id))?;
            }
        }
        for group in &self.pantry {
            for line in &group.items {
                self.line(line)
                    .map_err(|e| format!("pantry {}: {e}", group.title))?;
            }
        }
        for meal in Meal::ALL {
            if !self.recipes.iter().any(|r| r.meal == meal) {
                return Err(format!("no {} recipes", meal.field()));
            }
        }
        if self.verses.is_empty() || self.moves.is_empty() || self.themes.weeks.is_empty() {
            return Err("verses, moves and week themes must not be empty".into());
        }
        Ok(())
    }
}
