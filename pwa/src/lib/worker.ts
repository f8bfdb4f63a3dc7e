// The page and its service worker: what the page asks of the worker, in the
// messages both sides read (src/sw.ts answers them).

/** Asks a waiting version to take over (the user chose "Update"). */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Asks the active worker to take over the pages it does not control yet. */
export const TAKE_OVER = 'TAKE_OVER';

export type WorkerMessage = { type: typeof SKIP_WAITING | typeof TAKE_OVER };

/**
 * Once a worker is active, makes sure it controls this page. A page whose
 * load began while the worker was still installing, and that was not yet a
 * page when the worker took over the open ones, would otherwise stay the
 * network's until it is loaded again: with no signal, a screen not opened yet
 * could not load its code.
 */
export async function controlThisPage(): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container) return;
  const registration = await container.ready;
  if (container.controller) return;
  const message: WorkerMessage = { type: TAKE_OVER };
  registration.active?.postMessage(message);
}
