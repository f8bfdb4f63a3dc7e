//! A day's workout of the 30-day fitness challenge. The time a person has sets
//! its length, their level sets the rounds and the reps, the goal sets which
//! kind of workout each day of the week brings, and every seventh day is a
//! Sabbath rest. Reps and holds grow a little each week.

use super::catalogue::{Catalogue, Measured, Move, MoveKind};
use manna_sync_protocol::records::read::joined;
use manna_sync_protocol::records::wellness::{FitnessLevel, PrimaryGoal, TimeCommitment};
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Workout {
    pub title: String,
    pub minutes: u32,
    /// "Beginner", "Intermediate" or "Advanced".
    pub intensity: String,
    pub steps: Vec<String>,
}

pub fn minutes(time: TimeCommitment) -> u32 {
    match time {
        TimeCommitment::Fifteen => 15,
        TimeCommitment::Thirty => 30,
        TimeCommitment::FortyFive => 45,
        TimeCommitment::Sixty => 60,
    }
}

/// Monday-to-Saturday kinds of workout for a goal (the seventh day rests).
fn week_of(goal: PrimaryGoal) -> [MoveKind; 6] {
    use MoveKind::*;
    match goal {
        PrimaryGoal::WeightLoss => [Cardio, Strength, Walk, Cardio, Strength, Walk],
        PrimaryGoal::MuscleGain => [Strength, Core, Strength, Mobility, Strength, Cardio],
        PrimaryGoal::EnergyBoost => [Cardio, Mobility, Strength, Walk, Cardio, Core],
        PrimaryGoal::StressReduction => [Mobility, Walk, Mobility, Strength, Walk, Mobility],
        PrimaryGoal::GeneralHealth => [Strength, Cardio, Mobility, Core, Walk, Strength],
    }
}

fn level_index(level: FitnessLevel) -> usize {
    match level {
        FitnessLevel::Beginner => 0,
        FitnessLevel::Intermediate => 1,
        FitnessLevel::Advanced => 2,
    }
}

fn level_name(level: FitnessLevel) -> &'static str {
    ["Beginner", "Intermediate", "Advanced"][level_index(level)]
}

/// A move's amount for the level in week `week` (from 1).
fn amount(m: &Move, level: FitnessLevel, week: u32) -> String {
    let base = m.amounts[level_index(level)];
    match m.measured {
        Measured::Reps => format!("{} {}", base + 2 * (week - 1), m.name),
        Measured::Seconds => format!("{} s {}", base + 5 * (week - 1), m.name),
        Measured::Minutes => format!("{} min {}", base + (week - 1), m.name),
    }
}

/// The workout of `day` (1 to 30).
pub fn workout(
    catalogue: &Catalogue,
    goal: PrimaryGoal,
    level: FitnessLevel,
    time: TimeCommitment,
    day: u32,
    offset: usize,
) -> Workout {
    let total = minutes(time);
    let intensity = level_name(level).to_string();
    let weekday = ((day - 1) % 7) as usize;
    let week = (day - 1) / 7 + 1;
    if weekday == 6 {
        return Workout {
            title: "Sabbath Rest".into(),
            minutes: total.min(20),
            intensity,
            steps: catalogue.routine.sabbath.clone(),
        };
    }
    let kind = week_of(goal)[weekday];
    let (warm, cool) = if total <= 15 { (3, 2) } else { (5, 5) };
    let main = total - warm - cool;
    let pool: Vec<&Move> = catalogue.moves.iter().filter(|m| m.kind == kind).collect();
    let count = pool.len().min(4);
    let start = (offset + day as usize) % pool.len().max(1);
    let chosen: Vec<&Move> = (0..count).map(|i| pool[(start + i) % pool.len()]).collect();
    let rounds = [2, 3, 4][level_index(level)];
    let listed: Vec<String> = chosen
        .iter()
        .map(|m| format!("{} ({})", amount(m, level, week), m.cue))
        .collect();
    let listed = joined(&listed, "; ");
    let (title, main_step) = match kind {
        MoveKind::Strength => (
            "Strength Circuit",
            format!(
                "Main set ({main} min): {rounds} rounds of {listed}. Rest 60 s between rounds."
            ),
        ),
        MoveKind::Core => (
            "Core and Balance",
            format!(
                "Main set ({main} min): {rounds} rounds of {listed}. Rest 45 s between rounds."
            ),
        ),
        MoveKind::Cardio => (
            "Cardio Intervals",
            format!(
                "Intervals ({main} min): go round {listed}, resting 20 s after each, until the time is up."
            ),
        ),
        MoveKind::Mobility => (
            "Mobility and Stretch",
            format!(
                "Flow ({main} min): {listed}. Breathe slowly and go round again until the time is up."
            ),
        ),
        MoveKind::Walk => ("Prayer Walk", format!("Walk ({main} min): {listed}.")),
    };
    Workout {
        title: title.into(),
        minutes: total,
        intensity,
        steps: vec![
            format!("Warm-up ({warm} min): {}", catalogue.routine.warm_up),
            main_step,
            format!("Cool-down ({cool} min): {}", catalogue.routine.cool_down),
        ],
    }
}
