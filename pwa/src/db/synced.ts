// The user's synced records on this device, their outbox and the changes the
// server refused. A write changes the record and adds its outbox entry in one
// IndexedDB transaction, so a closed tab can never keep one without the other.

import { liveQuery, type Observable } from 'dexie';
import { type TableRecords } from '../generated/records';
import { SHARED_TABLES } from '../generated/tables';
import type { Change, Cursor, Rejection } from '../generated/sync';
import { db } from './index';
import type { AppDB, Fields, LocalRecord, Op, OutboxEntry, RefusedChange, SyncedTable } from './appDb';
import { SYNCED_TABLES } from './appDb';
import { isShared } from './tables';

export type { Change, Cursor, Fields, LocalRecord, Observable, Op, OutboxEntry, RefusedChange, SyncedTable };

function applyOp(row: LocalRecord | undefined, m: Pick<OutboxEntry, 'id' | 'op' | 'fields'>): LocalRecord | undefined {
  if (m.op === 'delete') return undefined;
  if (m.op === 'patch' && !row) return undefined;
  return { id: m.id, fields: { ...(row?.fields ?? {}), ...m.fields }, version: row?.version ?? null };
}

/** The fields a record of this device has now (pending changes included). */
export async function currentFields(table: SyncedTable, id: string): Promise<Fields | undefined> {
  return (await (await db())[table].get(id))?.fields;
}

/** One change of one record, as a page or the core makes it. */
export interface Write {
  table: SyncedTable;
  id: string;
  op: Op;
  fields?: Fields;
}

/** Records a change made on this device; answers its sequence number. A new
 *  change to a record settles any refusal it had (the user fixed it). */
export async function writeRecord(table: SyncedTable, id: string, op: Op, fields: Fields = {}): Promise<number> {
  return (await writeRecords([{ table, id, op, fields }]))[0];
}

/** Settles a change's fields against the record as it is now (none for a new
 *  one), inside the writing transaction: what to store, or a throw that keeps
 *  none of the changes. */
export type Settle = (write: Write, current: Fields | undefined) => Fields;

/** Records changes made together (a list and its items) in one IndexedDB
 *  transaction: all of them, with their outbox entries, or none. Answers
 *  their sequence numbers. `settle` sees each change with the record it
 *  meets, earlier changes of the same call included. */
export async function writeRecords(writes: readonly Write[], settle?: Settle): Promise<number[]> {
  const d = await db();
  const tables = [...new Set(writes.map((w) => w.table))].map((t) => d[t]);
  return d.transaction('rw', [...tables, d.outbox, d.syncMeta, d.refused], async () => {
    let seq = ((await d.syncMeta.get('nextSeq'))?.value as number | undefined) ?? 1;
    const seqs: number[] = [];
    for (const write of writes) {
      const { table, id, op } = write;
      const pending = await d.outbox.where('[table+id]').equals([table, id]).first();
      const row = await d[table].get(id);
      const fields = settle && op !== 'delete' ? settle(write, row?.fields) : (write.fields ?? {});
      // While an own change is pending, the user sees that change, not newer pulls.
      const baseVersion = pending ? pending.baseVersion : (row?.version ?? undefined);
      const next = applyOp(row, { id, op, fields });
      if (next) await d[table].put(next);
      else await d[table].delete(id);
      const entry: OutboxEntry = { seq, table, id, op, fields };
      if (baseVersion !== undefined && baseVersion !== null) entry.baseVersion = baseVersion;
      await d.outbox.add(entry);
      await d.refused.where('[table+id]').equals([table, id]).delete();
      seqs.push(seq);
      seq += 1;
    }
    await d.syncMeta.put({ key: 'nextSeq', value: seq });
    return seqs;
  });
}

export async function pendingAfter(acked: number): Promise<OutboxEntry[]> {
  return (await db()).outbox.where('seq').above(acked).toArray();
}

/** How many changes of this device the server has not acknowledged yet. */
export async function pendingCount(): Promise<number> {
  const d = await db();
  return d.transaction('r', [d.outbox, d.syncMeta], () => countPending(d));
}

/** Within a transaction or live query (Dexie's own promises only). */
async function countPending(d: AppDB): Promise<number> {
  const acked = ((await d.syncMeta.get('acked'))?.value as number | undefined) ?? 0;
  return d.outbox.where('seq').above(acked).count();
}

/**
 * Keeps each change the server refused, with its reason and the record as the
 * user meant it (their change laid on what the device held), so the user sees
 * what was not saved and can fix or discard it. The next pull puts the
 * server's version back in the record itself.
 */
export async function keepRefused(rejections: Rejection[], at: number = Date.now()): Promise<void> {
  if (rejections.length === 0) return;
  const d = await db();
  const tables = SYNCED_TABLES.map((t) => d[t]);
  await d.transaction('rw', [...tables, d.outbox, d.refused], async () => {
    for (const r of rejections) {
      const entry = await d.outbox.get(r.seq);
      if (!entry) continue;
      // `message` is `field: words`; older servers did not send `field` apart.
      const field = r.field ?? r.message.split(':')[0];
      const message = r.message.startsWith(`${field}: `) ? r.message.slice(field.length + 2) : r.message;
      const row = await d[entry.table].get(entry.id);
      await d.refused.put({
        seq: entry.seq,
        table: entry.table,
        id: entry.id,
        op: entry.op,
        fields: entry.op === 'delete' ? (row?.fields ?? {}) : { ...(row?.fields ?? {}), ...entry.fields },
        refusal: { field, message },
        refusedAt: at,
      });
    }
  });
}

/** Forgets a refused change (the user discarded it). */
export async function discardRefused(seq: number): Promise<void> {
  await (await db()).refused.delete(seq);
}

/**
 * Applies one page of pulled changes: records take the server's state, then the
 * device's pending changes are laid back on top. Only the last page (`hasMore`
 * false) proves every change up to `ackedSeq` is in, so only then are those
 * outbox entries dropped. A page without a `from` cursor is a snapshot's first
 * page: it replaces every synced record.
 */
export async function applyPull(
  from: Cursor | null,
  changes: Change[],
  cursor: Cursor,
  hasMore: boolean,
  ackedSeq: number,
  forgetGroups: readonly string[] = [],
): Promise<void> {
  const d = await db();
  const tables = SYNCED_TABLES.map((t) => d[t]);
  await d.transaction('rw', [...tables, d.outbox, d.syncMeta], async () => {
    if (!from) await Promise.all(tables.map((t) => t.clear()));
    // A group left (or whose records follow again for a new role): nothing
    // of it stays on this device.
    if (forgetGroups.length > 0) {
      const gone = new Set(forgetGroups);
      for (const table of SHARED_TABLES) {
        await d[table].filter((row) => gone.has(row.fields.groupId as string)).delete();
      }
    }
    for (const c of changes) {
      // A table this app does not know (a server that did not hold it back)
      // waits on the server until the app is updated.
      if (!SYNCED_TABLES.includes(c.table)) continue;
      if (c.op === 'put') await d[c.table].put({ id: c.id, fields: c.fields ?? {}, version: c.version });
      else await d[c.table].delete(c.id);
    }
    if (!hasMore) await d.outbox.where('seq').belowOrEqual(ackedSeq).delete();
    await rebase(d, from ? changes : null);
    await d.syncMeta.put({ key: 'cursor', value: cursor });
  });
}

/** The key of a record across tables. */
export function recordKey(table: SyncedTable, id: string): string {
  return `${table}\u0000${id}`;
}

/**
 * After the server was restored from a backup, it may lack changes it had
 * acknowledged. This device queues again, numbered from `firstSeq` (the
 * change the server expects next), a put of every
 * record it holds that the server's copy (`server`: record key → version, read
 * from a snapshot not yet applied) lacks or holds in an older state, or that
 * has a change pending; and the deletes still pending. Answers how many
 * changes were queued. Puts go without a base version: the versions this
 * device knew belong to the server's lost history.
 */
export async function requeueAfterRestore(server: Map<string, number>, firstSeq = 1): Promise<number> {
  const d = await db();
  const tables = SYNCED_TABLES.map((t) => d[t]);
  return d.transaction('rw', [...tables, d.outbox, d.syncMeta], async () => {
    const pending = await d.outbox.orderBy('seq').toArray();
    const pendingKeys = new Set(pending.map((m) => recordKey(m.table, m.id)));
    const queue: OutboxEntry[] = [];
    for (const table of SYNCED_TABLES) {
      for (const row of await d[table].toArray()) {
        const key = recordKey(table, row.id);
        const known = server.get(key);
        const behind = row.version === null || known === undefined || row.version > known;
        // What a group shares is sent again only by the device that wrote it
        // and had not seen it synced; the rest is others' to keep.
        if (isShared(table) && !pendingKeys.has(key)) continue;
        if (behind || pendingKeys.has(key)) {
          queue.push({ seq: firstSeq + queue.length, table, id: row.id, op: 'put', fields: row.fields });
        }
      }
    }
    const held = new Set(queue.map((m) => recordKey(m.table, m.id)));
    for (const m of pending) {
      if (m.op === 'delete' && !held.has(recordKey(m.table, m.id))) {
        queue.push({ seq: firstSeq + queue.length, table: m.table, id: m.id, op: 'delete', fields: {} });
      }
    }
    await d.outbox.clear();
    await d.outbox.bulkAdd(queue);
    await d.syncMeta.put({ key: 'nextSeq', value: firstSeq + queue.length });
    await d.syncMeta.put({ key: 'acked', value: firstSeq - 1 });
    await d.syncMeta.delete('cursor');
    return queue.length;
  });
}

/** Lays pending changes back over the records a pull touched (all, for a snapshot). */
async function rebase(d: AppDB, touched: Change[] | null): Promise<void> {
  const keys = touched ? new Set(touched.map((c) => recordKey(c.table, c.id))) : null;
  for (const m of await d.outbox.orderBy('seq').toArray()) {
    if (keys && !keys.has(recordKey(m.table, m.id))) continue;
    const next = applyOp(await d[m.table].get(m.id), m);
    if (next) await d[m.table].put(next);
    else await d[m.table].delete(m.id);
  }
}

// A live query's function may await only Dexie's own promises: Dexie follows
// which tables it reads through them, and a read after any other wait (such as
// this tab's database still opening) is not followed, so the answer would never
// update. The database is therefore opened before the live query is made.

/** A table's records now (not live: for work done once, such as saving ahead). */
export async function recordsOf<K extends SyncedTable>(table: K): Promise<{ id: string; fields: TableRecords[K] }[]> {
  const d = await db();
  return (await d[table].toArray()) as unknown as { id: string; fields: TableRecords[K] }[];
}

/** Live list of a table's records, for pages (updates in every tab). */
export async function liveRecords(table: SyncedTable): Promise<Observable<LocalRecord[]>> {
  const d = await db();
  return liveQuery(() => d[table].toArray());
}

/** Live list of the refused changes of a table. */
export async function liveRefused(table: SyncedTable): Promise<Observable<RefusedChange[]>> {
  const d = await db();
  return liveQuery(() => d.refused.filter((r) => r.table === table).toArray());
}

/** How many changes the server refused, across every table, now. */
export async function refusedCount(): Promise<number> {
  const d = await db();
  return d.refused.count();
}

/** Live count of the refused changes of every table. */
export async function liveRefusedCount(): Promise<Observable<number>> {
  const d = await db();
  return liveQuery(() => d.refused.count());
}

/** Live count of the changes waiting to be sent (see `pendingCount`). */
export async function livePendingCount(): Promise<Observable<number>> {
  const d = await db();
  return liveQuery(() => countPending(d));
}

/** Live value of one sync meta key. */
export async function liveMeta<T>(key: string): Promise<Observable<T | undefined>> {
  const d = await db();
  return liveQuery(() => d.syncMeta.get(key).then((row) => row?.value as T | undefined));
}

/** Like `liveMeta`, with `null` for a value never set (so a page can tell
 *  "not read yet", undefined, from "none"). */
export async function liveMetaOrNull<T>(key: string): Promise<Observable<T | null>> {
  const d = await db();
  return liveQuery(() => d.syncMeta.get(key).then((row) => (row?.value ?? null) as T | null));
}
