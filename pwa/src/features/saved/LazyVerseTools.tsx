// The highlight and note tools, loaded when first opened (the reading card is
// on the first screen; the tools are not).

import { lazy, Suspense } from 'react';
import type { VerseToolsProps } from './VerseTools';

const Tools = lazy(() => import('./VerseTools').then((m) => ({ default: m.VerseTools })));

export function VerseTools(props: VerseToolsProps) {
  return (
    <Suspense
      fallback={
        <p className="muted small" role="status">
          Opening highlights and notes…
        </p>
      }
    >
      <Tools {...props} />
    </Suspense>
  );
}
