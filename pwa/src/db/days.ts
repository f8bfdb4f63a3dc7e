// The days kept on the device for reading with no signal, and the days
// Manna was opened (the week's journey).

import type { DayContent } from '../generated/content';
import { db } from './index';

/** Stores the content of several dates, replacing what was stored for them. */
export async function saveDays(days: DayContent[], contentVersion: string): Promise<void> {
  const savedAt = Date.now();
  await (await db()).days.bulkPut(days.map((content) => ({ date: content.date, content, contentVersion, savedAt })));
}

/** Forgets content of dates before `date`. */
export async function forgetDaysBefore(date: string): Promise<void> {
  await (await db()).days.where('date').below(date).delete();
}

export async function forgetAllDays(): Promise<void> {
  await (await db()).days.clear();
}

export async function recordVisit(date: string): Promise<void> {
  await (await db()).visits.put({ date });
}

export async function visitsBetween(from: string, to: string): Promise<string[]> {
  const rows = await (await db()).visits.where('date').between(from, to, true, true).toArray();
  return rows.map((r) => r.date);
}

/** The last date whose content is stored, if any from `from` on. */
export async function lastStoredDate(from: string): Promise<string | undefined> {
  const last = await (await db()).days.where('date').aboveOrEqual(from).last();
  return last?.date;
}
