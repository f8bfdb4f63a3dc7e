// What other parts of the app may use of Home.

export type { Tool } from './WellnessTools';
