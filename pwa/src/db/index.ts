// What the rest of the app may ask of the browser database. Dexie itself is
// loaded on first use, so it never delays the first screen.

import type { BibleChapter, DayContent } from '../generated/content';
import type { AppDB, PlaceSearchRow } from './appDb';

export type { PlaceSearchRow } from './appDb';

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

/** A chapter's key on the device: `kjv/John/3`. */
export const chapterKey = (translation: string, osis: string, chapter: number) => `${translation}/${osis}/${chapter}`;

/** Keeps chapters of the Bible (read, or a downloaded book's), replacing earlier copies. */
export async function saveChapters(chapters: BibleChapter[]): Promise<void> {
  const d = await db();
  const savedAt = Date.now();
  const rows = chapters.map((chapter) => ({
    key: chapterKey(chapter.translation, chapter.osis, chapter.chapter),
    translation: chapter.translation,
    chapter,
    savedAt,
  }));
  await d.transaction('rw', d.bibleChapters, () => d.bibleChapters.bulkPut(rows));
}

export async function storedChapter(translation: string, osis: string, chapter: number): Promise<BibleChapter | undefined> {
  return (await (await db()).bibleChapters.get(chapterKey(translation, osis, chapter)))?.chapter;
}

/** The keys of a translation's chapters kept on the device. */
export async function storedChapterKeys(translation: string): Promise<Set<string>> {
  const keys = await (await db()).bibleChapters.where('translation').equals(translation).primaryKeys();
  return new Set(keys);
}

/** Every chapter of a translation kept on the device (for searching it offline). */
export async function storedChapters(translation: string): Promise<BibleChapter[]> {
  const rows = await (await db()).bibleChapters.where('translation').equals(translation).toArray();
  return rows.map((r) => r.chapter);
}

/** Forgets a translation's chapters. */
export async function forgetChapters(translation: string): Promise<void> {
  await (await db()).bibleChapters.where('translation').equals(translation).delete();
}

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
