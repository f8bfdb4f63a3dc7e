// /health, /nutrition and /fitness: today's item in full, then the recent ones
// newest first (three placeholders while they load), from the server or, with
// no network, from the copy saved on the device at the last visit.

import { use, type ComponentType } from 'react';
import { CardSkeleton } from '../../components/CardSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { ListNotSavedOffline, useContentList } from '../../content/useContentList';
import type { ExerciseSuggestion, FoodSpotlight, HealthTip } from '../../content/types';
import { loadCore, todayIn } from '../../wasm/core';
import { HealthTipBody, HealthTipCard, MovementBody, MovementCard, SpotlightBody, SpotlightCard } from '../home';
import { dayLabel } from '../../lib/dates';

interface Topic<T> {
  title: string;
  today: string;
  recent: string;
  empty: string;
  list: string;
  Card: ComponentType<{ date: string; title?: string }>;
  Body: ComponentType<{ item: T }>;
}

type Dated<T> = T & { id: string; date: string };

const TOPICS = {
  health: {
    title: 'Health Wisdom',
    today: "Today's Health Tip",
    recent: 'Recent Tips',
    empty: 'No health tips available yet',
    list: '/api/health-tips',
    Card: HealthTipCard,
    Body: HealthTipBody,
  } satisfies Topic<HealthTip>,
  nutrition: {
    title: 'Organic Nutrition',
    today: "Today's Food Spotlight",
    recent: 'Recent Spotlights',
    empty: 'No food spotlights available yet',
    list: '/api/food-spotlights',
    Card: SpotlightCard,
    Body: SpotlightBody,
  } satisfies Topic<FoodSpotlight>,
  fitness: {
    title: 'Movement',
    today: "Today's Movement",
    recent: 'Recent Exercises',
    empty: 'No exercise suggestions available yet',
    list: '/api/exercise-suggestions',
    Card: MovementCard,
    Body: ({ item }: { item: ExerciseSuggestion }) => <MovementBody item={item} byId />,
  } satisfies Topic<ExerciseSuggestion>,
};

export type TopicName = keyof typeof TOPICS;

export default function TopicPage({ topic }: { topic: TopicName }) {
  const core = use(loadCore());
  const today = todayIn(core);
  const t = TOPICS[topic] as Topic<unknown>;
  const list = useContentList<Dated<unknown>>(t.list);
  const recent = (list.data ?? []).filter((item) => item.date < today).sort((a, b) => b.date.localeCompare(a.date));
  const { Card, Body } = t;
  return (
    <>
      <PageHeader title={t.title} />
      <main className="page topic">
        <Card date={today} title={t.today} />
        <section aria-labelledby="recent-title" aria-busy={list.isPending}>
          <h2 id="recent-title" className="section-title">
            {t.recent}
          </h2>
          {list.isPending ? (
            <CardSkeleton label={`Loading ${t.recent.toLowerCase()}`} count={3} />
          ) : recent.length === 0 ? (
            <div className="card empty">
              <p>{t.empty}</p>
              {list.error instanceof ListNotSavedOffline && (
                <p className="muted small">You are offline, and the recent list is not saved on this device yet.</p>
              )}
            </div>
          ) : (
            <ul className="stack plain-list">
              {recent.map((item) => (
                <li key={`${item.date}-${item.id}`} className="card">
                  <p className="meta">
                    <time dateTime={item.date}>{dayLabel(item.date)}</time>
                  </p>
                  <Body item={item} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </>
  );
}
