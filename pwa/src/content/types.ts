// The daily content shapes (generated from the server's content types).

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
