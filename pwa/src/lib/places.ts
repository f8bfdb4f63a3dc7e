// Verses named and ordered as a reader expects (the Saved page, the reader).

import { BIBLE_BOOKS } from '../generated/content';

/** A verse: its book's OSIS id, chapter and number. */
export interface VersePlace {
  book: string;
  chapter: number;
  verse: number;
}

/** "John 3:16", "Psalm 23:1-3" (a verse is of one psalm). */
export function placeName(place: VersePlace, to?: number): string {
  const book = place.book === 'Ps' ? 'Psalm' : (BIBLE_BOOKS.find((b) => b.osis === place.book)?.name ?? place.book);
  return `${book} ${place.chapter}:${place.verse}${to && to > place.verse ? `-${to}` : ''}`;
}

/** Where a verse stands in the Bible, for listing verses in canonical order. */
export function canonicalOrder(a: VersePlace, b: VersePlace): number {
  const at = (osis: string) => BIBLE_BOOKS.findIndex((book) => book.osis === osis);
  return at(a.book) - at(b.book) || a.chapter - b.chapter || a.verse - b.verse;
}
