// Small values of the sync and the identity (syncMeta), and forgetting them.
// Kept apart from synced.ts so that reading them never loads Dexie's live
// queries with the first screen.

import { db } from './index';
import { TABLE_VALUES as SYNCED_TABLES } from '../generated/tables';

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await (await db()).syncMeta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await (await db()).syncMeta.put({ key, value });
}

/** Forgets the cursor so the next pull is a snapshot. */
export async function forgetCursor(): Promise<void> {
  await (await db()).syncMeta.delete('cursor');
}

/** Removes every record, pending and refused change and sync state of this
 *  device's user (at logout: the next user of this browser starts empty). */
export async function forgetSyncedData(): Promise<void> {
  const d = await db();
  const tables = [d.outbox, d.syncMeta, d.refused, ...SYNCED_TABLES.map((t) => d[t])];
  await d.transaction('rw', tables, async () => {
    for (const t of tables) await t.clear();
  });
}
