// The two plans as the app shows them: the figures come from the Rust plans
// (generated).

import { PLANS, type Plan } from '../../generated/core';

export { PLANS };
export type PlanName = Plan;


/** How a plan is named on screen ('Annual Plan' or 'Monthly Plan'). */
export function planLabel(plan: string): string {
  return PLANS[plan === 'annual' ? 'annual' : 'monthly'].label;
}
