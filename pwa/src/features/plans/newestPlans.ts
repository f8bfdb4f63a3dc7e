// Which personal plans are shown: the newest meal plan and the newest fitness
// challenge, by when they were made (spec: My Wellness Plans).

import type { Stored } from '../../sync/useRecords';

type Plan = Stored<'personalizedPlans'>;

export function newestPlans(plans: readonly Plan[]): Plan[] {
  const newest = (type: string) =>
    plans.filter((p) => p.fields.planType === type).sort((a, b) => b.fields.createdAt.localeCompare(a.fields.createdAt))[0];
  return [newest('meal_plan'), newest('fitness_challenge')].filter((p): p is Plan => p !== undefined);
}
