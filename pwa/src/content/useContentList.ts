// A content list (recent tips, the exercise catalogue, sessions): from the
// server when it answers, saved on the device each time, and from the saved
// copy when there is no network.

import { useQuery } from '../lib/query';
import type { QueryClient } from '../lib/queryClient';
import { apiRequest, ApiError } from '../api/client';
import { saveList, storedList } from '../db/lists';

const NETWORK_TIMEOUT_MS = 6000;

export class ListNotSavedOffline extends Error {
  constructor() {
    super('No network, and this list is not saved on this device yet.');
    this.name = 'ListNotSavedOffline';
  }
}

/** The list at `path` (an `/api/...` GET answering an array, or another
 *  answer `asList` makes one). */
export async function fetchList<T>(path: string, asList: (answer: unknown) => T[] = (a) => a as T[]): Promise<T[]> {
  try {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
    const answer = await apiRequest<unknown>('GET', path, undefined, { signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS) });
    const items = asList(answer);
    await saveList(path, items).catch(() => undefined);
    return items;
  } catch (networkError) {
    const saved = await storedList(path).catch(() => undefined);
    if (saved) return saved as T[];
    if (networkError instanceof ApiError) throw networkError;
    throw new ListNotSavedOffline();
  }
}

/** The call for one reading's Bible study. */
export const studyPath = (readingId: string) => `/api/bible-studies?readingId=${encodeURIComponent(readingId)}`;

export function useContentList<T>(path: string, enabled = true) {
  return useQuery({ queryKey: ['list', path], queryFn: () => fetchList<T>(path), enabled, staleTime: 10 * 60_000 });
}

/**
 * Puts the list at `path` where `useContentList` finds it before the app's
 * first render: the copy saved on the device (asked for again once the page
 * is up), or else the server's.
 */
export async function primeList(queryClient: QueryClient, path: string): Promise<void> {
  const saved = await storedList(path).catch(() => undefined);
  if (saved) queryClient.setQueryData(['list', path], saved, { updatedAt: 0 });
  else await queryClient.prefetchQuery({ queryKey: ['list', path], queryFn: () => fetchList(path) });
}
