//! What a person's plan must leave out. Dietary restrictions and allergies are
//! hard rules: a recipe with any ingredient they exclude is never chosen, so it
//! can reach neither a plan day nor a shopping list.
//!
//! Restrictions exclude what their ingredients contain (`Flag`); an allergy is
//! read as a known allergen ("peanuts", "dairy", "shrimp") or else as an
//! ingredient's name, as a dislike is ("mushrooms", "cilantro").

use super::catalogue::{Catalogue, Flag, Ingredient, Recipe};
use manna_sync_protocol::records::wellness::DietaryRestriction;

/// What each restriction leaves out.
pub fn excluded_by(restriction: DietaryRestriction) -> &'static [Flag] {
    use DietaryRestriction as R;
    use Flag as F;
    match restriction {
        R::GlutenFree => &[F::Gluten],
        R::DairyFree => &[F::Dairy],
        R::NutAllergies => &[F::Nut],
        R::EggAllergy => &[F::Egg],
        R::ShellfishAllergy => &[F::Shellfish],
        R::SoyFree => &[F::Soy],
        R::Vegetarian => &[F::Meat, F::RedMeat, F::Fish, F::Shellfish],
        R::LowCarb => &[F::Starch, F::AddedSugar],
        R::DiabeticFriendly => &[F::AddedSugar, F::Refined],
        R::HeartHealthy => &[F::RedMeat, F::SatFat],
        R::None => &[],
    }
}

/// Allergy words people type, and what they mean.
const ALLERGENS: &[(&str, Flag)] = &[
    ("gluten", Flag::Gluten),
    ("wheat", Flag::Gluten),
    ("celiac", Flag::Gluten),
    ("dairy", Flag::Dairy),
    ("milk", Flag::Dairy),
    ("lactose", Flag::Dairy),
    ("nut", Flag::Nut),
    ("nuts", Flag::Nut),
    ("tree nut", Flag::Nut),
    ("tree nuts", Flag::Nut),
    ("peanut", Flag::Nut),
    ("peanuts", Flag::Nut),
    ("egg", Flag::Egg),
    ("eggs", Flag::Egg),
    ("shellfish", Flag::Shellfish),
    ("shrimp", Flag::Shellfish),
    ("fish", Flag::Fish),
    ("soy", Flag::Soy),
    ("soya", Flag::Soy),
];

/// The allergies a plan's start form offers as choices (each a word the rules
/// above read; any other word typed is read as an ingredient's name).
pub const OFFERED_ALLERGIES: &[&str] = &[
    "nuts",
    "dairy",
    "eggs",
    "gluten",
    "soy",
    "fish",
    "shellfish",
];

/// A flag's bit in a set of flags (a set type would add its own code to the
/// browser build for a handful of flags).
fn bit(flag: Flag) -> u32 {
    1 << flag as u32
}

/// The plan's hard rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Exclusions {
    /// The flags left out, one bit each (`bit`).
    flags: u32,
    /// Lower-case words: an ingredient whose name holds one is left out.
    words: Vec<String>,
}

impl Exclusions {
    pub fn new(
        restrictions: &[DietaryRestriction],
        allergies: &[String],
        dislikes: &[String],
    ) -> Exclusions {
        let mut out = Exclusions::default();
        for r in restrictions {
            for flag in excluded_by(*r) {
                out.flags |= bit(*flag);
            }
        }
        for allergy in allergies {
            let word = allergy.trim().to_lowercase();
            match ALLERGENS.iter().find(|(w, _)| *w == word) {
                Some((_, flag)) => {
                    out.flags |= bit(*flag);
                }
                None => out.add_word(&word),
            }
        }
        for dislike in dislikes {
            out.add_word(&dislike.trim().to_lowercase());
        }
        out
    }

    /// Restrictions given by their words (an unknown word is read as a
    /// dislike, so nothing a person wrote is ignored).
    pub fn from_words(restrictions: &[String], allergies: &[String], dislikes: &[String]) -> Self {
        let mut known = Vec::new();
        let mut others = dislikes.to_vec();
        for word in restrictions {
            match DietaryRestriction::from_wire(word.trim()) {
                Some(r) => known.push(r),
                None => others.push(word.clone()),
            }
        }
        Exclusions::new(&known, allergies, &others)
    }

    /// From a meal plan enrollment's `preferences` (`{allergies, dislikes,
    /// dietaryRestrictions}`, each a list of words, any of them absent;
    /// `null` leaves out nothing).
    pub fn from_preferences(preferences: &serde_json::Value) -> Self {
        let words = |key: &str| -> Vec<String> {
            preferences
                .get(key)
                .and_then(serde_json::Value::as_array)
                .map(|l| {
                    l.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        };
        Exclusions::from_words(
            &words("dietaryRestrictions"),
            &words("allergies"),
            &words("dislikes"),
        )
    }

    fn add_word(&mut self, word: &str) {
        if !word.is_empty() && !self.words.iter().any(|w| w == word) {
            self.words.push(word.to_string());
        }
    }

    pub fn is_empty(&self) -> bool {
        self.flags == 0 && self.words.is_empty()
    }

    pub fn allows(&self, ingredient: &Ingredient) -> bool {
        let names = [ingredient.name.as_str(), ingredient.plural_name()];
        let named = |w: &str| {
            let one = singular(w);
            names.iter().any(|n| {
                let n = n.to_lowercase();
                n == w
                    || n == one
                    || (w.contains(' ') && n.contains(w))
                    || n.split(' ').any(|part| part == w || part == one)
            })
        };
        !ingredient.flags.iter().any(|f| self.flags & bit(*f) != 0)
            && !self.words.iter().any(|w| named(w))
    }

    /// Whether every ingredient of the recipe is allowed.
    pub fn allows_recipe(&self, catalogue: &Catalogue, recipe: &Recipe) -> bool {
        catalogue.lines(recipe).all(|l| self.allows(l.ingredient))
    }
}

/// "berries" → "berry", "tomatoes" → "tomato", "mushrooms" → "mushroom".
fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies") {
        return format!("{stem}y");
    }
    if let Some(stem) = word.strip_suffix("oes") {
        return format!("{stem}o");
    }
    word.strip_suffix('s').unwrap_or(word).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meals::quantity::Unit;
    use manna_sync_protocol::records::shopping::ItemCategory;

    fn ingredient(name: &str, plural: Option<&str>, flags: &[Flag]) -> Ingredient {
        Ingredient {
            name: name.into(),
            plural: plural.map(Into::into),
            aisle: ItemCategory::Produce,
            flags: flags.to_vec(),
            per: Unit::Whole,
            cents: 10,
            focus: "x".into(),
        }
    }

    #[test]
    fn restrictions_leave_out_what_ingredients_contain() {
        let walnut = ingredient("walnuts", None, &[Flag::Nut]);
        let chicken = ingredient("chicken breast", None, &[Flag::Meat]);
        let kale = ingredient("kale", None, &[]);
        let nut_free = Exclusions::new(&[DietaryRestriction::NutAllergies], &[], &[]);
        assert!(!nut_free.allows(&walnut) && nut_free.allows(&chicken));
        let veg = Exclusions::new(&[DietaryRestriction::Vegetarian], &[], &[]);
        assert!(!veg.allows(&chicken) && veg.allows(&kale) && veg.allows(&walnut));
        assert!(Exclusions::new(&[DietaryRestriction::None], &[], &[]).is_empty());
    }

    #[test]
    fn every_allergy_offered_is_an_allergen_the_rules_read() {
        for word in OFFERED_ALLERGIES {
            assert!(ALLERGENS.iter().any(|(w, _)| w == word), "{word}");
        }
    }

    #[test]
    fn allergies_are_allergens_or_ingredient_names() {
        let almond = ingredient("almond butter", None, &[Flag::Nut]);
        let shrimp = ingredient("shrimp", None, &[Flag::Shellfish]);
        let berry = ingredient("strawberry", Some("strawberries"), &[]);
        let ex = Exclusions::new(&[], &["Peanuts".into(), "strawberries".into()], &[]);
        assert!(!ex.allows(&almond), "peanuts is read as the nut allergen");
        assert!(
            !ex.allows(&berry),
            "an unknown allergy is an ingredient's name"
        );
        assert!(ex.allows(&shrimp));
    }

    #[test]
    fn dislikes_match_names_singular_or_plural() {
        let mushroom = ingredient("mushroom", Some("mushrooms"), &[]);
        let tomato = ingredient("cherry tomato", Some("cherry tomatoes"), &[]);
        let ex = Exclusions::new(&[], &[], &["Mushrooms".into(), "tomatoes".into()]);
        assert!(!ex.allows(&mushroom));
        assert!(!ex.allows(&tomato), "a word of the name counts");
        let words = Exclusions::from_words(&["vegan-ish".into()], &[], &[]);
        assert!(
            !words.is_empty(),
            "an unknown restriction is kept as a word"
        );
    }
}
