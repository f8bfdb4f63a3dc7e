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
