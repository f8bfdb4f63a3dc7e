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
    Fields, FromField, ReadFields, camel, field, must, nested, only_known, word_index,
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
/// messages). The catalogue's readers refuse fields they do not know, so a
/// typo in the content file cannot hide.
macro_rules! object {
    ($name:ident as $label:literal, |$fields:ident| $read:expr) => {
        impl ReadFields for $name {
            const NAME: &'static str = $label;

            fn read_fields($fields: &Fields) -> Result<Self, FieldError> {
                $read
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

/// A list of exactly `N` values.
fn exactly<T: FromField, const N: usize>(
    fields: &Fields,
    snake: &str,
) -> Result<[T; N], FieldError> {
    let list: Vec<T> = field(fields, snake, None)?;
    list.try_into()
        .map_err(|_: Vec<T>| FieldError::new(camel(snake), format!("must be a list of {N}")))
}

object!(Ingredient as "an ingredient", |f| {
    only_known(
        f,
        &["name", "plural", "aisle", "flags", "per", "cents", "focus"],
        Ingredient::NAME,
    )?;
    Ok(Ingredient {
        name: field(f, "name", None)?,
        plural: field(f, "plural", None)?,
        aisle: field(f, "aisle", None)?,
        flags: field(f, "flags", Some(Vec::new))?,
        per: field(f, "per", None)?,
        cents: field(f, "cents", None)?,
        focus: field(f, "focus", None)?,
    })
});

object!(Recipe as "a recipe", |f| {
    only_known(
        f,
        &[
            "id",
            "name",
            "meal",
            "minutes",
            "ingredients",
            "benefits",
            "tags",
        ],
        Recipe::NAME,
    )?;
    Ok(Recipe {
        id: field(f, "id", None)?,
        name: field(f, "name", None)?,
        meal: field(f, "meal", None)?,
        minutes: field(f, "minutes", None)?,
        ingredients: field(f, "ingredients", None)?,
        benefits: field(f, "benefits", None)?,
        tags: field(f, "tags", Some(Vec::new))?,
    })
});

object!(Move as "a move", |f| {
    only_known(
        f,
        &["name", "kind", "measured", "amounts", "cue"],
        Move::NAME,
    )?;
    Ok(Move {
        name: field(f, "name", None)?,
        kind: field(f, "kind", None)?,
        measured: field(f, "measured", None)?,
        amounts: exactly(f, "amounts")?,
        cue: field(f, "cue", None)?,
    })
});

object!(Verse as "a verse", |f| {
    only_known(f, &["reference", "text", "focus"], Verse::NAME)?;
    Ok(Verse {
        reference: field(f, "reference", None)?,
        text: field(f, "text", None)?,
        focus: field(f, "focus", None)?,
    })
});

object!(Themes as "the themes", |f| {
    only_known(f, &["weeks", "meal_days", "fitness_days"], Themes::NAME)?;
    Ok(Themes {
        weeks: field(f, "weeks", None)?,
        meal_days: exactly(f, "meal_days")?,
        fitness_days: exactly(f, "fitness_days")?,
    })
});

object!(Routine as "the routine", |f| {
    only_known(f, &["warm_up", "cool_down", "sabbath"], Routine::NAME)?;
    Ok(Routine {
        warm_up: field(f, "warm_up", None)?,
        cool_down: field(f, "cool_down", None)?,
        sabbath: field(f, "sabbath", None)?,
    })
});

object!(PantryGroup as "a pantry group", |f| {
    only_known(f, &["title", "why", "items"], PantryGroup::NAME)?;
    Ok(PantryGroup {
        title: field(f, "title", None)?,
        why: field(f, "why", None)?,
        items: field(f, "items", None)?,
    })
});

object!(Catalogue as "the catalogue", |f| {
    only_known(
        f,
        &[
            "ingredients",
            "recipes",
            "moves",
            "verses",
            "themes",
            "routine",
            "tips",
            "pantry",
        ],
        Catalogue::NAME,
    )?;
    Ok(Catalogue {
        ingredients: field(f, "ingredients", None)?,
        recipes: field(f, "recipes", None)?,
        moves: field(f, "moves", None)?,
        verses: field(f, "verses", None)?,
        themes: field(f, "themes", None)?,
        routine: field(f, "routine", None)?,
        tips: field(f, "tips", None)?,
        pantry: field(f, "pantry", None)?,
    })
});

// A plan's days come back from the app as it was given them; what else a day
// or a meal carries is passed over.

object!(MealChoice as "a meal", |f| {
    Ok(MealChoice {
        recipe_id: field(f, "recipe_id", None)?,
        name: field(f, "name", None)?,
        ingredients: field(f, "ingredients", None)?,
        benefits: field(f, "benefits", None)?,
        minutes: field(f, "minutes", None)?,
        portion: field(f, "portion", None)?,
        swapped_from: field(f, "swapped_from", None)?,
    })
});

object!(MenuDay as "a plan day", |f| {
    Ok(MenuDay {
        day_number: field(f, "day_number", None)?,
        theme: field(f, "theme", None)?,
        breakfast: field(f, "breakfast", None)?,
        lunch: field(f, "lunch", None)?,
        dinner: field(f, "dinner", None)?,
        snacks: field(f, "snacks", None)?,
        beverages: field(f, "beverages", None)?,
        tips: field(f, "tips", None)?,
    })
});

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
            "recipes": [meal("a", "breakfast"), meal("b", "lunch"), meal("c", "dinner"), meal("d", "snack")],
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
