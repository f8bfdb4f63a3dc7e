// The archive searched on the device when the server cannot be reached: the
// readings, tips, foods and exercises saved here (the recent lists saved with
// the coming days, and today's items), indexed with MiniSearch and answered in
// the server's shape, so the page shows both the same way. Results are only
// what this device saved, and the page says so.

import MiniSearch from 'minisearch';
import { storedDay, storedList } from '../../db';
import { ARCHIVE_SNIPPET_MAX as SNIPPET_MAX, type ArchiveHit, type ArchivePage } from '../../generated/content';

/** The lists of each archive type the app saves for offline use. */
export const ARCHIVE_LISTS = {
  bible: '/api/bible-readings',
  health: '/api/health-tips',
  nutrition: '/api/food-spotlights',
  fitness: '/api/exercise-suggestions',
} as const;
type ArchiveType = keyof typeof ARCHIVE_LISTS;
type Item = Record<string, unknown> & { id: string; date: string };

const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(' ') : '');

/** Title, searchable text and badge of a saved item (as the server builds them). */
function describe(type: ArchiveType, item: Item): { title: string; body: string; badge: string } {
  switch (type) {
    case 'bible':
      return { title: str(item.reference), body: `${str(item.verse)} ${str(item.content ?? item.reflection)} ${str(item.prayer)}`, badge: `Day ${String(item.dayNumber)}` };
    case 'health':
      return { title: str(item.title), body: `${str(item.content)} ${str(item.category)} ${str(item.tags)}`, badge: str(item.category) };
    case 'nutrition':
      return { title: str(item.name), body: `${str(item.description)} ${str(item.benefits)} ${str(item.preparation)}`, badge: str(item.season) };
    default:
      return { title: str(item.title), body: `${str(item.description)} ${str(item.benefits)} ${str(item.instructions)}`, badge: str(item.duration) };
  }
}

/** At most 120 characters of `text`, starting near the first of `terms` found. */
function snippet(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), flat.length);
  const start = at === flat.length || at < 40 ? 0 : flat.lastIndexOf(' ', at - 30) + 1;
  const piece = flat.slice(start);
  if (piece.length <= SNIPPET_MAX && start === 0) return piece;
  const cut = piece.slice(0, SNIPPET_MAX - 2);
  return `${start > 0 ? '…' : ''}${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** Everything saved on this device up to `today`, each item once (its latest date). */
async function savedItems(today: string): Promise<(ArchiveHit & { body: string })[]> {
  const byKey = new Map<string, ArchiveHit & { body: string }>();
  const add = (type: ArchiveType, item: Item | null | undefined) => {
    if (!item?.id || !item.date || item.date > today) return;
    const key = `${type}-${item.id}`;
    if ((byKey.get(key)?.date ?? '') >= item.date) return;
    const { title, body, badge } = describe(type, item);
    byKey.set(key, { type, id: item.id, title, date: item.date, snippet: '', badge, body });
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
  const items = (await savedItems(q.today)).filter((i) => q.type === 'all' || i.type === q.type);
  const words = q.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let found = items;
  if (words.length > 0) {
    const index = new MiniSearch({ fields: ['title', 'body'], storeFields: [], idField: 'key' });
    index.addAll(items.map((i) => ({ key: `${i.type}-${i.id}`, title: i.title, body: i.body })));
    const hits = new Set(
      index.search(words.join(' '), { combineWith: 'AND', prefix: true, fuzzy: (term) => (term.length > 4 ? 0.2 : 0) }).map((h) => h.id as string),
    );
    found = items.filter((i) => hits.has(`${i.type}-${i.id}`));
  }
  const hits = found.map(({ body, ...hit }) => ({ ...hit, snippet: snippet(body, words) }));
  if (q.sort === 'recent') hits.sort((a, b) => b.date.localeCompare(a.date));
  else if (q.sort === 'oldest') hits.sort((a, b) => a.date.localeCompare(b.date));
  else hits.sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()));
  return { items: hits, total: hits.length, page: 1, hasMore: false };
}
