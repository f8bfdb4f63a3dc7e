// The refused changes of one table, shown where they were made, with Fix and
// Discard. Records a person corrects by hand (a goal, a plan's start) are
// fixed by the page (`fix`); the others (a tick, a generated list or plan,
// the settings) have Try Again: the change saved again as it was meant,
// checked by the rules. Each page says what the records are and what to show
// once one is saved again.

import { RefusedChanges } from '../../components/RefusedChanges';
import { refusalInWords, type FieldLabels } from '../../components/refusalWords';
import { toast } from '../../components/toast';
import type { SyncedTable } from '../../db/synced';
import { useRefused, type RefusedOf } from '../../sync/useRefused';
import { discardRefused, RecordRefused, saveRecord } from '../../sync/saveRecords';

/** Saves a refused change again: the whole record under its own id, checked
 *  by the rules like every write, then says how it went: saved (it syncs
 *  shortly; the refusal is settled), or why it still cannot be, so the person
 *  can discard it knowing why. Answers whether it was kept. */
async function saveAgain<K extends SyncedTable>(table: K, change: RefusedOf<K>, named: string, labels?: FieldLabels): Promise<boolean> {
  try {
    await saveRecord(table, change.id, 'put', change.fields);
    toast({ title: 'Saved Again', description: `Saved on this device, to sync shortly: ${named}.` });
    return true;
  } catch (e) {
    if (e instanceof RecordRefused) {
      toast({ title: 'Still Not Saved', description: `${refusalInWords(e.refusal, labels)} It cannot be saved as it is, so you may discard it.`, variant: 'destructive' });
    } else {
      console.error('Saving a refused change again failed', e);
      toast({ title: 'Error', description: 'This change could not be saved on this device. Please try again.', variant: 'destructive' });
    }
    return false;
  }
}

interface TableRefusalsProps<K extends SyncedTable> {
  table: K;
  /** What the records are, in words ("plan progress"). */
  what: string;
  describe: (fields: RefusedOf<K>['fields']) => string;
  fieldLabels?: FieldLabels;
  /** Which refused changes are this page's (default: all of the table). */
  shows?: (change: RefusedOf<K>) => boolean;
  /** Fix: Try Again (the default), the page's own (the change put back in
   *  its form), or none where the page cannot take it (only Discard). */
  fix?: 'tryAgain' | 'none' | ((change: RefusedOf<K>) => void);
  /** Called once a change is saved again by Try Again (to show it). */
  onSaved?: (change: RefusedOf<K>) => void;
  /** Called once a change is discarded. */
  onDiscarded?: (change: RefusedOf<K>) => void;
}

export function TableRefusals<K extends SyncedTable>({ table, what, describe, fieldLabels, shows, fix = 'tryAgain', onSaved, onDiscarded }: TableRefusalsProps<K>) {
  const refused = useRefused(table);
  const retry = async (change: RefusedOf<K>) => {
    if (await saveAgain(table, change, describe(change.fields), fieldLabels)) onSaved?.(change);
  };
  return (
    <RefusedChanges
      changes={shows ? refused.value?.filter(shows) : refused.value}
      what={what}
      describe={describe}
      fieldLabels={fieldLabels}
      fixLabel={fix === 'tryAgain' ? 'Try Again' : 'Fix'}
      onFix={fix === 'tryAgain' ? (c) => void retry(c) : fix === 'none' ? undefined : fix}
      onDiscard={(c) => {
        onDiscarded?.(c);
        void discardRefused(c.seq);
      }}
    />
  );
}
