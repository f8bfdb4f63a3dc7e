// Saves today's and the next 7 days' content in the browser, and the content
// lists the pages show (recent tips, the exercise catalogue), so the app keeps
// working through a week with no signal after one visit.

import { apiRequest } from '../api/client';
import { inTurn } from '../lib/inTurn';
import { forgetDaysBefore, lastStoredDate, saveDays } from '../db/days';
import type { DayContent } from './types';
import { daysPath, fetchSaved } from './mealPlans';
import { fetchList, studyPath } from './useContentList';

/** The lists saved with the days (the paths the pages ask for). */
export const OFFLINE_LISTS = [
  '/api/bible-readings',
  '/api/health-tips',
  '/api/food-spotlights',
  '/api/exercise-suggestions',
  '/api/exercise-suggestions?limit=366',
  '/api/worship-songs',
  '/api/meditation-sessions',
  '/api/prayer-sessions',
  '/api/recipes',
  '/api/journal-prompts',
  '/api/meal-plans',
];

/** Single answers saved the same way: the catalogue plans are built from. */
export const OFFLINE_ANSWERS = ['/api/meal-catalogue'];

export const OFFLINE_DAYS = 8; // today + 7

interface RangeAnswer {
  contentVersion: string;
  days: DayContent[];
}

/** At most this many of the saves' requests go at once: the rest wait their
 *  turn, so that what the person opens meanwhile is not queued behind them,
 *  and each answer is read and stored in a task of its own. */
const AT_ONCE = 2;

/** Fetches and stores the range; answers the last date now available offline. */
export async function prefetchDays(today: string, yesterday: string): Promise<string | undefined> {
  const range = await apiRequest<RangeAnswer>('GET', `/api/daily-content?from=${encodeURIComponent(today)}&days=${OFFLINE_DAYS}`);
  await saveDays(range.days, range.contentVersion);
  // A list that cannot be fetched now keeps its last copy; the days are saved.
  const ignore = () => undefined;
  await inTurn<unknown>(
    [
      ...OFFLINE_LISTS.map((path) => () => fetchList(path).catch(ignore)),
      ...OFFLINE_ANSWERS.map((path) => () => fetchSaved(path).catch(ignore)),
      () => saveEnrolledPlans().catch(ignore),
      // Each saved day's Bible study, for the study center with no signal.
      ...range.days.flatMap((day) => (day.bibleReading ? [studyPath(day.bibleReading.id)] : [])).map((path) => () => fetchList(path).catch(ignore)),
    ],
    AT_ONCE,
  );
  await forgetDaysBefore(yesterday);
  return lastStoredDate(today);
}

/** Saves the days of every meal plan the user has started, for the days ahead
 *  without signal. */
async function saveEnrolledPlans(): Promise<void> {
  const { recordsOf } = await import('../db/synced');
  const enrollments = await recordsOf('mealPlanEnrollments');
  const plans = new Set(enrollments.map((e) => e.fields.mealPlanId));
  await Promise.all([...plans].map((id) => fetchList(daysPath(id)).catch(() => undefined)));
}
