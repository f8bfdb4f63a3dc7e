// Logging in, registering and logging out, as the rest of the app sees it.

import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { storage } from '../../lib/storage';
import { clearPremium, refreshPremium } from '../premium/entitlement';

export interface AccountUser {
  id: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  subscriptionStatus: string;
  subscriptionPlan: string;
  isOwner: boolean;
}

async function engine() {
  return import('../../sync/engine');
}

/**
 * Logs in or registers. What this device holds is pushed first (so nothing
 * typed while anonymous is lost); afterwards the device speaks for the account.
 */
export async function signIn(
  client: QueryClient,
  path: '/api/auth/login' | '/api/auth/register',
  body: Record<string, string>,
): Promise<AccountUser> {
  const e = await engine();
  await e
    .ensureDevice()
    .then(() => e.syncNow({ wait: true }))
    .catch(() => undefined);
  const answer = await apiRequest<{ userId: string; user: AccountUser }>('POST', path, body);
  storage.remove('stripeCustomerId');
  storage.remove('subscriptionId');
  storage.set('userEmail', answer.user.email);
  await e.adoptAccount(answer.userId);
  await refreshPremium();
  await client.invalidateQueries();
  return answer.user;
}

export async function logout(client: QueryClient): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch (error) {
    console.warn('The server did not confirm the logout', error);
  }
  clearPremium();
  storage.remove('userEmail');
  await (await engine()).leaveAccount();
  client.clear();
}
