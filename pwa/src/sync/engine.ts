// The sync loop: push the outbox, pull until caught up. One tab syncs at a time
// (Web Locks); the others see the results through live queries. Status is kept
// in syncMeta so every tab shows it. Changes the server refuses are kept, with
// the reason, for the user to fix or discard; every reset and incompatibility
// the protocol can answer is handled (never retried in a loop).

import { apiRequest, ApiError } from '../api/client';
import { forgetCursor, getMeta, setMeta } from '../db/meta';
import { applyPull, keepRefused, pendingAfter, recordKey, requeueAfterRestore, type Cursor } from '../db/synced';
import { catchUpIdentity, ensureDevice } from '../identity/device';
import { userId } from '../identity/ids';
import { SCHEMA_VERSION, type Incompatibility } from '../generated/sync';
import { syncProblem } from './problem';
import { pullRequest, pushRequest, type PullResponse, type PushResponse, type ResetReason } from './protocol';
import { loadRecords } from '../wasm/records';

/** `blocked`: this app and the server speak different protocol versions; no
 *  sync is tried again until the app (or the server) is updated. */
export type SyncState = 'offline' | 'syncing' | 'synced' | 'error' | 'blocked';

export interface SyncStatus {
  state: SyncState;
  lastSyncedAt?: number;
  /** Why the last sync did not finish, as a sentence for the person. */
  message?: string;
  /** When Manna tries again by itself (ms since 1970). */
  retryAt?: number;
  /** Why sync is blocked: this app is too old (an update brings it back), or the server is. */
  reason?: Incompatibility;
}

const LOCK = 'manna-sync';
const MAX_ROUNDS = 20;

/** What a protocol incompatibility means for the person using the app. */
const INCOMPATIBLE: Record<Incompatibility, string> = {
  clientTooOld: 'This version of Manna is too old to sync. Please update the app; your changes are kept on this device.',
  serverTooOld: 'The server does not speak this version of Manna yet. Your changes are kept on this device and sync once it is updated.',
};

const isIncompatibility = (reason: unknown): reason is Incompatibility => typeof reason === 'string' && Object.hasOwn(INCOMPATIBLE, reason);

class Incompatible extends Error {
  constructor(readonly reason: Incompatibility) {
    super(INCOMPATIBLE[reason]);
    this.name = 'Incompatible';
  }
}

/** The incompatibility a failed push names (HTTP 409 with its reason), if any. */
function incompatibility(error: unknown): Incompatible | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const reason = (JSON.parse(error.body) as { error?: string }).error;
    return isIncompatibility(reason) ? new Incompatible(reason) : null;
  } catch {
    return null;
  }
}

/** Thrown when the server no longer has changes it had acknowledged: it was
 *  restored from a backup, and expects change `expected` next. */
class ServerRestored extends Error {
  constructor(readonly expected: number) {
    super('The server was restored from a backup.');
    this.name = 'ServerRestored';
  }
}

/** Ends this tab's sync under way (its requests), for a change of identity
 *  that waited long enough for it. */
let running: AbortController | undefined;

/** One sync request, ended with the sync if it is stopped. */
function send<T>(path: string, body: unknown): Promise<T> {
  return apiRequest<T>('POST', path, body, { signal: running?.signal });
}

async function pushAll(deviceId: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const acked = (await getMeta<number>('acked')) ?? 0;
    const pending = await pendingAfter(acked);
    if (pending.length === 0) return;
    let answer: PushResponse;
    try {
      answer = await send<PushResponse>('/api/sync/push', pushRequest(deviceId, pending));
    } catch (error) {
      throw incompatibility(error) ?? error;
    }
    // The server expects a change it had already acknowledged: it lost them.
    if (answer.gap && answer.gap.expected <= acked) throw new ServerRestored(answer.gap.expected);
    if (answer.rejected.length > 0) {
      await keepRefused(answer.rejected);
      // The refused changes were never applied; this device still shows them.
      // A snapshot puts the server's records back (pending changes on top).
      await forgetCursor();
    }
    // After a gap, resend from what the server expects.
    await setMeta('acked', answer.gap ? answer.gap.expected - 1 : answer.ackedSeq);
    if (!answer.gap && answer.ackedSeq >= pending[pending.length - 1].seq) return;
  }
}

/** The record schema the device's records were pulled with. An updated app
 *  may know tables and fields the server held back from the old one: it starts
 *  again from a snapshot, which brings them (changes waiting are kept). */
const CURSOR_SCHEMA = 'cursorSchema';

async function pullAll(deviceId: string): Promise<void> {
  if ((await getMeta<number>(CURSOR_SCHEMA)) !== SCHEMA_VERSION) {
    await forgetCursor();
    await setMeta(CURSOR_SCHEMA, SCHEMA_VERSION);
  }
  let resets = 0;
  for (let round = 0; round < MAX_ROUNDS * 10; round += 1) {
    const cursor = (await getMeta<Cursor>('cursor')) ?? null;
    const answer = await send<PullResponse>('/api/sync/pull', pullRequest(deviceId, cursor));
    if ('reset' in answer) {
      const reason: ResetReason = answer.reset;
      if (isIncompatibility(reason)) throw new Incompatible(reason);
      // A snapshot cannot be too old, so a second reset is a fault.
      if (resets > 0) throw new Error(`The server asked to start sync again twice (${reason}).`);
      resets += 1;
      // epochChanged: the server was restored and may lack what this device
      // synced since its backup; send that again first. cursorTooOld: the
      // outbox is already pushed. Either way, start again from a snapshot.
      if (reason === 'epochChanged') await resendAfterRestore(deviceId);
      await forgetCursor();
      continue;
    }
    await applyPull(cursor, answer.changes, answer.cursor, answer.hasMore, answer.ackedSeq, answer.forgetGroups);
    await setMeta('acked', Math.max((await getMeta<number>('acked')) ?? 0, answer.ackedSeq));
    if (!answer.hasMore) return;
  }
}

/** Record key → version of every record the server holds now (a snapshot
 *  read, not applied). */
async function serverVersions(deviceId: string): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  let cursor: Cursor | null = null;
  for (let round = 0; round < MAX_ROUNDS * 10; round += 1) {
    const answer: PullResponse = await send<PullResponse>('/api/sync/pull', pullRequest(deviceId, cursor));
    if ('reset' in answer) throw new Error(`The server asked to start sync again (${answer.reset}).`);
    for (const c of answer.changes) if (c.op === 'put') versions.set(recordKey(c.table, c.id), c.version);
    if (!answer.hasMore) return versions;
    cursor = answer.cursor;
  }
  throw new Error('The server kept sending more records than it has.');
}

/** After a restore: whatever this device holds that the server lacks (or holds
 *  older) is queued again, numbered from the change the server expects next
 *  (1 after a restore, which starts every device's numbering again), and pushed. */
async function resendAfterRestore(deviceId: string, firstSeq = 1): Promise<void> {
  await requeueAfterRestore(await serverVersions(deviceId), firstSeq);
  await pushAll(deviceId);
}

/** Pushes the outbox; after a restore, sends again what the server lost. */
async function pushOrResend(deviceId: string): Promise<void> {
  try {
    await pushAll(deviceId);
  } catch (error) {
    if (!(error instanceof ServerRestored)) throw error;
    await resendAfterRestore(deviceId, error.expected);
  }
}

async function setStatus(status: SyncStatus): Promise<void> {
  await setMeta('status', status);
}

/**
 * One full sync. Automatic syncs skip when another tab is already syncing
 * (resolving false) or when this app and the server cannot sync; one the user
 * asked for (`wait`) queues behind another tab's and tries again.
 */
export async function syncNow({ wait = false }: { wait?: boolean } = {}): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const last = await getMeta<SyncStatus>('status');
    if (last?.state !== 'blocked') await setStatus({ state: 'offline', lastSyncedAt: last?.lastSyncedAt });
    return true;
  }
  // The server refused or failed and said when to come back: an automatic
  // sync (in any tab, after a reload too) keeps to it; one the person asked
  // for goes now. A phone that was offline syncs as soon as it is online.
  if (!wait) {
    const last = await getMeta<SyncStatus>('status');
    const pausedFor = last?.state === 'error' && last.retryAt ? last.retryAt - Date.now() : 0;
    if (pausedFor > 0) {
      syncSoon(pausedFor);
      return false;
    }
  }
  const run = async () => {
    const last = await getMeta<SyncStatus>('status');
    if (last?.state === 'blocked' && !wait) return;
    await setStatus({ state: 'syncing', lastSyncedAt: last?.lastSyncedAt });
    running = new AbortController();
    try {
      await catchUpIdentity();
      userId();
      const deviceId = await ensureDevice();
      await pushOrResend(deviceId);
      await pullAll(deviceId);
      await pushOrResend(deviceId); // anything written while pulling
      await setStatus({ state: 'synced', lastSyncedAt: Date.now() });
      retryMs = FIRST_RETRY_MS;
    } catch (error) {
      const offline = error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
      if (error instanceof Incompatible) {
        await setStatus({ state: 'blocked', lastSyncedAt: last?.lastSyncedAt, message: error.message, reason: error.reason });
        return;
      }
      // A server that could not be reached, was busy or refused is asked
      // again later, less often each time, and never sooner than it asked;
      // a little chance in the wait keeps a congregation's phones apart.
      const problem = syncProblem(error, retryMs);
      const wait = Math.round(problem.waitMs * (1 + Math.random() * 0.2));
      syncSoon(wait);
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      await setStatus({
        state: offline ? 'offline' : 'error',
        lastSyncedAt: last?.lastSyncedAt,
        message: problem.message,
        retryAt: Date.now() + wait,
      });
    } finally {
      running = undefined;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    await run();
    return true;
  }
  return locks.request(LOCK, { ifAvailable: !wait }, async (lock) => {
    if (!lock) return false;
    await run();
    return true;
  });
}

/**
 * Runs `change` (logging in, logging out, deleting the account) once no tab is
 * syncing, and lets no sync start until it is done: a sync never straddles two
 * identities (a pull answered for the account is never written after logout
 * forgot it, and no request is sent with a session that just ended).
 */
export async function betweenSyncs<T>(change: () => Promise<T>, longestWaitMs = LONGEST_WAIT_MS): Promise<T> {
  clearTimeout(timer);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // A sync stuck on a network that never answers is stopped, not waited for.
  const stuck = setTimeout(() => running?.abort(), longestWaitMs);
  try {
    return locks ? ((await locks.request(LOCK, change)) as T) : await change();
  } catch (error) {
    // Nothing changed hands: the sync a write had asked for still comes.
    syncSoon();
    throw error;
  } finally {
    clearTimeout(stuck);
  }
}

/** How long a change of identity waits for this tab's sync under way. */
const LONGEST_WAIT_MS = 10_000;

let timer: ReturnType<typeof setTimeout> | undefined;

/** Waits before asking an unreachable server again: doubling up to five minutes. */
const FIRST_RETRY_MS = 15_000;
const LAST_RETRY_MS = 5 * 60_000;
let retryMs = FIRST_RETRY_MS;

/** Syncs shortly after a write, once for a burst of writes. */
export function syncSoon(delayMs = 800): void {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), delayMs);
}

/** Starts syncing now, whenever the network returns, and asks to keep the data. */
export function startSync(): () => void {
  void navigator.storage?.persist?.().catch(() => false);
  // The records' rules, which every write runs, are made ready now, while the
  // network is likely there: a phone that loses its signal before its first
  // write can still write, with or without a service worker keeping the app.
  void loadRecords().catch(() => undefined);
  void syncNow();
  const onOnline = () => void syncNow();
  const onOffline = () => void syncNow();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
