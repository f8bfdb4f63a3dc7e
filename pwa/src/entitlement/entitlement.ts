// Premium on this device: the server-signed entitlement (checked by manna-core's
// entitlement module,
// so it holds offline until it expires, at most 7 days after it was issued),
// refreshed whenever the server can be asked. The spec's local keys (isPremium,
// subscriptionPlan, stripeCustomerId, …) are written as a mirror of what the
// server said, for display; nothing here reads them to decide anything. What
// asks the server (server.ts) loads when it is first needed.

import type { KeySet, PremiumStatus } from '../generated/api';
import { userId } from '../identity/ids';
import { storage } from '../lib/storage';
import { loadPremium, loadedPremium, type Premium } from '../wasm/premium';

export const TOKEN_KEY = 'manna-entitlement';
export const KEYS_KEY = 'manna-entitlement-keys';
export const CHECKED_KEY = 'lastVerified';
/** Ask the server again after this long (spec: session status fresh 5 minutes). */
export const RECHECK_MS = 5 * 60 * 1000;

export interface PremiumState {
  isPremium: boolean;
  plan: 'monthly' | 'annual' | 'free';
  isOwner: boolean;
  expiresAt?: number;
}

export const FREE: PremiumState = { isPremium: false, plan: 'free', isOwner: false };

/** What the server answers about premium (entitlement, check-by-email, …). */
export type PremiumAnswer = Partial<PremiumStatus>;

/** The kept token and key set, when there are both. */
function kept(): { token: string; keysText: string } | null {
  const token = storage.get(TOKEN_KEY);
  const keysText = storage.get(KEYS_KEY);
  return token && keysText ? { token, keysText } : null;
}

/** The premium state the cached entitlement proves at `now` (offline too). */
export function cachedPremium(premium: Premium, now = Date.now()): PremiumState {
  const entitlement = kept();
  if (!entitlement) return FREE;
  let keys: KeySet;
  try {
    keys = JSON.parse(entitlement.keysText) as KeySet;
  } catch {
    return FREE;
  }
  const ed = keys.keys.filter((k) => k.crv === 'Ed25519');
  const check = premium.verifyEntitlement(entitlement.token, ed.map((k) => k.kid), ed.map((k) => k.x), userId(), now);
  if (check.status !== 'premium') return FREE;
  return {
    isPremium: true,
    plan: check.plan === 'annual' ? 'annual' : 'monthly',
    isOwner: check.owner,
    expiresAt: check.expiresAt,
  };
}

/** The cached premium state; the entitlement module is loaded only when a
 *  token is kept (without one the device is not premium). */
export async function readPremium(now = Date.now()): Promise<PremiumState> {
  return kept() ? cachedPremium(await loadPremium(), now) : FREE;
}

/** Loads the entitlement module when a token is kept, so that a first render
 *  can read premium at once (`cachedPremiumNow`). */
export async function preparePremium(): Promise<void> {
  if (kept()) await loadPremium();
}

/** The cached premium state when it can be read without waiting (for a first
 *  render that must not wait or jump); undefined otherwise. */
export function cachedPremiumNow(): PremiumState | undefined {
  if (!kept()) return FREE;
  const premium = loadedPremium();
  return premium ? cachedPremium(premium) : undefined;
}
