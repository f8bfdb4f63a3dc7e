// Saving a generated list: the list record and one record per item, on this
// device first (they sync to the user's other devices after), checked by the
// record rules like every write.

import type { NamedList } from '../../generated/meals';
import type { MealPlanEnrollment } from '../../generated/records';
import { newRecordId, saveRecord, type Stored } from '../../sync/useRecords';

/** Saves `named` as a new active list; answers its id. Lists made together
 *  (the calendar's four weeks) share `createdAt`. */
export async function saveGeneratedList(named: NamedList, extra: { planId?: string; startDate?: string; createdAt?: string } = {}): Promise<string> {
  const listId = await newRecordId('shoppingLists');
  await saveRecord('shoppingLists', listId, 'put', {
    title: named.title,
    status: 'active',
    createdAt: extra.createdAt ?? new Date().toISOString(),
    estimatedCost: named.estimatedCost,
    weekNumber: named.weekNumber,
    planId: extra.planId ?? null,
    startDate: extra.startDate ?? null,
  });
  for (const item of named.items) {
    await saveRecord('shoppingListItems', await newRecordId('shoppingListItems'), 'put', {
      ...item,
      listId,
      isChecked: false,
      checkedAt: null,
    });
  }
  return listId;
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
