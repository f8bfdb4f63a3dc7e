// The browser's own database (IndexedDB through Dexie). Only src/db/ imports
// Dexie. Do not change a released version's schema: add a new numbered
// version with an upgrade, and a test that opens the old database with it.
//
// What lives here:
// - days:     the daily content of a date (today and the next 7), for offline use;
// - visits:   the dates on which the app was opened (This Week's Journey);
// - one table per synced record type (see SYNCED_TABLES), rows {id, fields, version};
// - outbox:   the user's changes not yet confirmed by a pull, numbered without gaps;
// - syncMeta: the sync cursor, the next sequence number and the sync status.

import { Dexie, type EntityTable } from 'dexie';
import type { DayContent } from '../features/daily/types';

export interface DayRow {
  date: string;
  content: DayContent;
  contentVersion: string;
  savedAt: number;
}

export interface VisitRow {
  date: string;
}

export const SYNCED_TABLES = [
  'prayerJournal',
  'weightEntries',
  'prayerReminders',
  'shoppingLists',
  'shoppingListItems',
  'wellnessGoals',
  'personalizedPlans',
  'planProgress',
  'wellnessScores',
  'mealPlanEnrollments',
  'userSettings',
] as const;

export type SyncedTable = (typeof SYNCED_TABLES)[number];
export type Fields = Record<string, unknown>;

/** A synced record on this device; `version` is the server's, null until it has one. */
export interface LocalRecord {
  id: string;
  fields: Fields;
  version: number | null;
}

export type Op = 'put' | 'patch' | 'delete';

export interface OutboxEntry {
  seq: number;
  table: SyncedTable;
  id: string;
  op: Op;
  fields: Fields;
  baseVersion?: number;
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
} & { [T in SyncedTable]: EntityTable<LocalRecord, 'id'> };

export const DB_NAME = 'manna';

/** Version 1's schema, kept so the upgrade test can create an old database. */
export const SCHEMA_V1 = { days: 'date', visits: 'date' };

export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  outbox: 'seq, [table+id]',
  syncMeta: 'key',
  ...Object.fromEntries(SYNCED_TABLES.map((t) => [t, 'id'])),
};

export function openAppDb(name: string = DB_NAME): AppDB {
  const db = new Dexie(name) as AppDB;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2);
  return db;
}
