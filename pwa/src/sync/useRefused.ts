// The changes the server refused, and how many wait to be sent, live: for
// the pages that offer to fix them and for the sync badge.

import type { TableRecords } from '../generated/records';
import type { Live } from '../lib/live';
import type { RefusedChange, SyncedTable } from '../db/synced';
import { useLive } from './useRecords';

export type { RefusedChange };

/** A change of `table` the server refused, with the record as the user meant it. */
export type RefusedOf<K extends SyncedTable> = Omit<RefusedChange, 'fields'> & { fields: TableRecords[K] };

/** The changes of `table` the server refused, live. */
export function useRefused<K extends SyncedTable>(table: K): Live<RefusedOf<K>[]> {
  return useLive((db) => db.liveRefused(table), `refused ${table}`) as Live<RefusedOf<K>[]>;
}

/** How many changes the server refused, across every table, live. */
export function useRefusedCount(): Live<number> {
  return useLive((db) => db.liveRefusedCount(), 'refused count');
}

/** How many changes of this device are waiting to be sent, live. */
export function usePendingCount(): Live<number> {
  return useLive((db) => db.livePendingCount(), 'pending count');
}
