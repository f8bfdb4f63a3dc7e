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

/** Pushes what this device holds, so nothing typed while anonymous is lost. */
export async function beforeSignIn(): Promise<void> {
  const e = await engine();
  await e.ensureDevice();
  await e.syncNow({ wait: true });
}

/** After a successful login or registration answer. */
export async function afterSignIn(client: QueryClient, answer: { userId: string; user: AccountUser }): Promise<void> {
  storage.remove('stripeCustomerId');
  storage.remove('subscriptionId');
  storage.set('userEmail', answer.user.email);
  await (await engine()).adoptAccount(answer.userId);
  await refreshPremium();
  await client.invalidateQueries();
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
