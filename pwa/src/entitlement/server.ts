// Premium as the server says it: the keys and the entitlement asked for, a
// checkout the browser came back from verified, and what an answer says kept
// on this device (entitlement.ts reads it). Loaded when first needed, so the
// first screen carries none of it.

import { apiRequest, ApiError } from '../api/client';
import type { CheckoutVerified, KeySet } from '../generated/api';
import { ensureDevice } from '../identity';
import { storage } from '../lib/storage';
import { loadPremium } from '../wasm/premium';
import { CHECKED_KEY, KEYS_KEY, readPremium, RECHECK_MS, TOKEN_KEY, type PremiumAnswer, type PremiumState } from './entitlement';
import { mirror } from './mirror';

/** Keeps what a server answer says: a fresh token, or none when not premium. */
export async function acceptAnswer(answer: PremiumAnswer): Promise<void> {
  const premium = await loadPremium();
  const outcome = answer.isPremium && answer.entitlement ? 'granted' : 'revoked';
  const next = premium.tokenAfterCheck(storage.get(TOKEN_KEY), outcome, answer.entitlement?.token ?? null);
  if (next) storage.set(TOKEN_KEY, next);
  else storage.remove(TOKEN_KEY);
  storage.set(CHECKED_KEY, String(Date.now()));
  mirror(answer);
}

/** The success page's and Home's check of a checkout the browser came back
 *  from: premium is kept when the server verified it for this user. */
export async function verifyCheckout(sessionId: string): Promise<boolean> {
  await ensureDevice();
  const answer = await apiRequest<CheckoutVerified>('POST', '/api/verify-checkout-session', { sessionId });
  if (!answer.verified) return false;
  await acceptAnswer(answer);
  return true;
}

/** Asks the server (keys and entitlement). Unreachable: the cached token stays. */
export async function refreshPremium(): Promise<'checked' | 'unreachable'> {
  try {
    await ensureDevice();
    const keys = await apiRequest<KeySet>('GET', '/api/entitlement/keys');
    storage.set(KEYS_KEY, JSON.stringify(keys));
    const answer = await apiRequest<PremiumAnswer>('GET', '/api/entitlement');
    await acceptAnswer(answer);
    return 'checked';
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 408) {
      // The server answered but refused (for example a lost device token): not premium.
      await acceptAnswer({ isPremium: false });
      return 'checked';
    }
    return 'unreachable';
  }
}

let checkedThisLoad = false;

/** The premium state, asking the server first when online and due (always
 *  once each time the app starts, so a cancellation shows at the next visit). */
export async function currentPremium(): Promise<PremiumState> {
  const cached = await readPremium();
  const last = Number(storage.get(CHECKED_KEY) ?? 0) || 0;
  const due = !checkedThisLoad || (await loadPremium()).needsRecheck(cached.expiresAt ?? null, last, Date.now(), RECHECK_MS);
  checkedThisLoad = true;
  if (due && (typeof navigator === 'undefined' || navigator.onLine !== false)) await refreshPremium();
  return readPremium();
}
