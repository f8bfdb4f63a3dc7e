// Writes of the user's records: checked by the record rules of the Rust core
// before they are kept (a refused change keeps nothing), on this device first
// with their outbox entry, and synced shortly after. Loaded with the first
// page that writes, not with the first screen (the live lists are
// useRecords.ts).

import type { FieldError, TableRecords } from '../generated/records';
import { loadCore, todayIn } from '../wasm/core';
import { loadRecords } from '../wasm/records';
import { isShared } from '../db/tables';
import type { Op, SyncedTable, Write } from '../db/synced';

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
