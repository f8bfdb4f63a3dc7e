// The only door to the WebAssembly build of manna-core: loaded once, lazily,
// and memoised. Everything else imports these typed wrappers.

import type * as Pkg from './pkg/manna_core.js';

export interface WeekDay {
  date: string;
  label: string;
  isToday: boolean;
  isPast: boolean;
  visited: boolean;
}

export interface WeekStrip {
  days: WeekDay[];
  streak: number;
}

export interface WeightProgress {
  totalLoss: number;
  weeklyAverage: number;
  monthlyAverage: number;
  streakDays: number;
  milestoneReached: string;
  trend: 'down' | 'up' | 'steady';
  entries: number;
}

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
  wellnessScore(ratings: number[]): { score: number; grade: string };
  weightProgress(dates: string[], weights: number[], today: string): WeightProgress;
  dayOfYear(date: string): number;
  localDate(epochMs: number, utcOffsetMinutes: number): string;
  addDays(date: string, days: number): string;
  weekStrip(today: string, visited: string[]): WeekStrip;
  rotationIndex(date: string, count: number, salt: string): number;
}

let loading: Promise<Core> | null = null;

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
    wellnessScore: (ratings) => pkg.wellnessScore(Uint32Array.from(ratings)) as { score: number; grade: string },
    weightProgress: (dates, weights, today) =>
      pkg.weightProgress(dates, Uint32Array.from(weights), today) as WeightProgress,
  };
}

export function loadCore(): Promise<Core> {
  loading ??= import('./pkg/manna_core.js').then(async (pkg) => {
    await pkg.default();
    return wrap(pkg);
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
