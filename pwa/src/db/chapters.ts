// The Bible's chapters kept on the device: those read, and the books
// downloaded for reading with no signal.

import type { BibleChapter } from '../generated/content';
import { db } from './index';

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
