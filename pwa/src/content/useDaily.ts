// The content of a day: one call for all eight items, from the server when it
// answers, otherwise from the days saved in the browser, so the home screen
// works with no network. The stored copy is put in the cache before Home's
// first render, so a returning visitor sees today's content at once.

import { useQuery, type QueryClient } from '../lib/query';
import { apiRequest, ApiError } from '../api/client';
import { storedDay } from '../db';
import { peekDay } from '../db/peek';
import type { DailyRange } from '../generated/api';
import { readable } from '../lib/readable';
import type { DayContent, DayField } from './types';

/** A phone with one bar of signal should not hold the screen for long. */
const NETWORK_TIMEOUT_MS = 6000;

export class NotSavedOffline extends Error {
  constructor(date: string) {
    super(`No network, and the content of ${date} is not saved on this device yet.`);
    this.name = 'NotSavedOffline';
  }
}

export const dayKey = (date: string) => ['day', date] as const;

/** The eight items of `date` (premium ones in full for members). */
export async function fetchDay(date: string): Promise<DayContent> {
  try {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
    const range = await apiRequest<DailyRange>('GET', `/api/daily-content?from=${encodeURIComponent(date)}&days=1`, undefined, {
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
    });
    return range.days[0];
  } catch (networkError) {
    const day = await storedDay(date).catch(() => undefined);
    if (day) return day;
    if (networkError instanceof ApiError) throw networkError;
    throw new NotSavedOffline(date);
  }
}

/** One item of the day; every card shares the day's single call. */
export function useDaily<F extends DayField>(field: F, date: string) {
  return useQuery({ queryKey: dayKey(date), queryFn: () => fetchDay(date), select: (day) => day[field] });
}

const primed = new Map<string, Promise<void>>();

/** Puts the stored copy of `date` (if any) in the cache, once per date; the
 *  answer is fresh for as long as the cache's rules say from when it was saved.
 *  A render waits for it with `use(primeDay(...))`, which does not wait once done. */
export function primeDay(client: QueryClient, date: string): Promise<void> {
  let priming = primed.get(date);
  if (!priming) {
    priming = readable(
      peekDay(date)
        .then((row) => {
          if (row && client.getQueryData(dayKey(date)) === undefined) {
            client.setQueryData(dayKey(date), row.content, { updatedAt: row.savedAt });
          }
        })
        .catch(() => undefined),
    );
    primed.set(date, priming);
  }
  return priming;
}
