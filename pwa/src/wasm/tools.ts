// The only door to manna-core's second WebAssembly module: the rules of the
// pages that need more than the first screen (session timers, weight
// progress, meal plans, personal plans and shopping lists). Loaded once, by
// the first page that asks, and memoised.

import type { ScoreHistory, Stepped, Timer, WeightPoint, WeightProgress } from '../generated/core';
import type { BuiltList, GeneratedDay, GeneratedPlan, ListKind, MenuDay, NamedList, PersonalDay } from '../generated/meals';
import type { FieldError, Preferences } from '../generated/records';
import type { Mutation } from '../generated/sync';
import { lazyModule } from './lazy';
import type * as Pkg from './pkg/manna_tools.js';

export type { BuiltList, GeneratedDay, GeneratedPlan, ListKind, MenuDay, NamedList, PersonalDay, Stepped, Timer, WeightPoint, WeightProgress };

export type TimerAction = 'start' | 'pause' | 'resume' | 'stop' | 'tick';

/** Plans and lists built from the meal catalogue (one catalogue, read once). */
export interface Meals {
  /** A wellness goal's meal plan and fitness challenge; the same goal and seed give the same plans. */
  generatePlans(goal: Record<string, unknown>, seed: string): [GeneratedPlan, GeneratedPlan];
  /** A meal plan's days with what the person cannot or will not eat swapped out. */
  personalise(days: MenuDay[], preferences: Partial<Preferences>, category: string): PersonalDay[];
  /** A generate button's list for week `week` of `days` (the plan's days, fitted to the person). */
  weekList(kind: ListKind, week: number, days: unknown[], preferences: Partial<Preferences>, seed: string): NamedList;
  /** The shopping calendar's four weekly lists of the plan `title`. */
  calendarLists(title: string, days: unknown[], preferences: Partial<Preferences>): NamedList[];
}

export interface Tools {
  /** A new idle session timer of `durationMs` in `steps` even steps. */
  timerNew(durationMs: number, steps: number): Timer;
  /** A saved timer after `action` at `nowMs`, and what it shows. */
  timerStep(timer: Timer, action: TimerAction, nowMs: number): Stepped;
  /** Minutes from a duration text ("15 minutes" → 15), else `defaultMinutes`. */
  minutesFromText(text: string, defaultMinutes: number): number;
  weightProgress(dates: string[], weights: number[], today: string): WeightProgress;
  /** A weight typed in pounds as the record's tenths, or why not (in pounds). */
  weightTenths(typed: string): number | FieldError;
  /** Each day logged, oldest first, with the average of the 7 days ending on it. */
  weightChart(dates: string[], weights: number[]): WeightPoint[];
  /** The wellness checks' last 30, newest first, and this week against the week before. */
  scoreHistory(dates: string[], scores: number[], today: string): ScoreHistory;
  /** The meal rules over a catalogue (`GET /api/meal-catalogue`); throws on a catalogue that does not read. */
  meals(catalogue: string): Meals;
  /** Indexes into a plan of `length` days of the shopping calendar's week `week` (1 to 4). */
  calendarWeekDays(length: number, week: number): number[];
  /** The shopping calendar's week (1 to 4) of day `day` (1 to 30). */
  calendarWeek(day: number): number;
  /** The week (1 to 4) that `date` is in, of the shopping calendar that starts on `start`; undefined outside its 30 days. */
  calendarWeekOf(start: string, date: string): number | undefined;
  /** The first and last dates of week `week` (1 to 4) of the shopping calendar that starts on `start`. */
  calendarWeekDates(start: string, week: number): [string, string];
  /** The first of the `days` days that end on `last` (a chart's span). */
  spanStart(last: string, days: number): string;
  /** The built-in text for a plan day's missing field, turning with the day. */
  planFallback(field: string, day: number): string | undefined;
  /** Generated lists and their items as new records ready to save, named with `random`. */
  listRecords(lists: NamedList[], origin: { planId?: string; startDate?: string }, nowMs: number, random: string): Mutation[];
  /** A goal's generated plans as new records ready to save, named with `random`. */
  planRecords(plans: GeneratedPlan[], goalId: string, nowMs: number, random: string): Mutation[];
  /** Every problem of a registration or set-password form, each naming its field. */
  accountFormProblems(form: { email: string; password: string; confirmPassword: string; firstName: string; lastName: string }): FieldError[];
  /** Every problem of a login form, each naming its field. */
  loginProblems(email: string, password: string): FieldError[];
}

// Values go into the module as they are (it reads them as JSON.stringify
// would write them) and come back as plain values.
function wrapMeals(m: Pkg.Meals): Meals {
  return {
    generatePlans: (goal, seed) => m.generatePlans(goal, seed) as [GeneratedPlan, GeneratedPlan],
    personalise: (days, p, category) => m.personalise(days, p, category) as PersonalDay[],
    weekList: (kind, week, days, p, seed) => m.weekList(kind, week, days, p, seed) as NamedList,
    calendarLists: (title, days, p) => m.calendarLists(title, days, p) as NamedList[],
  };
}

/** The catalogue's text parsed; a text that is not JSON is refused as the module refuses a catalogue. */
function parseCatalogue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`catalogue: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

function wrap(pkg: typeof Pkg): Tools {
  // One parsed catalogue per catalogue text: pages ask again on each render.
  let lastText = '';
  let lastMeals: Meals | null = null;
  return {
    timerNew: (durationMs, steps) => pkg.timerNew(durationMs, steps) as Timer,
    timerStep: (t, action, nowMs) =>
      pkg.timerStep(t.durationMs, t.steps, t.phase, t.bankedMs, t.sinceMs ?? undefined, action, nowMs) as Stepped,
    minutesFromText: pkg.minutesFromText,
    weightProgress: (dates, weights, today) =>
      pkg.weightProgress(dates, Uint32Array.from(weights), today) as WeightProgress,
    weightChart: (dates, weights) => pkg.weightChart(dates, Uint32Array.from(weights)) as WeightPoint[],
    scoreHistory: (dates, scores, today) => pkg.scoreHistory(dates, Uint32Array.from(scores), today) as ScoreHistory,
    meals: (catalogue) => {
      if (lastMeals && catalogue === lastText) return lastMeals;
      lastMeals = wrapMeals(new pkg.Meals(parseCatalogue(catalogue)));
      lastText = catalogue;
      return lastMeals;
    },
    calendarWeekDays: (length, week) => Array.from(pkg.calendarWeekDays(length, week)),
    calendarWeek: pkg.calendarWeek,
    calendarWeekOf: (start, date) => pkg.calendarWeekOf(start, date),
    calendarWeekDates: (start, week) => pkg.calendarWeekDates(start, week) as [string, string],
    spanStart: pkg.spanStart,
    planFallback: (field, day) => pkg.planFallback(field, day) ?? undefined,
    listRecords: (lists, origin, nowMs, random) =>
      pkg.listRecords(lists, origin.planId, origin.startDate, nowMs, random) as Mutation[],
    planRecords: (plans, goalId, nowMs, random) =>
      pkg.planRecords(plans, goalId, nowMs, random) as Mutation[],
    accountFormProblems: (f) => pkg.accountFormProblems(f.email, f.password, f.confirmPassword, f.firstName, f.lastName) as FieldError[],
    loginProblems: (email, password) => pkg.loginProblems(email, password) as FieldError[],
    weightTenths: (typed) => pkg.weightTenths(typed) as number | FieldError,
  };
}

const wasm = lazyModule(() => import('./pkg/manna_tools.js'), wrap);

/** The tools, loaded once; a render reads them with `use(loadTools())`. */
export function loadTools(): Promise<Tools> {
  return wasm.load();
}

/** For tests: the tools initialised synchronously from the module's bytes. */
export function toolsFromBytes(bytes: BufferSource): Promise<Tools> {
  return wasm.fromBytes(bytes);
}
