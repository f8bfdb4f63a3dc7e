// Refused changes of plan records, shown on the plans' pages: starting a meal
// plan (Fix opens the start form with what was chosen), the days ticked off
// and the personal plans made from a goal (nothing to correct by hand: Fix
// tries them again as they were meant, then the page shows them).

import { recordDate } from '../../lib/dates';
import type { RefusedOf } from '../../sync/useRefused';
import { TableRefusals } from '../refusals';
import { ENROLLMENT_LABELS } from './StartPlanForm';

const PROGRESS_LABELS = { planId: 'Plan', day: 'Day', completed: 'Done', completedAt: 'Time done' };

/** Refused starts of (and preference changes to) the meal plan `planId`. */
export function EnrollmentRefusals(props: { planId: string; title: string; onFix?: (change: RefusedOf<'mealPlanEnrollments'>) => void }) {
  return (
    <TableRefusals
      table="mealPlanEnrollments"
      shows={(c) => c.fields.mealPlanId === props.planId}
      what="meal plans"
      describe={(f) => `starting ${props.title} on ${recordDate(f.startDate)}`}
      fieldLabels={ENROLLMENT_LABELS}
      fix={props.onFix ?? 'none'}
    />
  );
}

/** Refused days ticked off of the plans `titleOf` names (others are not this
 *  page's); `onShow` shows a day saved again. */
export function ProgressRefusals(props: { titleOf: (planId: string) => string | undefined; onShow?: (change: RefusedOf<'planProgress'>) => void }) {
  return (
    <TableRefusals
      table="planProgress"
      what="plan progress"
      describe={(f) => `day ${f.day} of ${props.titleOf(f.planId)} marked ${f.completed ? 'complete' : 'not complete'}`}
      fieldLabels={PROGRESS_LABELS}
      shows={(c) => props.titleOf(c.fields.planId) !== undefined}
      onSaved={props.onShow}
    />
  );
}

const PLAN_LABELS = {
  title: 'Title',
  planName: 'Plan name',
  planType: 'Kind of plan',
  description: 'Description',
  dailyPlans: 'Days of the plan',
  tips: 'Tips',
  goalId: 'Goal',
  createdAt: 'Date made',
};

/** Refused personal plans (made from a wellness goal on this device);
 *  `onShow` shows a plan saved again. */
export function PersonalPlanRefusals(props: { onShow?: (change: RefusedOf<'personalizedPlans'>) => void }) {
  return (
    <TableRefusals
      table="personalizedPlans"
      what="personal plans"
      describe={(f) => f.title || 'a personal plan'}
      fieldLabels={PLAN_LABELS}
      onSaved={props.onShow}
    />
  );
}
