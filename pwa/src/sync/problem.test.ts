// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, retryAfterMs } from '../api/client';
import { inAWhile, syncProblem } from './problem';

const refused = (status: number, retryAfter?: number) =>
  new ApiError(status, JSON.stringify({ error: 'x', message: 'Too many attempts. Please wait 40 minutes and try again.' }), 'Refused', retryAfter);

describe('why a sync did not finish', () => {
  it('says each kind of refusal in a sentence of its own, never in the server words', () => {
    const said = [429, 503, 401, 500, 400].map((status) => syncProblem(refused(status), 15_000).message);
    expect(new Set(said).size).toBe(5);
    for (const message of said) {
      expect(message).toMatch(/^[A-Z].*\.$/);
      expect(message).not.toMatch(/[{}"]|Too many attempts|\d{3}:/);
      expect(message).toContain('Your changes are kept on this phone, and Manna tries again by itself');
    }
    expect(syncProblem(new TypeError('Failed to fetch'), 15_000).message).toMatch(/^The server cannot be reached\./);
    expect(syncProblem(new Error('The server asked to start sync again twice (cursorTooOld).'), 15_000).message).toMatch(/^Sync stopped before it finished\./);
  });

  it("waits as long as the server asked, and never less than the engine's own wait", () => {
    expect(syncProblem(refused(429, 40 * 60_000), 15_000)).toMatchObject({ waitMs: 40 * 60_000 });
    expect(syncProblem(refused(429, 40 * 60_000), 15_000).message).toMatch(/in 40 minutes\.$/);
    expect(syncProblem(refused(503, 5_000), 60_000).waitMs).toBe(60_000);
    expect(syncProblem(refused(500), 15_000).message).toMatch(/in a few seconds\.$/);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 2)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(120_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect([inAWhile(5_000), inAWhile(60_000), inAWhile(10 * 60_000), inAWhile(3 * 3_600_000)]).toEqual([
      'in a few seconds', 'in a minute', 'in 10 minutes', 'in 3 hours',
    ]);
  });
});
