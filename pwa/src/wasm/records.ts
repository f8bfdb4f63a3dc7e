// The only door to manna-core's records module: a record's checks by the
// same rules as the server's, its id and its table's defaults. A write needs
// them and the first screen does not, so the module is loaded once the first
// screen is up (with the sync engine, while the network is likely there), or
// by a write made before then; once, and memoised.

import type { FieldError } from '../generated/records';
import type { Table } from '../generated/tables';
import { lazyModule } from './lazy';
import type * as Pkg from './pkg/manna_records.js';

export interface Records {
  /** The refusal of a whole record by its rules (the server's words), or undefined. */
  validateRecord(table: Table, id: string, fields: Record<string, unknown>): FieldError | undefined;
  /** A day still to come after `today` in a field of a day already come (a weight's, a journal entry's) that `current` did not hold, or undefined. */
  checkDays(table: Table, fields: Record<string, unknown>, current: Record<string, unknown> | undefined, today: string): FieldError | undefined;
  /** A new record's fields with its table's defaults for what they leave out. */
  withDefaults(table: Table, fields: Record<string, unknown>, nowIso: string): Record<string, unknown>;
  /** A new record's id: from its date or key fields where its table names records by them, else prefix-random. */
  recordId(table: Table, fields: Record<string, unknown>, random: string): string;
}

function wrap(pkg: typeof Pkg): Records {
  return {
    validateRecord: (table, id, fields) => (pkg.validateRecord(table, id, fields) as FieldError | undefined) ?? undefined,
    checkDays: (table, fields, current, today) => (pkg.checkDays(table, fields, current, today) as FieldError | undefined) ?? undefined,
    recordId: (table, fields, random) => pkg.recordId(table, fields, random),
    withDefaults: (table, fields, nowIso) => pkg.withDefaults(table, fields, nowIso) as Record<string, unknown>,
  };
}

const wasm = lazyModule(() => import('./pkg/manna_records.js'), wrap);

/** The module, loaded once. */
export function loadRecords(): Promise<Records> {
  return wasm.load();
}

/** For tests: the module initialised synchronously from its bytes. */
export function recordsFromBytes(bytes: BufferSource): Promise<Records> {
  return wasm.fromBytes(bytes);
}
