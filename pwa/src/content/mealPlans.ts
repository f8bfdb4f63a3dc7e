// The meal plans and the meal catalogue: from the server when it answers,
// saved on the device each time, and from the saved copy with no network, so
// plans, shopping lists and personal plans can be built on a train.

import { useQuery } from '../lib/query';
import type { MealPlan, MenuDay } from '../generated/meals';
import { fetchList, useContentList } from './useContentList';

export const MEAL_PLANS_PATH = '/api/meal-plans';
export const CATALOGUE_PATH = '/api/meal-catalogue';

/** The path of a plan's days (a premium plan's answer members only). */
export const daysPath = (planId: string) => `/api/meal-plans/${encodeURIComponent(planId)}/days`;

/** An object answer (not a list), saved like the lists. */
export async function fetchSaved<T>(path: string): Promise<T> {
  // Saved as a one-item list under its path.
  const wrapped = await fetchList<T>(path, (answer) => [answer as T]);
  return wrapped[0];
}

export function useMealPlans() {
  return useContentList<MealPlan>(MEAL_PLANS_PATH);
}

/** One plan, from its own call (which carries its shopping list for those who may have it). */
export function useMealPlan(id: string) {
  return useQuery({
    queryKey: ['saved', `${MEAL_PLANS_PATH}/${id}`],
    queryFn: () => fetchSaved<MealPlan>(`${MEAL_PLANS_PATH}/${encodeURIComponent(id)}`),
    staleTime: 10 * 60_000,
    retry: (count, error) => count < 2 && !/^(403|404):/.test(String(error instanceof Error ? error.message : '')),
  });
}

export function useMealPlanDays(id: string, enabled = true) {
  return useContentList<MenuDay>(daysPath(id), enabled);
}

/** The catalogue as text, as the core reads it. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['saved', CATALOGUE_PATH],
    queryFn: async () => JSON.stringify(await fetchSaved<unknown>(CATALOGUE_PATH)),
    staleTime: 60 * 60_000,
  });
}
