// Refused wellness goals (assessments), shown on the goals page; Fix opens
// the assessment with what was refused in it.

import type { RefusedOf } from '../../sync/useRefused';
import { TableRefusals } from '../refusals';

export type RefusedGoal = RefusedOf<'wellnessGoals'>;

/** How the assessment names a goal's fields. */
export const GOAL_LABELS = {
  primaryGoal: 'Primary goal',
  currentFitnessLevel: 'Current fitness level',
  gender: 'Gender',
  timeCommitment: 'Time you can give each day',
  budget: 'Food budget',
  dietaryRestrictions: 'Dietary restrictions',
  healthConcerns: 'Health concerns',
  preferredMealTypes: 'Preferred meal types',
  motivation: 'What motivates you',
  startWeight: 'Current weight',
  targetWeight: 'Target weight',
  createdAt: 'Date saved',
};

const words = (v: string) => v.replace(/_/g, ' ');

export function GoalRefusals({ onFix }: { onFix: (change: RefusedGoal) => void }) {
  return (
    <TableRefusals
      table="wellnessGoals"
      what="wellness goals"
      describe={(f) => (f.primaryGoal ? `your ${words(f.primaryGoal)} assessment` : 'your assessment')}
      fieldLabels={GOAL_LABELS}
      fix={onFix}
    />
  );
}
