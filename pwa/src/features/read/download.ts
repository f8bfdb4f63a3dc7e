// "Download for offline": a whole translation kept on the device, a book at a
// time, with its progress for any page to show. It goes on while the person
// reads elsewhere in the app; it can be cancelled, and started again it skips
// the books already kept, so a lost connection costs nothing but the book it
// was fetching.

import { apiRequest } from '../../api/client';
import { chapterKey, forgetChapters, saveChapters, storedChapterKeys } from '../../db/chapters';
import { BIBLE_BOOKS, type BibleBook } from '../../generated/content';
import { TOTAL_CHAPTERS, type TranslationId } from './scripture';

const BOOK_TIMEOUT_MS = 30_000;

export interface DownloadState {
  translation: TranslationId;
  /** `idle` until counted; `running`; `done`; `stopped` (cancelled, or nothing yet); `failed`. */
  phase: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  /** Chapters kept on the device. */
  saved: number;
  total: number;
  /** The book being fetched. */
  book?: string;
  message?: string;
}

type Listener = () => void;
const states = new Map<TranslationId, DownloadState>();
const running = new Map<TranslationId, AbortController>();
const listeners = new Set<Listener>();

function set(state: DownloadState) {
  states.set(state.translation, state);
  for (const l of listeners) l();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const IDLE = new Map<TranslationId, DownloadState>();
export function downloadState(translation: TranslationId): DownloadState {
  const known = states.get(translation);
  if (known) return known;
  // One object per translation, so a render reading it twice sees the same value.
  let idle = IDLE.get(translation);
  if (!idle) {
    idle = { translation, phase: 'idle', saved: 0, total: TOTAL_CHAPTERS };
    IDLE.set(translation, idle);
  }
  return idle;
}

/** Counts what the device already keeps (once per translation and page visit). */
export async function countSaved(translation: TranslationId): Promise<void> {
  if (running.has(translation)) return;
  const saved = (await storedChapterKeys(translation)).size;
  if (running.has(translation)) return;
  set({ translation, phase: saved >= TOTAL_CHAPTERS ? 'done' : 'stopped', saved, total: TOTAL_CHAPTERS });
}

export async function startDownload(translation: TranslationId): Promise<void> {
  if (running.has(translation)) return;
  const controller = new AbortController();
  running.set(translation, controller);
  try {
    const kept = await storedChapterKeys(translation);
    let saved = kept.size;
    set({ translation, phase: 'running', saved, total: TOTAL_CHAPTERS });
    for (const book of BIBLE_BOOKS) {
      let missing = false;
      for (let n = 1; n <= book.chapters; n++) if (!kept.has(chapterKey(translation, book.osis, n))) missing = true;
      if (!missing) continue;
      set({ translation, phase: 'running', saved, total: TOTAL_CHAPTERS, book: book.name });
      const answer = await apiRequest<BibleBook>('GET', `/api/bible/${translation}/${book.osis}`, undefined, {
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(BOOK_TIMEOUT_MS)]),
      });
      if (controller.signal.aborted) break;
      await saveChapters(answer.chapters);
      for (const c of answer.chapters) {
        const key = chapterKey(translation, c.osis, c.chapter);
        if (!kept.has(key)) {
          kept.add(key);
          saved += 1;
        }
      }
      set({ translation, phase: 'running', saved, total: TOTAL_CHAPTERS, book: book.name });
    }
    if (controller.signal.aborted) {
      set({ translation, phase: 'stopped', saved, total: TOTAL_CHAPTERS, message: 'Download cancelled. What was downloaded stays on this device.' });
    } else {
      set({ translation, phase: 'done', saved, total: TOTAL_CHAPTERS });
    }
  } catch (error) {
    const saved = (await storedChapterKeys(translation).catch(() => new Set())).size;
    const cancelled = controller.signal.aborted;
    set({
      translation,
      phase: cancelled ? 'stopped' : 'failed',
      saved,
      total: TOTAL_CHAPTERS,
      message: cancelled
        ? 'Download cancelled. What was downloaded stays on this device.'
        : navigator.onLine === false
          ? 'The connection was lost. Resume when you are back online; the books already downloaded are kept.'
          : `The download stopped (${error instanceof Error ? error.message : 'unknown error'}). Resume to go on from where it stopped.`,
    });
  } finally {
    running.delete(translation);
  }
}

export function cancelDownload(translation: TranslationId): void {
  running.get(translation)?.abort();
}

/** Removes a downloaded translation from the device. */
export async function removeDownload(translation: TranslationId): Promise<void> {
  cancelDownload(translation);
  await forgetChapters(translation);
  set({ translation, phase: 'stopped', saved: 0, total: TOTAL_CHAPTERS });
}
