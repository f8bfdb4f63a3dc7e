// The daily content shapes (generated from the server's content types) and
// the API path of each card's "today" call.

import type { DayContent } from '../generated/content';

export type {
  BiblicalFood,
  Biohack,
  BibleReading,
  DayContent,
  ExerciseSuggestion,
  FoodSpotlight,
  HealthTip,
  HealthySnack,
  HomeTip,
} from '../generated/content';

export type DayField = Exclude<keyof DayContent, 'date' | 'dayNumber'>;

/** Each card's API path and its key in a stored day. */
export const DAILY_KINDS: Record<DayField, string> = {
  bibleReading: '/api/bible-readings/today',
  healthTip: '/api/health-tips/today',
  foodSpotlight: '/api/food-spotlights/today',
  exerciseSuggestion: '/api/exercise-suggestions/today',
  dailyBiohack: '/api/biohacks/today',
  healthyHomeTip: '/api/healthy-home-tips/today',
  biblicalFood: '/api/biblical-foods/today',
  healthySnack: '/api/healthy-snacks/today',
};
