// Why a sync did not finish, in a sentence for the person (the badge's title
// and screen-reader label, the answer to "Sync now"), and how long to wait
// before trying again: the server's Retry-After when it gave one, else the
// engine's growing wait. The server's own words never reach the screen.

import { ApiError } from '../api/client';

export interface SyncProblem {
  /** What happened and what Manna does about it, as a sentence. */
  message: string;
  /** How long to wait before the next try. */
  waitMs: number;
}

/** "in a few seconds", "in a minute", "in 40 minutes". */
export function inAWhile(ms: number): string {
  if (ms < 45_000) return 'in a few seconds';
  if (ms < 90_000) return 'in a minute';
  if (ms < 90 * 60_000) return `in ${Math.round(ms / 60_000)} minutes`;
  return `in ${Math.round(ms / 3_600_000)} hours`;
}

/** What to say, and how long to wait, after `error` ended a sync whose own
 *  next wait would be `backoffMs`. */
export function syncProblem(error: unknown, backoffMs: number): SyncProblem {
  const waitMs = Math.max(backoffMs, error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0);
  const kept = `Your changes are kept on this phone, and Manna tries again by itself ${inAWhile(waitMs)}.`;
  const said = (what: string) => ({ message: `${what} ${kept}`, waitMs });
  if (!(error instanceof ApiError)) {
    return said(error instanceof TypeError ? 'The server cannot be reached.' : 'Sync stopped before it finished.');
  }
  // 429: many phones on one network, or this phone sending a lot at once.
  if (error.status === 429) return said('Many phones are reaching Manna just now, so the server asked this one to wait.');
  if (error.status === 503) return said('The server is very busy just now.');
  if (error.status === 401 || error.status === 403) return said('The server did not recognize this phone.');
  if (error.status >= 500) return said('The server had a problem with this sync.');
  return said('The server did not take this sync.');
}
