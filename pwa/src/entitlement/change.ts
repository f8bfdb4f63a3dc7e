// Premium changed from a screen: asked of the server again (after a payment
// or a restore), or forgotten on this device (logout). Loaded with those
// screens, not with the first one.

import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '../lib/query';
import { noteJournal } from '../lib/journalCookie';
import { storage } from '../lib/storage';
import { CHECKED_KEY, FREE, TOKEN_KEY } from './entitlement';
import { MIRROR_KEYS } from './mirror';
import { PREMIUM_KEY, server } from './usePremium';

/** Forgets premium on this device (logout, a new identity). */
function clearPremium(): void {
  noteJournal(null);
  storage.remove(TOKEN_KEY);
  storage.remove(CHECKED_KEY);
  for (const key of MIRROR_KEYS) storage.remove(key);
}

/** Asks the server now and updates every screen. */
export function useRecheckPremium(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await (await server()).refreshPremium();
    await client.invalidateQueries({ queryKey: PREMIUM_KEY });
  }, [client]);
}

/** Forgets premium on this device and tells every screen (logout). */
export function resetPremium(client: QueryClient): void {
  clearPremium();
  client.setQueryData(PREMIUM_KEY, FREE);
}
