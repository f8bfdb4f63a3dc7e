// "Sync now", pressed: one sync, then what it did in words (the app shell
// shows them as a toast). Loaded with the sync engine, on the first press.

import { getMeta } from '../db/meta';
import { pendingCount, refusedCount } from '../db/synced';
import { updateApp } from '../lib/updateApp';
import { counted } from '../lib/words';
import { syncNow, type SyncStatus } from './engine';

/** What to tell the person who pressed "Sync now". */
export interface SyncAnswer {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
  /** Everything is on the server (a guest's data, with no account, is then told where it is). */
  allSent?: true;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** `before` is the count the person saw when they pressed: a sync already under
 *  way may send those changes before this one starts, and they were still sent.
 *  `refusedBefore`, the changes already marked not saved at the press. */
export async function syncByHand(before?: number, refusedBefore?: number): Promise<SyncAnswer> {
  before ??= await pendingCount();
  refusedBefore ??= await refusedCount();
  await syncNow({ wait: true });
  const [status, waiting, refused] = await Promise.all([getMeta<SyncStatus>('status'), pendingCount(), refusedCount()]);
  return answer(status, before, waiting, Math.max(0, refused - refusedBefore), refused);
}

/** The words for a sync that ended in `status` with `waiting` changes left of
 *  `before`, `refused` of them turned away by the server's rules; `refusedKept`, the
 *  changes turned away (by this sync or an earlier one) still on the device. */
export function answer(status: SyncStatus | undefined, before: number, waiting: number, refused = 0, refusedKept = refused): SyncAnswer {
  const kept = waiting === 0 ? 'Nothing is waiting to sync.' : `${counted(waiting, 'change is', 'changes are')} saved on this device`;
  switch (status?.state) {
    case 'synced': {
      const sent = Math.max(0, before - waiting - refused);
      if (refused > 0) {
        // Not "synced": what the server turned away is on its page, with Fix.
        const [them, theyWere] = refused === 1 ? ['it', 'it was'] : ['them', 'they were'];
        const why = `The server did not accept ${them}: the page where ${theyWere} made says why, with Fix.`;
        return {
          title: `${counted(refused, 'change', 'changes')} not saved`,
          description: sent > 0 ? `${counted(sent, 'change was', 'changes were')} sent. ${why}` : why,
          variant: 'destructive',
        };
      }
      // Changes turned away before are still on the device, waiting for
      // Fix: "up to date" must not read as "everything is saved".
      const stillKept =
        refusedKept > 0
          ? {
              description: `${counted(refusedKept, 'change', 'changes')} the server did not accept ${refusedKept === 1 ? 'is' : 'are'} still on this device: the page where ${refusedKept === 1 ? 'it was' : 'they were'} made says why, with Fix.`,
            }
          : ({ allSent: true } as const);
      return sent > 0
        ? { title: `Synced: ${counted(sent, 'change', 'changes')} sent`, ...stillKept }
        : { title: 'Already up to date', description: 'Nothing on this device was waiting to sync.', ...stillKept };
    }
    case 'offline':
      if (waiting === 0) {
        return { title: online() ? 'The server cannot be reached' : 'No connection', description: 'Nothing is waiting to sync.' };
      }
      return online()
        ? { title: 'The server cannot be reached', description: `${kept} and will sync when it answers.` }
        : { title: 'No connection', description: `${kept} and will sync when you are back online.` };
    case 'blocked':
      return {
        title: 'Not syncing',
        description: status.message ?? kept,
        variant: 'destructive',
        // This version is too old: the answer carries the way out.
        ...(status.reason === 'clientTooOld' ? { action: { label: 'Update', onClick: () => void updateApp() } } : {}),
      };
    default:
      // Why, and when Manna tries again, in the engine's words (never the
      // server's); the count of what is kept first.
      return {
        title: 'Sync did not finish',
        description: [waiting === 0 ? 'Nothing is waiting to sync.' : `${kept}.`, status?.message ?? 'Manna tries again by itself shortly.'].join(' '),
        variant: 'destructive',
      };
  }
}
