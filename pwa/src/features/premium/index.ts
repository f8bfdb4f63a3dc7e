// What other parts of the app may use of the premium feature.

export { HomePremium } from './PremiumMember';
export { PremiumBanner } from './PremiumBanner';
export { TrialNotice } from './TrialNotice';
export { planLabel } from './plans';
