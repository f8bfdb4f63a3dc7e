// The reader's text: a chapter from the server when it answers (kept on the
// device each time, so a chapter read once stays readable offline), else the
// kept copy; and a search of a translation, by the server when it answers,
// else by the core over the chapters kept here (the same rule, the same
// order), saying how much of the Bible that was.

import { apiRequest, ApiError } from '../../api/client';
import { saveChapters, storedChapter, storedChapters } from '../../db/chapters';
import { BIBLE_BOOKS, type BibleChapter, type BibleSearch, type VerseHit } from '../../generated/content';
import { loadSearch } from '../../wasm/search';

const NETWORK_TIMEOUT_MS = 6000;

export type Book = (typeof BIBLE_BOOKS)[number];

/** The translations the reader offers, by their id in addresses. */
export const TRANSLATIONS = [
  { id: 'kjv', name: 'King James Version', short: 'KJV' },
  { id: 'web', name: 'World English Bible', short: 'WEB' },
] as const;
export type TranslationId = (typeof TRANSLATIONS)[number]['id'];

export const TOTAL_CHAPTERS = BIBLE_BOOKS.reduce((sum, b) => sum + b.chapters, 0);

export const translationOf = (id: string | undefined) => TRANSLATIONS.find((t) => t.id === id?.toLowerCase());

/** A book named in an address: its OSIS id ("1Sam") or its name ("1 samuel", "1-samuel"), in any case. */
export function bookOf(key: string | undefined): Book | undefined {
  const k = (key ?? '').toLowerCase().replace(/[-_]/g, ' ');
  return BIBLE_BOOKS.find((b) => b.osis.toLowerCase() === k || b.name.toLowerCase() === k);
}

/** The chapter before and after, across books; null at either end of the Bible. */
export function neighbours(book: Book, chapter: number): { previous: [Book, number] | null; next: [Book, number] | null } {
  const at = BIBLE_BOOKS.indexOf(book);
  const before = BIBLE_BOOKS[at - 1];
  const after = BIBLE_BOOKS[at + 1];
  return {
    previous: chapter > 1 ? [book, chapter - 1] : before ? [before, before.chapters] : null,
    next: chapter < book.chapters ? [book, chapter + 1] : after ? [after, 1] : null,
  };
}

export class ChapterNotSaved extends Error {
  constructor() {
    super('No connection, and this chapter is not saved on this device yet.');
    this.name = 'ChapterNotSaved';
  }
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const keptListeners = new Set<(translation: TranslationId) => void>();

/** Calls `listener` with the translation each time a chapter read is kept on this device; answers the unsubscribe. */
export function onChapterKept(listener: (translation: TranslationId) => void): () => void {
  keptListeners.add(listener);
  return () => void keptListeners.delete(listener);
}

/** Keeps a chapter on this device (for reading offline), then tells the listeners. */
export async function keepChapter(chapter: BibleChapter): Promise<void> {
  try {
    await saveChapters([chapter]);
  } catch {
    // Full or refused storage: the chapter is still shown; it is not kept.
    return;
  }
  keptListeners.forEach((listener) => listener(chapter.translation as TranslationId));
}

export async function readChapter(translation: TranslationId, osis: string, chapter: number): Promise<BibleChapter> {
  try {
    if (offline()) throw new Error('offline');
    const answer = await apiRequest<BibleChapter>('GET', `/api/bible/${translation}/${osis}/${chapter}`, undefined, {
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
    });
    // Kept for reading offline; the chapter shows without waiting for the
    // device's database to open.
    void keepChapter(answer);
    return answer;
  } catch (networkError) {
    const saved = await storedChapter(translation, osis, chapter).catch(() => undefined);
    if (saved) return saved;
    if (networkError instanceof ApiError) throw networkError;
    throw new ChapterNotSaved();
  }
}

export interface Found {
  total: number;
  verses: VerseHit[];
  /** Searched on this device: how many of the translation's chapters it keeps. */
  onDevice?: number;
}

export const SEARCH_LIMIT = 50;

export async function searchBible(translation: TranslationId, text: string): Promise<Found> {
  try {
    if (offline()) throw new Error('offline');
    const q = encodeURIComponent(text);
    const answer = await apiRequest<BibleSearch>('GET', `/api/bible/${translation}/search?q=${q}&limit=${SEARCH_LIMIT}`, undefined, {
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
    });
    return { total: answer.total, verses: answer.verses };
  } catch (networkError) {
    if (networkError instanceof ApiError && networkError.status < 500) throw networkError;
    const [search, chapters] = await Promise.all([loadSearch(), storedChapters(translation)]);
    return { ...search.bibleSearch(text, chapters, SEARCH_LIMIT), onDevice: chapters.length };
  }
}
