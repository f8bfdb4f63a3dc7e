// Saves today's and the next 7 days' content in the browser, so the app keeps
// showing each day's content through a week with no signal.

import { apiRequest } from '../api/client';
import { forgetDaysBefore, lastStoredDate, saveDays } from '../db';
import type { DayContent } from './types';

export const OFFLINE_DAYS = 8; // today + 7

interface RangeAnswer {
  contentVersion: string;
  days: DayContent[];
}

/** Fetches and stores the range; answers the last date now available offline. */
export async function prefetchDays(today: string, yesterday: string): Promise<string | undefined> {
  const range = await apiRequest<RangeAnswer>(
    'GET',
    `/api/daily-content?from=${encodeURIComponent(today)}&days=${OFFLINE_DAYS}`,
  );
  await saveDays(range.days, range.contentVersion);
  await forgetDaysBefore(yesterday);
  return lastStoredDate(today);
}
