// Live records of one synced table: every tab sees a write at once. Writes go
// to this device first (with their outbox entry) and are synced shortly after.

import { useEffect, useState } from 'react';
import type { Fields, LocalRecord, Op, SyncedTable } from '../db/synced';

export function useRecords(table: SyncedTable): LocalRecord[] | undefined {
  const [records, setRecords] = useState<LocalRecord[]>();
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void import('../db/synced').then(({ liveRecords }) => {
      if (!live) return;
      const sub = liveRecords(table).subscribe({
        next: (rows) => setRecords(rows),
        error: (e: unknown) => console.error(`Reading ${table} failed`, e),
      });
      stop = () => sub.unsubscribe();
    });
    return () => {
      live = false;
      stop();
    };
  }, [table]);
  return records;
}

/** Saves a change on this device and schedules a sync. */
export async function saveRecord(table: SyncedTable, id: string, op: Op, fields: Fields = {}): Promise<void> {
  const [{ writeRecord }, { syncSoon }] = await Promise.all([import('../db/synced'), import('./engine')]);
  await writeRecord(table, id, op, fields);
  syncSoon();
}
