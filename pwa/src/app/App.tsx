// Providers, the app shell and the route table. Pages load on demand; unknown
// paths show the 404 screen. The shell gives every page its tab title, puts
// the sync badge in every page header and the tab bar at the foot of every
// page (outside the pages' Suspense, so it stays while the next page loads).

import { lazy, Suspense, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '../lib/query';
import { BrowserRouter, Route, Routes } from '../lib/router';
import { CriticalErrorOverlay } from '../components/CriticalErrorOverlay';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { HeaderStatus } from '../components/PageHeader';
import { Spinner } from '../components/Spinner';
import { toast, Toaster } from '../components/toast';
import { PremiumBanner } from '../features/premium/PremiumBanner';
import type { SyncStatus } from '../sync/engine';
import { SyncStatusBadge } from '../sync/SyncStatusBadge';
import { useLive } from '../sync/useRecords';
import { DocumentTitle } from './DocumentTitle';
import { ROUTES } from './routes';
import { FollowTheme } from '../features/settings';
import { TabBar } from '../features/navigation';

// The service worker registers after the first screen, and with it the prompt
// for a new version.
// Pages few visits need load when shown (offline too: the app's files are all saved).
const NotFound = lazy(() => import('../components/NotFound').then((m) => ({ default: m.NotFound })));
const UpdatePrompt = lazy(() => import('../components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

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
          <HeaderStatus.Provider value={<SyncStatusBadge onAnswer={toast} />}>
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
                <TabBar />
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
