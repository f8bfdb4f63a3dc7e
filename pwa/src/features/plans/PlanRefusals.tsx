// Refused changes of plan records, shown on the plans' pages: starting a meal
// plan (Fix opens the start form with what was chosen), the days ticked off
// and the personal plans made from a goal (nothing to correct by hand: Fix
// tries them again as they were meant, then the page shows them).

import { RefusedChanges } from '../../components/RefusedChanges';
import { tryAgain } from '../../components/tryAgain';
import { saveAgain } from '../../sync/saveAgain';
import { discardRefused, useRefused, type RefusedOf } from '../../sync/useRecords';
import { ENROLLMENT_LABELS } from './StartPlanForm';

const PROGRESS_LABELS = { planId: 'Plan', day: 'Day', completed: 'Done', completedAt: 'Time done' };

/** Refused starts of (and preference changes to) the meal plan `planId`. */
export function EnrollmentRefusals(props: { planId: string; title: string; onFix?: (change: RefusedOf<'mealPlanEnrollments'>) => void }) {
  const refused = useRefused('mealPlanEnrollments');
  return (
    <RefusedChanges
      changes={refused.value?.filter((c) => c.fields.mealPlanId === props.planId)}
      what="meal plans"
      describe={(f) => `starting ${props.title} on ${f.startDate}`}
      fieldLabels={ENROLLMENT_LABELS}
      onFix={props.onFix}
      onDiscard={(c) => void discardRefused(c.seq)}
    />
  );
}

/** Refused days ticked off of the plans `titleOf` names (others are not this
 *  page's); `onShow` shows a day saved again. */
export function ProgressRefusals(props: { titleOf: (planId: string) => string | undefined; onShow?: (change: RefusedOf<'planProgress'>) => void }) {
  const refused = useRefused('planProgress');
  const describe = (f: RefusedOf<'planProgress'>['fields']) => `day ${f.day} of ${props.titleOf(f.planId)} marked ${f.completed ? 'complete' : 'not complete'}`;
  const fix = async (change: RefusedOf<'planProgress'>) => {
    if (await tryAgain(describe(change.fields), () => saveAgain('planProgress', change), PROGRESS_LABELS)) props.onShow?.(change);
  };
  return (
    <RefusedChanges
      changes={refused.value?.filter((c) => props.titleOf(c.fields.planId) !== undefined)}
      what="plan progress"
      describe={describe}
      fieldLabels={PROGRESS_LABELS}
      fixLabel="Try Again"
      onFix={(c) => void fix(c)}
      onDiscard={(c) => void discardRefused(c.seq)}
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
  const refused = useRefused('personalizedPlans');
  const describe = (f: RefusedOf<'personalizedPlans'>['fields']) => f.title || 'a personal plan';
  const fix = async (change: RefusedOf<'personalizedPlans'>) => {
    if (await tryAgain(describe(change.fields), () => saveAgain('personalizedPlans', change), PLAN_LABELS)) props.onShow?.(change);
  };
  return (
    <RefusedChanges
      changes={refused.value}
      what="personal plans"
      describe={describe}
      fieldLabels={PLAN_LABELS}
      fixLabel="Try Again"
      onFix={(c) => void fix(c)}
      onDiscard={(c) => void discardRefused(c.seq)}
    />
  );
}
