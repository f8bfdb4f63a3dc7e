// The verses of the day's passage with their words, for its highlight and
// note tools (loaded when they open).

import type { VerseRange } from '../../../generated/content';
import type { VerseWithText } from '../../saved';

/** The passage's verses with their words: one verse is the reading's own
 *  text; more are read from the chapter when it can be had. */
export async function passageVerses(passage: VerseRange, verse: string): Promise<VerseWithText[]> {
  const places = Array.from({ length: passage.to - passage.from + 1 }, (_, i) => ({
    book: passage.osis,
    chapter: passage.chapter,
    verse: passage.from + i,
  }));
  if (places.length === 1) return [{ ...places[0], text: verse }];
  try {
    const { readChapter } = await import('../../read');
    const words = new Map((await readChapter('kjv', passage.osis, passage.chapter)).verses.map((v) => [v.verse, v.text]));
    return places.map((p) => ({ ...p, text: words.get(p.verse) ?? null }));
  } catch {
    return places;
  }
}
