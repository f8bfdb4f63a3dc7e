// Read-aloud on a card of the first screen: its controls load just after the
// first render, their place held (unseen, as the server's page holds it) so
// nothing moves when they come.

import { lazy, Suspense } from 'react';
import type { ReadAloudProps } from './ReadAloud';

const Controls = lazy(() => import('./ReadAloud'));

export function LazyReadAloud(props: ReadAloudProps) {
  return (
    <Suspense fallback={<HeldControls />}>
      <Controls {...props} />
    </Suspense>
  );
}

/** The idle controls' boxes (as the server's page holds them), disabled and unseen. */
function HeldControls() {
  return (
    <div className="read-aloud held" aria-hidden="true">
      <div className="row play-controls">
        <button type="button" className="btn btn-primary" disabled>
          Listen
        </button>
        <label className="read-aloud-speed">
          Speed
          {/* As wide as the widest speed the controls offer. */}
          <select disabled>
            <option>0.85×</option>
          </select>
        </label>
      </div>
      <p className="read-aloud-state" />
    </div>
  );
}
