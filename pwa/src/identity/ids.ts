// Who this browser is: the anonymous (or account) user id it sends as
// X-User-ID, and the keys under which the identity is kept. The lowest part of
// identity/: the HTTP client reads it to name the user in its requests.

import { storage } from '../lib/storage';

export const USER_ID_KEY = 'manna-user-id';
export const DEVICE_TOKEN_KEY = 'manna-device-token';
export const DEVICE_ID_KEY = 'manna-device-id';

/** The user id, made up the first time: `user-<timestamp>-<random>`. */
export function userId(): string {
  let id = storage.get(USER_ID_KEY);
  if (!id) {
    id = `user-${Date.now()}-${Math.random().toString(36).slice(2, 11)}`;
    storage.set(USER_ID_KEY, id);
  }
  return id;
}

/** Starts a new anonymous identity (when the old id's token is lost). */
export function newUserId(): string {
  storage.remove(USER_ID_KEY);
  storage.remove(DEVICE_TOKEN_KEY);
  return userId();
}

/** The device token the server issued for this browser, if any. */
export function deviceToken(): string | null {
  return storage.get(DEVICE_TOKEN_KEY);
}
