// The work of a manual refresh (spec part 1 §4), loaded when the refresh
// button is pressed: ask the server to refresh, then clear cached data and
// local storage except the kept keys. useRefreshContent.ts fetches again.

import type { QueryClient } from '../../lib/queryClient';
import { apiRequest } from '../../api/client';
import { DEVICE_ID_KEY, DEVICE_TOKEN_KEY, USER_ID_KEY } from '../../identity/ids';
import { SIGNED_IN_KEY } from '../../identity/sessionHint';
import { storage } from '../../lib/storage';
import { WELCOME_KEY } from '../../lib/welcomed';

/** Keys a manual refresh keeps (spec part 1 §4), plus the device's own identity, token and session note, and the welcome met. */
export const KEYS_KEPT_ON_REFRESH = [
  'stripeCustomerId',
  'subscriptionId',
  'isPremium',
  'subscriptionPlan',
  'verifiedEmail',
  'adminMode',
  USER_ID_KEY,
  DEVICE_TOKEN_KEY,
  DEVICE_ID_KEY,
  SIGNED_IN_KEY,
  WELCOME_KEY,
] as const;

/** Asks the server to refresh and forgets what is cached; false when the
 *  server could not be asked (the page is then reloaded). */
export async function refreshContent(queryClient: QueryClient): Promise<boolean> {
  try {
    await apiRequest('POST', '/api/refresh-content', undefined, { noCache: true });
  } catch {
    return false;
  }
  queryClient.clear();
  storage.clearExcept(KEYS_KEPT_ON_REFRESH);
  return true;
}
