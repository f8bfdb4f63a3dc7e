// Reading the days' completions.

import type { DailyCompletion, Practice } from '../../generated/records';
import { PRACTICE_VALUES } from '../../generated/records';
import { useRecords } from '../../sync/useRecords';

export type { Practice };
export const PRACTICES = PRACTICE_VALUES;

/** The practices done on each date, live (undefined while loading). */
export function useCompletions(): { byDate: Map<string, Practice[]> | undefined; failed: boolean } {
  const { value, failed } = useRecords('dailyCompletions');
  const byDate = value && new Map(value.map((r) => [r.fields.date, donePractices(r.fields)]));
  return { byDate, failed };
}

function donePractices(day: DailyCompletion): Practice[] {
  return PRACTICES.filter((p) => day[p] === true);
}
