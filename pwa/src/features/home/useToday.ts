// The local date, day of year and time, kept current while the app is open.
// When the date changes (past midnight, or the app reopened on a new day) the
// stored last-content date moves on and every daily query key changes with it.

import { useEffect, useState } from 'react';
import { storage } from '../../lib/storage';
import { todayIn, type Core } from '../../wasm/core';

const TICK_MS = 15_000;

/** The date whose content was last shown (spec part 1 §3). */
export const LAST_CONTENT_DATE_KEY = 'lastContentDate';

export interface Today {
  now: Date;
  date: string;
  dayOfYear: number;
  yesterday: string;
}

export function useToday(core: Core): Today {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    const onVisible = () => document.visibilityState === 'visible' && setNow(new Date());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  const date = todayIn(core, now);
  useEffect(() => {
    if (storage.get(LAST_CONTENT_DATE_KEY) !== date) storage.set(LAST_CONTENT_DATE_KEY, date);
  }, [date]);
  return { now, date, dayOfYear: core.dayOfYear(date), yesterday: core.addDays(date, -1) };
}
