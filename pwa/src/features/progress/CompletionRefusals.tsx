// Refused days' practices (a reading read, a prayer prayed...), shown where
// the days are shown: Home's week and the premium dashboard. A tick has
// nothing to correct, so its Fix is trying the day again as it was meant.

import type { RefusedOf } from '../../sync/useRefused';
import { TableRefusals } from '../refusals';
import { PRACTICES } from './completions';
import { PRACTICE_LABELS } from './markDone';
import { dayLabel } from '../../lib/dates';

const FIELD_LABELS = { date: 'Day', ...PRACTICE_LABELS };

function describe(day: RefusedOf<'dailyCompletions'>['fields']): string {
  const done = PRACTICES.filter((p) => day[p] === true).map((p) => PRACTICE_LABELS[p]);
  return `${done.length > 0 ? done.join(', ') : 'your practices'} on ${day.date ? dayLabel(day.date) : 'a day'}`;
}

export function CompletionRefusals() {
  return <TableRefusals table="dailyCompletions" what="daily practices" describe={describe} fieldLabels={FIELD_LABELS} />;
}
