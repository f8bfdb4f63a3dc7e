// Ticking a practice as done on a day.

import type { Practice } from '../../generated/records';
import { newRecordId, saveRecord } from '../../sync/saveRecords';

/** How each practice is named on screen. */
export const PRACTICE_LABELS: Record<Practice, string> = {
  reading: 'Bible Reading',
  prayer: 'Morning Prayer',
  exercise: 'Exercise',
  meditation: 'Meditation',
};

/**
 * Records that `practice` was done on `date` (this device first, synced
 * after). The day's record is made when this device has none; otherwise the
 * tick is added to it. The server merges field by field, so what another
 * device ticked the same day stays.
 */
export async function markDone(practice: Practice, date: string): Promise<void> {
  const id = await newRecordId('dailyCompletions', { date });
  const db = await import('../../db/synced');
  const exists = (await db.currentFields('dailyCompletions', id)) !== undefined;
  await saveRecord('dailyCompletions', id, exists ? 'patch' : 'put', { date, [practice]: true });
}

/** Ticks `practice` without waiting; a failure is logged (the page goes on). */
export function markDoneSoon(practice: Practice, date: string): void {
  markDone(practice, date).catch((error: unknown) => console.warn(`Recording ${practice} as done failed`, error));
}
