//! The two personal 30-day plans built from a wellness goal: a meal plan and a
//! fitness challenge. Dietary restrictions are hard rules (see `diet`); the
//! goal, health concerns, preferred meal types and budget only decide which of
//! the allowed recipes come first. The same goal and seed always give the same
//! plans, on the server and in the browser.

use super::catalogue::{Catalogue, Flag, Meal, Recipe, Verse};
use super::diet::Exclusions;
use super::fitness::{self, Workout};
use super::menu::{MealChoice, Portion};
use super::pick::{Seeded, on_day, rota};
use manna_sync_protocol::records::plans::PlanType;
use manna_sync_protocol::records::read::joined;
use manna_sync_protocol::records::shopping::ItemCategory;
use manna_sync_protocol::records::wellness::{
    Budget, DietaryRestriction, HealthConcern, PrimaryGoal, WellnessGoal,
};
use serde::Serialize;
use ts_rs::TS;

/// Days in a personal plan.
pub const PLAN_DAYS: u32 = 30;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Focus {
    pub reference: String,
    pub text: String,
    pub focus: String,
}

impl From<&Verse> for Focus {
    fn from(v: &Verse) -> Focus {
        Focus {
            reference: v.reference.clone(),
            text: v.text.clone(),
            focus: v.focus.clone(),
        }
    }
}

/// A day of a personal plan. A field left out is shown with the app's
/// built-in text for that day (see `fallback`).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "GeneratedDay")]
pub struct Day {
    pub day: u32,
    pub theme: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub breakfast: Option<MealChoice>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lunch: Option<MealChoice>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dinner: Option<MealChoice>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snack: Option<MealChoice>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workout: Option<Workout>,
    pub spiritual_focus: Focus,
}

/// A personal plan's fields (the record adds its id, `createdAt` and goal).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "GeneratedPlan")]
pub struct Plan {
    pub plan_type: PlanType,
    pub plan_name: String,
    pub title: String,
    pub description: String,
    pub daily_plans: Vec<Day>,
    pub tips: Vec<String>,
}

fn goal_words(goal: PrimaryGoal) -> (&'static str, &'static str, &'static str) {
    // (what the plans are for, the meal plan's name, the challenge's name)
    match goal {
        PrimaryGoal::WeightLoss => ("weight loss", "Lighter Living", "Fat-Burning"),
        PrimaryGoal::MuscleGain => ("building muscle", "Strength-Building", "Strength"),
        PrimaryGoal::EnergyBoost => ("more energy", "Steady Energy", "Energy"),
        PrimaryGoal::StressReduction => ("less stress", "Calm and Nourished", "Peaceful Strength"),
        PrimaryGoal::GeneralHealth => ("overall health", "Whole-Food Wellness", "Whole-Body"),
    }
}

/// The recipe tag that suits a goal.
fn goal_tag(goal: PrimaryGoal) -> &'static str {
    match goal {
        PrimaryGoal::WeightLoss => "light",
        PrimaryGoal::MuscleGain => "high_protein",
        PrimaryGoal::EnergyBoost => "energy",
        PrimaryGoal::StressReduction => "calming",
        PrimaryGoal::GeneralHealth => "balanced",
    }
}

/// The recipe tag that suits a health concern.
fn concern_tag(concern: HealthConcern) -> &'static str {
    use HealthConcern as C;
    match concern {
        C::DigestiveHealth => "digestive-comfort",
        C::EnergyLevels => "energy",
        C::SleepQuality | C::StressManagement => "calming",
        C::JointHealth => "anti-inflammatory",
        C::HeartHealth => "heart",
        C::BrainHealth => "brain",
        C::HormonalBalance => "balanced",
    }
}

/// How the goal changes portions.
fn portion(goal: PrimaryGoal) -> Option<Portion> {
    match goal {
        PrimaryGoal::MuscleGain => Some(Portion {
            aisle: Some(ItemCategory::Protein),
            flag: None,
            num: 3,
            den: 2,
            note: "One and a half portions of protein, to build muscle.",
        }),
        PrimaryGoal::WeightLoss => Some(Portion {
            aisle: None,
            flag: Some(Flag::Starch),
            num: 2,
            den: 3,
            note: "A smaller portion of grains and starches; fill half the plate with vegetables.",
        }),
        _ => None,
    }
}

/// "gluten-free", "nut-free", "vegetarian": how a meal that keeps the
/// restriction is described.
pub fn restriction_word(r: DietaryRestriction) -> &'static str {
    use DietaryRestriction as R;
    match r {
        R::GlutenFree => "gluten-free",
        R::DairyFree => "dairy-free",
        R::NutAllergies => "nut-free",
        R::EggAllergy => "egg-free",
        R::ShellfishAllergy => "shellfish-free",
        R::SoyFree => "soy-free",
        R::Vegetarian => "vegetarian",
        R::LowCarb => "low-carb",
        R::DiabeticFriendly => "diabetic-friendly",
        R::HeartHealthy => "heart-healthy",
        R::None => "",
    }
}

fn restriction_words(goal: &WellnessGoal) -> Vec<&'static str> {
    goal.dietary_restrictions
        .iter()
        .map(|r| restriction_word(*r))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The goal's meal plan and fitness challenge. `seed` makes the choices (the
/// goal's id, so one goal always gives the same plans).
pub fn generate(catalogue: &Catalogue, goal: &WellnessGoal, seed: &str) -> [Plan; 2] {
    let exclusions = Exclusions::new(&goal.dietary_restrictions, &[], &[]);
    let mut rng = Seeded::new(seed);
    let cost = |r: &Recipe| -> u32 {
        catalogue
            .lines(r)
            .map(|l| {
                l.measure()
                    .in_unit(l.ingredient.per)
                    .map_or(0, |a| a.price(l.ingredient.cents))
            })
            .sum()
    };
    let mut tags: Vec<&str> = vec![goal_tag(goal.primary_goal)];
    tags.extend(goal.health_concerns.iter().map(|c| concern_tag(*c)));
    let styles: Vec<&str> = goal.preferred_meal_types.iter().map(|m| m.wire()).collect();
    let score = |r: &Recipe| -> u32 {
        let tagged = r.tags.iter().filter(|t| tags.contains(&t.as_str())).count() as u32;
        let styled = r
            .tags
            .iter()
            .filter(|t| styles.contains(&t.as_str()))
            .count() as u32;
        let thrifty = u32::from(goal.budget == Budget::Friendly && cost(r) <= 450);
        2 * tagged + 2 * styled + thrifty
    };
    let rotas: Vec<Vec<&Recipe>> = Meal::ALL
        .iter()
        .map(|m| rota(catalogue, *m, &exclusions, score, &mut rng))
        .collect();
    let verse_offset = rng.below(catalogue.verses.len());
    let move_offset = rng.below(64);
    let portion = portion(goal.primary_goal);
    let themes = &catalogue.themes;
    let theme = |day: u32, names: &[String; 7]| {
        let week = &themes.weeks[((day - 1) / 7) as usize % themes.weeks.len()];
        format!("{week}: {}", names[((day - 1) % 7) as usize])
    };
    let focus = |day: u32| {
        Focus::from(&catalogue.verses[(verse_offset + day as usize) % catalogue.verses.len()])
    };
    let meal = |m: Meal, day: u32| {
        on_day(&rotas[m as usize], day as usize).map(|r| MealChoice::of(catalogue, r, portion))
    };
    let meal_days = (1..=PLAN_DAYS)
        .map(|day| Day {
            day,
            theme: theme(day, &themes.meal_days),
            breakfast: meal(Meal::Breakfast, day),
            lunch: meal(Meal::Lunch, day),
            dinner: meal(Meal::Dinner, day),
            snack: meal(Meal::Snack, day),
            workout: None,
            spiritual_focus: focus(day),
        })
        .collect();
    let fitness_days = (1..=PLAN_DAYS)
        .map(|day| Day {
            day,
            theme: theme(day, &themes.fitness_days),
            breakfast: None,
            lunch: None,
            dinner: None,
            snack: None,
            workout: Some(fitness::workout(
                catalogue,
                goal.primary_goal,
                goal.current_fitness_level,
                goal.time_commitment,
                day,
                move_offset,
            )),
            spiritual_focus: focus(day + 11),
        })
        .collect();

    let (purpose, meal_name, challenge_name) = goal_words(goal.primary_goal);
    let leaves_out = match restriction_words(goal).as_slice() {
        [] => String::new(),
        [one] => format!(" Every meal is {one}."),
        [rest @ .., last] => format!(" Every meal is {} and {last}.", joined(rest, ", ")),
    };
    let level = goal.current_fitness_level.wire();
    let minutes = fitness::minutes(goal.time_commitment);
    let mut tips = pick_tips(catalogue, goal.primary_goal.wire(), &goal.health_concerns);
    for r in &goal.dietary_restrictions {
        tips.extend(
            catalogue
                .tips
                .get(r.wire())
                .into_iter()
                .flatten()
                .take(1)
                .cloned(),
        );
    }
    [
        Plan {
            plan_type: PlanType::MealPlan,
            plan_name: format!("{}_meal_plan", goal.primary_goal.wire()),
            title: format!("30-Day {meal_name} Meal Plan"),
            description: format!(
                "Thirty days of breakfasts, lunches, dinners and snacks chosen for {purpose}.{leaves_out}"
            ),
            daily_plans: meal_days,
            tips: tips.clone(),
        },
        Plan {
            plan_type: PlanType::FitnessChallenge,
            plan_name: format!("{}_fitness_challenge", goal.primary_goal.wire()),
            title: format!("30-Day {challenge_name} Fitness Challenge"),
            description: format!(
                "Thirty days of {minutes}-minute workouts at a {level} level, with a Sabbath rest every seventh day."
            ),
            daily_plans: fitness_days,
            tips,
        },
    ]
}

fn pick_tips(catalogue: &Catalogue, goal: &str, concerns: &[HealthConcern]) -> Vec<String> {
    let mut tips: Vec<String> = catalogue.tips.get(goal).cloned().unwrap_or_default();
    for c in concerns {
        tips.extend(
            catalogue
                .tips
                .get(c.wire())
                .into_iter()
                .flatten()
                .take(1)
                .cloned(),
        );
    }
    tips
}

/// `days` days of meals favouring recipes tagged `tag` ("high_protein" for
/// the Protein Power shopping list), within the exclusions.
pub fn tagged_days(
    catalogue: &Catalogue,
    exclusions: &Exclusions,
    tag: &str,
    days: u32,
    seed: &str,
) -> Vec<Day> {
    let mut rng = Seeded::new(seed);
    let score = |r: &Recipe| u32::from(r.tags.iter().any(|t| t == tag));
    let rotas: Vec<Vec<&Recipe>> = Meal::ALL
        .iter()
        .map(|m| rota(catalogue, *m, exclusions, score, &mut rng))
        .collect();
    let meal = |m: Meal, day: u32| {
        on_day(&rotas[m as usize], day as usize).map(|r| MealChoice::of(catalogue, r, None))
    };
    (1..=days)
        .map(|day| Day {
            day,
            theme: catalogue.themes.meal_days[((day - 1) % 7) as usize].clone(),
            breakfast: meal(Meal::Breakfast, day),
            lunch: meal(Meal::Lunch, day),
            dinner: meal(Meal::Dinner, day),
            snack: meal(Meal::Snack, day),
            workout: None,
            spiritual_focus: Focus::from(&catalogue.verses[day as usize % catalogue.verses.len()]),
        })
        .collect()
}
