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
import { PremiumBanner } from '../features/premium/PremiumBanner';

const HomePage = lazy(() => import('../features/home/HomePage'));
const WeightTrackingPage = lazy(() => import('../features/weight/WeightTrackingPage'));
const PrayerRemindersPage = lazy(() => import('../features/reminders/PrayerRemindersPage'));
const WellnessScorePage = lazy(() => import('../features/wellness/WellnessScorePage'));
const SubscribePage = lazy(() => import('../features/premium/SubscribePage'));
const PaymentPage = lazy(() => import('../features/premium/PaymentPage'));
const SubscriptionSuccessPage = lazy(() => import('../features/premium/SubscriptionSuccessPage'));
const RestoreAccessPage = lazy(() => import('../features/premium/RestoreAccessPage'));
const ManualActivationPage = lazy(() => import('../features/premium/ManualActivationPage'));
const LoginPage = lazy(() => import('../features/account/AccountForms').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../features/account/AccountForms').then((m) => ({ default: m.RegisterPage })));
const SetPasswordPage = lazy(() => import('../features/account/AccountForms').then((m) => ({ default: m.SetPasswordPage })));

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
            <PremiumBanner />
            <Suspense fallback={<Spinner />}>
              <Routes>
                <Route path="/" element={<HomePage />} />
                <Route path="/weight-tracking" element={<WeightTrackingPage />} />
                <Route path="/prayer-reminders" element={<PrayerRemindersPage />} />
                <Route path="/wellness-score" element={<WellnessScorePage />} />
                {['/subscribe', '/subscribe-simple', '/checkout', '/checkout-simple'].map((path) => (
                  <Route key={path} path={path} element={<SubscribePage />} />
                ))}
                <Route path="/payment" element={<PaymentPage />} />
                <Route path="/subscription-success" element={<SubscriptionSuccessPage />} />
                <Route path="/already-paid" element={<RestoreAccessPage variant="already-paid" />} />
                <Route path="/quick-access" element={<RestoreAccessPage variant="quick-access" />} />
                <Route path="/activate-premium" element={<ManualActivationPage />} />
                <Route path="/manual-activation" element={<ManualActivationPage />} />
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/set-password" element={<SetPasswordPage />} />
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
