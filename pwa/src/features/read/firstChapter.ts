// The chapter the server wrote into the page (server/src/reader_screen.rs),
// for the reader's first render to draw over it in place, and the key the
// reader keeps a chapter under.

import type { QueryClient } from '../../lib/queryClient';
import type { BibleChapter } from '../../generated/content';

/** Where the reader keeps a chapter in the query cache. */
export const chapterKey = (translation: string, osis: string, chapter: number) => ['bible', translation, osis, chapter] as const;

/**
 * Puts the chapter written into the page, if any, where the reader looks for
 * it; answers it (for the app to keep on the device once it runs).
 */
export function primeFirstChapter(queryClient: QueryClient, doc: Document = document): BibleChapter | null {
  const data = doc.getElementById('first-chapter')?.textContent;
  if (!data) return null;
  try {
    const chapter = JSON.parse(data) as BibleChapter;
    queryClient.setQueryData(chapterKey(chapter.translation, chapter.osis, chapter.chapter), chapter);
    return chapter;
  } catch {
    return null;
  }
}
