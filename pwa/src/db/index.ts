// What the rest of the app may ask of the browser database. Dexie itself is
// loaded on first use, so it never delays the first screen.

import type { DayContent } from '../generated/content';
import type { AppDB } from './appDb';

let opening: Promise<AppDB> | null = null;

export function db(): Promise<AppDB> {
  opening ??= import('./appDb').then((m) => m.openAppDb());
  return opening;
}

/** Stores the content of several dates, replacing what was stored for them. */
export async function saveDays(days: DayContent[], contentVersion: string): Promise<void> {
  const savedAt = Date.now();
  await (await db()).days.bulkPut(days.map((content) => ({ date: content.date, content, contentVersion, savedAt })));
}

export async function storedDay(date: string): Promise<DayContent | undefined> {
  return (await (await db()).days.get(date))?.content;
}

/** The last date whose content is stored, if any from `from` on. */
export async function lastStoredDate(from: string): Promise<string | undefined> {
  const last = await (await db()).days.where('date').aboveOrEqual(from).last();
  return last?.date;
}

/** Forgets content of dates before `date`. */
export async function forgetDaysBefore(date: string): Promise<void> {
  await (await db()).days.where('date').below(date).delete();
}

export async function forgetAllDays(): Promise<void> {
  await (await db()).days.clear();
}

export async function recordVisit(date: string): Promise<void> {
  await (await db()).visits.put({ date });
}

export async function visitsBetween(from: string, to: string): Promise<string[]> {
  const rows = await (await db()).visits.where('date').between(from, to, true, true).toArray();
  return rows.map((r) => r.date);
}

/** Stores a content list as the server gave it (replacing the last copy). */
export async function saveList(key: string, items: unknown[]): Promise<void> {
  const d = await db();
  // Answers once the transaction has committed (not only once the write was queued).
  await d.transaction('rw', d.lists, () => d.lists.put({ key, items, savedAt: Date.now() }));
}

/** The last stored copy of a content list. */
export async function storedList(key: string): Promise<unknown[] | undefined> {
  return (await (await db()).lists.get(key))?.items;
}
