// Live records of one synced table: every tab sees a write at once. Writes go
// to this device first (with their outbox entry) and are synced shortly after.

import { useEffect, useState } from 'react';
import type { Fields, LocalRecord, Observable, Op, SyncedTable } from '../db/synced';

type Synced = typeof import('../db/synced');

/** A live value: undefined until the first answer; `failed` when this device's storage cannot be read. */
export interface Live<T> {
  value: T | undefined;
  failed: boolean;
}

/**
 * The latest value of a live query from src/db/synced (loaded on first use, so
 * Dexie never delays the first screen).
 */
export function useLive<T>(query: (db: Synced) => Promise<Observable<T>>, key: string): Live<T> {
  const [live, setLive] = useState<Live<T>>({ value: undefined, failed: false });
  useEffect(() => {
    let mounted = true;
    let stop = () => {};
    const failed = (e: unknown) => {
      console.error(`Reading ${key} failed`, e);
      if (mounted) setLive((prev) => ({ ...prev, failed: true }));
    };
    void import('../db/synced')
      .then(async (db) => {
        const observable = await query(db);
        if (!mounted) return;
        const sub = observable.subscribe({ next: (value) => setLive({ value, failed: false }), error: failed });
        stop = () => sub.unsubscribe();
      })
      .catch(failed);
    return () => {
      mounted = false;
      stop();
    };
    // The query is identified by `key`; callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return live;
}

export function useRecords(table: SyncedTable): Live<LocalRecord[]> {
  return useLive((db) => db.liveRecords(table), table);
}

/** Saves a change on this device and schedules a sync. */
export async function saveRecord(table: SyncedTable, id: string, op: Op, fields: Fields = {}): Promise<void> {
  const [{ writeRecord }, { syncSoon }] = await Promise.all([import('../db/synced'), import('./engine')]);
  await writeRecord(table, id, op, fields);
  syncSoon();
}
