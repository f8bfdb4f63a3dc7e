// Home (/): the day's banner, Today's Reading, then what lies below it
// (HomeBelow.tsx: the premium section, the other daily cards, the week's
// journey, the wellness summary and the tools), whose code loads after the
// first render.
//
// Nothing moves once shown: the first render waits for the core and the
// device's stored copy of today (both quick and local), what loads later fills
// space kept for it or comes below the first screen, and promotions sit below
// the reading.

import { lazy, startTransition, Suspense, use, useCallback, useContext, useEffect, useState } from 'react';
import { useQueryClient } from '../../lib/query';
import { Link } from '../../lib/router';
import { primeDay, useDaily } from '../../content/useDaily';
import { HeaderStatus } from '../../components/headerStatus';
import { loadCore, type Core } from '../../wasm/core';
import { useWelcomed } from '../../lib/welcomed';
import { ReadingCard } from './cards/ReadingCard';
import { useRefreshContent } from './useRefreshContent';
import { useToday } from './useToday';
import { WellnessBanner } from './WellnessBanner';
import type { Tool } from './WellnessTools';

const HomeBelow = lazy(() => import('./HomeBelow'));
// Saving the coming days for offline use, and saying until when: after the
// first render, at the foot of the page.
const OfflineStatus = lazy(() => import('./OfflineStatus'));
// The account corner loads just after the first render; until then (as while
// it asks for the account) its place is kept, unseen, the width of 'Log in'.
const AccountLink = lazy(() => import('../account').then((m) => ({ default: m.AccountLink })));
// The welcome over Home on a device's first visit (its code only then).
const Welcome = lazy(() => import('../welcome').then((m) => ({ default: m.WelcomeOnFirstVisit })));

export default function HomePage({ tools }: { tools: Tool[] }) {
  // Waiting (suspending) only when something is missing: `use` of a loaded
  // core answers at once (lib/readable.ts), and a suspended first render is
  // shown a moment later than it could be.
  return <Home core={use(loadCore())} tools={tools} />;
}

function Home({ core, tools }: { core: Core; tools: Tool[] }) {
  const today = useToday(core);
  const client = useQueryClient();
  use(primeDay(client, today.date));
  const [refreshKey, setRefreshKey] = useState(0);
  const onRefreshed = useCallback(() => setRefreshKey((k) => k + 1), []);
  const { refresh, refreshing } = useRefreshContent(onRefreshed);
  const day = { date: today.date };
  // Until the day's content is here (a first visit), one placeholder keeps the
  // rest of the screen, so nothing below the banner moves when it arrives.
  const loading = useDaily('bibleReading', today.date).isPending;
  // Below the reading (off the first screen) renders right after it, in
  // slices and once its code is in, so the reading shows as early as it can.
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  // The sync badge, as the app puts it in every page header.
  const status = useContext(HeaderStatus);
  const welcomed = useWelcomed();
  return (
    <>
      {!welcomed && below && (
        <Suspense fallback={null}>
          <Welcome />
        </Suspense>
      )}
      <header className="app-header home-header">
        <div className="brand">
          <h1>Manna</h1>
          <p className="tagline">Inspiration for Body and Soul</p>
        </div>
        <div className="header-side">
          {status}
          <Suspense
            fallback={
              <span className="account-link account-pending" aria-hidden="true">
                Log in
              </span>
            }
          >
            <AccountLink />
          </Suspense>
        </div>
      </header>
      <main className="page home">
        <WellnessBanner now={today.now} dayOfYear={today.dayOfYear} refreshing={refreshing} onRefresh={() => void refresh()} />
        {loading ? (
          <div className="day-loading" role="status" aria-label="Loading today's content">
            <div className="skeleton skeleton-line short" />
            <div className="skeleton skeleton-block" />
            <div className="skeleton skeleton-line wide" />
            <div className="skeleton skeleton-line" />
          </div>
        ) : (
          <>
            <ReadingCard {...day} />
            {below && (
              <Suspense fallback={<div className="premium-slot" aria-hidden="true" />}>
                <HomeBelow core={core} today={today.date} tools={tools} />
              </Suspense>
            )}
          </>
        )}
        <Suspense fallback={null}>
          <OfflineStatus today={today.date} yesterday={today.yesterday} refreshKey={refreshKey} />
        </Suspense>
        <footer className="home-footer small">
          <Link to="/privacy-policy">Privacy Policy</Link>
        </footer>
      </main>
    </>
  );
}
