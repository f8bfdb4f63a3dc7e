// The upgrade prompt premium-only pages show to everyone else, and the list of
// what premium unlocks (on the plan and success pages too). Kept apart from
// the premium feature so Home's first screen does not carry them.

export { PremiumFeatureList } from './PremiumFeatureList';
export { PremiumRequired } from './PremiumRequired';
export { PremiumOnly } from './PremiumOnly';
