// A list read live from this device: a loading line, the storage failure, the
// empty state or the items, and above them any change the server refused
// (through RefusedChanges: what was not saved and why, with Fix and Discard).
// Every record page shows its list through this, so every list behaves the same.

import type { ReactNode } from 'react';
import type { Live } from '../lib/live';
import { RefusedChanges, type Refused } from './RefusedChanges';
import type { FieldLabels } from './refusalWords';
import { StorageUnavailable } from './StorageUnavailable';

export type { Refused };

export interface LiveListProps<T, F> {
  live: Live<T[]>;
  /** What the list holds, in words ("prayer reminders"). */
  what: string;
  loading?: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
  refused?: Live<Refused<F>[]>;
  /** How a refused change is named ("Morning prayer"). */
  describe?: (fields: F, change: Refused<F>) => string;
  /** The page's names of the fields, for the reason of a refusal. */
  fieldLabels?: FieldLabels;
  onFix?: (change: Refused<F>) => void;
  onDiscard?: (change: Refused<F>) => void;
}

export function LiveList<T, F>({ live, what, loading, empty, children, refused, describe, fieldLabels, onFix, onDiscard }: LiveListProps<T, F>) {
  return (
    <>
      <RefusedChanges changes={refused?.value} what={what} describe={describe} fieldLabels={fieldLabels} onFix={onFix} onDiscard={onDiscard} />
      {live.failed ? (
        <StorageUnavailable what={what} />
      ) : live.value === undefined ? (
        <p role="status">{loading ?? `Loading ${what}...`}</p>
      ) : live.value.length === 0 ? (
        empty
      ) : (
        children(live.value)
      )}
    </>
  );
}
