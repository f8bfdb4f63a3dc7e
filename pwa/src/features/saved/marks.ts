// What a person keeps from their reading, on this device first and synced
// after: the heart on a day's reading, a verse's highlight and a note on a
// verse. The records' names and rules are the Rust core's (a favorite by its
// day, a highlight or a note by its verse); records are found here by their
// fields, never by building their ids.

import type { HighlightColor } from '../../generated/records';
import { newRecordId, saveRecords, useRecords, type RecordChange, type Stored } from '../../sync/useRecords';
import type { Live } from '../../lib/live';
import type { VersePlace } from '../../lib/places';

export type { VersePlace };

/** A verse with its words where they are at hand. */
export type VerseWithText = VersePlace & { text?: string | null };

/** The four colours, in the order they are offered, with their names. */
export const HIGHLIGHT_COLORS: readonly { color: HighlightColor; name: string }[] = [
  { color: 'yellow', name: 'Yellow' },
  { color: 'green', name: 'Green' },
  { color: 'blue', name: 'Blue' },
  { color: 'pink', name: 'Pink' },
];

export const colorName = (color: HighlightColor) => HIGHLIGHT_COLORS.find((c) => c.color === color)?.name ?? color;

const sameVerse = (a: VersePlace, b: VersePlace) => a.book === b.book && a.chapter === b.chapter && a.verse === b.verse;

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

/**
 * Highlights `verses` in `color`, or takes their highlight away (`null`), in
 * one write. A verse already highlighted changes colour and keeps its words.
 */
export async function setHighlight(verses: readonly VerseWithText[], color: HighlightColor | null, existing: readonly HighlightRecord[]): Promise<void> {
  const changes: RecordChange[] = [];
  for (const place of verses) {
    const current = existing.find((h) => sameVerse(h.fields, place));
    if (color === null) {
      if (current) changes.push({ table: 'highlights', id: current.id, op: 'delete' });
    } else if (current) {
      if (current.fields.color !== color) changes.push({ table: 'highlights', id: current.id, op: 'patch', fields: { color } });
    } else {
      const fields = { book: place.book, chapter: place.chapter, verse: place.verse, color, text: place.text ?? null };
      changes.push({ table: 'highlights', id: await newRecordId('highlights', fields), op: 'put', fields });
    }
  }
  if (changes.length > 0) await saveRecords(changes);
}

/** Keeps `note` on a verse: a new note, or the verse's note changed. */
export async function saveNote(place: VerseWithText, note: string, existing: readonly NoteRecord[]): Promise<void> {
  const current = existing.find((n) => sameVerse(n.fields, place));
  const updatedAt = new Date().toISOString();
  if (current) {
    await saveRecords([{ table: 'verseNotes', id: current.id, op: 'patch', fields: { note, updatedAt } }]);
    return;
  }
  const fields = { book: place.book, chapter: place.chapter, verse: place.verse, note, text: place.text ?? null, updatedAt };
  await saveRecords([{ table: 'verseNotes', id: await newRecordId('verseNotes', fields), op: 'put', fields }]);
}

export async function deleteRecord(table: 'verseNotes' | 'highlights' | 'favoriteReadings', id: string): Promise<void> {
  await saveRecords([{ table, id, op: 'delete' }]);
}

/** The favorite of the reading of `date`, live (undefined while it is read). */
export function useFavorite(date: string): { favorite: FavoriteRecord | null | undefined; failed: boolean } {
  const live = useRecords('favoriteReadings');
  return { favorite: live.value && (live.value.find((f) => f.fields.date === date) ?? null), failed: live.failed };
}

/** Keeps the reading of `date` as a favorite. */
export async function keepFavorite(date: string, reading: { reference: string; verse: string }): Promise<void> {
  const fields = { date, reference: reading.reference, verse: reading.verse };
  await saveRecords([{ table: 'favoriteReadings', id: await newRecordId('favoriteReadings', fields), op: 'put', fields }]);
}
