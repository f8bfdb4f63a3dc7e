// Whether this browser may hold an account session. The session cookie is
// HttpOnly (scripts cannot see it), so the app notes the session itself: set
// at login, cleared at logout and whenever the server says there is none. A
// visitor who never signed in is then never asked about (no request, no 401).

import { storage } from '../lib/storage';

export const SIGNED_IN_KEY = 'manna-signed-in';

/** Whether asking the server who is signed in can answer anyone. */
export function maybeSignedIn(): boolean {
  const noted = storage.get(SIGNED_IN_KEY);
  if (noted !== null) return noted === 'true';
  // Noted by nothing yet: a browser signed in before this note existed kept
  // the account's email.
  return storage.get('userEmail') !== null;
}

/** Notes what the server said (or what login and logout did). */
export function noteSignedIn(signedIn: boolean): void {
  storage.set(SIGNED_IN_KEY, String(signedIn));
}
