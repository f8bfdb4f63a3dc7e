//! The countdown of a meditation, a prayer session or an exercise: start,
//! pause, resume, stop, even steps, progress and completion.
//!
//! Time comes from timestamps, never from counted ticks: what has elapsed is
//! the sum of the running stretches between them, so the timer stays right
//! while the screen is locked or the tab sleeps (no ticks arrive then) and
//! carries on after a reload from its saved state. A clock that jumps back
//! adds no time and takes none away.

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// Not started (or stopped): the full time is left.
    Idle,
    Running,
    Paused,
    /// The time ran out.
    Done,
}

impl Phase {
    /// The phase of its wire name (`idle`, `running`, `paused`, `done`).
    pub fn from_name(name: &str) -> Option<Phase> {
        match name {
            "idle" => Some(Phase::Idle),
            "running" => Some(Phase::Running),
            "paused" => Some(Phase::Paused),
            "done" => Some(Phase::Done),
            _ => None,
        }
    }
}

/// A timer's whole state: small, plain, and kept on the device between
/// reloads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Timer {
    pub duration_ms: u64,
    /// Even steps the time is divided into (0 when the session has none).
    pub steps: u32,
    pub phase: Phase,
    /// Time run before the current stretch began.
    pub banked_ms: u64,
    /// The latest instant the current stretch has been counted to (running
    /// only; ms since 1970).
    #[ts(type = "number | null")]
    pub since_ms: Option<i64>,
}

/// What a page shows of a timer at one instant.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TimerView {
    pub phase: Phase,
    pub remaining_ms: u64,
    /// Whole seconds left, rounded up (0 only when done).
    pub remaining_seconds: u64,
    /// Elapsed share of the duration, 0 to 100.
    pub progress_percent: f64,
    /// The step now under way (0-based; the last one once done).
    pub step: u32,
    /// Steps whose share of the time has passed.
    pub completed_steps: u32,
    /// True on the one tick on which the time ran out.
    pub just_completed: bool,
}

/// A timer after an action or a tick, and what it shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Stepped {
    pub timer: Timer,
    pub view: TimerView,
}

/// The longest session a timer takes (a day).
pub const MAX_DURATION_MS: u64 = 24 * 60 * 60 * 1000;

impl Timer {
    /// An idle timer of `duration_ms` (at least 1 s, at most a day) in `steps`
    /// even steps.
    pub fn new(duration_ms: u64, steps: u32) -> Self {
        Self {
            duration_ms: duration_ms.clamp(1000, MAX_DURATION_MS),
            steps,
            phase: Phase::Idle,
            banked_ms: 0,
            since_ms: None,
        }
    }

    /// Time run so far, counting the current stretch up to `now_ms`.
    pub fn elapsed_ms(&self, now_ms: i64) -> u64 {
        let stretch = match (self.phase, self.since_ms) {
            (Phase::Running, Some(since)) => {
                u64::try_from(now_ms.saturating_sub(since)).unwrap_or(0)
            }
            _ => 0,
        };
        self.banked_ms.saturating_add(stretch).min(self.duration_ms)
    }

    /// Banks the current stretch up to `now_ms` and counts on from there; a
    /// clock that went back starts the stretch again at the new time.
    fn settle(&mut self, now_ms: i64) {
        if self.phase == Phase::Running {
            self.banked_ms = self.elapsed_ms(now_ms);
            self.since_ms = Some(now_ms);
        }
    }

    /// Starts from the full time (from idle or after completion); does
    /// nothing while running or paused.
    pub fn start(&mut self, now_ms: i64) {
        if matches!(self.phase, Phase::Idle | Phase::Done) {
            self.phase = Phase::Running;
            self.banked_ms = 0;
            self.since_ms = Some(now_ms);
        }
    }

    /// Pauses a running timer; one whose time is already up stays running,
    /// so its next tick completes it.
    pub fn pause(&mut self, now_ms: i64) {
        if self.phase == Phase::Running {
            self.settle(now_ms);
            if self.banked_ms < self.duration_ms {
                self.phase = Phase::Paused;
                self.since_ms = None;
            }
        }
    }

    pub fn resume(&mut self, now_ms: i64) {
        if self.phase == Phase::Paused {
            self.phase = Phase::Running;
            self.since_ms = Some(now_ms);
        }
    }

    /// Back to idle with the full time (Stop and Reset).
    pub fn stop(&mut self) {
        self.phase = Phase::Idle;
        self.banked_ms = 0;
        self.since_ms = None;
    }

    /// Applies a page's action by name: `start`, `pause`, `resume`, `stop`.
    pub fn apply(&mut self, action: &str, now_ms: i64) -> Result<(), String> {
        match action {
            "start" => self.start(now_ms),
            "pause" => self.pause(now_ms),
            "resume" => self.resume(now_ms),
            "stop" | "reset" => self.stop(),
            other => return Err(format!("unknown timer action '{other}'")),
        }
        Ok(())
    }

    /// Applies `action` (or none for `tick`) at `now_ms`, then ticks.
    pub fn step(mut self, action: &str, now_ms: i64) -> Result<Stepped, String> {
        if action != "tick" {
            self.apply(action, now_ms)?;
        }
        let view = self.tick(now_ms);
        Ok(Stepped { timer: self, view })
    }

    /// The timer at `now_ms`: moves a running timer whose time is up to done
    /// (`just_completed` is true on that tick only).
    pub fn tick(&mut self, now_ms: i64) -> TimerView {
        self.settle(now_ms);
        let elapsed = self.elapsed_ms(now_ms);
        let just_completed = self.phase == Phase::Running && elapsed >= self.duration_ms;
        if just_completed {
            self.phase = Phase::Done;
            self.since_ms = None;
            self.banked_ms = self.duration_ms;
        }
        self.view(now_ms, just_completed)
    }

    fn view(&self, now_ms: i64, just_completed: bool) -> TimerView {
        let elapsed = if self.phase == Phase::Done {
            self.duration_ms
        } else {
            self.elapsed_ms(now_ms)
        };
        let remaining_ms = self.duration_ms - elapsed;
        let (step, completed_steps) = if self.steps == 0 {
            (0, 0)
        } else if self.phase == Phase::Done {
            (self.steps - 1, self.steps)
        } else {
            // Step i covers [i, i + 1) × duration / steps.
            let passed = steps_passed(elapsed, self.duration_ms, self.steps);
            (passed.min(self.steps - 1), passed.min(self.steps))
        };
        TimerView {
            phase: self.phase,
            remaining_ms,
            remaining_seconds: remaining_ms.div_ceil(1000),
            progress_percent: elapsed as f64 * 100.0 / self.duration_ms as f64,
            step,
            completed_steps,
            just_completed,
        }
    }
}

/// `elapsed × steps / duration`, rounded down, for `elapsed` at most
/// `duration`: exact for every `u64` and `u32`, without the 128-bit division
/// (a sizeable routine in the browser build). Long multiplication one bit of
/// `steps` at a time keeps the remainder below `duration`, so nothing
/// overflows.
fn steps_passed(elapsed: u64, duration: u64, steps: u32) -> u32 {
    if let Some(product) = elapsed.checked_mul(u64::from(steps)) {
        return (product / duration) as u32;
    }
    // Here `elapsed < duration`: at `elapsed == duration` the product is
    // `duration × steps`, which overflowed, so `duration` cannot be 0 either.
    let (mut whole, mut rest) = (0u64, 0u64);
    for bit in (0..32).rev() {
        // Double `whole × duration + rest`.
        whole *= 2;
        if rest >= duration - rest {
            rest -= duration - rest;
            whole += 1;
        } else {
            rest *= 2;
        }
        // Add `elapsed` when this bit of `steps` is set.
        if (steps >> bit) & 1 == 1 {
            if rest >= duration - elapsed {
                rest -= duration - elapsed;
                whole += 1;
            } else {
                rest += elapsed;
            }
        }
    }
    whole as u32
}

/// Minutes from a duration text such as "15 minutes" or "10-15 min": its
/// first whole number, else `default_minutes`.
pub fn minutes_from_text(text: &str, default_minutes: u32) -> u32 {
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    match digits.parse::<u32>() {
        Ok(n) if n > 0 => n.min(24 * 60),
        _ => default_minutes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn steps_passed_is_the_exact_quotient(
            duration in 1u64..,
            share in 0u64..=1 << 32,
            steps in proptest::num::u32::ANY,
        ) {
            // Any `elapsed` from 0 to `duration`, both ends included.
            let elapsed = ((u128::from(duration) * u128::from(share)) >> 32) as u64;
            let exact = u128::from(elapsed) * u128::from(steps) / u128::from(duration);
            proptest::prop_assert_eq!(u128::from(steps_passed(elapsed, duration, steps)), exact);
        }
    }

    #[test]
    fn steps_passed_at_the_edges() {
        assert_eq!(steps_passed(u64::MAX, u64::MAX, u32::MAX), u32::MAX);
        assert_eq!(steps_passed(u64::MAX - 1, u64::MAX, u32::MAX), u32::MAX - 1);
        assert_eq!(steps_passed(1 << 63, u64::MAX, 3), 1);
        assert_eq!(steps_passed(0, 5, 7), 0);
    }

    #[test]
    fn a_ten_minute_session_paused_for_a_while_ends_ten_running_minutes_later() {
        let mut t = Timer::new(600_000, 0);
        t.start(1_000);
        assert_eq!(t.tick(61_000).remaining_seconds, 540);
        t.pause(61_000);
        // Locked for an hour while paused: nothing passes.
        assert_eq!(t.tick(3_661_000).remaining_seconds, 540);
        t.resume(3_661_000);
        let view = t.tick(4_200_999);
        assert_eq!((view.phase, view.remaining_seconds), (Phase::Running, 1));
        let view = t.tick(4_201_000);
        assert!(view.just_completed);
        assert_eq!(view.remaining_seconds, 0);
        assert!(!t.tick(4_202_000).just_completed);
    }

    #[test]
    fn steps_advance_evenly_and_all_are_checked_at_the_end() {
        let mut t = Timer::new(60_000, 4);
        t.start(0);
        assert_eq!(
            (t.tick(14_999).step, t.tick(14_999).completed_steps),
            (0, 0)
        );
        assert_eq!(
            (t.tick(15_000).step, t.tick(15_000).completed_steps),
            (1, 1)
        );
        assert_eq!(t.tick(59_000).step, 3);
        let end = t.tick(60_000);
        assert_eq!(
            (end.step, end.completed_steps, end.phase),
            (3, 4, Phase::Done)
        );
    }

    #[test]
    fn phases_read_back_their_wire_names() {
        for phase in [Phase::Idle, Phase::Running, Phase::Paused, Phase::Done] {
            let name = serde_json::to_value(phase).expect("json");
            assert_eq!(
                Phase::from_name(name.as_str().expect("a name")),
                Some(phase)
            );
        }
        assert_eq!(Phase::from_name("stopped"), None);
    }

    #[test]
    fn duration_texts_give_their_first_number() {
        assert_eq!(minutes_from_text("15 minutes", 10), 15);
        assert_eq!(minutes_from_text("10-15 min daily", 10), 10);
        assert_eq!(minutes_from_text("As long as you like", 10), 10);
        assert_eq!(minutes_from_text("0 min", 10), 10);
    }
}
