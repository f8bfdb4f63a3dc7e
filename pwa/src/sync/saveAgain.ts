// Saving a refused change again, as the user meant it: the whole record under
// its own id, checked by the rules like every write. For records with nothing
// to correct by hand (a tick, a generated list or plan), this is their Fix.
// Saved, it settles the refusal; refused by this device's rules too, it keeps
// nothing and answers why.

import type { FieldError } from '../generated/records';
import type { SyncedTable } from '../db/synced';
import { RecordRefused, saveRecord, type RefusedOf } from './useRecords';

export async function saveAgain<K extends SyncedTable>(table: K, change: RefusedOf<K>): Promise<FieldError | undefined> {
  try {
    await saveRecord(table, change.id, 'put', change.fields);
    return undefined;
  } catch (e) {
    if (e instanceof RecordRefused) return e.refusal;
    throw e;
  }
}
