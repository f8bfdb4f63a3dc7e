// The two plans and their figures (spec part 1 section 9).

export type PlanName = 'monthly' | 'annual';

export const PLANS = {
  monthly: { name: 'Monthly', price: '$4.99', per: 'per month', amount: 499 },
  annual: { name: 'Annual', price: '$39.99', per: 'per year', amount: 3999, monthly: '$3.33', struck: '$59.88' },
} as const;

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
  return plan === 'annual' ? 'Annual Plan' : 'Monthly Plan';
}
