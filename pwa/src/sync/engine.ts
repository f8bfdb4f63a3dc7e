// The sync loop: register the device once, push the outbox, pull until
// caught up. One tab syncs at a time (Web Locks); the others see the results
// through live queries. Status is kept in syncMeta so every tab shows it.

import { apiRequest, ApiError, newUserId, userId } from '../api/client';
import { applyPull, forgetCursor, forgetEverything, getMeta, pendingAfter, setMeta, type Cursor } from '../db/synced';
import { DEVICE_ID_KEY, DEVICE_TOKEN_KEY, storage, USER_ID_KEY } from '../lib/storage';
import { pullRequest, pushRequest, type PullResponse, type PushResponse } from './protocol';

export type SyncState = 'offline' | 'syncing' | 'synced' | 'error';

export interface SyncStatus {
  state: SyncState;
  lastSyncedAt?: number;
  message?: string;
}

const LOCK = 'manna-sync';
const MAX_ROUNDS = 20;

let registering: Promise<string> | null = null;

/**
 * Registers this browser with the server once; answers its device id. Callers
 * at the same time (the sync loop, the premium check, a payment page, other
 * tabs) share one registration: two would make the second look like a stolen
 * id and start a new identity.
 */
export function ensureDevice(): Promise<string> {
  const known = storage.get(DEVICE_ID_KEY);
  if (known && storage.get(DEVICE_TOKEN_KEY)) return Promise.resolve(known);
  registering ??= (async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('manna-device', registerDevice) : registerDevice();
  })().finally(() => {
    registering = null;
  });
  return registering;
}

/** The registered identity, kept in the database too: a tab that waited for the
 *  registration lock reads it there, since another tab's local storage writes
 *  can reach it later than the lock does. */
interface Identity {
  userId: string;
  deviceId: string;
  deviceToken: string;
}

function adoptIdentity({ userId: id, deviceId, deviceToken }: Identity): string {
  storage.set(USER_ID_KEY, id);
  storage.set(DEVICE_TOKEN_KEY, deviceToken);
  storage.set(DEVICE_ID_KEY, deviceId);
  return deviceId;
}

/** Local storage may lag behind the identity another tab registered or logged
 *  in with; the database's copy wins, so a tab never keeps syncing as a stale id. */
async function catchUpIdentity(): Promise<void> {
  const shared = await getMeta<Identity>('identity');
  if (!shared) return;
  const current = [storage.get(USER_ID_KEY), storage.get(DEVICE_ID_KEY), storage.get(DEVICE_TOKEN_KEY)];
  if (current.join('\n') !== [shared.userId, shared.deviceId, shared.deviceToken].join('\n')) adoptIdentity(shared);
}

async function registerDevice(): Promise<string> {
  // Another tab may have registered while this one waited for the lock.
  const shared = await getMeta<Identity>('identity');
  if (shared) return adoptIdentity(shared);
  const known = storage.get(DEVICE_ID_KEY);
  if (known && storage.get(DEVICE_TOKEN_KEY)) return known;
  let answer: { deviceId: string; deviceToken: string };
  try {
    answer = await apiRequest('POST', '/api/devices', {});
  } catch (error) {
    // The id is registered but this browser lost its token: start a new identity;
    // the records on this device are pushed under it.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    newUserId();
    answer = await apiRequest('POST', '/api/devices', {});
  }
  const identity = { userId: userId(), deviceId: answer.deviceId, deviceToken: answer.deviceToken };
  await setMeta('acked', 0);
  await setMeta('identity', identity);
  return adoptIdentity(identity);
}

async function pushAll(deviceId: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const acked = (await getMeta<number>('acked')) ?? 0;
    const pending = await pendingAfter(acked);
    if (pending.length === 0) return;
    const answer = await apiRequest<PushResponse>('POST', '/api/sync/push', pushRequest(deviceId, pending));
    for (const r of answer.rejected) console.warn(`The server refused change ${r.seq}: ${r.message}`);
    // After a gap, resend from what the server expects.
    await setMeta('acked', answer.gap ? answer.gap.expected - 1 : answer.ackedSeq);
    if (!answer.gap && answer.ackedSeq >= pending[pending.length - 1].seq) return;
  }
}

async function pullAll(deviceId: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS * 10; round += 1) {
    const cursor = (await getMeta<Cursor>('cursor')) ?? null;
    const answer = await apiRequest<PullResponse>('POST', '/api/sync/pull', pullRequest(deviceId, cursor));
    if ('reset' in answer) {
      if (answer.reset === 'clientTooOld') throw new Error('This version of Manna is too old to sync. Please update the app.');
      await forgetCursor();
      continue;
    }
    await applyPull(cursor, answer.changes, answer.cursor, answer.hasMore, answer.ackedSeq);
    await setMeta('acked', Math.max((await getMeta<number>('acked')) ?? 0, answer.ackedSeq));
    if (!answer.hasMore) return;
  }
}

async function setStatus(status: SyncStatus): Promise<void> {
  await setMeta('status', status);
}

/**
 * One full sync. Automatic syncs skip when another tab is already syncing
 * (resolving false); one the user asked for (`wait`) queues behind it instead.
 */
export async function syncNow({ wait = false }: { wait?: boolean } = {}): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const last = await getMeta<SyncStatus>('status');
    await setStatus({ state: 'offline', lastSyncedAt: last?.lastSyncedAt });
    return true;
  }
  const run = async () => {
    const last = await getMeta<SyncStatus>('status');
    await setStatus({ state: 'syncing', lastSyncedAt: last?.lastSyncedAt });
    try {
      await catchUpIdentity();
      userId();
      const deviceId = await ensureDevice();
      await pushAll(deviceId);
      await pullAll(deviceId);
      await pushAll(deviceId); // anything written while pulling
      await setStatus({ state: 'synced', lastSyncedAt: Date.now() });
    } catch (error) {
      const offline = error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
      await setStatus({
        state: offline ? 'offline' : 'error',
        lastSyncedAt: last?.lastSyncedAt,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    await run();
    return true;
  }
  return locks.request(LOCK, { ifAvailable: !wait }, async (lock) => {
    if (!lock) return false;
    await run();
    return true;
  });
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Syncs shortly after a write, once for a burst of writes. */
export function syncSoon(delayMs = 800): void {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), delayMs);
}

/** Starts syncing now, whenever the network returns, and asks to keep the data. */
export function startSync(): () => void {
  void navigator.storage?.persist?.().catch(() => false);
  void syncNow();
  const onOnline = () => void syncNow();
  const onOffline = () => void syncNow();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

/** After login: this device now speaks for the account. The next pull is a
 *  full snapshot of the account (the server already merged this device's records). */
export async function adoptAccount(accountUserId: string): Promise<void> {
  if (storage.get(USER_ID_KEY) !== accountUserId) {
    // The database first: other tabs take the identity from there.
    const shared = await getMeta<Identity>('identity');
    if (shared) await setMeta('identity', { ...shared, userId: accountUserId });
    storage.set(USER_ID_KEY, accountUserId);
    await forgetCursor();
  }
  await syncNow({ wait: true });
}

/** After logout: nothing of the account stays on this device; a new anonymous
 *  identity starts with the next sync. */
export async function leaveAccount(): Promise<void> {
  await forgetEverything();
  storage.remove(DEVICE_ID_KEY);
  newUserId();
}
