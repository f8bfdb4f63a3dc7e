// Words the plan pages show for the rules' values.

import type { MEAL_PLAN_CATEGORIES } from '../../generated/meals';

type Category = (typeof MEAL_PLAN_CATEGORIES)[number];

/** What each category is called: the plans say what the food is. */
const CATEGORY_NAMES: Record<Category, string> = {
  'anti-inflammatory': 'Anti-Inflammatory',
  'digestive-comfort': 'Digestive Comfort',
  'whole-foods-reset': 'Whole-Foods Reset',
};

/** 'whole-foods-reset' → 'Whole-Foods Reset' (an unknown one as it is). */
export function categoryLabel(category: string): string {
  return CATEGORY_NAMES[category as Category] ?? category;
}
