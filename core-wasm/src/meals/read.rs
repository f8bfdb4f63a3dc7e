//! Reading the catalogue and a meal plan's days from JSON, field by field,
//! with the record readers' plain refusals ("recipes: item 3: meal: 'brunch'
//! is not one of breakfast, lunch, dinner, snack"). The server and the
//! browser read the catalogue with this one reader, and the browser a plan's
//! days; a serde derive per type would weigh several times more in the
//! browser build.

use super::catalogue::{
    Catalogue, Flag, Ingredient, Meal, Measured, Move, MoveKind, PantryGroup, Recipe, Routine,
    Themes, Tips, Verse,
};
use super::menu::{MealChoice, MenuDay};
use super::quantity::Unit;
use manna_sync_protocol::FieldError;
use manna_sync_protocol::records::read::{
    Fields, FromField, ReadFields, camel, must, nested, only_known, read_field, read_object,
    word_index,
};
use serde_json::Value;

/// Each variant of an enum with the word it is written as.
macro_rules! words {
    ($name:ident { $($variant:ident = $word:literal),+ $(,)? }) => {
        impl FromField for $name {
            fn from_value(value: &Value) -> Result<Self, String> {
                const VALUES: &[$name] = &[$($name::$variant),+];
                word_index(value, &[$($word),+]).map(|i| VALUES[i])
            }
        }
    };
}

words!(Flag {
    Gluten = "gluten",
    Dairy = "dairy",
    Nut = "nut",
    Egg = "egg",
    Shellfish = "shellfish",
    Fish = "fish",
    Soy = "soy",
    Meat = "meat",
    RedMeat = "red_meat",
    SatFat = "sat_fat",
    AddedSugar = "added_sugar",
    Starch = "starch",
    Refined = "refined",
});

words!(Unit {
    Tsp = "tsp",
    Tbsp = "tbsp",
    Cup = "cup",
    Oz = "oz",
    Lb = "lb",
    Clove = "clove",
    Slice = "slice",
    Can = "can",
    Head = "head",
    Whole = "whole",
});

words!(Meal {
    Breakfast = "breakfast",
    Lunch = "lunch",
    Dinner = "dinner",
    Snack = "snack",
});

words!(MoveKind {
    Strength = "strength",
    Core = "core",
    Cardio = "cardio",
    Mobility = "mobility",
    Walk = "walk",
});

words!(Measured {
    Reps = "reps",
    Seconds = "seconds",
    Minutes = "minutes",
});

/// Declares how a struct reads from an object (`$label` names one in
/// messages): `$read` reads each field with `read_field`, leaving the first
/// refusal in `$refused`. The catalogue's readers refuse fields they do not
/// know (`known`), so a typo in the content file cannot hide.
macro_rules! object {
    (
        $name:ident as $label:literal $(, known $known:expr)?,
        |$fields:ident, $refused:ident| $read:expr
    ) => {
        impl ReadFields for $name {
            const NAME: &'static str = $label;

            fn read_fields($fields: &Fields) -> Result<Self, FieldError> {
                $( only_known($fields, $known, $label)?; )?
                read_object(|$refused| $read)
            }
        }

        impl FromField for $name {
            fn from_value(value: &Value) -> Result<Self, String> {
                nested(value)
            }
        }
    };
}

impl FromField for Tips {
    fn from_value(value: &Value) -> Result<Self, String> {
        let Value::Object(keys) = value else {
            return Err(must("an object", value));
        };
        keys.iter()
            .map(|(key, tips)| match FromField::from_value(tips) {
                Ok(tips) => Ok((key.clone(), tips)),
                Err(m) => Err(format!("{key}: {m}")),
            })
            .collect::<Result<_, _>>()
            .map(Tips)
    }
}

/// A list of exactly `N` values, read as `read_field` reads one.
fn exactly<T: FromField, const N: usize>(
    fields: &Fields,
    snake: &str,
    refused: &mut FieldError,
) -> Option<[T; N]> {
    let list: Vec<T> = read_field(fields, snake, None, refused)?;
    match list.try_into() {
        Ok(exact) => Some(exact),
        Err(_) => {
            *refused = FieldError::new(camel(snake), format!("must be a list of {N}"));
            None
        }
    }
}

object!(Ingredient as "an ingredient",
    known &["name", "plural", "aisle", "flags", "per", "cents", "focus"],
    |f, r| Some(Ingredient {
    name: read_field(f, "name", None, r)?,
    plural: read_field(f, "plural", None, r)?,
    aisle: read_field(f, "aisle", None, r)?,
    flags: read_field(f, "flags", Some(Vec::new), r)?,
    per: read_field(f, "per", None, r)?,
    cents: read_field(f, "cents", None, r)?,
    focus: read_field(f, "focus", None, r)?,
}));

object!(Recipe as "a recipe", known &[
        "id",
        "formerIds",
        "name",
        "meal",
        "minutes",
        "ingredients",
        "benefits",
        "tags",
    ], |f, r| Some(Recipe {
    id: read_field(f, "id", None, r)?,
    former_ids: read_field(f, "formerIds", Some(Vec::new), r)?,
    name: read_field(f, "name", None, r)?,
    meal: read_field(f, "meal", None, r)?,
    minutes: read_field(f, "minutes", None, r)?,
    ingredients: read_field(f, "ingredients", None, r)?,
    benefits: read_field(f, "benefits", None, r)?,
    tags: read_field(f, "tags", Some(Vec::new), r)?,
}));

object!(Move as "a move", known &["name", "kind", "measured", "amounts", "cue"], |f, r| Some(Move {
    name: read_field(f, "name", None, r)?,
    kind: read_field(f, "kind", None, r)?,
    measured: read_field(f, "measured", None, r)?,
    amounts: exactly(f, "amounts", r)?,
    cue: read_field(f, "cue", None, r)?,
}));

object!(Verse as "a verse", known &["reference", "text", "focus"], |f, r| Some(Verse {
    reference: read_field(f, "reference", None, r)?,
    text: read_field(f, "text", None, r)?,
    focus: read_field(f, "focus", None, r)?,
}));

object!(Themes as "the themes", known &["weeks", "meal_days", "fitness_days"], |f, r| Some(Themes {
    weeks: read_field(f, "weeks", None, r)?,
    meal_days: exactly(f, "meal_days", r)?,
    fitness_days: exactly(f, "fitness_days", r)?,
}));

object!(Routine as "the routine", known &["warm_up", "cool_down", "sabbath"], |f, r| Some(Routine {
    warm_up: read_field(f, "warm_up", None, r)?,
    cool_down: read_field(f, "cool_down", None, r)?,
    sabbath: read_field(f, "sabbath", None, r)?,
}));

object!(PantryGroup as "a pantry group", known &["title", "why", "items"], |f, r| Some(PantryGroup {
    title: read_field(f, "title", None, r)?,
    why: read_field(f, "why", None, r)?,
    items: read_field(f, "items", None, r)?,
}));

object!(Catalogue as "the catalogue", known &[
        "ingredients",
        "recipes",
        "moves",
        "verses",
        "themes",
        "routine",
        "tips",
        "pantry",
    ], |f, r| Some(Catalogue {
    ingredients: read_field(f, "ingredients", None, r)?,
    recipes: read_field(f, "recipes", None, r)?,
    moves: read_field(f, "moves", None, r)?,
    verses: read_field(f, "verses", None, r)?,
    themes: read_field(f, "themes", None, r)?,
    routine: read_field(f, "routine", None, r)?,
    tips: read_field(f, "tips", None, r)?,
    pantry: read_field(f, "pantry", None, r)?,
}));

// A plan's days come back from the app as it was given them; what else a day
// or a meal carries is passed over.

object!(MealChoice as "a meal", |f, r| Some(MealChoice {
    recipe_id: read_field(f, "recipe_id", None, r)?,
    name: read_field(f, "name", None, r)?,
    ingredients: read_field(f, "ingredients", None, r)?,
    benefits: read_field(f, "benefits", None, r)?,
    minutes: read_field(f, "minutes", None, r)?,
    portion: read_field(f, "portion", None, r)?,
    swapped_from: read_field(f, "swapped_from", None, r)?,
}));

object!(MenuDay as "a plan day", |f, r| Some(MenuDay {
    day_number: read_field(f, "day_number", None, r)?,
    theme: read_field(f, "theme", None, r)?,
    breakfast: read_field(f, "breakfast", None, r)?,
    lunch: read_field(f, "lunch", None, r)?,
    dinner: read_field(f, "dinner", None, r)?,
    snacks: read_field(f, "snacks", None, r)?,
    beverages: read_field(f, "beverages", None, r)?,
    tips: read_field(f, "tips", None, r)?,
}));

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn catalogue() -> Value {
        let meal = |id: &str, meal: &str| {
            json!({"id": id, "name": id, "meal": meal, "minutes": 5,
                   "ingredients": ["1 cup rolled oats"], "benefits": "good"})
        };
        json!({
            "ingredients": [{"name": "rolled oats", "aisle": "pantry", "per": "cup",
                             "cents": 30, "focus": "fiber", "flags": ["gluten"]}],
            "recipes": [meal("a", "breakfast"), meal("b", "lunch"),
                        meal("c", "dinner"), meal("d", "snack")],
            "moves": [{"name": "squats", "kind": "strength", "measured": "reps",
                       "amounts": [10, 15, 20], "cue": "sit back"}],
            "verses": [{"reference": "Ps 23:1", "text": "The Lord is my shepherd", "focus": "Rest"}],
            "themes": {"weeks": ["One"], "mealDays": ["M", "T", "W", "T", "F", "S", "S"],
                       "fitnessDays": ["M", "T", "W", "T", "F", "S", "S"]},
            "routine": {"warmUp": "walk", "coolDown": "stretch", "sabbath": ["rest"]},
            "tips": {"weight_loss": ["Eat slowly."]},
            "pantry": [{"title": "Grains", "why": "fiber", "items": ["2 cups rolled oats"]}]
        })
    }

    #[test]
    fn a_catalogue_reads_with_its_defaults() {
        let read = Catalogue::from_value(&catalogue()).map_err(|e| e.to_string());
        let read = read.as_ref().map(|c| {
            (
                c.ingredients[0].plural.clone(),
                c.ingredients[0].flags.clone(),
                c.recipes[0].tags.len(),
                c.moves[0].amounts,
                c.tips.get("weight_loss").cloned(),
            )
        });
        assert_eq!(
            read,
            Ok((
                None,
                vec![Flag::Gluten],
                0,
                [10, 15, 20],
                Some(vec!["Eat slowly.".to_string()])
            ))
        );
    }

    #[test]
    fn a_recipe_is_found_by_an_id_it_had_before() {
        let mut c = catalogue();
        let id = c["recipes"][0]["id"].clone();
        c["recipes"][0]["formerIds"] = json!(["green-detox-smoothie"]);
        let read = Catalogue::from_value(&c).expect("test value");
        assert_eq!(
            read.recipe("green-detox-smoothie").map(|r| json!(r.id)),
            Some(id.clone())
        );
        assert_eq!(
            read.recipe(id.as_str().expect("an id"))
                .map(|r| json!(r.id)),
            Some(id)
        );
        assert!(read.recipe("no-such-dish").is_none());
    }

    #[test]
    fn a_catalogue_that_does_not_read_says_where() {
        let refused = |change: fn(&mut Value)| {
            let mut c = catalogue();
            change(&mut c);
            Catalogue::from_value(&c).err()
        };
        assert_eq!(
            refused(|c| c["recipes"][1]["meal"] = json!("brunch")),
            Some(
                "recipes: item 2: meal: 'brunch' is not one of breakfast, lunch, dinner, snack"
                    .into()
            )
        );
        assert_eq!(
            refused(|c| c["ingredients"][0]["colour"] = json!("beige")),
            Some("ingredients: item 1: colour: is not a field of an ingredient".into())
        );
        assert_eq!(
            refused(|c| c["moves"][0]["amounts"] = json!([1, 2])),
            Some("moves: item 1: amounts: must be a list of 3".into())
        );
        assert_eq!(
            refused(|c| c["tips"]["weight_loss"] = json!("Eat slowly.")),
            Some("tips: weight_loss: must be a list, not \"Eat slowly.\"".into())
        );
        assert_eq!(
            refused(|c| c["recipes"][1]["id"] = json!("a")),
            Some("recipe id a is used twice".into())
        );
    }

    #[test]
    fn a_plan_day_passes_over_what_it_does_not_know() {
        let meal = json!({"recipeId": "a", "name": "Oats", "ingredients": [], "benefits": "",
                          "minutes": 5, "portion": null, "extra": 1});
        let day = json!({"dayNumber": 1, "theme": "Rest", "breakfast": meal, "lunch": meal,
                         "dinner": meal, "snacks": [], "beverages": ["water"], "tips": "",
                         "shown": true});
        let read = MenuDay::from_value(&day).map(|d| (d.breakfast.portion, d.beverages));
        assert_eq!(read, Ok((None, vec!["water".to_string()])));
        let mut missing = day;
        missing["lunch"]["name"] = Value::Null;
        assert_eq!(
            MenuDay::from_value(&missing).err(),
            Some("lunch: name: must be text, not null".into())
        );
    }
}
