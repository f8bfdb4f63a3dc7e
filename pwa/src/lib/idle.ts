// Work that can wait for the browser to be idle (background saves, the sync
// engine's start), so that it does not hold up what the person sees.

/** Runs `run` once the browser is idle, or after `timeoutMs` at the latest;
 *  answers a function that cancels it. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeoutMs, 1000));
  return () => clearTimeout(id);
}

/** Runs the jobs with at most `atOnce` of them going at a time; answers their
 *  results in the jobs' order (the first failure fails the whole). */
export async function inTurn<T>(jobs: (() => Promise<T>)[], atOnce: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next;
      next += 1;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, jobs.length) }, worker));
  return results;
}
