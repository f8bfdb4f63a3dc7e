// The HTTP client of spec part 1 §7: every request names the user in
// X-User-ID (with the device token once registered) and sends cookies; a
// non-success answer becomes an Error whose message is "status: body text".

import { deviceToken, userId } from '../identity/ids';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** How long the server asked to wait before trying again (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

/** A Retry-After header in milliseconds: seconds, or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText, retryAfterMs(res.headers.get('Retry-After')));
}

export interface RequestOptions {
  noCache?: boolean;
  signal?: AbortSignal;
  /** The call that ends this device's identity (logging out, deleting the
   *  account): it goes at once, while every other call waits for the end. */
  endsIdentity?: boolean;
}

/** An identity ending on this device (see `whileIdentityEnds`), or null. */
let ending: Promise<unknown> | null = null;

/**
 * Runs `end`, which ends this device's identity (its call made with
 * `endsIdentity`) and starts a new one. Any other call made meanwhile waits
 * and then goes as the new identity: sent as the old one, the server (which
 * has just ended it) would refuse it.
 */
export async function whileIdentityEnds<T>(end: () => Promise<T>): Promise<T> {
  const done = end();
  ending = done.catch(() => undefined);
  try {
    return await done;
  } finally {
    ending = null;
  }
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  while (ending && !options.endsIdentity) await ending;
  const headers: Record<string, string> = { 'X-User-ID': userId() };
  const token = deviceToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.noCache) {
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
    cache: options.noCache ? 'no-store' : 'default',
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
