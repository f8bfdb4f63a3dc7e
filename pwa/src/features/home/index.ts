// What other parts of the app may use of Home.

export type { Tool } from './WellnessTools';
export {
  HealthTipBody,
  HealthTipCard,
  MovementBody,
  MovementCard,
  SpotlightBody,
  SpotlightCard,
} from './cards/DailyCards';
