// A table's records read before a first render over a page the server wrote
// (the journal's), so that its first `useRecords` draws them at once.

import type { SyncedTable } from '../db/synced';
import { primeLive } from './useRecords';

/** Reads `table`'s records for its first `useRecords` (`primeLive`). */
export async function primeRecords(table: SyncedTable): Promise<void> {
  const db = await import('../db/synced');
  primeLive(table, await db.recordsOf(table));
}
