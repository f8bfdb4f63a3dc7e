// Who this browser is: its user id, its registration as a device, and the
// moves between an anonymous user and an account. Registration and the moves
// load on first use (with the database), never with the first screen.

export { deviceToken, newUserId, userId, DEVICE_ID_KEY, DEVICE_TOKEN_KEY, USER_ID_KEY } from './ids';
export { maybeSignedIn, noteSignedIn, SIGNED_IN_KEY } from './sessionHint';

const device = () => import('./device');

/** Registers this browser with the server once; answers its device id. */
export async function ensureDevice(): Promise<string> {
  return (await device()).ensureDevice();
}

/** After login: this device now speaks for the account (the caller syncs). */
export async function adoptAccount(accountUserId: string): Promise<void> {
  await (await device()).adoptAccount(accountUserId);
}

/** After logout: a new anonymous identity starts with the next sync. */
export async function leaveAccount(): Promise<void> {
  await (await device()).leaveAccount();
}
