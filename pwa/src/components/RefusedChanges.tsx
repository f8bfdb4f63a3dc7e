// Changes the server refused, shown where they were made: what was not saved,
// why (the field in words and the rule's message), Fix (which brings the
// change back to its form or item; not for a deletion) and Discard. Lists show
// it through LiveList, forms beside themselves; the page decides what Fix does.

import { useEffect, useRef, useState } from 'react';
import type { FieldError } from '../generated/records';
import { refusalInWords, type FieldLabels } from './refusalWords';

/** A change the server refused, with the record as the user meant it. */
export interface Refused<F = Record<string, unknown>> {
  seq: number;
  id: string;
  op: 'put' | 'patch' | 'delete';
  fields: F;
  refusal: FieldError;
}

export interface RefusedChangesProps<C extends Refused<unknown>> {
  /** The refused changes (nothing shows while there are none). */
  changes: readonly C[] | undefined;
  /** What they were changes to, in words ("prayer reminders"). */
  what: string;
  /** How a refused change is named ("Morning prayer"). */
  describe?: (fields: C['fields'], change: C) => string;
  /** The page's names of the fields ("reminderTime" → "Time"). */
  fieldLabels?: FieldLabels;
  /** Fix: brings the change back where it can be corrected and saved again. */
  onFix?: (change: C) => void;
  /** The Fix button's word, where fixing is trying again ("Try Again"). */
  fixLabel?: string;
  /** Discard: forgets the change. */
  onDiscard?: (change: C) => void;
}

export function RefusedChanges<C extends Refused<unknown>>({ changes = [], what, describe, fieldLabels, onFix, fixLabel = 'Fix', onDiscard }: RefusedChangesProps<C>) {
  const region = useRef<HTMLElement>(null);
  const [discarded, setDiscarded] = useState<string | null>(null);
  // Once a discarded change is gone, focus goes to the next change still
  // shown, or to the note that says it was discarded, never to the page's top.
  const gone = useRef<number | null>(null);
  useEffect(() => {
    if (gone.current === null || changes.some((c) => c.seq === gone.current)) return;
    gone.current = null;
    region.current?.querySelector<HTMLElement>('.refused-change, .refused-done')?.focus();
  }, [changes, discarded]);

  if (changes.length === 0 && !discarded) return null;
  const name = (change: C) => (describe ? describe(change.fields, change) : '');
  const discard = (change: C) => {
    onDiscard?.(change);
    setDiscarded(name(change) || 'the change');
    gone.current = change.seq;
  };

  return (
    <section ref={region} className="refused" aria-label={`Changes not saved to your ${what}`}>
      {changes.map((change) => {
        const named = name(change);
        return (
          <div key={change.seq} className="refused-change" role="alert" tabIndex={-1}>
            <p>
              <strong>Not saved{named ? `: ${named}` : ''}.</strong> The server did not accept this{' '}
              {change.op === 'delete' ? 'deletion' : 'change'}.
            </p>
            <p className="refused-why">{refusalInWords(change.refusal, fieldLabels)}</p>
            <div className="row">
              {onFix && change.op !== 'delete' && (
                <button type="button" className="btn btn-primary btn-small" aria-label={named ? `${fixLabel} ${named}` : undefined} onClick={() => onFix(change)}>
                  {fixLabel}
                </button>
              )}
              {onDiscard && (
                <button type="button" className="btn btn-outline btn-small" aria-label={named ? `Discard ${named}` : undefined} onClick={() => discard(change)}>
                  Discard
                </button>
              )}
            </div>
          </div>
        );
      })}
      {changes.length === 0 && discarded && (
        <p className="refused-done small muted" role="status" tabIndex={-1}>
          Discarded: {discarded}. Nothing else is waiting to be fixed here.
        </p>
      )}
    </section>
  );
}
