// Manual refresh (spec part 1 §4): ask the server to refresh, then clear cached
// data and local storage except the kept keys, and fetch again. If the server
// cannot be asked, reload the page.

import { useCallback, useState } from 'react';
import { useQueryClient } from '../../lib/query';
import { apiRequest } from '../../api/client';
import { DEVICE_ID_KEY, DEVICE_TOKEN_KEY, SIGNED_IN_KEY, USER_ID_KEY } from '../../identity';
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

export function useRefreshContent(onRefreshed: () => void) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await apiRequest('POST', '/api/refresh-content', undefined, { noCache: true });
    } catch {
      window.location.reload();
      return;
    }
    queryClient.clear();
    storage.clearExcept(KEYS_KEPT_ON_REFRESH);
    onRefreshed();
    await queryClient.refetchQueries();
    setRefreshing(false);
  }, [queryClient, onRefreshed]);
  return { refresh, refreshing };
}
