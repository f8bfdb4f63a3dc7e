// Generated from the Rust types by `make types`: do not edit.
// Figures the core derives (manna_core), and the plans.

import type { IsoDate } from './records';

export type Streak = { 
/**
 * Days opened in the run (kept and rest days are not counted, only held over).
 */
days: number, 
/**
 * The missed days the run was kept over, newest first (one a week at most).
 */
kept: Array<IsoDate>, };

export type WeekDay = { date: IsoDate, label: string, isToday: boolean, isPast: boolean, visited: boolean, 
/**
 * Missed, and kept by the week's grace: the streak held over it.
 */
kept: boolean, 
/**
 * The person's rest day (not opened): it never breaks the streak.
 */
rest: boolean, };

export type WeekStrip = { days: Array<WeekDay>, 
/**
 * Days of this week before today on which the app was opened.
 */
streak: number, 
/**
 * The running streak, across weeks.
 */
run: Streak, };

export type Trend = "down" | "up" | "steady";

export type WeightProgress = { 
/**
 * First logged weight minus the latest, in tenths of a pound (negative: gained).
 */
totalLoss: number, 
/**
 * Average of the entries in the 7 days up to `today`, in tenths (none: 0).
 */
weeklyAverage: number, 
/**
 * Average of the entries in the 30 days up to `today`, in tenths.
 */
monthlyAverage: number, 
/**
 * Consecutive days with an entry, ending today (or yesterday, if today is not logged yet).
 */
streakDays: number, 
/**
 * The largest milestone of total loss reached, e.g. 'Lost 10 lbs!', or empty.
 */
milestoneReached: string, 
/**
 * Over the last two entries.
 */
trend: Trend, entries: number, };

export type WeightPoint = { date: IsoDate, 
/**
 * Tenths of a pound.
 */
weight: number, 
/**
 * The average of the entries of the 7 days ending on this one (the
 * days logged, so a missed day neither drags it down nor breaks it),
 * in tenths, rounded.
 */
average: number, };

export type WeeklyAverage = { 
/**
 * Rounded to one decimal; none without a score in the week.
 */
average: number | null, count: number, from: IsoDate, to: IsoDate, };

export type ScoreCheck = { date: IsoDate, score: number, };

export type ScoreHistory = { 
/**
 * The last [`HISTORY_CHECKS`] checks, newest first: `(date, score)`.
 */
checks: Array<ScoreCheck>, 
/**
 * The 7 days up to today.
 */
thisWeek: WeeklyAverage, 
/**
 * The 7 days before those.
 */
weekBefore: WeeklyAverage, 
/**
 * This week's average against the week before's (steady within half a
 * point, or when a week has no check).
 */
trend: Trend, 
/**
 * This week's average minus the week before's, to one decimal.
 */
change: number | null, };

export type Phase = "idle" | "running" | "paused" | "done";

export type Timer = { durationMs: number, 
/**
 * Even steps the time is divided into (0 when the session has none).
 */
steps: number, phase: Phase, 
/**
 * Time run before the current stretch began.
 */
bankedMs: number, 
/**
 * The latest instant the current stretch has been counted to (running
 * only; ms since 1970).
 */
sinceMs: number | null, };

export type TimerView = { phase: Phase, remainingMs: number, 
/**
 * Whole seconds left, rounded up (0 only when done).
 */
remainingSeconds: number, 
/**
 * Elapsed share of the duration, 0 to 100.
 */
progressPercent: number, 
/**
 * The step now under way (0-based; the last one once done).
 */
step: number, 
/**
 * Steps whose share of the time has passed.
 */
completedSteps: number, 
/**
 * True on the one tick on which the time ran out.
 */
justCompleted: boolean, };

export type Stepped = { timer: Timer, view: TimerView, };

export type Plan = "monthly" | "annual";

export const PLAN_VALUES = [
  "monthly",
  "annual"
] as const satisfies readonly Plan[];

export type PlanFigures = { plan: Plan, 
/**
 * 'Monthly' or 'Annual'.
 */
name: string, label: string, 
/**
 * Cents charged each period.
 */
amount: number, 
/**
 * `$4.99`.
 */
price: string, 
/**
 * 'per month' or 'per year'.
 */
per: string, 
/**
 * The annual price spread over twelve months (`$3.33`).
 */
monthlyEquivalent: string, 
/**
 * Twelve monthly payments, struck through beside the annual price (`$59.88`).
 */
struck: string | null, 
/**
 * Saving against twelve monthly payments, in whole percent and dollars.
 */
savePercent: number, saveDollars: number, };

/** The two plans as their cards show them. */
export const PLANS = {
  "annual": {
    "plan": "annual",
    "name": "Annual",
    "label": "Annual Plan",
    "amount": 3999,
    "price": "$39.99",
    "per": "per year",
    "monthlyEquivalent": "$3.33",
    "struck": "$59.88",
    "savePercent": 33,
    "saveDollars": 20
  },
  "monthly": {
    "plan": "monthly",
    "name": "Monthly",
    "label": "Monthly Plan",
    "amount": 499,
    "price": "$4.99",
    "per": "per month",
    "monthlyEquivalent": "$4.99",
    "struck": null,
    "savePercent": 0,
    "saveDollars": 0
  }
} as const;

/** Days of free trial on a new subscription. */
export const TRIAL_DAYS = 7 as const;
