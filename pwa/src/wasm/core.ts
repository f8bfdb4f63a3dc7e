// The only door to the WebAssembly build of manna-core that the first screen
// needs: loaded once, lazily, and memoised. Everything else imports these
// typed wrappers (a record's checks are in `records.ts`, the pages' own
// rules in `tools.ts`).

import type { WeeklyAverage, WeekStrip } from '../generated/core';
import type { Grade } from '../generated/records';
import { lazyModule } from './lazy';
import type * as Pkg from './pkg/manna_core.js';

export type { WeeklyAverage, WeekStrip };

export interface Core {
  wellnessScore(ratings: number[]): { score: number; grade: Grade };
  weeklyAverage(dates: string[], scores: number[], to: string): WeeklyAverage;
  dayOfYear(date: string): number;
  localDate(epochMs: number, utcOffsetMinutes: number): string;
  addDays(date: string, days: number): string;
  /** The day of a plan of `length` days started on `start` that `today` is: 1 on its start date (and before it), never past its last; undefined when `start` is not a date. */
  planDay(start: string, today: string, length: number): number | undefined;
  /** The week around `today` and the running streak; `restDay` 0 = Monday … 6 = Sunday. */
  weekStrip(today: string, visited: string[], restDay?: number): WeekStrip;
  rotationIndex(date: string, count: number, salt: string): number;
}

function wrap(pkg: typeof Pkg): Core {
  return {
    dayOfYear: pkg.dayOfYear,
    localDate: pkg.localDate,
    addDays: pkg.addDays,
    planDay: (start, today, length) => {
      // The module refuses a start that is not a date (one an older app wrote).
      try {
        return pkg.planDay(start, today, length);
      } catch {
        return undefined;
      }
    },
    weekStrip: (today, visited, restDay) => pkg.weekStrip(today, visited, restDay) as WeekStrip,
    rotationIndex: pkg.rotationIndex,
    wellnessScore: (ratings) => pkg.wellnessScore(Uint32Array.from(ratings)) as { score: number; grade: Grade },
    weeklyAverage: (dates, scores, to) => pkg.weeklyAverage(dates, Uint32Array.from(scores), to) as WeeklyAverage,
  };
}

const wasm = lazyModule(() => import('./pkg/manna_core.js'), wrap);

/** The core if it has finished loading (for code that must not wait; a render
 *  calls `use(loadCore())`, which does not wait once the core is loaded). */
export function loadedCore(): Core | null {
  return wasm.loaded();
}

/** The core, loaded once; a render reads it with `use(loadCore())`. */
export function loadCore(): Promise<Core> {
  return wasm.load();
}

/** For tests: a core initialised synchronously from the module's bytes. */
export function coreFromBytes(bytes: BufferSource): Promise<Core> {
  return wasm.fromBytes(bytes);
}

/** Today's local date in the browser's time zone, as YYYY-MM-DD. */
export function todayIn(core: Core, now: Date = new Date()): string {
  return core.localDate(now.getTime(), -now.getTimezoneOffset());
}

/** The local date (YYYY-MM-DD) in the browser's time zone of an instant, such
 *  as a record's `createdAt` (an ISO time in UTC, whose own first ten
 *  characters are the date in London, not here). */
export function localDateOf(core: Core, instant: string): string {
  return todayIn(core, new Date(instant));
}
