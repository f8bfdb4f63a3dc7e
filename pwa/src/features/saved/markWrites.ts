// Writing what a person keeps from their reading (marks.ts shows it): a
// favorite, a verse's highlight in one of four colours, a note on a verse.
// Loaded with the tools that write them, not with the first screen.

import type { HighlightColor } from '../../generated/records';
import { newRecordId, saveRecords, type RecordChange } from '../../sync/saveRecords';
import type { HighlightRecord, NoteRecord, VersePlace, VerseWithText } from './marks';

/** The four colours, in the order they are offered, with their names. */
export const HIGHLIGHT_COLORS: readonly { color: HighlightColor; name: string }[] = [
  { color: 'yellow', name: 'Yellow' },
  { color: 'green', name: 'Green' },
  { color: 'blue', name: 'Blue' },
  { color: 'pink', name: 'Pink' },
];

export const colorName = (color: HighlightColor) => HIGHLIGHT_COLORS.find((c) => c.color === color)?.name ?? color;

const sameVerse = (a: VersePlace, b: VersePlace) => a.book === b.book && a.chapter === b.chapter && a.verse === b.verse;


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

/** Keeps the reading of `date` as a favorite. */
export async function keepFavorite(date: string, reading: { reference: string; verse: string }): Promise<void> {
  const fields = { date, reference: reading.reference, verse: reading.verse };
  await saveRecords([{ table: 'favoriteReadings', id: await newRecordId('favoriteReadings', fields), op: 'put', fields }]);
}
