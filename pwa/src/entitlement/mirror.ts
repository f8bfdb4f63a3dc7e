// The spec's local keys (isPremium, subscriptionPlan, stripeCustomerId, …),
// written as a mirror of what the server said, for display: nothing reads
// them to decide anything.

import { storage } from '../lib/storage';
import type { PremiumAnswer } from './entitlement';

/** When the subscription began (ms) and its status, as the server last said. */
export const MEMBER_SINCE_KEY = 'memberSince';
export const STATUS_KEY = 'subscriptionStatus';

/** The keys the server's answers are mirrored in. */
export const MIRROR_KEYS = ['isPremium', 'subscriptionPlan', 'stripeCustomerId', 'subscriptionId', 'adminMode', MEMBER_SINCE_KEY, STATUS_KEY];

/** Writes the spec's local keys as what the server said (a display mirror). */
export function mirror(answer: PremiumAnswer | null): void {
  if (answer?.isPremium) {
    storage.set('isPremium', 'true');
    storage.set('subscriptionPlan', answer.plan === 'annual' ? 'annual' : 'monthly');
    if (answer.stripeCustomerId) storage.set('stripeCustomerId', answer.stripeCustomerId);
    if (answer.subscriptionId) storage.set('subscriptionId', answer.subscriptionId);
    if (answer.isOwner) storage.set('adminMode', 'true');
    else storage.remove('adminMode');
    if (answer.memberSince) storage.set(MEMBER_SINCE_KEY, String(answer.memberSince));
    if (answer.status) storage.set(STATUS_KEY, answer.status);
  } else {
    for (const key of MIRROR_KEYS) storage.remove(key);
  }
}
