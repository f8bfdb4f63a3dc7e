// The only door to the WebAssembly build of manna-core: loaded once, lazily,
// and memoised. Everything else imports these typed wrappers.

import type { Stepped, Timer, WeeklyAverage, WeekStrip, WeightProgress } from '../generated/core';
import type { FieldError, Grade, Table } from '../generated/records';
import type * as Pkg from './pkg/manna_core.js';

export type { FieldError, Stepped, Timer, WeeklyAverage, WeekStrip, WeightProgress };

export type TimerAction = 'start' | 'pause' | 'resume' | 'stop' | 'tick';

export interface EntitlementCheck {
  status: 'premium' | 'refused';
  plan: string;
  expiresAt: number;
  issuedAt: number;
  owner: boolean;
  reason: string;
  message: string;
}

export interface Core {
  verifyEntitlement(token: string, kids: string[], keys: string[], userId: string, nowMs: number): EntitlementCheck;
  tokenAfterCheck(cached: string | null, outcome: 'granted' | 'revoked' | 'unreachable', fresh: string | null): string | null;
  needsRecheck(expiresAt: number | null, lastCheckMs: number, nowMs: number, recheckMs: number): boolean;
  /** The refusal of a whole record by its rules (the server's words), or undefined. */
  validateRecord(table: Table, id: string, fields: Record<string, unknown>): FieldError | undefined;
  /** A new record's id: from `date` for once-a-day records, else prefix-random. */
  recordId(table: Table, date: string | null, random: string): string;
  wellnessScore(ratings: number[]): { score: number; grade: Grade };
  weightProgress(dates: string[], weights: number[], today: string): WeightProgress;
  weeklyAverage(dates: string[], scores: number[], to: string): WeeklyAverage;
  dayOfYear(date: string): number;
  localDate(epochMs: number, utcOffsetMinutes: number): string;
  addDays(date: string, days: number): string;
  weekStrip(today: string, visited: string[]): WeekStrip;
  rotationIndex(date: string, count: number, salt: string): number;
  /** A new idle session timer of `durationMs` in `steps` even steps. */
  timerNew(durationMs: number, steps: number): Timer;
  /** A saved timer after `action` at `nowMs`, and what it shows. */
  timerStep(timer: Timer, action: TimerAction, nowMs: number): Stepped;
  /** Minutes from a duration text ("15 minutes" → 15), else `defaultMinutes`. */
  minutesFromText(text: string, defaultMinutes: number): number;
}

let loading: Promise<Core> | null = null;
let loaded: Core | null = null;

/** The core if it has finished loading (for renders that must not wait). */
export function loadedCore(): Core | null {
  return loaded;
}

function wrap(pkg: typeof Pkg): Core {
  return {
    verifyEntitlement: (token, kids, keys, userId, nowMs) => {
      const c = pkg.verifyEntitlement(token, kids, keys, userId, nowMs);
      const out: EntitlementCheck = {
        status: c.status as EntitlementCheck['status'],
        plan: c.plan,
        expiresAt: c.expiresAt,
        issuedAt: c.issuedAt,
        owner: c.owner,
        reason: c.reason,
        message: c.message,
      };
      c.free();
      return out;
    },
    tokenAfterCheck: (cached, outcome, fresh) => pkg.tokenAfterCheck(cached ?? undefined, outcome, fresh ?? undefined) ?? null,
    needsRecheck: (expiresAt, last, now, recheck) => pkg.needsRecheck(expiresAt ?? undefined, last, now, recheck),
    dayOfYear: pkg.dayOfYear,
    localDate: pkg.localDate,
    addDays: pkg.addDays,
    weekStrip: (today, visited) => pkg.weekStrip(today, visited) as WeekStrip,
    rotationIndex: pkg.rotationIndex,
    validateRecord: (table, id, fields) => (pkg.validateRecord(table, id, fields) as FieldError | undefined) ?? undefined,
    recordId: (table, date, random) => pkg.recordId(table, date ?? undefined, random),
    wellnessScore: (ratings) => pkg.wellnessScore(Uint32Array.from(ratings)) as { score: number; grade: Grade },
    weightProgress: (dates, weights, today) =>
      pkg.weightProgress(dates, Uint32Array.from(weights), today) as WeightProgress,
    weeklyAverage: (dates, scores, to) => pkg.weeklyAverage(dates, Uint32Array.from(scores), to) as WeeklyAverage,
    timerNew: (durationMs, steps) => pkg.timerNew(durationMs, steps) as Timer,
    timerStep: (t, action, nowMs) =>
      pkg.timerStep(t.durationMs, t.steps, t.phase, t.bankedMs, t.sinceMs ?? undefined, action, nowMs) as Stepped,
    minutesFromText: pkg.minutesFromText,
  };
}

export function loadCore(): Promise<Core> {
  loading ??= import('./pkg/manna_core.js').then(async (pkg) => {
    await pkg.default();
    loaded = wrap(pkg);
    return loaded;
  });
  loading.catch(() => {
    loading = null; // let a later call try again
  });
  return loading;
}

/** For tests: a core initialised synchronously from the module's bytes. */
export async function coreFromBytes(bytes: BufferSource): Promise<Core> {
  const pkg = await import('./pkg/manna_core.js');
  pkg.initSync({ module: bytes });
  return wrap(pkg);
}

/** Today's local date in the browser's time zone, as YYYY-MM-DD. */
export function todayIn(core: Core, now: Date = new Date()): string {
  return core.localDate(now.getTime(), -now.getTimezoneOffset());
}
