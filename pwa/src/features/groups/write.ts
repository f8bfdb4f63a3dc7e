// Writing to a group's records from this phone: the group's rules (the Rust
// ones, through the groups' module) are asked first with the person's place
// in the group as last known, then the record is saved on the device and
// queued. The server asks the same rules again when it arrives.

import type { GroupDetail } from '../../generated/api';
import type { FieldError, TableRecords } from '../../generated/records';
import type { SharedTable } from '../../db/tables';
import { RecordRefused, saveRecord } from '../../sync/saveRecords';
import type { Groups } from '../../wasm/groups';

type Fields = Record<string, unknown>;

export interface SharedWrite<K extends SharedTable> {
  table: K;
  id: string;
  op: 'put' | 'patch' | 'delete';
  fields?: Partial<TableRecords[K]>;
  /** The record as it stands (none: a new one). */
  before?: Fields | null;
  /** The request an update or a prayer belongs to. */
  parent?: Fields | null;
}

/** Saves the write, or answers why the group's rules refuse it. */
export async function writeShared<K extends SharedTable>(rules: Groups, group: GroupDetail, w: SharedWrite<K>): Promise<FieldError | null> {
  const before = w.before ?? null;
  const after = w.op === 'delete' ? null : { ...(before ?? {}), ...(w.fields as Fields) };
  const refusal = rules.judgeWrite(w.table, group.you.role, group.you.memberId, before, after, w.parent ?? null, group.reflections);
  if (refusal) return refusal;
  try {
    await saveRecord(w.table, w.id, w.op, w.fields ?? {});
    return null;
  } catch (e) {
    if (e instanceof RecordRefused) return e.refusal;
    throw e;
  }
}
