// Providers, the app shell and the route table. Pages load on demand; unknown
// paths show the 404 screen. The shell gives every page its tab title, puts
// the sync badge in every page header and the tab bar at the foot of every
// page (outside the pages' Suspense, so it stays while the next page loads).

import { lazy, Suspense, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '../lib/query';
import { BrowserRouter, Route, Routes } from '../lib/router';
import { CriticalErrorOverlay } from '../components/CriticalErrorOverlay';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { HeaderStatus } from '../components/headerStatus';
import { Spinner } from '../components/Spinner';
import { toast, Toaster } from '../components/toast';
import { PremiumBanner } from '../features/premium/PremiumBanner';
import type { SyncStatus } from '../sync/engine';
import { useLive } from '../sync/useRecords';
import { DocumentTitle } from './DocumentTitle';
import { ROUTES } from './routes';

// The service worker registers after the first screen, and with it the prompt
// for a new version.
// Pages few visits need load when shown (offline too: the app's files are all saved).
const NotFound = lazy(() => import('../components/NotFound').then((m) => ({ default: m.NotFound })));
const UpdatePrompt = lazy(() => import('../components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
// The theme's stored copy is shown from the first frame (main.tsx); a change
// synced from another device is followed once this is in.
const FollowTheme = lazy(() => import('../features/settings').then((m) => ({ default: m.FollowTheme })));
// The tab bar (fixed at the foot of the screen) loads right after the first
// render; until then its bar is there, empty, so the page's space for it never changes.
const TabBar = lazy(() => import('../features/navigation').then((m) => ({ default: m.TabBar })));
const SyncStatusBadge = lazy(() => import('../sync/SyncStatusBadge').then((m) => ({ default: m.SyncStatusBadge })));

/** The sync badge; until its code is in, its place kept (unseen), as the
 *  server's page keeps it, so nothing beside it moves. */
const syncBadge = (
  <Suspense
    fallback={
      <button type="button" className="sync-badge sync-idle held" disabled aria-hidden="true">
        <span className="sync-dot" />
        <span className="sync-label">Not synced yet</span>
      </button>
    }
  >
    <SyncStatusBadge onAnswer={toast} />
  </Suspense>
);

/** The tab bar's place until its code is in: the bar, empty. */
const tabBarSpace = (
  <div className="tab-bar" aria-hidden="true">
    <div className="tab-bar-slot" />
  </div>
);

/** The update prompt, insisting when the server says this version is too old to sync. */
function UpdateWhenTooOld() {
  const { value: status } = useLive((db) => db.liveMeta<SyncStatus>('status'), 'sync status');
  return <UpdatePrompt required={status?.state === 'blocked' && status.reason === 'clientTooOld'} />;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // The sync engine (and Dexie with it) loads once the first screen is up.
    const start = () =>
      void import('../sync/engine').then((m) => {
        if (live) stop = m.startSync();
      });
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 1000);
    return () => {
      live = false;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle);
      stop?.();
    };
  }, []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Toaster>
          <HeaderStatus.Provider value={syncBadge}>
            <BrowserRouter>
              <DocumentTitle>
                <PremiumBanner />
                <Suspense fallback={<Spinner />}>
                  <Routes>
                    {ROUTES.map(({ path, render }) => (
                      <Route key={path} path={path} element={render()} />
                    ))}
                    <Route path="*" element={<NotFound />} />
                  </Routes>
                </Suspense>
                <Suspense fallback={tabBarSpace}>
                  <TabBar />
                </Suspense>
              </DocumentTitle>
            </BrowserRouter>
          </HeaderStatus.Provider>
          <Suspense fallback={null}>
            <UpdateWhenTooOld />
            <FollowTheme />
          </Suspense>
          <CriticalErrorOverlay />
        </Toaster>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
