// Loading the newest version of the app: the one the service worker holds
// waiting, else whatever the server has now.

import { SKIP_WAITING, type WorkerMessage } from './worker';

export async function updateApp(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration?.waiting) await registration?.update().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  const message: WorkerMessage = { type: SKIP_WAITING };
  waiting.postMessage(message);
}
