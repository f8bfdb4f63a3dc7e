// The refused changes of records a person cannot correct by hand (a tick, a
// generated list or plan, the settings): shown where they were made, with
// Try Again (the change saved again as it was meant, checked by the rules)
// and Discard. Each page says what the records are and what to show once one
// is saved again.

import { RefusedChanges } from '../../components/RefusedChanges';
import type { FieldLabels } from '../../components/refusalWords';
import { tryAgain } from '../../components/tryAgain';
import type { SyncedTable } from '../../db/synced';
import { saveAgain } from '../../sync/saveAgain';
import { discardRefused, useRefused, type RefusedOf } from '../../sync/useRecords';

export interface TryAgainRefusalsProps<K extends SyncedTable> {
  table: K;
  /** What the records are, in words ("plan progress"). */
  what: string;
  describe: (fields: RefusedOf<K>['fields']) => string;
  fieldLabels?: FieldLabels;
  /** Which refused changes are this page's (default: all of the table). */
  shows?: (change: RefusedOf<K>) => boolean;
  /** Called once a change is saved again (to show it). */
  onSaved?: (change: RefusedOf<K>) => void;
}

export function TryAgainRefusals<K extends SyncedTable>({ table, what, describe, fieldLabels, shows, onSaved }: TryAgainRefusalsProps<K>) {
  const refused = useRefused(table);
  const retry = async (change: RefusedOf<K>) => {
    if (await tryAgain(describe(change.fields), () => saveAgain(table, change), fieldLabels)) onSaved?.(change);
  };
  return (
    <RefusedChanges
      changes={shows ? refused.value?.filter(shows) : refused.value}
      what={what}
      describe={describe}
      fieldLabels={fieldLabels}
      fixLabel="Try Again"
      onFix={(c) => void retry(c)}
      onDiscard={(c) => void discardRefused(c.seq)}
    />
  );
}
