// Logging in, registering and logging out, as the rest of the app sees it.

import type { QueryClient } from '../../lib/query';
import { apiRequest, whileIdentityEnds } from '../../api/client';
import { refreshPremium } from '../../entitlement/server';
import { resetPremium } from '../../entitlement/change';
import type { AccountView, SignedIn } from '../../generated/api';
import { adoptAccount, ensureDevice, leaveAccount, noteSignedIn } from '../../identity';
import { storage } from '../../lib/storage';
import { NAME_KEY } from './me';

export type AccountUser = AccountView;

const engine = () => import('../../sync/engine');

async function syncNow(): Promise<void> {
  await (await engine()).syncNow({ wait: true });
}

/** Changes who this device speaks for with no sync running meanwhile. */
async function betweenSyncs<T>(change: () => Promise<T>): Promise<T> {
  return (await engine()).betweenSyncs(change);
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
  await ensureDevice()
    .then(syncNow)
    .catch(() => undefined);
  const answer = await betweenSyncs(async () => {
    const signedIn = await apiRequest<SignedIn>('POST', path, body);
    storage.remove('stripeCustomerId');
    storage.remove('subscriptionId');
    storage.set('userEmail', signedIn.user.email);
    noteSignedIn(true);
    await adoptAccount(signedIn.userId);
    return signedIn;
  });
  await syncNow();
  await refreshPremium();
  await client.invalidateQueries();
  return answer.user;
}

export async function logout(client: QueryClient): Promise<void> {
  await betweenSyncs(() =>
    whileIdentityEnds(async () => {
      try {
        await apiRequest('POST', '/api/auth/logout', undefined, { endsIdentity: true });
      } catch (error) {
        console.warn('The server did not confirm the logout', error);
      }
      await forgetAccountHere(client);
    }),
  );
}

/** What deleting an account proves it with: its password, or an emailed code. */
export type DeletionProof = { password: string } | { code: string };

/** Deletes the signed-in account on the server; then this device keeps nothing of it. */
export async function deleteAccount(client: QueryClient, proof: DeletionProof): Promise<void> {
  await betweenSyncs(() =>
    whileIdentityEnds(async () => {
      await apiRequest('DELETE', '/api/account', proof, { endsIdentity: true });
      await forgetAccountHere(client);
    }),
  );
}

/** Nothing of the account stays on this device: a new anonymous user starts. */
async function forgetAccountHere(client: QueryClient): Promise<void> {
  storage.remove('userEmail');
  storage.remove(NAME_KEY);
  noteSignedIn(false);
  await leaveAccount();
  client.clear();
  // Every screen shows the new, anonymous user at once (the banner included).
  resetPremium(client);
}
