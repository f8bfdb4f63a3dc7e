// The only door to manna-core's entitlement module: the check of a cached
// entitlement's signature and dates, and when to ask the server again. Loaded
// once, by a device that keeps an entitlement, and memoised; a device without
// one never loads it.

import { lazyModule } from './lazy';
import type * as Pkg from './pkg/manna_premium.js';

export interface EntitlementCheck {
  status: 'premium' | 'refused';
  plan: string;
  expiresAt: number;
  issuedAt: number;
  owner: boolean;
  reason: string;
  message: string;
}

export interface Premium {
  verifyEntitlement(token: string, kids: string[], keys: string[], userId: string, nowMs: number): EntitlementCheck;
  tokenAfterCheck(cached: string | null, outcome: 'granted' | 'revoked' | 'unreachable', fresh: string | null): string | null;
  needsRecheck(expiresAt: number | null, lastCheckMs: number, nowMs: number, recheckMs: number): boolean;
}

function wrap(pkg: typeof Pkg): Premium {
  return {
    verifyEntitlement: (token, kids, keys, userId, nowMs) => {
      const c = pkg.verifyEntitlement(token, kids, keys, userId, nowMs);
      const out: EntitlementCheck = {
        status: c.status as EntitlementCheck['status'],
        plan: c.plan,
        expiresAt: c.expiresAt,
        issuedAt: c.issuedAt,
        owner: c.owner,
        reason: c.reason,
        message: c.message,
      };
      c.free();
      return out;
    },
    tokenAfterCheck: (cached, outcome, fresh) => pkg.tokenAfterCheck(cached ?? undefined, outcome, fresh ?? undefined) ?? null,
    needsRecheck: (expiresAt, last, now, recheck) => pkg.needsRecheck(expiresAt ?? undefined, last, now, recheck),
  };
}

const wasm = lazyModule(() => import('./pkg/manna_premium.js'), wrap);

/** The module if it has finished loading (for code that must not wait). */
export function loadedPremium(): Premium | null {
  return wasm.loaded();
}

/** The module, loaded once. */
export function loadPremium(): Promise<Premium> {
  return wasm.load();
}

/** For tests: the module initialised synchronously from its bytes. */
export function premiumFromBytes(bytes: BufferSource): Promise<Premium> {
  return wasm.fromBytes(bytes);
}
