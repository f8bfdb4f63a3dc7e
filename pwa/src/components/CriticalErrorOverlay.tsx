// The overlay shown once for a serious error (lib/errors.ts decides which):
// a refresh usually mends it. Its panel loads once the page is idle, ahead of
// any need.

import { lazy, Suspense, useEffect, useState } from 'react';
import { onSeriousError } from '../lib/errors';
import { whenIdle } from '../lib/idle';

const loadPanel = () => import('./CriticalErrorPanel');
const Panel = lazy(loadPanel);
/** Past this, the panel loads even if the page never goes idle. */
const PANEL_WAIT_MS = 5000;

export function CriticalErrorOverlay() {
  const [open, setOpen] = useState(false);
  useEffect(() => onSeriousError(() => setOpen(true)), []);
  useEffect(() => whenIdle(() => void loadPanel().catch(() => undefined), PANEL_WAIT_MS), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Panel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
