// Live records of one synced table: every tab sees a write at once. Writes go
// to this device first (with their outbox entry) and are synced shortly after.

import { useEffect, useState } from 'react';
import type { Fields, LocalRecord, Observable, Op, SyncedTable } from '../db/synced';

type Synced = typeof import('../db/synced');

/**
 * The latest value of a live query from src/db/synced (loaded on first use, so
 * Dexie never delays the first screen); undefined until the first answer.
 */
export function useLive<T>(query: (db: Synced) => Promise<Observable<T>>, key: string): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    let stop = () => {};
    const failed = (e: unknown) => console.error(`Reading ${key} failed`, e);
    void import('../db/synced')
      .then(async (db) => {
        const observable = await query(db);
        if (!live) return;
        const sub = observable.subscribe({ next: setValue, error: failed });
        stop = () => sub.unsubscribe();
      })
      .catch(failed);
    return () => {
      live = false;
      stop();
    };
    // The query is identified by `key`; callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value;
}

export function useRecords(table: SyncedTable): LocalRecord[] | undefined {
  return useLive((db) => db.liveRecords(table), table);
}

/** Saves a change on this device and schedules a sync. */
export async function saveRecord(table: SyncedTable, id: string, op: Op, fields: Fields = {}): Promise<void> {
  const [{ writeRecord }, { syncSoon }] = await Promise.all([import('../db/synced'), import('./engine')]);
  await writeRecord(table, id, op, fields);
  syncSoon();
}
