// Who is signed in on this device: the account, or null for an anonymous user.

import { apiRequest, ApiError } from '../../api/client';
import type { AccountView } from '../../generated/api';

export const ME_KEY = ['/api/auth/me'] as const;

export async function me(): Promise<AccountView | null> {
  try {
    return (await apiRequest<{ user: AccountView }>('GET', '/api/auth/me')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
