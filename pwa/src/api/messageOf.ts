// What a page tells a person when a call to the server failed.

import { ApiError } from './client';

/** What to tell a person about a failed call: the server's `message` (or a
 *  Stripe-shaped `error.message`), else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    const parsed = JSON.parse(error.body) as { message?: string; error?: string | { message?: string } };
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.error === 'object' && parsed.error?.message) return parsed.error.message;
  } catch {
    /* not JSON */
  }
  return error.body || fallback;
}
