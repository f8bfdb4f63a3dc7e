//! The daily wellness check (its score and grade) and wellness goals.

use super::read::record;
use super::{NOTES_MAX, Record, optional_at_most};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;
use std::collections::BTreeMap;

/// Five statements, each rated 1 to 5.
pub const STATEMENTS: usize = 5;
/// The lowest rating of a statement.
pub const LOWEST_RATING: u32 = 1;
/// The highest rating of a statement.
pub const HIGHEST_RATING: u32 = 5;

wire_enum! {
    /// The three grades of the daily wellness check.
    pub enum Grade {
        Great = "Great!",
        Good = "Good",
        NeedsImprovement = "Needs Improvement",
    }
}

/// 23 or more is 'Great!', 18 to 22 'Good', below 18 'Needs Improvement'.
pub fn wellness_grade(total: u32) -> Grade {
    match total {
        23.. => Grade::Great,
        18..=22 => Grade::Good,
        _ => Grade::NeedsImprovement,
    }
}

/// Total of the five ratings, or why they cannot be scored.
pub fn wellness_total(ratings: &[u32]) -> Result<u32, FieldError> {
    if ratings.len() != STATEMENTS {
        return Err(FieldError::new(
            "responses",
            format!("rate all {STATEMENTS} statements (got {})", ratings.len()),
        ));
    }
    if let Some((i, r)) = ratings
        .iter()
        .enumerate()
        .find(|(_, r)| !(LOWEST_RATING..=HIGHEST_RATING).contains(*r))
    {
        return Err(FieldError::new(
            "responses",
            format!(
                "statement {} is rated {r}, not {LOWEST_RATING} to {HIGHEST_RATING}",
                i + 1
            ),
        ));
    }
    Ok(ratings.iter().sum())
}

record! {
    pub struct WellnessScore as "a wellness score" {
        date: Date,
        score: u32,
        grade: Grade,
        /// Statement number ("1" to "5") to its rating.
        responses: BTreeMap<String, u32>,
    }
}

impl Record for WellnessScore {
    fn check(&self) -> Result<(), FieldError> {
        let keys: Vec<&str> = self.responses.keys().map(String::as_str).collect();
        if keys != ["1", "2", "3", "4", "5"] {
            return Err(FieldError::new(
                "responses",
                "must rate statements 1 to 5, each once",
            ));
        }
        let sum = wellness_total(&self.responses.values().copied().collect::<Vec<_>>())?;
        if self.score != sum {
            return Err(FieldError::new(
                "score",
                format!("{} is not the sum of the ratings ({sum})", self.score),
            ));
        }
        let expected = wellness_grade(sum);
        if self.grade != expected {
            return Err(FieldError::new(
                "grade",
                format!(
                    "a score of {sum} is '{}', not '{}'",
                    expected.wire(),
                    self.grade.wire()
                ),
            ));
        }
        Ok(())
    }
}

wire_enum! {
    pub enum PrimaryGoal {
        WeightLoss = "weight_loss",
        MuscleGain = "muscle_gain",
        EnergyBoost = "energy_boost",
        StressReduction = "stress_reduction",
        GeneralHealth = "general_health",
    }
}

wire_enum! {
    pub enum FitnessLevel {
        Beginner = "beginner",
        Intermediate = "intermediate",
        Advanced = "advanced",
    }
}

wire_enum! {
    pub enum Gender {
        Male = "male",
        Female = "female",
    }
}

wire_enum! {
    /// Minutes a day the person can give.
    pub enum TimeCommitment {
        Fifteen = "15min",
        Thirty = "30min",
        FortyFive = "45min",
        Sixty = "60min",
    }
}

wire_enum! {
    pub enum Budget {
        Friendly = "budget_friendly",
        Moderate = "moderate",
        Premium = "premium",
    }
}

wire_enum! {
    pub enum DietaryRestriction {
        GlutenFree = "gluten_free",
        DairyFree = "dairy_free",
        NutAllergies = "nut_allergies",
        EggAllergy = "egg_allergy",
        ShellfishAllergy = "shellfish_allergy",
        SoyFree = "soy_free",
        Vegetarian = "vegetarian",
        LowCarb = "low_carb",
        DiabeticFriendly = "diabetic_friendly",
        HeartHealthy = "heart_healthy",
        None = "none",
    }
}

wire_enum! {
    pub enum MealType {
        QuickPrep = "quick_prep",
        GourmetCooking = "gourmet_cooking",
        BatchPrep = "batch_prep",
        OnePotMeals = "one_pot_meals",
        RawFoods = "raw_foods",
        ComfortFoods = "comfort_foods",
        InternationalCuisine = "international_cuisine",
    }
}

wire_enum! {
    pub enum HealthConcern {
        DigestiveHealth = "digestive_health",
        EnergyLevels = "energy_levels",
        SleepQuality = "sleep_quality",
        StressManagement = "stress_management",
        JointHealth = "joint_health",
        HeartHealth = "heart_health",
        BrainHealth = "brain_health",
        HormonalBalance = "hormonal_balance",
    }
}

record! {
    /// The wellness goals assessment's answers.
    pub struct WellnessGoal as "a wellness goal" {
        primary_goal: PrimaryGoal,
        current_fitness_level: FitnessLevel,
        gender: Gender,
        time_commitment: TimeCommitment,
        budget: Budget,
        dietary_restrictions: Vec<DietaryRestriction> = Default::default(),
        health_concerns: Vec<HealthConcern> = Default::default(),
        preferred_meal_types: Vec<MealType> = Default::default(),
        motivation: Option<String>,
        /// Tenths of a pound.
        start_weight: Option<u32>,
        /// Tenths of a pound.
        target_weight: Option<u32>,
        /// When the assessment was saved (ISO time), for newest first.
        created_at: Option<String>,
    }
}

impl Record for WellnessGoal {
    fn check(&self) -> Result<(), FieldError> {
        optional_at_most("motivation", self.motivation.as_deref(), NOTES_MAX)
    }
}
