// The generate buttons on this device: the days of the plan a person follows
// (fitted to their allergies and dislikes) or none, handed to the core, which
// builds and names the list; the list is then saved like any record. Works
// offline once the catalogue and the plan's days are saved on the device.

import { daysPath } from '../../content/mealPlans';
import { fetchList } from '../../content/useContentList';
import { LIST_KINDS, type ListKind, type MealPlan, type MenuDay, type NamedList } from '../../generated/meals';
import type { Preferences } from '../../generated/records';
import { userId } from '../../identity/ids';
import type { Stored } from '../../sync/useRecords';
import { loadTools, type Tools } from '../../wasm/tools';
import { newestEnrollment } from './saveList';

export interface Sources {
  catalogue: string;
  mealPlans: readonly MealPlan[];
  enrollments: readonly Stored<'mealPlanEnrollments'>[];
  goals: readonly Stored<'wellnessGoals'>[];
}

/** The days of `planId` fitted to `preferences`, as the lists are built from. */
export async function fittedDays(tools: Tools, sources: Sources, planId: string, preferences: Partial<Preferences>): Promise<unknown[]> {
  const days = await fetchList<MenuDay>(daysPath(planId));
  const category = sources.mealPlans.find((p) => p.id === planId)?.category ?? '';
  return tools.meals(sources.catalogue).personalise(days, preferences, category);
}

/** The list a generate button makes (week 1 of a plan, protein power or the pantry). */
export async function buildList(kind: ListKind, sources: Sources, week = 1): Promise<NamedList> {
  const tools = await loadTools();
  const rule = LIST_KINDS[kind];
  let days: unknown[] = [];
  let preferences: Partial<Preferences>;
  if (rule.category && rule.defaultPlan) {
    const category = rule.category;
    const categoryOf = (id: string) => sources.mealPlans.find((p) => p.id === id)?.category;
    const followed = newestEnrollment(sources.enrollments, (e) => categoryOf(e.mealPlanId) === category);
    preferences = followed?.fields.preferences ?? {};
    days = await fittedDays(tools, sources, followed?.fields.mealPlanId ?? rule.defaultPlan, preferences);
  } else {
    const goal = [...sources.goals].sort((a, b) => (b.fields.createdAt ?? '').localeCompare(a.fields.createdAt ?? ''))[0];
    preferences = { dietaryRestrictions: goal?.fields.dietaryRestrictions ?? [] };
  }
  return tools.meals(sources.catalogue).weekList(kind, week, days, preferences, userId());
}
