// What other parts of the app may use of the welcome (loaded when shown).

export { WelcomeOnFirstVisit, WelcomePage } from './Welcome';
