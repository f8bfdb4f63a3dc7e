// Many jobs, a few at a time (saving the coming days for offline use).

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
