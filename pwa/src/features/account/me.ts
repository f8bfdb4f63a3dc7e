// Who is signed in on this device: the account, or null for an anonymous user.
// The server is asked only when this browser may hold a session: a visitor who
// never signed in is answered at once, with no request (and no 401 logged).

import { apiRequest, ApiError } from '../../api/client';
import type { AccountView } from '../../generated/api';
import { maybeSignedIn, noteSignedIn } from '../../identity';

export const ME_KEY = ['/api/auth/me'] as const;

export async function me(): Promise<AccountView | null> {
  if (!maybeSignedIn()) return null;
  try {
    const { user } = await apiRequest<{ user: AccountView }>('GET', '/api/auth/me');
    noteSignedIn(true);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The session ended (logged out elsewhere, or expired): not asked again.
      noteSignedIn(false);
      return null;
    }
    throw error;
  }
}

/** The account's first name as last seen on this device (the header shows it offline). */
export const NAME_KEY = 'userName';
