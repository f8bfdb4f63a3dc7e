// The premium state for screens: kept in the query cache (lib/query.tsx),
// re-asked when the network returns and every 5 minutes while the app is in
// use. The first answer comes from the cached entitlement when the core is
// already loaded, so a screen knows at once and never shows the wrong banner
// first.

import { useQuery } from '../lib/query';
import { cachedPremiumNow, FREE, RECHECK_MS, type PremiumState } from './entitlement';

/** What asks the server (server.ts), loaded when first needed. */
export const server = () => import('./server');

export const PREMIUM_KEY = ['premium'] as const;

export function usePremium(): { premium: PremiumState; loading: boolean } {
  const q = useQuery({
    queryKey: PREMIUM_KEY,
    queryFn: async () => (await server()).currentPremium(),
    initialData: cachedPremiumNow,
    // The cached answer is shown at once and checked with the server right after.
    initialDataUpdatedAt: 0,
    refetchOnMount: true,
    staleTime: RECHECK_MS,
    gcTime: Infinity,
    refetchOnReconnect: true,
    refetchInterval: RECHECK_MS,
    retry: false,
  });
  return { premium: q.data ?? FREE, loading: q.isPending };
}
