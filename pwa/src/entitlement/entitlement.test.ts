// @vitest-environment node
// The entitlement cache on the device, with the real WebAssembly module: a token
// the server signed makes the device premium offline until it expires; a
// forged, expired or someone else's token does not.
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS as DAY } from '../lib/durations';
import { storage } from '../lib/storage';
import { premiumFromBytes } from '../wasm/premium';

// Local storage as a browser has it (this file runs in Node to read the .wasm).
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
});

const premium = await premiumFromBytes(readFileSync(new URL('../wasm/pkg/manna_premium_bg.wasm', import.meta.url)));
vi.mock('../wasm/premium', async (original) => ({
  ...(await original<typeof import('../wasm/premium')>()),
  loadPremium: () => Promise.resolve(premium),
}));
const { KEYS_KEY, TOKEN_KEY, readPremium } = await import('./entitlement');
const { acceptAnswer } = await import('./server');

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const server = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const jwk = server.publicKey.export({ format: 'jwk' }) as { x: string };

function token(claims: object, key = server.privateKey, kid = 'k1'): string {
  const input = `${b64(JSON.stringify({ alg: 'EdDSA', kid, typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${input}.${b64(sign(null, Buffer.from(input), key))}`;
}

const USER = 'user-1700000000000-abc';

beforeEach(() => {
  storage.clearExcept([]);
  storage.set('manna-user-id', USER);
  storage.set(KEYS_KEY, JSON.stringify({ keys: [{ kid: 'k1', kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', x: jwk.x }] }));
});

describe('the premium cache', () => {
  it('trusts a server-signed token offline until it expires', async () => {
    const now = Date.now();
    storage.set(TOKEN_KEY, token({ sub: USER, plan: 'annual', iat: now, exp: now + 7 * DAY, owner: false }));
    expect(await readPremium(now + 6 * DAY)).toMatchObject({ isPremium: true, plan: 'annual', isOwner: false });
    expect((await readPremium(now + 7 * DAY)).isPremium).toBe(false);
  });

  it('grants nothing for forged, foreign or hand-written premium', async () => {
    const now = Date.now();
    const claims = { sub: USER, plan: 'monthly', iat: now, exp: now + DAY };
    for (const forged of [
      token(claims, stranger.privateKey),
      token({ ...claims, sub: 'user-1-someone-else' }),
      token({ ...claims, exp: now + 30 * DAY }),
      'e30.e30.AAAA',
    ]) {
      storage.set(TOKEN_KEY, forged);
      expect((await readPremium(now)).isPremium).toBe(false);
    }
    storage.remove(TOKEN_KEY);
    for (const [k, v] of [['isPremium', 'true'], ['adminMode', 'true'], ['stripeCustomerId', 'verified_x'], ['subscriptionId', 'verified_y']]) {
      storage.set(k, v);
    }
    expect((await readPremium(now)).isPremium).toBe(false);
  });

  it('a "not premium" answer clears the token and the mirrored keys', async () => {
    const now = Date.now();
    const fresh = token({ sub: USER, plan: 'monthly', iat: now, exp: now + DAY });
    await acceptAnswer({ isPremium: true, plan: 'monthly', subscriptionId: 'sub_1', stripeCustomerId: 'cus_1', entitlement: { token: fresh, expiresAt: now + DAY } });
    expect(storage.get('subscriptionPlan')).toBe('monthly');
    expect((await readPremium(now)).isPremium).toBe(true);
    await acceptAnswer({ isPremium: false });
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(storage.get('isPremium')).toBeNull();
    expect((await readPremium(now)).isPremium).toBe(false);
  });
});
