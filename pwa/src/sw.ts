/// <reference lib="webworker" />
// The service worker: precaches the app shell, scripts, styles, icons and the
// .wasm, answers app navigations with the shell (Home with the page kept for
// the day, lib/keptHome.ts, when there is one), and shows notifications. API
// answers are never cached here (daily content is saved in IndexedDB by the app).

import { clientsClaim } from 'workbox-core';
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushMessage } from './generated/api';
import { assetsOf, BUILT_FOR_HEADER, DAY_ENDS_HEADER, KEEP_HEADER, keptFits, KEPT_HOME_CACHE } from './lib/keptHome';
import { SKIP_WAITING, TAKE_OVER, type WorkerMessage } from './lib/worker';

declare let self: ServiceWorkerGlobalScope;

cleanupOutdatedCaches();
precache(self.__WB_MANIFEST);
const shell = createHandlerBoundToURL('/index.html');
// Home opens on today's reading as the server wrote it, kept for the day
// (before the precache's own route, which would answer `/` with the shell),
// and is kept again meanwhile for the next time.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname === '/' && url.search === '',
  async (options) => {
    const kept = await keptHome();
    options.event.waitUntil(keepHome());
    return kept ?? shell(options);
  },
);
addRoute();
registerRoute(new NavigationRoute(shell, { denylist: [/^\/api\//, /^\/dev\//] }));

// The first install takes over at once; later versions wait for the user's "Update".
clientsClaim();
self.addEventListener('activate', (event) => event.waitUntil(keepHome()));
self.addEventListener('message', (event) => {
  const type = (event.data as Partial<WorkerMessage> | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  // A page loaded past the worker as it took over the others (lib/worker.ts).
  if (type === TAKE_OVER) event.waitUntil(self.clients.claim());
});

/** This app's own page, as precached (its key names its revision). */
function build(): string | undefined {
  return getCacheKeyForURL('/index.html');
}

/** The page kept for the day, if it is still the visitor's day and was
 *  written for this app. */
async function keptHome(): Promise<Response | undefined> {
  const kept = await caches.match('/', { cacheName: KEPT_HOME_CACHE }).catch(() => undefined);
  return kept && keptFits(kept.headers, Date.now(), build()) ? kept : undefined;
}

/** Asks the server for Home to keep for the rest of the day. With no signal,
 *  or a server failing, the kept page stays as it is; a page that cannot be
 *  kept (no known day end, or files this app does not hold) is forgotten. */
async function keepHome(): Promise<void> {
  const built = build();
  let response: Response;
  try {
    response = await fetch('/', { headers: { [KEEP_HEADER]: 'day' }, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return;
  }
  if (!built || !response.ok) return;
  const html = await response.text();
  const ends = response.headers.get(DAY_ENDS_HEADER);
  const cache = await caches.open(KEPT_HOME_CACHE);
  if (!ends || !html.includes('data-first-screen="day"') || !assetsOf(html).every((file) => getCacheKeyForURL(file))) {
    await cache.delete('/');
    return;
  }
  const headers = { 'Content-Type': 'text/html; charset=utf-8', [DAY_ENDS_HEADER]: ends, [BUILT_FOR_HEADER]: built };
  await cache.put('/', new Response(html, { headers }));
}

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
