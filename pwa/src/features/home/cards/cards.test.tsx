import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAllDays, saveDays } from '../../../db/days';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { DayContent } from '../../../content/types';
import { BiohackCard, HealthTipCard, SpotlightCard } from './DailyCards';

const day = { date: '2026-11-22' };

/** The server's answer for the day, with `items` and nothing else. */
const range = (items: Partial<DayContent>) => ({
  contentVersion: 'v1',
  days: [{ date: day.date, dayNumber: 326, bibleReading: null, healthTip: null, foodSpotlight: null, exerciseSuggestion: null,
    dailyBiohack: null, healthyHomeTip: null, biblicalFood: null, healthySnack: null, ...items }],
});
const tip = {
  id: 'tip-1', category: 'Sleep', title: 'Keep a Steady Wake-Up Time', content: 'Wake at the same time.',
  quickAction: 'Set one alarm.', tags: ['sleep'], sources: 'PubMed search: sleep — https://pubmed.ncbi.nlm.nih.gov/?term=sleep',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await forgetAllDays();
});

describe('daily cards', () => {
  it('show a loading skeleton while the answer is on its way', () => {
    stubFetch(() => new Promise(() => {}));
    renderWithProviders(<HealthTipCard {...day} />);
    expect(screen.getByRole('status', { name: 'Loading health tip' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: "Today's Health Wisdom" })).toHaveAttribute('aria-busy', 'true');
  });

  it('ask for the local date once for all cards, and show the item with the disclaimer', async () => {
    const fetch = stubFetch(() => range({ healthTip: tip } as Partial<DayContent>));
    renderWithProviders(
      <>
        <HealthTipCard {...day} />
        <SpotlightCard {...day} />
      </>,
    );
    expect(await screen.findByText('Keep a Steady Wake-Up Time')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/daily-content?from=2026-11-22&days=1']);
    expect(screen.getAllByText(/not medical advice/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: /^Search PubMed for “sleep”/ })).toHaveAttribute('href', 'https://pubmed.ncbi.nlm.nih.gov/?term=sleep');
  });

  it('say so when there is nothing for today', async () => {
    stubFetch(() => range({}));
    renderWithProviders(<HealthTipCard {...day} />);
    expect(await screen.findByText('No health tip available for today')).toBeInTheDocument();
  });

  it('fall back to the day saved on the device when the network fails', async () => {
    await saveDays([{ date: day.date, dayNumber: 326, healthTip: tip } as unknown as DayContent], 'v1');
    stubFetch(() => new TypeError('Failed to fetch'));
    renderWithProviders(<HealthTipCard {...day} />);
    expect(await screen.findByText('Keep a Steady Wake-Up Time')).toBeInTheDocument();
  });

  it('explain an offline day that was never saved', async () => {
    stubFetch(() => new TypeError('Failed to fetch'));
    renderWithProviders(<HealthTipCard {...day} />);
    expect(await screen.findByText('No health tip available for today')).toBeInTheDocument();
    expect(screen.getByText(/offline and this day is not saved/)).toBeInTheDocument();
  });

  it('lock a premium biohack behind the upgrade panel', async () => {
    stubFetch(() => range({ dailyBiohack: { id: 'b', title: 'Contrast Shower', category: 'cold-therapy', isPremium: 1, description: null, duration: null, howTo: null, benefits: null, scientificBasis: null, date: day.date } }));
    renderWithProviders(<BiohackCard {...day} />);
    expect(await screen.findByRole('heading', { name: 'Biohack Spotlight' })).toBeInTheDocument();
    expect(screen.getByText('Premium Only')).toBeInTheDocument();
    expect(screen.getByText('Contrast Shower')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock Premium' })).toHaveAttribute('href', '/subscribe-simple');
  });

  it('show a free biohack in full', async () => {
    stubFetch(() =>
      range({ dailyBiohack: { id: 'b', title: 'Box Breathing', category: 'breathwork', isPremium: 0, description: 'Four counts.',
        duration: '5 minutes', howTo: 'Breathe in for 4.', benefits: 'Calm.', date: day.date } }),
    );
    renderWithProviders(<BiohackCard {...day} />);
    expect(await screen.findByRole('heading', { name: "Today's Biohack" })).toBeInTheDocument();
    expect(screen.getByText('Breathe in for 4.')).toBeInTheDocument();
  });

  it('link the food spotlight to recipes by slug', async () => {
    stubFetch(() => range({ foodSpotlight: { id: 'f', name: 'Sweet Potatoes', season: 'Autumn', description: 'Sweet.', date: day.date } }));
    renderWithProviders(<SpotlightCard {...day} />);
    expect(await screen.findByRole('link', { name: 'Get Recipe Ideas' })).toHaveAttribute('href', '/food-recipes?food=sweet-potatoes');
  });
});
