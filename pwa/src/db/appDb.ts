// The browser's own database (IndexedDB through Dexie). Only src/db/ imports
// Dexie. A released version's schema never changes: a change is a new numbered
// version (with an upgrade when rows must change) and a test that opens the
// previous version's database with the new code.
//
// What lives here:
// - days:     the daily content of a date (today and the next 7), for offline use;
// - visits:   the dates on which the app was opened (This Week's Journey);
// - one table per synced record type (SYNCED_TABLES), rows {id, fields, version};
// - outbox:   the user's changes not yet confirmed by a pull, numbered without gaps;
// - syncMeta: the sync cursor, the next sequence number, the status, the identity;
// - refused:  changes the server refused, with its reason, until the user fixes
//             or discards them (version 3);
// - lists:    content lists (recent tips, the exercise catalogue, sessions) as
//             the server last gave them, for offline use (version 4);
// - dailyCompletions: what the user finished each day, synced (version 5);
// - bibleChapters: chapters of the Bible read or downloaded, for the reader
//             offline, keyed "translation/osis/chapter" (version 6);
// - favoriteReadings, highlights, verseNotes: what the user keeps from their
//             reading, synced (version 7);
// - placeSearches: the farm and trail searches made on this device, the
//             last few and the areas saved for offline (version 8);
// - the groups' shared records (version 9);
// - journalKeys: a locked journal's key record, synced (version 10).

import { Dexie, type EntityTable } from 'dexie';
import type { BibleChapter, DayContent } from '../generated/content';
import type { FieldError } from '../generated/records';
import type { Table } from '../generated/tables';
import { TABLE_VALUES } from '../generated/tables';
import { DB_NAME } from './name';
import type { Op } from '../generated/sync';

export interface DayRow {
  date: string;
  content: DayContent;
  contentVersion: string;
  savedAt: number;
}

export interface VisitRow {
  date: string;
}

/** Every synced table (from the Rust list). */
export const SYNCED_TABLES = TABLE_VALUES;
export type SyncedTable = Table;
export { OWN_TABLES, isShared, type OwnTable, type SharedTable } from './tables';
export type Fields = Record<string, unknown>;

/** A synced record on this device; `version` is the server's, null until it has one. */
export interface LocalRecord {
  id: string;
  fields: Fields;
  version: number | null;
}

export type { Op };

export interface OutboxEntry {
  seq: number;
  table: SyncedTable;
  id: string;
  op: Op;
  fields: Fields;
  baseVersion?: number;
}

/** A change the server refused: what was written, and why it was refused. */
export interface RefusedChange {
  seq: number;
  table: SyncedTable;
  id: string;
  op: Op;
  /** The record as the user meant it (the fields of the refused write laid on
   *  what the device held then). */
  fields: Fields;
  refusal: FieldError;
  refusedAt: number;
}

export interface ListRow {
  /** The API path the list came from. */
  key: string;
  items: unknown[];
  savedAt: number;
}

export interface BibleChapterRow {
  /** `kjv/John/3`. */
  key: string;
  translation: string;
  chapter: BibleChapter;
  savedAt: number;
}

/** A farm or trail search as the server answered it, kept on the device. */
export interface PlaceSearchRow {
  /** `farm:43215:25`. */
  key: string;
  kind: 'farm' | 'trail';
  zip: string;
  radius: number;
  result: unknown;
  savedAt: number;
  /** Saved for offline by the user (kept until removed); else one of the last searches. */
  kept: boolean;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type AppDB = Dexie & {
  days: EntityTable<DayRow, 'date'>;
  visits: EntityTable<VisitRow, 'date'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  syncMeta: EntityTable<MetaRow, 'key'>;
  refused: EntityTable<RefusedChange, 'seq'>;
  lists: EntityTable<ListRow, 'key'>;
  bibleChapters: EntityTable<BibleChapterRow, 'key'>;
  placeSearches: EntityTable<PlaceSearchRow, 'key'>;
} & { [T in SyncedTable]: EntityTable<LocalRecord, 'id'> };

export { DB_NAME } from './name';

/** The released schemas, written out: never edit one, add the next. */
export const SCHEMAS = [
  { days: 'date', visits: 'date' },
  {
    outbox: 'seq, [table+id]',
    syncMeta: 'key',
    prayerJournal: 'id',
    weightEntries: 'id',
    prayerReminders: 'id',
    shoppingLists: 'id',
    shoppingListItems: 'id',
    wellnessGoals: 'id',
    personalizedPlans: 'id',
    planProgress: 'id',
    wellnessScores: 'id',
    mealPlanEnrollments: 'id',
    userSettings: 'id',
  },
  { refused: 'seq, [table+id]' },
  { lists: 'key' },
  { dailyCompletions: 'id' },
  { bibleChapters: 'key, translation' },
  { favoriteReadings: 'id', highlights: 'id', verseNotes: 'id' },
  { placeSearches: 'key, kind, savedAt' },
  { groupRequests: 'id', groupUpdates: 'id', groupPrayers: 'id', groupReflections: 'id', groupReports: 'id' },
  { journalKeys: 'id' },
] as const;

export function openAppDb(name: string = DB_NAME, versions: number = SCHEMAS.length): AppDB {
  const db = new Dexie(name) as AppDB;
  // Dexie takes each version's changes on top of the ones before.
  SCHEMAS.slice(0, versions).forEach((stores, i) => db.version(i + 1).stores(stores));
  return db;
}
