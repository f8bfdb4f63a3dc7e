//! The tools module: timers, weight progress, meal plans and shopping lists.

use super::values::{list, read, to_js};
use super::{dated, parse, value_of};
use crate::meals::{self, Catalogue, Exclusions, MenuDay};
use crate::weight_progress;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// A new idle session timer of `duration_ms` in `steps` even steps.
#[wasm_bindgen(js_name = timerNew)]
pub fn timer_new(duration_ms: f64, steps: u32) -> Result<JsValue, JsError> {
    to_js(&crate::timer::Timer::new(duration_ms as u64, steps))
}

/// A saved timer (its fields, flat: reading a whole object here would
/// weigh more than every rule in this file) after `action` (`start`,
/// `pause`, `resume`, `stop` or `tick`) at `now_ms`: `{ timer, view }`.
#[wasm_bindgen(js_name = timerStep)]
#[allow(clippy::too_many_arguments)]
pub fn timer_step(
    duration_ms: f64,
    steps: u32,
    phase: &str,
    banked_ms: f64,
    since_ms: Option<f64>,
    action: &str,
    now_ms: f64,
) -> Result<JsValue, JsError> {
    use crate::timer::{Phase, Timer};
    let phase = Phase::from_name(phase)
        .ok_or_else(|| JsError::new(&format!("timer: unknown phase '{phase}'")))?;
    let timer = Timer {
        duration_ms: duration_ms as u64,
        steps,
        phase,
        banked_ms: banked_ms as u64,
        since_ms: since_ms.map(|s| s as i64),
    };
    let stepped = timer
        .step(action, now_ms as i64)
        .map_err(|e| JsError::new(&e))?;
    let js = to_js(&stepped)?;
    // A timer of no length is 0 / 0 done: JSON has no number for that, the
    // browser is given it as JavaScript divides.
    let progress = stepped.view.progress_percent;
    if !progress.is_finite() {
        let view = js_sys::Reflect::get(&js, &"view".into()).unwrap_or_default();
        let _ = js_sys::Reflect::set(&view, &"progressPercent".into(), &progress.into());
    }
    Ok(js)
}

/// Minutes from a duration text ("15 minutes" → 15), else `default_minutes`.
#[wasm_bindgen(js_name = minutesFromText)]
pub fn minutes_from_text(text: &str, default_minutes: u32) -> u32 {
    crate::timer::minutes_from_text(text, default_minutes)
}

/// Weight progress from parallel lists of dates and weights (tenths of a pound).
#[wasm_bindgen(js_name = weightProgress)]
pub fn weight_progress_js(
    dates: Vec<String>,
    weights: Vec<u32>,
    today: &str,
) -> Result<JsValue, JsError> {
    to_js(&weight_progress(&dated(&dates, weights), parse(today)?))
}

/// A weight typed in pounds as the record's tenths, or `{ field, message }`
/// in pounds.
#[wasm_bindgen(js_name = weightTenths)]
pub fn weight_tenths(typed: &str) -> Result<JsValue, JsError> {
    match manna_sync_protocol::records::weight::tenths_of_pounds(typed) {
        Ok(tenths) => Ok(JsValue::from(tenths)),
        Err(e) => to_js(&e),
    }
}

/// The weight chart's points (each entry with its 7-day moving average), from
/// parallel lists of dates and weights (tenths of a pound).
#[wasm_bindgen(js_name = weightChart)]
pub fn weight_chart_js(dates: Vec<String>, weights: Vec<u32>) -> Result<JsValue, JsError> {
    to_js(&crate::weight_chart(&dated(&dates, weights)))
}

/// The wellness checks' history (parallel lists of dates and scores) as of `today`.
#[wasm_bindgen(js_name = scoreHistory)]
pub fn score_history_js(
    dates: Vec<String>,
    scores: Vec<u32>,
    today: &str,
) -> Result<JsValue, JsError> {
    to_js(&crate::score_history(&dated(&dates, scores), parse(today)?))
}

/// What a person leaves out, from the enrollment's preferences.
fn exclusions(preferences: &JsValue) -> Exclusions {
    Exclusions::from_preferences(&value_of(preferences))
}

/// The catalogue, read once; every plan and list is built from it.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Meals {
    catalogue: Catalogue,
}

#[wasm_bindgen]
impl Meals {
    #[wasm_bindgen(constructor)]
    pub fn new(catalogue: &JsValue) -> Result<Meals, JsError> {
        Catalogue::from_value(&value_of(catalogue))
            .map(|catalogue| Meals { catalogue })
            .map_err(|e| JsError::new(&format!("catalogue: {e}")))
    }

    /// A wellness goal's two plans (from the goal's record fields), as JSON
    /// `[mealPlan, fitnessChallenge]`.
    #[wasm_bindgen(js_name = generatePlans)]
    pub fn generate_plans(&self, goal: &JsValue, seed: &str) -> Result<JsValue, JsError> {
        let Value::Object(fields) = value_of(goal) else {
            return Err(JsError::new("goal: must be an object"));
        };
        let plans = meals::plans_for_goal(&self.catalogue, &fields, seed)
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&plans)
    }

    /// A meal plan's days fitted to a person's preferences (JSON out).
    pub fn personalise(
        &self,
        days: &JsValue,
        preferences: &JsValue,
        category: &str,
    ) -> Result<JsValue, JsError> {
        let days: Vec<MenuDay> = read("days", days)?;
        to_js(&meals::personalise(
            &days,
            &self.catalogue,
            &exclusions(preferences),
            category,
        ))
    }

    /// A generated shopping list (`kind`: anti_inflammatory,
    /// digestive_healing, protein_power or pantry_staples) for week
    /// `week` of `days` (the plan's days, fitted to the person).
    #[wasm_bindgen(js_name = weekList)]
    pub fn week_list(
        &self,
        kind: &str,
        week: u32,
        days: &JsValue,
        preferences: &JsValue,
        seed: &str,
    ) -> Result<JsValue, JsError> {
        let kind = meals::ListKind::from_wire(kind)
            .ok_or_else(|| JsError::new(&format!("no shopping list kind '{kind}'")))?;
        let days = list("days", days)?;
        to_js(&meals::week_list(
            &self.catalogue,
            kind,
            week,
            &days,
            &exclusions(preferences),
            seed,
        ))
    }

    /// The shopping calendar's four weekly lists of the plan `title`.
    #[wasm_bindgen(js_name = calendarLists)]
    pub fn calendar_lists(
        &self,
        title: &str,
        days: &JsValue,
        preferences: &JsValue,
    ) -> Result<JsValue, JsError> {
        let days = list("days", days)?;
        to_js(&meals::calendar_lists(
            &self.catalogue,
            title,
            &days,
            &exclusions(preferences),
        ))
    }
}

/// Generated lists (as `weekList`/`calendarLists` answer them) and
/// their items as records ready to save (JSON of puts), named by their
/// tables' id schemes with `random`, with the tables' defaults.
#[wasm_bindgen(js_name = listRecords)]
pub fn list_records(
    lists: &JsValue,
    plan_id: Option<String>,
    start_date: Option<String>,
    now_ms: f64,
    random: &str,
) -> Result<JsValue, JsError> {
    let lists = list("lists", lists)?;
    let origin = meals::ListOrigin {
        plan_id: plan_id.as_deref(),
        start_date: start_date.as_deref(),
    };
    let records = meals::list_records(&lists, origin, now_ms as i64, random)
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&records)
}

/// A goal's generated plans (as `generatePlans` answers them) as
/// records ready to save (JSON of puts).
#[wasm_bindgen(js_name = planRecords)]
pub fn plan_records(
    plans: &JsValue,
    goal_id: &str,
    now_ms: f64,
    random: &str,
) -> Result<JsValue, JsError> {
    let plans = list("plans", plans)?;
    let records = meals::plan_records(&plans, goal_id, now_ms as i64, random)
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&records)
}

/// Every problem of a registration or set-password form: `[{ field, message }]`.
#[wasm_bindgen(js_name = accountFormProblems)]
pub fn account_form_problems(
    email: &str,
    password: &str,
    confirm_password: &str,
    first_name: &str,
    last_name: &str,
) -> Result<JsValue, JsError> {
    use manna_sync_protocol::account::{AccountForm, account_form_problems};
    to_js(&account_form_problems(&AccountForm {
        email,
        password,
        confirm_password,
        first_name,
        last_name: Some(last_name),
    }))
}

/// Every problem of a login form: `[{ field, message }]`.
#[wasm_bindgen(js_name = loginProblems)]
pub fn login_problems(email: &str, password: &str) -> Result<JsValue, JsError> {
    to_js(&manna_sync_protocol::account::login_problems(
        email, password,
    ))
}

/// Indexes (from 0) into a plan of `len` days for the shopping calendar's
/// week `week` (1 to 4).
#[wasm_bindgen(js_name = calendarWeekDays)]
pub fn calendar_week_days(len: u32, week: u32) -> Vec<u32> {
    meals::calendar_week_days(len as usize, week)
        .into_iter()
        .map(|d| d as u32)
        .collect()
}

/// The week (1 to 4) of the shopping calendar that day `day` (1 to 30) is in.
#[wasm_bindgen(js_name = calendarWeek)]
pub fn calendar_week(day: u32) -> u32 {
    meals::calendar_week(day)
}

/// The week (1 to 4) that `date` is in, of the shopping calendar that starts
/// on `start`; `undefined` outside its 30 days.
#[wasm_bindgen(js_name = calendarWeekOf)]
pub fn calendar_week_of(start: &str, date: &str) -> Option<u32> {
    meals::calendar_week_of(start.parse().ok()?, date.parse().ok()?)
}

/// `[first, last]`: the dates of week `week` (1 to 4) of the shopping
/// calendar that starts on `start`.
#[wasm_bindgen(js_name = calendarWeekDates)]
pub fn calendar_week_dates(start: &str, week: u32) -> Result<JsValue, JsError> {
    let (first, last) = meals::calendar_week_dates(parse(start)?, week);
    to_js(&[first, last])
}

/// The first of the `days` days that end on `last` (a chart's span).
#[wasm_bindgen(js_name = spanStart)]
pub fn span_start(last: &str, days: u32) -> Result<String, JsError> {
    Ok(crate::days::span_start(parse(last)?, days).to_string())
}

/// The built-in text for a plan day's missing field.
#[wasm_bindgen(js_name = planFallback)]
pub fn plan_fallback(field: &str, day: u32) -> Option<String> {
    meals::fallback::fallback(field, day).map(str::to_string)
}
