// What the server says about payments: test mode (the Stripe emulator) or live.

import { useQuery } from '../../lib/query';
import { apiRequest } from '../../api/client';
import type { BillingConfig } from '../../generated/api';

export function useBillingConfig() {
  return useQuery({
    queryKey: ['billing-config'],
    queryFn: () => apiRequest<BillingConfig>('GET', '/api/billing/config'),
    staleTime: Infinity,
    retry: false,
  });
}
