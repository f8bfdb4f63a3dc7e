// The archive searched on the device when the server cannot be reached: the
// readings, tips, foods and exercises saved here (the recent lists saved with
// the coming days, and today's items), found and ordered by the core's rules,
// the same ones the server searches with, and answered in the server's shape,
// so the page shows both the same way. Results are only what this device
// saved, and the page says so.

import { storedDay } from '../../db';
import { storedList } from '../../db/lists';
import type { ArchiveHit, ArchivePage } from '../../generated/content';
import { loadSearch } from '../../wasm/search';

/** The lists of each archive type the app saves for offline use. */
export const ARCHIVE_LISTS = {
  bible: '/api/bible-readings',
  health: '/api/health-tips',
  nutrition: '/api/food-spotlights',
  fitness: '/api/exercise-suggestions',
} as const;
type ArchiveType = keyof typeof ARCHIVE_LISTS;
type Item = Record<string, unknown> & { id: string; date: string };

/** A saved item, as the core searches it. */
interface Saved {
  type: ArchiveType;
  item: Item;
  date: string;
}

/** Everything saved on this device up to `today`, each item once (its latest date). */
async function savedItems(today: string): Promise<Saved[]> {
  const byKey = new Map<string, Saved>();
  const add = (type: ArchiveType, item: Item | null | undefined) => {
    if (!item?.id || !item.date || item.date > today) return;
    const key = `${type}-${item.id}`;
    if ((byKey.get(key)?.date ?? '') >= item.date) return;
    byKey.set(key, { type, item, date: item.date });
  };
  for (const [type, path] of Object.entries(ARCHIVE_LISTS) as [ArchiveType, string][]) {
    for (const item of ((await storedList(path).catch(() => undefined)) ?? []) as Item[]) add(type, item);
  }
  const day = await storedDay(today).catch(() => undefined);
  if (day) {
    add('bible', day.bibleReading as Item | null);
    add('health', day.healthTip as Item | null);
    add('nutrition', day.foodSpotlight as Item | null);
    add('fitness', day.exerciseSuggestion as Item | null);
  }
  return [...byKey.values()];
}

export interface OfflineQuery {
  text: string;
  type: 'all' | ArchiveType;
  sort: 'recent' | 'oldest' | 'alphabetical';
  today: string;
}

/** The archive's answer from what this device saved (all of it, one page). */
export async function searchOffline(q: OfflineQuery): Promise<ArchivePage> {
  const [items, search] = await Promise.all([savedItems(q.today), loadSearch()]);
  const hits: ArchiveHit[] = search.archiveSearch(q.text, q.type, q.sort, items);
  return { items: hits, total: hits.length, page: 1, hasMore: false };
}
