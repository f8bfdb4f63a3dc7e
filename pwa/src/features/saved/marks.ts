// What a person keeps from their reading, on this device first and synced
// after: the heart on a day's reading, a verse's highlight and a note on a
// verse, as pages show them (live); writing them is markWrites.ts. The
// records' names and rules are the Rust core's (a favorite by its day, a
// highlight or a note by its verse); records are found by their fields,
// never by building their ids.

import { useRecords, type Stored } from '../../sync/useRecords';
import type { Live } from '../../lib/live';
import type { VersePlace } from '../../lib/places';

export type { VersePlace };

/** A verse with its words where they are at hand. */
export type VerseWithText = VersePlace & { text?: string | null };

export type HighlightRecord = Stored<'highlights'>;
export type NoteRecord = Stored<'verseNotes'>;
export type FavoriteRecord = Stored<'favoriteReadings'>;

/** The highlight and the note of each verse of a chapter (by verse number), live. */
export interface ChapterMarks {
  highlights: Map<number, HighlightRecord>;
  notes: Map<number, NoteRecord>;
  /** Every highlight and note this device holds, for writes. */
  all: { highlights: HighlightRecord[]; notes: NoteRecord[] };
  /** This device's storage cannot be read: marks cannot be shown or kept. */
  failed: boolean;
}

export function useChapterMarks(book: string, chapter: number): ChapterMarks {
  const highlights = useRecords('highlights');
  const notes = useRecords('verseNotes');
  const inChapter = <T extends { fields: VersePlace }>(live: Live<T[]>) =>
    new Map((live.value ?? []).filter((r) => r.fields.book === book && r.fields.chapter === chapter).map((r) => [r.fields.verse, r]));
  return {
    highlights: inChapter(highlights),
    notes: inChapter(notes),
    all: { highlights: highlights.value ?? [], notes: notes.value ?? [] },
    failed: highlights.failed || notes.failed,
  };
}
