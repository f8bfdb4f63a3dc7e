// The user's records for pages: live lists (every tab sees a write at once).
// The changes the server refused and those waiting are useRefused.ts; writes
// are saveRecords.ts.

import { useEffect, useState } from 'react';
import type { TableRecords } from '../generated/records';
import type { Live } from '../lib/live';
import type { Observable, SyncedTable } from '../db/synced';

type Synced = typeof import('../db/synced');

export type { Live };

/** A record of `table` on this device. */
export interface Stored<K extends SyncedTable> {
  id: string;
  fields: TableRecords[K];
  version: number | null;
}

/** Values read before the app's first render (`primeLive`), by key. */
const primed = new Map<string, unknown>();

/**
 * Gives the live query `key` its value before it has run, so that a first
 * render over a page the server wrote draws what is kept at once rather than
 * a placeholder; the query's own first answer replaces it (and later pages
 * start as usual).
 */
export function primeLive(key: string, value: unknown): void {
  primed.set(key, value);
}

/**
 * The latest value of a live query from src/db/synced (loaded on first use, so
 * Dexie never delays the first screen).
 */
export function useLive<T>(query: (db: Synced) => Promise<Observable<T>>, key: string): Live<T> {
  const [live, setLive] = useState<Live<T>>(() => ({ value: primed.get(key) as T | undefined, failed: false }));
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
        const sub = observable.subscribe({
          next: (value) => {
            primed.delete(key);
            setLive({ value, failed: false });
          },
          error: failed,
        });
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

/** The records of `table`, live. */
export function useRecords<K extends SyncedTable>(table: K): Live<Stored<K>[]> {
  return useLive((db) => db.liveRecords(table), table) as Live<Stored<K>[]>;
}
