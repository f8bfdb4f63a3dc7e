// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inTurn } from './inTurn';

describe('inTurn', () => {
  it('never has more than the allowed number of jobs going, and answers in the jobs order', async () => {
    let going = 0;
    let most = 0;
    const job = (value: number, ms: number) => async () => {
      going += 1;
      most = Math.max(most, going);
      await new Promise((r) => setTimeout(r, ms));
      going -= 1;
      return value;
    };
    const results = await inTurn([job(1, 30), job(2, 5), job(3, 10), job(4, 1), job(5, 5)], 2);
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('fails when a job fails, and runs nothing for no jobs', async () => {
    await expect(inTurn([() => Promise.resolve(1), () => Promise.reject(new Error('no'))], 2)).rejects.toThrow('no');
    expect(await inTurn<number>([], 2)).toEqual([]);
  });
});
