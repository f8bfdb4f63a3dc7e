/// <reference lib="webworker" />
// The service worker: precaches the app shell, scripts, styles, icons and the
// .wasm, answers app navigations with the shell when offline, and shows
// notifications. API answers are never cached here (daily content is saved in
// IndexedDB by the app).

import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushMessage } from './generated/api';

declare let self: ServiceWorkerGlobalScope;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/dev\//] }));

// The first install takes over at once; later versions wait for the user's "Update".
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Notifications (Web Push): a reminder or the verse of the day, shown as the
// server wrote it; a tap opens (or brings forward) the page it names.
self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin);
  // Only this app's own pages are opened.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(target.href);
      } else {
        await self.clients.openWindow(target.href);
      }
    }),
  );
});

/** The push's words; a push without them (or not from Manna) still shows
 *  something, as browsers require of every push. */
function readMessage(data: PushMessageData | null): PushMessage {
  const fallback: PushMessage = { title: 'Manna', body: 'You have a reminder.', url: '/prayer-reminders', tag: 'manna' };
  try {
    const parsed = data?.json() as Partial<PushMessage> | undefined;
    if (parsed && typeof parsed.title === 'string' && typeof parsed.body === 'string') {
      return {
        title: parsed.title,
        body: parsed.body,
        url: typeof parsed.url === 'string' ? parsed.url : fallback.url,
        tag: typeof parsed.tag === 'string' ? parsed.tag : fallback.tag,
      };
    }
  } catch {
    /* not JSON */
  }
  return fallback;
}
