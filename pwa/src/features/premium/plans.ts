// The two plans as the app shows them: the figures come from the Rust plans
// (generated), the list of what premium unlocks is this page's copy.

import { PLANS, type Plan } from '../../generated/core';

export { PLANS };
export type PlanName = Plan;

export const PREMIUM_FEATURES = [
  'Personalized 30-day meal plans and shopping lists',
  'Fitness challenges and guided premium workouts',
  'Natural home remedies and the biohack glossary',
  'Daily premium biohacks',
  'Progress tracking and wellness tools',
  'Full archives with search of past content',
] as const;

/** How a plan is named on screen ('Annual Plan' or 'Monthly Plan'). */
export function planLabel(plan: string): string {
  return PLANS[plan === 'annual' ? 'annual' : 'monthly'].label;
}
