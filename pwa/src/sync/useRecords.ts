// The user's records for pages: live lists (every tab sees a write at once),
// the changes the server refused, and writes checked by the record rules of
// the Rust core before they are kept. Writes go to this device first (with
// their outbox entry) and are synced shortly after.

import { useEffect, useState } from 'react';
import type { FieldError, TableRecords } from '../generated/records';
import type { Live } from '../lib/live';
import { loadCore, todayIn } from '../wasm/core';
import { loadRecords } from '../wasm/records';
import { isShared } from '../db/tables';
import type { Observable, Op, RefusedChange, SyncedTable, Write } from '../db/synced';

type Synced = typeof import('../db/synced');

export type { Live, RefusedChange };

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

/** Reads `table`'s records for its first `useRecords` (`primeLive`). */
export async function primeRecords(table: SyncedTable): Promise<void> {
  const db = await import('../db/synced');
  primeLive(table, await db.recordsOf(table));
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

/** A write the record rules refuse: nothing was kept; `refusal` names the field. */
export class RecordRefused extends Error {
  constructor(readonly refusal: FieldError) {
    super(`${refusal.field}: ${refusal.message}`);
    this.name = 'RecordRefused';
  }
}

/** The refusal of `fields` as a whole record of `table` by its rules, if any. */
export async function checkRecord<K extends SyncedTable>(
  table: K,
  id: string,
  fields: Partial<TableRecords[K]> | Record<string, unknown>,
): Promise<FieldError | undefined> {
  return (await loadRecords()).validateRecord(table, id, fields as Record<string, unknown>);
}

/** A random part for new records' ids (the core's id schemes take it). */
export function newRandom(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The id of a new record of `table` with these fields (once-a-day records are
 *  named by their `date`, plan progress by its plan and day, others at random). */
export async function newRecordId<K extends SyncedTable>(
  table: K,
  fields: Partial<TableRecords[K]> | Record<string, unknown> = {},
): Promise<string> {
  return (await loadRecords()).recordId(table, fields as Record<string, unknown>, newRandom());
}

/** A change to save: what `saveRecords` takes (the core's generated records are these). */
export type RecordChange = Write;

/**
 * Saves changes made together on this device, in one IndexedDB transaction,
 * and schedules a sync. A new record gets its table's defaults for what it
 * leaves out; every record a change leaves is checked first by the same rules
 * as the server's: a refused change throws `RecordRefused` and keeps nothing
 * of any of them.
 */
export async function saveRecords(changes: readonly RecordChange[]): Promise<void> {
  // A group's records are checked by the groups' module (loaded only then).
  const shared = changes.some((c) => isShared(c.table));
  const [db, { syncSoon }, core, records, groups] = await Promise.all([
    import('../db/synced'),
    import('./engine'),
    loadCore(),
    loadRecords(),
    shared ? import('../wasm/groups').then((m) => m.loadGroups()) : null,
  ]);
  const now = new Date().toISOString();
  const today = todayIn(core);
  await db.writeRecords(changes, (change, current) => {
    const fields = !current && change.op === 'put' ? records.withDefaults(change.table, change.fields ?? {}, now) : (change.fields ?? {});
    const whole = { ...(current ?? {}), ...fields };
    const check = () =>
      groups && isShared(change.table) ? groups.validateShared(change.table, change.id, whole) : records.validateRecord(change.table, change.id, whole);
    const refusal = check() ?? (change.op !== 'delete' ? records.checkDays(change.table, fields, current, today) : undefined);
    if (refusal) throw new RecordRefused(refusal);
    return fields;
  });
  syncSoon();
}

/** Saves one change on this device (see `saveRecords`). */
export async function saveRecord<K extends SyncedTable>(
  table: K,
  id: string,
  op: Op,
  fields: Partial<TableRecords[K]> = {},
): Promise<void> {
  await saveRecords([{ table, id, op, fields: fields as Record<string, unknown> }]);
}

/** Forgets a change the server refused. */
export async function discardRefused(seq: number): Promise<void> {
  await (await import('../db/synced')).discardRefused(seq);
}
