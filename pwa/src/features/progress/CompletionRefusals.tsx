// Refused days' practices (a reading read, a prayer prayed...), shown where
// the days are shown: Home's week and the premium dashboard. A tick has
// nothing to correct, so its Fix is trying the day again as it was meant.

import type { RefusedOf } from '../../sync/useRecords';
import { TryAgainRefusals } from '../refusals';
import { PRACTICES } from './completions';
import { PRACTICE_LABELS } from './markDone';

const FIELD_LABELS = { date: 'Day', ...PRACTICE_LABELS };

const dayLabel = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

function describe(day: RefusedOf<'dailyCompletions'>['fields']): string {
  const done = PRACTICES.filter((p) => day[p] === true).map((p) => PRACTICE_LABELS[p]);
  return `${done.length > 0 ? done.join(', ') : 'your practices'} on ${day.date ? dayLabel(day.date) : 'a day'}`;
}

export function CompletionRefusals() {
  return <TryAgainRefusals table="dailyCompletions" what="daily practices" describe={describe} fieldLabels={FIELD_LABELS} />;
}
