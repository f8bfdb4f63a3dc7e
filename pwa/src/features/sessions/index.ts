// What other parts of the app may use of session timers.

export { clock, useSessionTimer } from './useSessionTimer';
export { TimerFace, TimerSteps, playState } from './TimerFace';
