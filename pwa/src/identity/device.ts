// This browser's registration as a device of its user, and the moves between
// identities: adopting an account at login, a new anonymous user at logout.
// One registration at a time (in a tab and across tabs), since a second one
// would look like a stolen id and start a new identity.

import { apiRequest, ApiError } from '../api/client';
import { forgetCursor, forgetSyncedData, getMeta, setMeta } from '../db/meta';
import type { Registration } from '../generated/api';
import { storage } from '../lib/storage';
import { DEVICE_ID_KEY, DEVICE_TOKEN_KEY, newUserId, USER_ID_KEY, userId } from './ids';

/** The registered identity, kept in the database too: a tab that waited for
 *  the registration lock reads it there, since another tab's local storage
 *  writes can reach it later than the lock does. */
interface Identity {
  userId: string;
  deviceId: string;
  deviceToken: string;
}

let registering: Promise<string> | null = null;

/** Registers this browser with the server once; answers its device id. */
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

function adoptIdentity({ userId: id, deviceId, deviceToken }: Identity): string {
  storage.set(USER_ID_KEY, id);
  storage.set(DEVICE_TOKEN_KEY, deviceToken);
  storage.set(DEVICE_ID_KEY, deviceId);
  return deviceId;
}

/** Local storage may lag behind the identity another tab registered or logged
 *  in with; the database's copy wins, so a tab never syncs as a stale id. */
export async function catchUpIdentity(): Promise<void> {
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
  let answer: Registration;
  try {
    answer = await apiRequest<Registration>('POST', '/api/devices', {});
  } catch (error) {
    // The id is registered but this browser lost its token: start a new identity;
    // the records on this device are pushed under it.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    newUserId();
    answer = await apiRequest<Registration>('POST', '/api/devices', {});
  }
  const identity = { userId: userId(), deviceId: answer.deviceId, deviceToken: answer.deviceToken };
  await setMeta('acked', 0);
  await setMeta('identity', identity);
  return adoptIdentity(identity);
}

/** After login: this device now speaks for the account. The next pull is a
 *  full snapshot of the account (the server already merged this device's
 *  records); the caller syncs. */
export async function adoptAccount(accountUserId: string): Promise<void> {
  if (storage.get(USER_ID_KEY) === accountUserId) return;
  // The database first: other tabs take the identity from there.
  const shared = await getMeta<Identity>('identity');
  if (shared) await setMeta('identity', { ...shared, userId: accountUserId });
  storage.set(USER_ID_KEY, accountUserId);
  await forgetCursor();
}

/** After logout: nothing of the account stays on this device; a new anonymous
 *  identity starts with the next sync. */
export async function leaveAccount(): Promise<void> {
  await forgetSyncedData();
  // What the person was writing (a journal entry, a note, a goal) goes too.
  storage.removeMatching(/^manna-[a-z]+-draft/);
  storage.remove(DEVICE_ID_KEY);
  newUserId();
}
