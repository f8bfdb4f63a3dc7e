// Saving generated lists: each list record and one record per item, made by
// the core (ids from the tables' schemes, the tables' defaults) and saved in
// one transaction on this device first (they sync to the user's other devices
// after), checked by the record rules like every write.

import type { NamedList } from '../../generated/meals';
import type { MealPlanEnrollment } from '../../generated/records';
import { type Stored } from '../../sync/useRecords';
import { newRandom, saveRecords } from '../../sync/saveRecords';
import { loadTools } from '../../wasm/tools';

/** Saves `lists` as new active lists (the calendar's weeks made together
 *  share their creation time); answers their ids, in order. */
export async function saveGeneratedLists(lists: NamedList[], origin: { planId?: string; startDate?: string } = {}): Promise<string[]> {
  const records = (await loadTools()).listRecords(lists, origin, Date.now(), newRandom());
  await saveRecords(records);
  return records.filter((r) => r.table === 'shoppingLists').map((r) => r.id);
}

/** Saves one generated list; answers its id. */
export async function saveGeneratedList(named: NamedList, origin: { planId?: string; startDate?: string } = {}): Promise<string> {
  return (await saveGeneratedLists([named], origin))[0];
}

/** The newest of the enrollments `which` keeps (by start date, then the latest change). */
export function newestEnrollment(
  enrollments: readonly Stored<'mealPlanEnrollments'>[],
  which: (e: MealPlanEnrollment) => boolean,
): Stored<'mealPlanEnrollments'> | undefined {
  return [...enrollments]
    .filter((e) => which(e.fields))
    .sort((a, b) => b.fields.startDate.localeCompare(a.fields.startDate) || (b.version ?? Infinity) - (a.version ?? Infinity))[0];
}
