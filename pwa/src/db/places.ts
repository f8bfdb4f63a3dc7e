// The farm and trail finders' searches kept on the device: the last few of
// each kind, and the areas saved for offline.

import type { PlaceSearchRow } from './appDb';
import { db } from './index';

export type { PlaceSearchRow } from './appDb';

/** The last searches of a kind kept on the device besides the saved areas. */
const RECENT_PLACE_SEARCHES = 5;

/** Keeps a finder's answer on the device: as one of the last searches, or
 *  (kept) as an area saved for offline. */
export async function savePlaceSearch(row: PlaceSearchRow): Promise<void> {
  const d = await db();
  await d.transaction('rw', d.placeSearches, async () => {
    const before = await d.placeSearches.get(row.key);
    await d.placeSearches.put({ ...row, kept: row.kept || (before?.kept ?? false) });
    const recent = (await d.placeSearches.where('kind').equals(row.kind).toArray())
      .filter((r) => !r.kept)
      .sort((a, b) => b.savedAt - a.savedAt);
    await d.placeSearches.bulkDelete(recent.slice(RECENT_PLACE_SEARCHES).map((r) => r.key));
  });
}

export async function placeSearch(key: string): Promise<PlaceSearchRow | undefined> {
  return (await db()).placeSearches.get(key);
}

/** A kind's searches on the device, newest first. */
export async function placeSearches(kind: PlaceSearchRow['kind']): Promise<PlaceSearchRow[]> {
  const rows = await (await db()).placeSearches.where('kind').equals(kind).toArray();
  return rows.sort((a, b) => b.savedAt - a.savedAt);
}

/** Marks a search saved for offline, or lets it go back among the last ones. */
export async function keepPlaceSearch(key: string, kept: boolean): Promise<void> {
  await (await db()).placeSearches.update(key, { kept });
}

export async function forgetPlaceSearch(key: string): Promise<void> {
  await (await db()).placeSearches.delete(key);
}
