// Start-up: Home's critical path first (the core and today's stored content,
// at once, and the entitlement module when one is kept), then the first
// render, so that it needs to wait for nothing; the page's own "Loading..."
// shows meanwhile, or on Home the day the server wrote into the page, which
// the first render then draws over in place.

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { preloadPage } from './app/routes';
import { applyStoredTheme } from './lib/theme';
import { missingStartupRequirement } from './components/startupFailure';
import { dayKey, fetchDay, primeDay } from './content/useDaily';
import { installGlobalErrorHandlers, logRecoverableError } from './lib/errors';
import { noteDay } from './lib/dayCookie';
import { preparePremium } from './entitlement/entitlement';
import { loadCore, todayIn } from './wasm/core';

/** Past this, the app renders anyway and shows its own loading states; longer
 *  when the server wrote the page (a render before what it shows is in would
 *  put a placeholder over it). */
const START_WAIT_MS = 2500;
const START_WAIT_OVER_DAY_MS = 10_000;

installGlobalErrorHandlers();
applyStoredTheme();
const queryClient = createQueryClient();
const home = window.location.pathname === '/';
// The page's own code, fetched beside the core rather than after the first render.
const pageCode = preloadPage(window.location.pathname);
/** What the server wrote into the page (server/src/page_shell.rs), if it did:
 *  `day` on Home and the study page, `chapter` in the reader, `journal`, `header`. */
const written = document.querySelector('main[data-first-screen]')?.getAttribute('data-first-screen') ?? null;
/** The page opens on today's reading: the first render waits for the day. */
const dayShown = written === 'day';
// The chapter written in, where the reader's first render finds it.
const firstChapter = written === 'chapter' ? import('./features/read/firstChapter').then((m) => m.primeFirstChapter(queryClient)).catch(() => null) : null;
// Over the journal's page, what its first render draws is read first.
const journal = written === 'journal' ? import('./features/journal/firstScreen').then((m) => m.primeJournal(queryClient)).catch(() => undefined) : undefined;

const core = loadCore();
// A device that keeps an entitlement reads it at once (its module loads
// beside the core), so that the first render shows premium without a jump.
const premium = preparePremium().catch(() => undefined);
const ready = core
  .then(async (c) => {
    const date = todayIn(c);
    noteDay(date);
    if (!home && !dayShown) return;
    // The device's copy of today, then (when there is none, or it is old) one request.
    await primeDay(queryClient, date);
    const fetching = queryClient.prefetchQuery({ queryKey: dayKey(date), queryFn: () => fetchDay(date) });
    // Over the server's page (or the one kept for the day), the first render
    // waits for the day, unless the device has it: a placeholder must not
    // take the reading's place for a moment.
    if (dayShown && !queryClient.getQueryData(dayKey(date))) await fetching;
  })
  .catch(() => undefined)
  .then(() => premium)
  // Over a page the server wrote, the first render waits for the page's code
  // (Home's comes with the app) and what it draws, so that no "Loading..."
  // takes its place.
  .then(() => (written ? Promise.all([pageCode, firstChapter, journal]) : undefined));

function start() {
  // The chapter the server wrote in is kept on the device, as one the reader fetched is.
  void firstChapter?.then((chapter) => chapter && import('./features/read/scripture').then((m) => m.keepChapter(chapter)));
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
  void import('./components/startupFailureScreen').then((m) => m.showStartupFailure(document));
} else {
  // Rendering before these are in would show a fallback that React then keeps
  // on screen a moment longer than needed.
  void Promise.race([ready, new Promise((r) => setTimeout(r, written ? START_WAIT_OVER_DAY_MS : START_WAIT_MS))]).then(start);
}
