// Today's item of one kind: from the server when it answers, otherwise from the
// days saved in the browser, so the home screen works with no network.

import { useQuery } from '@tanstack/react-query';
import { apiRequest, todayUrl } from '../../api/client';
import { storedDay } from '../../db';
import { DAILY_KINDS, type DayContent, type DayField } from './types';

/** A phone with one bar of signal should not hold the screen for long. */
const NETWORK_TIMEOUT_MS = 6000;

export class NotSavedOffline extends Error {
  constructor(date: string) {
    super(`No network, and the content of ${date} is not saved on this device yet.`);
    this.name = 'NotSavedOffline';
  }
}

export async function fetchDaily<F extends DayField>(
  field: F,
  date: string,
  dayOfYear: number,
): Promise<DayContent[F]> {
  const url = todayUrl(DAILY_KINDS[field], date, dayOfYear);
  try {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
    return await apiRequest<DayContent[F]>('GET', url, undefined, {
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
    });
  } catch (networkError) {
    const day = await storedDay(date).catch(() => undefined);
    if (day) return day[field];
    if (networkError instanceof Error && networkError.name === 'ApiError') throw networkError;
    throw new NotSavedOffline(date);
  }
}

export function useDaily<F extends DayField>(field: F, date: string, dayOfYear: number) {
  return useQuery({
    queryKey: [DAILY_KINDS[field], date],
    queryFn: () => fetchDaily(field, date, dayOfYear),
  });
}
