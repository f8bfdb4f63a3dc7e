// Home (/): the banner, the premium promo, the eight daily cards, This Week's
// Journey and the Wellness Tools grid.

import { use, useCallback, useState } from 'react';
import { SyncStatusBadge } from '../../sync/SyncStatusBadge';
import { AccountLink } from '../account/AccountLink';
import { loadCore, type Core } from '../../wasm/core';
import { BiblicalFoodCard, BiohackCard, HealthTipCard, HomeTipCard, MovementCard, SnackCard, SpotlightCard } from './cards/DailyCards';
import { ReadingCard } from './cards/ReadingCard';
import { HomePremium } from '../premium/PremiumMember';
import { TrialNotice } from '../premium/TrialNotice';
import { useOfflineDays } from './useOfflineDays';
import { useRefreshContent } from './useRefreshContent';
import { useToday } from './useToday';
import { WeekJourney } from './WeekJourney';
import { WellnessBanner } from './WellnessBanner';
import { WellnessSummary } from './WellnessSummary';
import { WellnessTools } from './WellnessTools';

export default function HomePage() {
  return <Home core={use(loadCore())} />;
}

function Home({ core }: { core: Core }) {
  const today = useToday(core);
  const [refreshKey, setRefreshKey] = useState(0);
  const onRefreshed = useCallback(() => setRefreshKey((k) => k + 1), []);
  const { refresh, refreshing } = useRefreshContent(onRefreshed);
  const savedThrough = useOfflineDays(today.date, today.yesterday, refreshKey);
  const day = { date: today.date, dayOfYear: today.dayOfYear };
  return (
    <>
      <header className="app-header">
        <h1>Manna</h1>
        <p className="tagline">Inspiration for Body and Soul</p>
        <SyncStatusBadge />
        <AccountLink />
      </header>
      <main className="page home">
        <WellnessBanner now={today.now} dayOfYear={today.dayOfYear} refreshing={refreshing} onRefresh={() => void refresh()} />
        <TrialNotice />
        <HomePremium />
        <ReadingCard {...day} />
        <HealthTipCard {...day} />
        <SpotlightCard {...day} />
        <MovementCard {...day} />
        <BiohackCard {...day} />
        <HomeTipCard {...day} />
        <BiblicalFoodCard {...day} />
        <SnackCard {...day} />
        <WeekJourney core={core} today={today.date} />
        <WellnessSummary core={core} today={today.date} />
        <WellnessTools />
        <p className="offline-status small muted" role="status">
          {savedThrough ? `Saved for offline use through ${formatDate(savedThrough)}` : 'Saving the coming days for offline use…'}
        </p>
      </main>
    </>
  );
}

function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}
