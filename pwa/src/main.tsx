// Start-up: Home's critical path first (the core and today's stored content,
// at once), then the first render, so that it needs to wait for nothing; the
// page's own "Loading..." shows meanwhile.

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { applyStoredTheme } from './lib/theme';
import { missingStartupRequirement, showStartupFailure } from './components/startupFailure';
import { dayKey, fetchDay, primeDay } from './content/useDaily';
import { installGlobalErrorHandlers, logRecoverableError } from './lib/errors';
import { loadCore, todayIn } from './wasm/core';
import './styles.css';

/** Past this, the app renders anyway and shows its own loading states. */
const START_WAIT_MS = 2500;

installGlobalErrorHandlers();
applyStoredTheme();
const queryClient = createQueryClient();
const home = window.location.pathname === '/';

const core = loadCore();
const ready = core
  .then(async (c) => {
    if (!home) return;
    const date = todayIn(c);
    // The device's copy of today, then (when there is none, or it is old) one request.
    await primeDay(queryClient, date);
    void queryClient.prefetchQuery({ queryKey: dayKey(date), queryFn: () => fetchDay(date) });
  })
  .catch(() => undefined);

function start() {
  // Without this, React reports an error it recovered from as a window error,
  // which would show the refresh overlay over a page that works.
  const root = createRoot(document.getElementById('root') as HTMLElement, { onRecoverableError: logRecoverableError });
  // A transition lets React render in slices, so a slow phone stays responsive.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

if (missingStartupRequirement(window)) {
  showStartupFailure(document);
} else {
  // Rendering before these are in would show a fallback that React then keeps
  // on screen a moment longer than needed.
  void Promise.race([ready, new Promise((r) => setTimeout(r, START_WAIT_MS))]).then(start);
}
