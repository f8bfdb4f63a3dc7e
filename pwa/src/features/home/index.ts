// What other parts of the app may use of Home.

export type { Tool } from './WellnessTools';
export {
  BiblicalFoodCard,
  BiohackCard,
  HealthTipBody,
  HealthTipCard,
  MovementBody,
  MovementCard,
  SpotlightBody,
  SnackCard,
  SpotlightCard,
} from './cards/DailyCards';
