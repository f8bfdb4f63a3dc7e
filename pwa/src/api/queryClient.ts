// Server reads follow the spec's cache rules: fresh and kept for 24 hours, no
// refetch on mount, reconnect or interval (the cache never refetches on
// focus), no retries; a fetch waits for the network while the browser is
// offline. A query may ask otherwise (premium and the finders do).

import { DAY_MS } from '../lib/durations';
import { QueryClient } from '../lib/query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    enabled: true,
    networkMode: 'online',
    staleTime: DAY_MS,
    gcTime: DAY_MS,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchInterval: false,
    retry: false,
  });
}
