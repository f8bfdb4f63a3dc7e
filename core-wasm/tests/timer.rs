//! Property tests of the session timer: any sequence of actions and clock
//! moves (forward, backward, long sleeps).

use manna_core::timer::{Phase, Timer};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Step {
    Start,
    Pause,
    Resume,
    Stop,
    Tick,
    /// The clock moves by this many ms (negative: set back) before the action.
    Clock(i64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => Just(Step::Start),
        1 => Just(Step::Pause),
        1 => Just(Step::Resume),
        1 => Just(Step::Stop),
        3 => Just(Step::Tick),
        4 => (-5_000i64..120_000).prop_map(Step::Clock),
        1 => (0i64..10_000_000).prop_map(Step::Clock), // a long sleep
    ]
}

proptest! {
    #[test]
    fn remaining_is_never_negative_and_completion_comes_once_a_run(
        minutes in 1u64..30,
        steps in 0u32..8,
        script in proptest::collection::vec(step(), 1..80),
    ) {
        let duration = minutes * 60_000;
        let mut t = Timer::new(duration, steps);
        let mut now: i64 = 1_763_800_000_000;
        let mut completions_this_run = 0;
        // What the page last showed of this run.
        let mut last_remaining = duration;
        for s in &script {
            match s {
                Step::Start => {
                    if matches!(t.phase, Phase::Idle | Phase::Done) {
                        completions_this_run = 0;
                        last_remaining = duration;
                    }
                    t.start(now);
                }
                Step::Pause => t.pause(now),
                Step::Resume => t.resume(now),
                Step::Stop => {
                    t.stop();
                    completions_this_run = 0;
                    last_remaining = duration;
                }
                Step::Tick => {
                    let v = t.tick(now);
                    prop_assert!(v.remaining_ms <= duration);
                    // The time left shown never grows within a run, whatever
                    // the clock does.
                    prop_assert!(v.remaining_ms <= last_remaining, "{} > {last_remaining}", v.remaining_ms);
                    last_remaining = v.remaining_ms;
                    prop_assert!(v.progress_percent >= 0.0 && v.progress_percent <= 100.0);
                    if steps > 0 {
                        prop_assert!(v.step < steps && v.completed_steps <= steps);
                    }
                    if v.just_completed {
                        completions_this_run += 1;
                        prop_assert_eq!(v.remaining_ms, 0);
                        prop_assert_eq!(v.phase, Phase::Done);
                    }
                    prop_assert!(completions_this_run <= 1);
                }
                Step::Clock(ms) => now += ms,
            }
            prop_assert!(t.elapsed_ms(now) <= duration);
        }
        // A run whose time is up completes on its next tick, exactly once.
        if t.phase == Phase::Running && t.elapsed_ms(now) >= duration {
            prop_assert!(t.tick(now).just_completed);
            prop_assert!(!t.tick(now + 1_000).just_completed);
        }
    }

    #[test]
    fn with_a_forward_clock_the_time_left_is_exactly_the_time_not_yet_run(
        minutes in 1u64..60,
        pauses in proptest::collection::vec((1i64..200_000, 0i64..5_000_000), 0..6),
        ticks in 0usize..50,
    ) {
        let duration = minutes * 60_000;
        let mut t = Timer::new(duration, 0);
        let mut now: i64 = 0;
        t.start(now);
        let mut ran: i64 = 0;
        for (run, paused) in pauses {
            // Ticks in between change nothing but the view.
            for i in 0..ticks {
                t.tick(now + run * i as i64 / ticks.max(1) as i64);
            }
            now += run;
            ran += run;
            t.pause(now);
            now += paused;
            t.resume(now);
        }
        let v = t.tick(now);
        let expected = (duration as i64 - ran).max(0) as u64;
        prop_assert_eq!(v.remaining_ms, expected);
    }
}
