// The browser's own database (IndexedDB through Dexie). Only src/db/ imports
// Dexie. Do not change a released version's schema: add a new numbered
// version with an upgrade, and a test that opens the old database with it.
//
// What lives here:
// - days:   the daily content of a date (today and the next 7), for offline use;
// - visits: the dates on which the app was opened (This Week's Journey).

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

export type AppDB = Dexie & {
  days: EntityTable<DayRow, 'date'>;
  visits: EntityTable<VisitRow, 'date'>;
};

export const DB_NAME = 'manna';

export function openAppDb(name: string = DB_NAME): AppDB {
  const db = new Dexie(name) as AppDB;
  db.version(1).stores({ days: 'date', visits: 'date' });
  return db;
}
