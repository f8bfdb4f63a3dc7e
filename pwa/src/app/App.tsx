// Providers and the route table. Pages load on demand; unknown paths show 404.

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { CriticalErrorOverlay } from '../components/CriticalErrorOverlay';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { NotFound } from '../components/NotFound';
import { Spinner } from '../components/Spinner';
import { Toaster } from '../components/toast';
import { UpdatePrompt } from '../components/UpdatePrompt';

const HomePage = lazy(() => import('../features/home/HomePage'));
const WeightTrackingPage = lazy(() => import('../features/weight/WeightTrackingPage'));
const PrayerRemindersPage = lazy(() => import('../features/reminders/PrayerRemindersPage'));
const WellnessScorePage = lazy(() => import('../features/wellness/WellnessScorePage'));

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // The sync engine (and Dexie with it) loads after the first screen.
    void import('../sync/engine').then((m) => {
      if (live) stop = m.startSync();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Toaster>
          <BrowserRouter>
            <Suspense fallback={<Spinner />}>
              <Routes>
                <Route path="/" element={<HomePage />} />
                <Route path="/weight-tracking" element={<WeightTrackingPage />} />
                <Route path="/prayer-reminders" element={<PrayerRemindersPage />} />
                <Route path="/wellness-score" element={<WellnessScorePage />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
          <UpdatePrompt />
          <CriticalErrorOverlay />
        </Toaster>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
