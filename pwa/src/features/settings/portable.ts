// Taking one's data out and bringing it back: every synced record of this
// device as one JSON file, weights as CSV, and an import that reads such a
// file, checks each record by the same rules as every write (the Rust ones,
// through the core), and adds only what is not on the device yet, so nothing
// already kept is replaced. A locked journal's entries go out in words
// (opened on this device) and come back sealed again.

import type { FieldError } from '../../generated/records';
import type { Table } from '../../generated/tables';
import { OWN_TABLES, type OwnTable } from '../../db/tables';

/** The tables an export holds: a person's own records, but the key of a
 *  locked journal (its entries go out in words, so the key opens nothing). */
export type PortableTable = Exclude<OwnTable, 'journalKeys'>;
export const PORTABLE_TABLES = OWN_TABLES.filter((t): t is PortableTable => t !== 'journalKeys');

export const EXPORT_FORMAT = 'manna-export';
export const EXPORT_VERSION = 1;

export interface ExportedRecord {
  id: string;
  fields: Record<string, unknown>;
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  tables: Partial<Record<PortableTable, ExportedRecord[]>>;
}

/** What reading records needs: the device's records and the record rules. */
export interface Store {
  records(table: Table): Promise<ExportedRecord[]>;
  exists(table: Table, id: string): Promise<boolean>;
  check(table: Table, id: string, fields: Record<string, unknown>): Promise<FieldError | undefined>;
}

export async function exportAll(store: Store, now: Date = new Date()): Promise<ExportFile> {
  const tables: ExportFile['tables'] = {};
  for (const table of PORTABLE_TABLES) {
    const records = await store.records(table);
    if (records.length > 0) tables[table] = records.map(({ id, fields }) => ({ id, fields }));
  }
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), tables };
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Weights as a spreadsheet reads them: date, pounds with one decimal, mood, notes; oldest first. */
export function weightsCsv(records: readonly ExportedRecord[]): string {
  const rows = [...records]
    .sort((a, b) => String(a.fields.date).localeCompare(String(b.fields.date)))
    .map((r) => [r.fields.date, (Number(r.fields.weight) / 10).toFixed(1), r.fields.mood, r.fields.notes].map(csvCell).join(','));
  return ['date,weight_lb,mood,notes', ...rows].join('\r\n') + '\r\n';
}

export interface TablePreview {
  table: PortableTable;
  /** Records the import would add. */
  add: ExportedRecord[];
  /** Records already on this device (left as they are). */
  present: number;
  refused: { id: string; refusal: FieldError }[];
}

export interface Preview {
  exportedAt: string;
  tables: TablePreview[];
  /** Tables this version does not know (skipped). */
  unknown: string[];
}

/** Why a file cannot be imported at all, in words for the person. */
export class NotAnExport extends Error {}

/** Reads a file's text and says what importing it would do. */
export async function preview(text: string, store: Store): Promise<Preview> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NotAnExport('This file is not a Manna export: it is not JSON.');
  }
  const file = parsed as Partial<ExportFile> | null;
  if (!file || typeof file !== 'object' || file.format !== EXPORT_FORMAT) {
    throw new NotAnExport('This file is not a Manna export (it does not say "format": "manna-export").');
  }
  if (typeof file.version !== 'number' || file.version > EXPORT_VERSION) {
    throw new NotAnExport('This export was made by a newer version of Manna. Update the app, then import it again.');
  }
  if (!file.tables || typeof file.tables !== 'object') throw new NotAnExport('This export holds no records.');
  const known = new Set<string>(PORTABLE_TABLES);
  const unknown = Object.keys(file.tables).filter((t) => !known.has(t));
  const tables: TablePreview[] = [];
  for (const table of PORTABLE_TABLES) {
    const records = (file.tables as Record<string, unknown>)[table];
    if (records === undefined) continue;
    const row: TablePreview = { table, add: [], present: 0, refused: [] };
    for (const r of Array.isArray(records) ? records : []) {
      const record = r as Partial<ExportedRecord>;
      const id = typeof record?.id === 'string' ? record.id : '';
      const fields = record?.fields && typeof record.fields === 'object' ? (record.fields as Record<string, unknown>) : null;
      if (!id || !fields) {
        row.refused.push({ id: id || '(no id)', refusal: { field: fields ? 'id' : 'fields', message: 'is missing' } });
        continue;
      }
      const refusal = await store.check(table, id, fields);
      if (refusal) row.refused.push({ id, refusal });
      else if (await store.exists(table, id)) row.present += 1;
      else row.add.push({ id, fields });
    }
    tables.push(row);
  }
  return { exportedAt: typeof file.exportedAt === 'string' ? file.exportedAt : '', tables, unknown };
}
