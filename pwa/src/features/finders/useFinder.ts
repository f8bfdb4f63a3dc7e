// A finder's search: the server's answer, kept on the device as one of the
// last searches; when the server cannot be reached (offline on a trail, or
// the server failing), the copy the device kept of that search, with the
// time it was saved.

import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '../../lib/query';
import { ApiError, apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { toast } from '../../components/toast';
import { sentence } from '../../components/form/Field';
import { placeSearch, placeSearches, savePlaceSearch, type PlaceSearchRow } from '../../db/places';

export type PlaceKind = PlaceSearchRow['kind'];

/** One search: its ZIP, its radius and which press of the button it was. */
export interface Search {
  zip: string;
  radius: number;
  press: number;
}

export interface Found<T> {
  result: T;
  key: string;
  /** When the device saved it, if it came from the device rather than the server. */
  savedAt: number | null;
  kept: boolean;
}

export const searchKey = (kind: PlaceKind, zip: string, radius: number) => `${kind}:${zip}:${radius}`;

const PATHS: Record<PlaceKind, string> = { farm: '/api/farms/search', trail: '/api/trails/search' };

async function find<T>(kind: PlaceKind, { zip, radius }: Search): Promise<Found<T>> {
  const key = searchKey(kind, zip, radius);
  try {
    const result = await apiRequest<T>('GET', `${PATHS[kind]}/${encodeURIComponent(zip)}?radius=${radius}`);
    const before = await placeSearch(key).catch(() => undefined);
    await savePlaceSearch({ key, kind, zip, radius, result, savedAt: Date.now(), kept: false }).catch(() => undefined);
    return { result, key, savedAt: null, kept: before?.kept ?? false };
  } catch (error) {
    // A refused ZIP or radius is the person's to fix: no saved copy stands in.
    if (error instanceof ApiError && error.status < 500) throw error;
    const saved = (await placeSearch(key).catch(() => undefined)) ??
      (await placeSearches(kind).catch(() => [])).find((r) => r.zip === zip);
    if (!saved) throw error;
    return { result: saved.result as T, key: saved.key, savedAt: saved.savedAt, kept: saved.kept };
  }
}

/** The server's "zip: must be …" as the words beside the field: "Must be …". */
function fieldMessage(message: string): string {
  const words = message.replace(/^(zip|radius): /, '');
  return words ? sentence(words) : 'Please check the ZIP code: it should be five digits, such as 43215.';
}

/** The answer to `search` (nothing until the first search). */
export function useFinder<T>(kind: PlaceKind, search: Search | null) {
  return useQuery({
    queryKey: ['finder', kind, search],
    queryFn: () => find<T>(kind, search as Search),
    enabled: search !== null,
    staleTime: Infinity,
    retry: false,
    // Offline, the device's copy answers: the search must run, not wait for a network.
    networkMode: 'always',
  });
}

/** A finder page's search: what was asked, its answer, the refusal of a bad
 *  ZIP (shown beside the field) and the toast of a failed search. */
export function useFinderSearch<T>(kind: PlaceKind, failure: string) {
  const [search, setSearch] = useState<Search | null>(null);
  const found = useFinder<T>(kind, search);
  const refused = found.error instanceof ApiError && found.error.status < 500;
  useEffect(() => {
    if (found.isError && !refused) toast({ title: failure, variant: 'destructive' });
  }, [found.isError, refused, failure]);
  /** Searches the trimmed ZIP (nothing when it is empty); each call searches again. */
  const run = useCallback((zip: string, radius: number) => {
    const trimmed = zip.trim();
    if (trimmed) setSearch((s) => ({ zip: trimmed, radius, press: (s?.press ?? 0) + 1 }));
  }, []);
  const refusal = refused && search ? { zip: search.zip, message: fieldMessage(messageOf(found.error, '')) } : null;
  return { search, found, refused, refusal, run };
}
