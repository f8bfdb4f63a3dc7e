// What other parts of the app may use of accounts.

import type { QueryClient } from '../../lib/query';
import type { DeletionProof } from './session';

export { AccountLink } from './AccountLink';
export { me, ME_KEY } from './me';
export type { DeletionProof } from './session';

/** Deletes the signed-in account; this device then keeps nothing of it. The
 *  account code loads only when asked, so Home (which shows AccountLink)
 *  carries none of it. */
export async function deleteAccount(client: QueryClient, proof: DeletionProof): Promise<void> {
  const session = await import('./session');
  await session.deleteAccount(client, proof);
}
