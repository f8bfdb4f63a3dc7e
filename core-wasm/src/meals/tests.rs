//! Properties of plans and shopping lists over made-up catalogues: whatever
//! the recipes, a restriction's ingredients never reach a plan day or a
//! shopping list, a plan always has its 30 days, the same goal always gives the
//! same plan, and dinners do not come back within a week when there are enough.

use super::catalogue::*;
use super::quantity::Unit;
use super::*;
use manna_sync_protocol::records::shopping::ItemCategory;
use manna_sync_protocol::records::wellness::*;
use proptest::prelude::*;
use serde_json::{Value, json};

const FLAGS: [Flag; 13] = [
    Flag::Gluten,
    Flag::Dairy,
    Flag::Nut,
    Flag::Egg,
    Flag::Shellfish,
    Flag::Fish,
    Flag::Soy,
    Flag::Meat,
    Flag::RedMeat,
    Flag::SatFat,
    Flag::AddedSugar,
    Flag::Starch,
    Flag::Refined,
];

const UNITS: [(Unit, &str); 5] = [
    (Unit::Cup, "cup"),
    (Unit::Tbsp, "tbsp"),
    (Unit::Oz, "oz"),
    (Unit::Whole, ""),
    (Unit::Clove, "clove"),
];

fn ingredient(i: usize, flags: Vec<Flag>) -> Ingredient {
    Ingredient {
        name: format!("food{i}"),
        plural: None,
        aisle: ItemCategory::ALL[i % ItemCategory::ALL.len()],
        flags,
        per: UNITS[i % UNITS.len()].0,
        cents: 10 + i as u32,
        focus: "something good".into(),
    }
}

fn recipe(
    id: usize,
    meal: Meal,
    lines: &[(usize, u64, u64)],
    catalogue_ingredients: &[Ingredient],
) -> Recipe {
    Recipe {
        id: format!("r{id}"),
        former_ids: Vec::new(),
        name: format!("Recipe {id}"),
        meal,
        minutes: 10,
        ingredients: lines
            .iter()
            .map(|(i, n, d)| {
                let ing = &catalogue_ingredients[*i];
                let unit = UNITS[*i % UNITS.len()].1;
                let amount = quantity::Amount::new(*n, *d);
                if unit.is_empty() {
                    format!("{amount} {}", ing.name)
                } else {
                    format!("{amount} {unit} {}", ing.name)
                }
            })
            .collect(),
        benefits: "good".into(),
        tags: if id.is_multiple_of(3) {
            vec!["light".into()]
        } else {
            vec![]
        },
    }
}

fn fixed_parts() -> (Vec<Move>, Vec<Verse>, Themes, Routine) {
    let kinds = [
        MoveKind::Strength,
        MoveKind::Core,
        MoveKind::Cardio,
        MoveKind::Mobility,
        MoveKind::Walk,
    ];
    let moves = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| Move {
            name: format!("move{i}"),
            kind: *k,
            measured: Measured::Reps,
            amounts: [5, 10, 15],
            cue: "well".into(),
        })
        .collect();
    let verses = vec![Verse {
        reference: "Psalm 118:24".into(),
        text: "This is the day which the LORD hath made".into(),
        focus: "Today".into(),
    }];
    let days = || std::array::from_fn(|i| format!("day{i}"));
    let themes = Themes {
        weeks: vec!["Week".into()],
        meal_days: days(),
        fitness_days: days(),
    };
    let routine = Routine {
        warm_up: "march".into(),
        cool_down: "stretch".into(),
        sabbath: vec!["rest".into()],
    };
    (moves, verses, themes, routine)
}

prop_compose! {
    fn catalogues()(
        flags in prop::collection::vec(prop::collection::vec(prop::sample::select(FLAGS.to_vec()), 0..3), 12),
        meals in prop::collection::vec(
            (0..4usize, prop::collection::vec((0..12usize, 1..4u64, 1..5u64), 1..5)),
            4..40,
        ),
    ) -> Catalogue {
        let ingredients: Vec<Ingredient> = flags.into_iter().enumerate().map(|(i, f)| ingredient(i, f)).collect();
        let mut recipes: Vec<Recipe> = meals
            .iter()
            .enumerate()
            .map(|(id, (m, lines))| recipe(id, Meal::ALL[*m], lines, &ingredients))
            .collect();
        // Every meal has at least one recipe, as the loader requires.
        for (k, meal) in Meal::ALL.iter().enumerate() {
            if !recipes.iter().any(|r| r.meal == *meal) {
                recipes.push(recipe(1000 + k, *meal, &[(k, 1, 1)], &ingredients));
            }
        }
        let (moves, verses, themes, routine) = fixed_parts();
        Catalogue { ingredients, recipes, moves, verses, themes, routine, tips: Default::default(), pantry: vec![] }
    }
}

prop_compose! {
    fn goals()(
        restrictions in prop::collection::vec(prop::sample::select(DietaryRestriction::ALL.to_vec()), 0..4),
        goal in prop::sample::select(PrimaryGoal::ALL.to_vec()),
        level in prop::sample::select(FitnessLevel::ALL.to_vec()),
        time in prop::sample::select(TimeCommitment::ALL.to_vec()),
    ) -> WellnessGoal {
        goal_of(goal, level, time, restrictions)
    }
}

/// A goal with only what the generator is asked about here.
fn goal_of(
    goal: PrimaryGoal,
    level: FitnessLevel,
    time: TimeCommitment,
    restrictions: Vec<DietaryRestriction>,
) -> WellnessGoal {
    WellnessGoal {
        primary_goal: goal,
        current_fitness_level: level,
        gender: Gender::Female,
        time_commitment: time,
        budget: Budget::Moderate,
        dietary_restrictions: restrictions,
        health_concerns: vec![],
        preferred_meal_types: vec![],
        motivation: None,
        start_weight: None,
        target_weight: None,
        created_at: None,
    }
}

/// Every ingredient named in a day's meals.
fn ingredients_of<'a>(catalogue: &'a Catalogue, day: &'a Value) -> Vec<&'a Ingredient> {
    shopping::meals_of(day)
        .into_iter()
        .flat_map(|(_, lines)| lines)
        .map(|l| catalogue.line(l).expect("a plan line reads").ingredient)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn restrictions_never_reach_a_day_or_a_list(catalogue in catalogues(), goal in goals(), seed in "[a-z0-9-]{1,12}") {
        let exclusions = Exclusions::new(&goal.dietary_restrictions, &[], &[]);
        let [meals, fitness] = generate(&catalogue, &goal, &seed);
        prop_assert_eq!(meals.daily_plans.len(), 30);
        prop_assert_eq!(fitness.daily_plans.len(), 30);
        let days: Vec<Value> = meals.daily_plans.iter().map(|d| json!(d)).collect();
        for (i, day) in days.iter().enumerate() {
            prop_assert_eq!(day["day"].as_u64(), Some(i as u64 + 1));
            for ing in ingredients_of(&catalogue, day) {
                prop_assert!(exclusions.allows(ing), "{} on day {}", ing.name, i + 1);
            }
        }
        let list = build_list(&catalogue, &days, &Exclusions::default());
        for item in &list.items {
            let ing = catalogue.ingredient(&item.item_name).expect("a catalogue ingredient");
            prop_assert!(exclusions.allows(ing), "{} on the list", item.item_name);
        }
        prop_assert_eq!(list.estimated_cost, list.items.iter().map(|i| i.estimated_price).sum::<u32>());
        prop_assert_eq!(list.total_items, list.items.len());
    }

    #[test]
    fn the_same_goal_gives_the_same_plans(catalogue in catalogues(), goal in goals(), seed in "[a-z0-9]{1,8}") {
        prop_assert_eq!(generate(&catalogue, &goal, &seed), generate(&catalogue, &goal, &seed));
    }

    #[test]
    fn dinners_do_not_return_within_a_week_when_there_are_enough(catalogue in catalogues(), goal in goals()) {
        let exclusions = Exclusions::new(&goal.dietary_restrictions, &[], &[]);
        let allowed = catalogue.recipes.iter()
            .filter(|r| r.meal == Meal::Dinner && exclusions.allows_recipe(&catalogue, r))
            .count();
        let [meals, _] = generate(&catalogue, &goal, "seed");
        let dinners: Vec<Option<String>> = meals.daily_plans.iter()
            .map(|d| d.dinner.as_ref().map(|m| m.recipe_id.clone()))
            .collect();
        prop_assert_eq!(dinners.iter().all(Option::is_some), allowed > 0);
        if allowed >= pick::NO_REPEAT_DAYS {
            for week in dinners.windows(7) {
                let mut ids: Vec<_> = week.iter().flatten().collect();
                ids.sort();
                ids.dedup();
                prop_assert_eq!(ids.len(), 7, "a dinner repeats within {:?}", week);
            }
        }
    }

    #[test]
    fn swapped_meals_keep_to_allergies_and_dislikes(
        catalogue in catalogues(),
        allergy in prop::sample::select(vec!["nuts", "dairy", "eggs", "gluten", "soy", "fish", "shellfish", "food3"]),
        dislike in 0..12usize,
    ) {
        let source: Vec<MenuDay> = (1..=7).map(|d| {
            let first = |m: Meal| catalogue.recipes.iter().find(|r| r.meal == m).expect("a recipe");
            let meal = |m: Meal| menu::MealChoice::of(&catalogue, first(m), None);
            MenuDay {
                day_number: d,
                theme: "t".into(),
                breakfast: meal(Meal::Breakfast),
                lunch: meal(Meal::Lunch),
                dinner: meal(Meal::Dinner),
                snacks: vec![meal(Meal::Snack)],
                beverages: vec![],
                tips: "tip".into(),
            }
        }).collect();
        let exclusions = Exclusions::new(&[], &[allergy.to_string()], &[format!("food{dislike}")]);
        for day in personalise(&source, &catalogue, &exclusions, "light") {
            let day = json!(day);
            for ing in ingredients_of(&catalogue, &day) {
                prop_assert!(exclusions.allows(ing), "{} kept for {}", ing.name, allergy);
            }
        }
    }
}

fn small_catalogue() -> Catalogue {
    let spinach = Ingredient {
        name: "spinach".into(),
        plural: None,
        aisle: ItemCategory::Produce,
        flags: vec![],
        per: Unit::Cup,
        cents: 50,
        focus: "Iron".into(),
    };
    let egg = Ingredient {
        name: "egg".into(),
        plural: Some("eggs".into()),
        aisle: ItemCategory::Dairy,
        flags: vec![Flag::Egg],
        per: Unit::Whole,
        cents: 35,
        focus: "Protein".into(),
    };
    let oil = Ingredient {
        name: "olive oil".into(),
        plural: None,
        aisle: ItemCategory::Oils,
        flags: vec![],
        per: Unit::Tbsp,
        cents: 20,
        focus: "Good fats".into(),
    };
    let (moves, verses, themes, routine) = fixed_parts();
    let r = |id: &str, meal, lines: &[&str]| Recipe {
        id: id.into(),
        former_ids: Vec::new(),
        name: id.into(),
        meal,
        minutes: 5,
        ingredients: lines.iter().map(|l| l.to_string()).collect(),
        benefits: "b".into(),
        tags: vec![],
    };
    Catalogue {
        ingredients: vec![spinach, egg, oil],
        recipes: vec![
            r(
                "scramble",
                Meal::Breakfast,
                &["2 eggs", "1 cup spinach", "1 tsp olive oil"],
            ),
            r("salad", Meal::Lunch, &["1 cup spinach", "2 tbsp olive oil"]),
            r("greens", Meal::Dinner, &["2 cups spinach, wilted"]),
            r("leaves", Meal::Snack, &["1/2 cup spinach"]),
        ],
        moves,
        verses,
        themes,
        routine,
        tips: Default::default(),
        pantry: vec![],
    }
}

#[test]
fn the_same_ingredient_is_added_up_and_priced() {
    let c = small_catalogue();
    let day = json!({
        "breakfast": {"name": "A", "ingredients": ["1 cup spinach", "1 tbsp olive oil"]},
        "lunch": {"name": "B", "ingredients": ["1 cup spinach", "3 tsp olive oil", "2 eggs"]},
    });
    let list = build_list(&c, &[day], &Exclusions::default());
    let by_name = |n: &str| list.items.iter().find(|i| i.item_name == n).expect(n);
    assert_eq!(by_name("spinach").quantity, "2 cups");
    assert_eq!(by_name("spinach").estimated_price, 100);
    assert_eq!(by_name("spinach").notes, "For A and B");
    assert_eq!(by_name("olive oil").quantity, "2 tbsp");
    assert_eq!(by_name("eggs").quantity, "2");
    assert_eq!(list.estimated_cost, 100 + 40 + 70);
    let aisles: Vec<ItemCategory> = list.items.iter().map(|i| i.category).collect();
    assert_eq!(
        aisles,
        [
            ItemCategory::Produce,
            ItemCategory::Dairy,
            ItemCategory::Oils
        ]
    );
    let egg_free = build_list(
        &c,
        &[json!({"lunch": {"name": "B", "ingredients": ["2 eggs"]}})],
        &Exclusions::new(&[DietaryRestriction::EggAllergy], &[], &[]),
    );
    assert!(egg_free.items.is_empty());
}

#[test]
fn what_is_used_in_three_meals_is_a_priority() {
    let c = small_catalogue();
    let meal = |n: &str| json!({"name": n, "ingredients": ["1 cup spinach"]});
    let day = json!({"breakfast": meal("A"), "lunch": meal("B"), "dinner": meal("C")});
    let list = build_list(&c, &[day], &Exclusions::default());
    assert_eq!(list.items[0].priority.as_deref(), Some("high"));
    assert_eq!(list.items[0].notes, "For 3 meals");
}

#[test]
fn goals_shape_portions_and_workouts() {
    let mut c = small_catalogue();
    c.ingredients[1].aisle = ItemCategory::Protein;
    let goal = |g, level, time| goal_of(g, level, time, vec![]);
    let [muscle, lift] = generate(
        &c,
        &goal(
            PrimaryGoal::MuscleGain,
            FitnessLevel::Advanced,
            TimeCommitment::Sixty,
        ),
        "g",
    );
    let breakfast = muscle.daily_plans[0].breakfast.as_ref().expect("breakfast");
    assert_eq!(
        breakfast.ingredients[0], "3 eggs",
        "one and a half portions of protein"
    );
    assert!(breakfast.portion.is_some());
    let workout = lift.daily_plans[0].workout.as_ref().expect("a workout");
    assert_eq!(
        (workout.minutes, workout.intensity.as_str()),
        (60, "Advanced")
    );
    let [_, easy] = generate(
        &c,
        &goal(
            PrimaryGoal::StressReduction,
            FitnessLevel::Beginner,
            TimeCommitment::Fifteen,
        ),
        "g",
    );
    let first = easy.daily_plans[0].workout.as_ref().expect("a workout");
    assert_eq!((first.minutes, first.intensity.as_str()), (15, "Beginner"));
    assert_eq!(
        easy.daily_plans[6]
            .workout
            .as_ref()
            .map(|w| w.title.as_str()),
        Some("Sabbath Rest")
    );
    assert_eq!(muscle.title, "30-Day Strength-Building Meal Plan");
}

#[test]
fn four_weekly_lists_cover_the_thirty_days() {
    assert_eq!(calendar_week(1), 1);
    assert_eq!(calendar_week(7), 1);
    assert_eq!(calendar_week(8), 2);
    assert_eq!(calendar_week(28), 4);
    assert_eq!(calendar_week(30), 4, "days 29 and 30 join the fourth week");
    let covered: usize = (1..=CALENDAR_WEEKS)
        .map(|w| calendar_week_days(30, w).len())
        .sum();
    assert_eq!(covered, 30);
    assert_eq!(calendar_week_days(7, 2), [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(calendar_week_days(30, 4), (21..30).collect::<Vec<_>>());
}

fn date(s: &str) -> Date {
    s.parse().expect("valid date")
}

#[test]
fn a_calendar_day_counts_from_its_start_date() {
    let start = date("2026-11-23");
    assert_eq!(calendar_day(start, start), Some(1));
    assert_eq!(calendar_day(start, date("2026-11-22")), None);
    assert_eq!(calendar_day(start, date("2026-12-22")), Some(30));
    assert_eq!(calendar_day(start, date("2026-12-23")), None);
    assert_eq!(calendar_week_of(start, date("2026-11-29")), Some(1));
    assert_eq!(calendar_week_of(start, date("2026-11-30")), Some(2));
    assert_eq!(calendar_week_of(start, date("2026-12-22")), Some(4));
    assert_eq!(calendar_week_of(start, date("2026-12-23")), None);
    // Across a month, a year and a leap day.
    assert_eq!(
        calendar_day(date("2024-02-15"), date("2024-03-01")),
        Some(16)
    );
    assert_eq!(
        calendar_day(date("2025-02-15"), date("2025-03-01")),
        Some(15)
    );
    assert_eq!(
        calendar_day(date("2025-12-20"), date("2026-01-18")),
        Some(30)
    );
    assert_eq!(calendar_day(date("2025-12-20"), date("2026-01-19")), None);
}

#[test]
fn calendar_weeks_run_seven_days_and_the_fourth_takes_the_last_two() {
    let start = date("2024-02-20");
    assert_eq!(
        calendar_week_dates(start, 1),
        (date("2024-02-20"), date("2024-02-26"))
    );
    assert_eq!(
        calendar_week_dates(start, 2),
        (date("2024-02-27"), date("2024-03-04"))
    );
    assert_eq!(
        calendar_week_dates(start, 4),
        (date("2024-03-12"), date("2024-03-20"))
    );
    assert_eq!(
        calendar_week_dates(date("2026-12-10"), 4),
        (date("2026-12-31"), date("2027-01-08"))
    );
    // The weeks' dates and the week of each date agree, day by day.
    for start in ["2024-02-20", "2025-02-20", "2026-12-10"] {
        let start = date(start);
        for week in 1..=CALENDAR_WEEKS {
            let (first, last) = calendar_week_dates(start, week);
            for day in 1..=CALENDAR_DAYS {
                let on = start.add_days(i64::from(day) - 1);
                assert_eq!(
                    calendar_week_of(start, on) == Some(week),
                    first <= on && on <= last,
                    "{on} and week {week} of {start}"
                );
            }
        }
    }
}

#[test]
fn a_short_plan_goes_round_to_fill_thirty_days() {
    assert_eq!(day_numbers(7, 1, 3), [0, 1, 2]);
    assert_eq!(day_numbers(7, 29, 30), [0, 1]);
    assert!(day_numbers(0, 1, 7).is_empty());
}

#[test]
fn each_field_has_ten_texts_that_turn_with_the_day() {
    use super::fallback::fallback;
    assert_eq!(fallback("dinner", 1), fallback("dinner", 11));
    assert_ne!(fallback("dinner", 1), fallback("dinner", 2));
    assert!(fallback("workout", 30).is_some() && fallback("spiritualFocus", 7).is_some());
    assert_eq!(fallback("colour", 1), None);
}

#[test]
fn lines_that_do_not_read_are_refused_by_name() {
    let c = small_catalogue();
    assert!(c.line("some spinach").is_err_and(|e| e.contains("amount")));
    assert!(c.line("1 cup kale").is_err_and(|e| e.contains("kale")));
    assert!(
        c.line("2 oz spinach").is_err_and(|e| e.contains("spinach")),
        "spinach is measured in cups"
    );
    let line = c.line("1 1/2 cups spinach, chopped").expect("reads");
    assert_eq!(
        (line.amount, line.note),
        (quantity::Amount::new(3, 2), Some("chopped"))
    );
}
