// The daily content shapes of spec part 1 §3, as the server sends them.

export interface BibleReading {
  id: string;
  reference: string;
  verse: string;
  reflection: string;
  csLewisQuote?: string;
  quoteSource?: string;
  prayer?: string;
  date: string;
  dayNumber: number;
}

export interface HealthTip {
  id: string;
  category: string;
  title: string;
  content: string;
  quickAction?: string;
  tags?: string[];
  sources?: string;
}

export interface FoodSpotlight {
  id: string;
  name: string;
  season: string;
  description: string;
  benefits?: string;
  preparation?: string;
  sources?: string;
}

export interface ExerciseSuggestion {
  id: string;
  category: string;
  title: string;
  description: string;
  duration: string;
  difficulty: string;
  benefits: string;
  instructions?: string[];
  sources?: string;
}

/** A premium biohack arrives with only id, title, category and isPremium. */
export interface Biohack {
  id: string;
  title: string;
  category: string;
  isPremium: number;
  description?: string;
  duration?: string;
  howTo?: string;
  benefits?: string;
  scientificBasis?: string;
}

export interface HomeTip {
  id: string;
  category: string;
  title: string;
  content: string;
  quickAction: string;
  costLevel: string;
  difficulty: string;
  tags: string[];
}

export interface BiblicalFood {
  id: string;
  name: string;
  description: string;
  biblicalReferences: string;
  healthBenefits: string;
  modernPreparation: string;
  spiritualSignificance: string;
  sources: string;
}

export interface HealthySnack {
  id: string;
  name: string;
  category: string;
  description: string;
  nutritionHighlights: string;
  healthBenefits: string;
  servingSize: string;
  preparationTips: string;
  pairingIdeas: string;
}

export interface DayContent {
  date: string;
  dayNumber: number;
  bibleReading: BibleReading | null;
  healthTip: HealthTip | null;
  foodSpotlight: FoodSpotlight | null;
  exerciseSuggestion: ExerciseSuggestion | null;
  dailyBiohack: Biohack | null;
  healthyHomeTip: HomeTip | null;
  biblicalFood: BiblicalFood | null;
  healthySnack: HealthySnack | null;
}

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
