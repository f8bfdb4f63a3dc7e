// Home below Today's Reading: the premium section (the member card, or the
// promo and the trial notice), the other daily cards, any day's practices the
// server refused, This Week's Journey, the wellness summary and the Wellness
// Tools grid. Off the first screen, so its code loads once the reading is up.

import type { Core } from '../../wasm/core';
import { HomePremium } from '../premium';
import { CompletionRefusals } from '../progress';
import { BiblicalFoodCard, BiohackCard, HealthTipCard, HomeTipCard, MovementCard, SnackCard, SpotlightCard } from './cards/DailyCards';
import { WeekJourney } from './WeekJourney';
import { WellnessSummary } from './WellnessSummary';
import { WellnessTools, type Tool } from './WellnessTools';

export default function HomeBelow({ core, today, tools }: { core: Core; today: string; tools: Tool[] }) {
  const day = { date: today };
  return (
    <>
      <HomePremium />
      <HealthTipCard {...day} />
      <SpotlightCard {...day} />
      <MovementCard {...day} />
      <BiohackCard {...day} />
      <HomeTipCard {...day} />
      <BiblicalFoodCard {...day} />
      <SnackCard {...day} />
      <CompletionRefusals />
      <WeekJourney core={core} today={today} />
      <WellnessSummary core={core} today={today} />
      <WellnessTools tools={tools} />
    </>
  );
}
