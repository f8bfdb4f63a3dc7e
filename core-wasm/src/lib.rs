//! # manna-core
//!
//! Pure rules shared by the server (as a Rust library) and the PWA (compiled to
//! WebAssembly). Nothing here reads a clock, the network or a random source:
//! dates and seeds are arguments, so the same call gives the same answer in both
//! places.
//!
//! Record rules (shapes, limits, enums, the wellness grade, id schemes) live in
//! `manna_sync_protocol`, the crate below this one; the browser reaches them
//! through the exports here (`validateRecord`, `recordId`, `wellnessScore`).
//!
//! # Layout
//! - `calendar`: the date type (from `manna_sync_protocol::date`).
//! - `week`: the Monday-to-Sunday journey strip and its streak.
//! - `rotation`: which content item a date shows.
//! - `scoring`: weight progress and the weekly wellness average.
//! - `premium`: entitlement tokens and the premium-cache rules.
//! - `plans`: the two plans, their prices and the figures shown of them.
//! - `meals`: meal plans, personal 30-day plans and shopping lists.
//! - `timer`: the countdown of meditation, prayer and exercise sessions.
//! - the `wasm` module below: the only place that touches wasm-bindgen.

pub mod flatjson;
pub mod meals;
pub mod plans;
pub mod premium;
pub mod rotation;
pub mod scoring;
pub mod timer;
pub mod week;

pub use manna_sync_protocol::date as calendar;
pub use manna_sync_protocol::records::wellness::{Grade, wellness_grade, wellness_total};
pub use manna_sync_protocol::{Date, DateError};
pub use rotation::rotation_index;
pub use scoring::{Trend, WeeklyAverage, WeightProgress, weekly_average, weight_progress};
pub use week::{WeekDay, WeekStrip, week_strip};

// Talc instead of the default dlmalloc: same job, a fraction of the bytes.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

// The browser gets two modules from this crate: the core (built without the
// `tools` feature), which the first screen needs, and the tools (built with
// it): timers, weight progress, plans and shopping lists, loaded by the pages
// that use them. Splitting them keeps the first screen's download small.
#[cfg(all(target_arch = "wasm32", not(feature = "tools")))]
mod wasm {
    use super::{Date, rotation_index, week_strip, weekly_average, wellness_grade, wellness_total};
    use manna_sync_protocol::{FieldError, Table};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
        value
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|e| JsError::new(&e.to_string()))
    }

    fn table(name: &str) -> Result<Table, JsError> {
        Table::from_name(name).ok_or_else(|| JsError::new(&format!("no synced table '{name}'")))
    }

    /// A browser value as the JSON `JSON.stringify` would send, read without a
    /// JSON parser (which would weigh more than all the rules together).
    fn json_of(value: &JsValue) -> serde_json::Value {
        use serde_json::Value;
        if let Some(b) = value.as_bool() {
            return Value::Bool(b);
        }
        if let Some(n) = value.as_f64() {
            const SAFE: f64 = 9_007_199_254_740_991.0;
            return if n.fract() == 0.0 && n.abs() <= SAFE {
                Value::from(n as i64)
            } else {
                serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
            };
        }
        if let Some(s) = value.as_string() {
            return Value::String(s);
        }
        if js_sys::Array::is_array(value) {
            return Value::Array(
                js_sys::Array::from(value)
                    .iter()
                    .map(|v| json_of(&v))
                    .collect(),
            );
        }
        if value.is_object() {
            let mut map = serde_json::Map::new();
            for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
                let pair = js_sys::Array::from(&entry);
                let item = pair.get(1);
                if !item.is_undefined() {
                    map.insert(pair.get(0).as_string().unwrap_or_default(), json_of(&item));
                }
            }
            return Value::Object(map);
        }
        Value::Null
    }

    /// Checks a whole record before it is written: `undefined` when valid,
    /// else `{ field, message }` (the same words the server would refuse with).
    #[wasm_bindgen(js_name = validateRecord)]
    pub fn validate_record(
        table_name: &str,
        id: &str,
        fields: JsValue,
    ) -> Result<JsValue, JsError> {
        let serde_json::Value::Object(fields) = json_of(&fields) else {
            return Err(JsError::new("fields: must be an object"));
        };
        let outcome = table(table_name)?.validate(id, &fields);
        match outcome {
            Ok(()) => Ok(JsValue::UNDEFINED),
            Err(e) => to_js(&e),
        }
    }

    /// The id of a new record of `table` with these fields: from its date or
    /// key fields where the table names records by them, otherwise the
    /// table's prefix and `random` (letters and digits).
    #[wasm_bindgen(js_name = recordId)]
    pub fn record_id(table_name: &str, fields: JsValue, random: &str) -> Result<String, JsError> {
        let serde_json::Value::Object(fields) = json_of(&fields) else {
            return Err(JsError::new("fields: must be an object"));
        };
        table(table_name)?
            .id_scheme()
            .new_id(&fields, random)
            .map_err(|e: FieldError| JsError::new(&e.to_string()))
    }

    /// The outcome of checking a cached entitlement.
    #[wasm_bindgen(getter_with_clone)]
    #[derive(Debug)]
    pub struct EntitlementCheck {
        /// `premium` or `refused`.
        pub status: String,
        pub plan: String,
        #[wasm_bindgen(js_name = expiresAt)]
        pub expires_at: f64,
        #[wasm_bindgen(js_name = issuedAt)]
        pub issued_at: f64,
        pub owner: bool,
        /// Why it was refused (`expired`, `badSignature`, …), empty when premium.
        pub reason: String,
        pub message: String,
    }

    /// Checks a cached entitlement token against the server's public keys (ids
    /// and base64url keys, parallel lists), the device's user id and the time.
    #[wasm_bindgen(js_name = verifyEntitlement)]
    pub fn verify_entitlement(
        token: &str,
        kids: Vec<String>,
        keys: Vec<String>,
        user_id: &str,
        now_ms: f64,
    ) -> EntitlementCheck {
        let keys: Vec<crate::premium::PublicKey> = kids
            .into_iter()
            .zip(keys)
            .map(|(kid, x)| crate::premium::PublicKey {
                kid,
                kty: "OKP".into(),
                crv: "Ed25519".into(),
                alg: "EdDSA".into(),
                x,
            })
            .collect();
        match crate::premium::verify(token, &keys, user_id, now_ms as i64) {
            Ok(c) => EntitlementCheck {
                status: "premium".into(),
                plan: c.plan,
                expires_at: c.exp as f64,
                issued_at: c.iat as f64,
                owner: c.owner,
                reason: String::new(),
                message: String::new(),
            },
            Err(reason) => EntitlementCheck {
                status: "refused".into(),
                plan: String::new(),
                expires_at: 0.0,
                issued_at: 0.0,
                owner: false,
                reason: reason.code().into(),
                message: reason.message().into(),
            },
        }
    }

    /// The token to keep after an online check: `outcome` is `granted` (with
    /// `fresh`), `revoked` or `unreachable`.
    #[wasm_bindgen(js_name = tokenAfterCheck)]
    pub fn token_after_check_js(
        cached: Option<String>,
        outcome: &str,
        fresh: Option<String>,
    ) -> Result<Option<String>, JsError> {
        use crate::premium::{CheckOutcome, token_after_check};
        let outcome = match (outcome, fresh) {
            ("granted", Some(t)) => CheckOutcome::Granted(t),
            ("revoked", _) => CheckOutcome::Revoked,
            ("unreachable", _) => CheckOutcome::Unreachable,
            (other, _) => return Err(JsError::new(&format!("unknown check outcome '{other}'"))),
        };
        Ok(token_after_check(cached.as_deref(), &outcome))
    }

    /// Whether the device should ask the server again now.
    #[wasm_bindgen(js_name = needsRecheck)]
    pub fn needs_recheck_js(
        expires_at: Option<f64>,
        last_check_ms: f64,
        now_ms: f64,
        recheck_ms: f64,
    ) -> bool {
        let claims = expires_at.map(|exp| crate::premium::Claims {
            sub: String::new(),
            plan: String::new(),
            iat: 0,
            exp: exp as i64,
            owner: false,
        });
        crate::premium::needs_recheck(
            claims.as_ref(),
            last_check_ms as i64,
            now_ms as i64,
            recheck_ms as i64,
        )
    }

    fn parse(date: &str) -> Result<Date, JsError> {
        date.parse::<Date>().map_err(|e| JsError::new(&e.0))
    }

    /// Day of the year (1 January is 1) of a local `YYYY-MM-DD` date.
    #[wasm_bindgen(js_name = dayOfYear)]
    pub fn day_of_year(date: &str) -> Result<u32, JsError> {
        Ok(parse(date)?.day_of_year())
    }

    /// The local `YYYY-MM-DD` date of an instant, given the local UTC offset in minutes.
    #[wasm_bindgen(js_name = localDate)]
    pub fn local_date(epoch_ms: f64, utc_offset_minutes: i32) -> String {
        Date::from_epoch_ms(epoch_ms as i64, utc_offset_minutes).to_string()
    }

    /// `YYYY-MM-DD` of `date` plus `days`.
    #[wasm_bindgen(js_name = addDays)]
    pub fn add_days(date: &str, days: i32) -> Result<String, JsError> {
        Ok(parse(date)?.add_days(i64::from(days)).to_string())
    }

    /// The week strip for `today`, given the dates on which the app was opened.
    #[wasm_bindgen(js_name = weekStrip)]
    pub fn week_strip_js(today: &str, visited: Vec<String>) -> Result<JsValue, JsError> {
        let visited: Vec<Date> = visited.iter().filter_map(|v| v.parse().ok()).collect();
        to_js(&week_strip(parse(today)?, &visited))
    }

    /// Total and grade of the five wellness ratings: `{ score, grade }`.
    #[wasm_bindgen(js_name = wellnessScore)]
    pub fn wellness_score(ratings: Vec<u32>) -> Result<JsValue, JsError> {
        let score = wellness_total(&ratings).map_err(|e| JsError::new(&e.to_string()))?;
        #[derive(Serialize)]
        struct Scored {
            score: u32,
            grade: super::Grade,
        }
        to_js(&Scored {
            score,
            grade: wellness_grade(score),
        })
    }

    /// The average score of the 7 days up to `to`, from parallel lists.
    #[wasm_bindgen(js_name = weeklyAverage)]
    pub fn weekly_average_js(
        dates: Vec<String>,
        scores: Vec<u32>,
        to: &str,
    ) -> Result<JsValue, JsError> {
        let checks: Vec<(Date, u32)> = dates
            .iter()
            .zip(scores)
            .filter_map(|(d, s)| d.parse().ok().map(|d| (d, s)))
            .collect();
        to_js(&weekly_average(&checks, parse(to)?))
    }

    /// Index of the item a date shows from a list of `count` items (-1 when empty).
    #[wasm_bindgen(js_name = rotationIndex)]
    pub fn rotation_index_js(date: &str, count: u32, salt: &str) -> Result<i32, JsError> {
        Ok(rotation_index(parse(date)?, count as usize, salt).map_or(-1, |i| i as i32))
    }
}

#[cfg(all(target_arch = "wasm32", feature = "tools"))]
mod tools {
    use super::meals::{self, Catalogue, Exclusions, MenuDay};
    use super::{Date, weight_progress};
    use serde::{Deserialize, Serialize};
    use wasm_bindgen::prelude::*;

    fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
        value
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|e| JsError::new(&e.to_string()))
    }

    fn parse(date: &str) -> Result<Date, JsError> {
        date.parse::<Date>().map_err(|e| JsError::new(&e.0))
    }

    fn json<T: Serialize>(value: &T) -> Result<String, JsError> {
        serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))
    }

    fn read<T: for<'de> Deserialize<'de>>(what: &str, text: &str) -> Result<T, JsError> {
        serde_json::from_str(text).map_err(|e| JsError::new(&format!("{what}: {e}")))
    }

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
        to_js(
            &timer
                .step(action, now_ms as i64)
                .map_err(|e| JsError::new(&e))?,
        )
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
        let entries: Vec<(Date, u32)> = dates
            .iter()
            .zip(weights)
            .filter_map(|(d, w)| d.parse().ok().map(|d| (d, w)))
            .collect();
        to_js(&weight_progress(&entries, parse(today)?))
    }

    /// What a person leaves out, from the enrollment's preferences (JSON).
    fn exclusions(preferences: &str) -> Result<Exclusions, JsError> {
        let value: serde_json::Value = read("preferences", preferences)?;
        Ok(Exclusions::from_preferences(&value))
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
        pub fn new(catalogue: &str) -> Result<Meals, JsError> {
            Catalogue::from_json(catalogue)
                .map(|catalogue| Meals { catalogue })
                .map_err(|e| JsError::new(&format!("catalogue: {e}")))
        }

        /// A wellness goal's two plans (JSON of the goal's record fields),
        /// as JSON `[mealPlan, fitnessChallenge]`.
        #[wasm_bindgen(js_name = generatePlans)]
        pub fn generate_plans(&self, goal: &str, seed: &str) -> Result<String, JsError> {
            let fields: serde_json::Map<String, serde_json::Value> = read("goal", goal)?;
            let plans = meals::plans_for_goal(&self.catalogue, &fields, seed)
                .map_err(|e| JsError::new(&e.to_string()))?;
            json(&plans)
        }

        /// A meal plan's days fitted to a person's preferences (JSON in and out).
        pub fn personalise(
            &self,
            days: &str,
            preferences: &str,
            category: &str,
        ) -> Result<String, JsError> {
            let days: Vec<MenuDay> = read("days", days)?;
            json(&meals::personalise(
                &days,
                &self.catalogue,
                &exclusions(preferences)?,
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
            days: &str,
            preferences: &str,
            seed: &str,
        ) -> Result<String, JsError> {
            let kind = meals::ListKind::from_wire(kind)
                .ok_or_else(|| JsError::new(&format!("no shopping list kind '{kind}'")))?;
            let days: Vec<serde_json::Value> = read("days", days)?;
            json(&meals::week_list(
                &self.catalogue,
                kind,
                week,
                &days,
                &exclusions(preferences)?,
                seed,
            ))
        }

        /// The shopping calendar's four weekly lists of the plan `title`.
        #[wasm_bindgen(js_name = calendarLists)]
        pub fn calendar_lists(
            &self,
            title: &str,
            days: &str,
            preferences: &str,
        ) -> Result<String, JsError> {
            let days: Vec<serde_json::Value> = read("days", days)?;
            json(&meals::calendar_lists(
                &self.catalogue,
                title,
                &days,
                &exclusions(preferences)?,
            ))
        }
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

    /// The built-in text for a plan day's missing field.
    #[wasm_bindgen(js_name = planFallback)]
    pub fn plan_fallback(field: &str, day: u32) -> Option<String> {
        meals::fallback::fallback(field, day).map(str::to_string)
    }
}
