// A list read live from this device: a loading line, the storage failure, the
// empty state or the items, and above them any change the server refused
// (what was not saved and why, with Fix and Discard). Every record page shows
// its list through this, so every list behaves the same.

import type { ReactNode } from 'react';
import type { FieldError } from '../generated/records';
import type { Live } from '../lib/live';
import { StorageUnavailable } from './StorageUnavailable';

/** A change the server refused, as the list shows it. */
export interface Refused<F = Record<string, unknown>> {
  seq: number;
  id: string;
  op: 'put' | 'patch' | 'delete';
  fields: F;
  refusal: FieldError;
}

export interface LiveListProps<T, F> {
  live: Live<T[]>;
  /** What the list holds, in words ("prayer reminders"). */
  what: string;
  loading?: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
  refused?: Live<Refused<F>[]>;
  /** How a refused change is named ("Morning prayer"). */
  describe?: (fields: F) => string;
  onFix?: (change: Refused<F>) => void;
  onDiscard?: (change: Refused<F>) => void;
}

export function LiveList<T, F>({ live, what, loading, empty, children, refused, describe, onFix, onDiscard }: LiveListProps<T, F>) {
  const problems = refused?.value ?? [];
  return (
    <>
      {problems.length > 0 && (
        <section className="refused" aria-label={`Changes not saved to your ${what}`}>
          {problems.map((change) => (
            <div key={change.seq} className="refused-change" role="alert">
              <p>
                <strong>Not saved{describe ? `: ${describe(change.fields)}` : ''}.</strong> The server refused this{' '}
                {change.op === 'delete' ? 'deletion' : 'change'} ({change.refusal.field}: {change.refusal.message}).
              </p>
              <div className="row">
                {onFix && change.op !== 'delete' && (
                  <button type="button" className="btn btn-primary btn-small" onClick={() => onFix(change)}>
                    Fix
                  </button>
                )}
                {onDiscard && (
                  <button type="button" className="btn btn-outline btn-small" onClick={() => onDiscard(change)}>
                    Discard
                  </button>
                )}
              </div>
            </div>
          ))}
        </section>
      )}
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
